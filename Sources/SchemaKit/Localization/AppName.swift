import FileFormats
import SystemIO

/// The name of the app a Settings.bundle belongs to, which Settings.app shows as the title of
/// the bundle's first page (it never shows the root plist's `Title`).
package enum AppName {
  /// How many folders are looked in for the app's `Info.plist`, nearest first: the bundle's
  /// own, the folder it is in (an app's, or its source folder) and the one above that.
  package static let levels = 3

  /// The app's name for the bundle folder at `bundle`: `CFBundleDisplayName`, else
  /// `CFBundleName`, of the nearest `Info.plist` that has one written out (a value holding
  /// an unexpanded build setting such as `$(PRODUCT_NAME)` or `${PRODUCT_NAME}` is skipped),
  /// else the name of the `.app` folder the bundle is in; `nil` when none is found.
  package static func ofBundle(at bundle: String) -> String? {
    var current = bundle
    var appFolder: String?
    for _ in 0..<levels {
      let parent = FileSystem.parentFolder(of: current)
      if appFolder == nil, parent.hasSuffix(".app") { appFolder = parent }
      if let name = name(inInfoPlistOf: current) { return name }
      guard parent != current else { break }
      current = parent
    }
    guard let appFolder else { return nil }
    let file = appFolder.split(separator: "/").last.map(String.init) ?? appFolder
    let name = String(file.dropLast(".app".count))
    return name.isEmpty ? nil : name
  }

  /// The written-out display name or name in `folder/Info.plist`, if there is one.
  private static func name(inInfoPlistOf folder: String) -> String? {
    let file = (folder == "/" ? "" : folder) + "/Info.plist"
    guard FileSystem.exists(file), let bytes = try? FileBytes.read(file),
      let info = try? PropertyListReader.parseDictionary(bytes, source: file)
    else { return nil }
    for key in ["CFBundleDisplayName", "CFBundleName"] {
      if let name = info[key]?.stringValue, isWrittenOut(name) { return name }
    }
    return nil
  }

  /// Whether a title is text a person reads: not empty, and no build setting Xcode would
  /// have replaced (`$(PRODUCT_NAME)`, `${PRODUCT_NAME}`).
  package static func isWrittenOut(_ title: String) -> Bool {
    // By scalars and bytes: `$(` and `${` are ASCII, which no other character's UTF-8
    // holds, and walking the title's characters (breaking it into graphemes) cost 36,000
    // instructions of every first screen that shows the root page's title.
    guard title.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
      return false
    }
    var previous: UInt8 = 0
    for byte in title.utf8 {
      if previous == UInt8(ascii: "$"), byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") {
        return false
      }
      previous = byte
    }
    return true
  }
}
