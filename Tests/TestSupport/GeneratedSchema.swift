import Glibc

/// A settings schema of any size, generated the same way every time, for tests and the
/// benchmark: no large files in the repository.
///
/// The root page holds a group and one child pane per pane (`Pane 0`, `Pane 1`, …, opening
/// the page `Pane0`, `Pane1`, …). Each pane holds ``settingsPerPane`` settings, numbered
/// across the schema (`n` from 0): even numbers are toggles (key `t<n>`, title
/// `Toggle <n>`), odd numbers multi-values (key `m<n>`, title `Choice <n>`, choices `Small`,
/// `Medium`, `Large` with values `s`, `m`, `l`). A group header (`Group <n>`) starts every
/// 100 settings of a pane. One title in 7 (those whose number is a multiple of 7, panes
/// too) has a Japanese translation; every pane translates its three choices.
///
/// ```swift
/// let schema = GeneratedSchema(panes: 100, settingsPerPane: 1_000)  // 100,000 settings
/// try writeBytes(schema.json(), to: folder.file("big.json"))
/// try schema.writeBundle(to: folder.file("Big.bundle"))
/// ```
public struct GeneratedSchema: Sendable {
  /// The number of child panes on the root page.
  public let panes: Int
  /// The settings on each pane.
  public let settingsPerPane: Int
  /// The panes, from the first, that hold ``settingsPerPane`` settings; the others hold one
  /// each (their first). All of them unless given.
  public let filledPanes: Int

  /// A schema of `panes` child panes of `settingsPerPane` settings each, or of one setting
  /// each after the first `filledPanes`: the same screens as a full schema (the root, the
  /// first panes) with fewer settings behind them.
  public init(panes: Int, settingsPerPane: Int, filledPanes: Int? = nil) {
    self.panes = panes
    self.settingsPerPane = settingsPerPane
    self.filledPanes = min(panes, max(0, filledPanes ?? panes))
  }

  /// Every setting of the schema: `panes × settingsPerPane` when every pane is filled.
  public var settingCount: Int {
    filledPanes * settingsPerPane + (panes - filledPanes) * min(1, settingsPerPane)
  }

  /// One generated setting.
  public struct Setting: Sendable, Equatable {
    /// Its number, counted across the schema from 0.
    public let number: Int
    /// `true` for a toggle (`PSToggleSwitchSpecifier`), `false` for a multi-value.
    public let isToggle: Bool
    /// `t<n>` or `m<n>`.
    public let key: String
    /// `Toggle <n>` or `Choice <n>`.
    public let title: String
    /// The Japanese title, for one setting in 7.
    public let japaneseTitle: String?
    /// `DefaultValue`: a Boolean for a toggle (`true` for multiples of 3), else `"s"`,
    /// `"m"` or `"l"`.
    public let defaultValue: String

    init(number: Int) {
      self.number = number
      isToggle = number % 2 == 0
      key = (isToggle ? "t" : "m") + String(number)
      title = (isToggle ? "Toggle " : "Choice ") + String(number)
      japaneseTitle =
        number % 7 == 0 ? (isToggle ? "トグル " : "選択 ") + String(number) : nil
      defaultValue =
        isToggle
        ? (number % 3 == 0 ? "true" : "false") : GeneratedSchema.choiceValues[number % 3]
    }
  }

  /// The titles of a multi-value's choices.
  public static let choiceTitles = ["Small", "Medium", "Large"]
  /// Their Japanese translations.
  public static let japaneseChoiceTitles = ["小", "中", "大"]
  /// The values of a multi-value's choices.
  public static let choiceValues = ["s", "m", "l"]

  /// The setting numbered `number` (0 ..< `panes × settingsPerPane`; on a pane that is not
  /// filled, only its first).
  public func setting(_ number: Int) -> Setting { Setting(number: number) }

  /// The settings of pane `pane`, in order.
  public func settings(onPane pane: Int) -> [Setting] {
    let count = pane < filledPanes ? settingsPerPane : min(1, settingsPerPane)
    return (pane * settingsPerPane..<pane * settingsPerPane + count).map(Setting.init(number:))
  }

  /// Every setting, pane by pane.
  public var allSettings: [Setting] { (0..<panes).flatMap(settings(onPane:)) }

  /// The page name (`File`) of pane `pane`: `Pane<p>`.
  public func paneFile(_ pane: Int) -> String { "Pane" + String(pane) }
  /// The title of pane `pane`: `Pane <p>`.
  public func paneTitle(_ pane: Int) -> String { "Pane " + String(pane) }
  /// Its Japanese title, for one pane in 7.
  public func japanesePaneTitle(_ pane: Int) -> String? {
    pane % 7 == 0 ? "ペイン " + String(pane) : nil
  }
  /// The title of the group that starts at index `index` of a pane (every 100 settings).
  public func groupTitle(pane: Int, index: Int) -> String {
    "Group " + String(pane) + "." + String(index / 100)
  }

  // MARK: - JSON

  /// The schema as settei's JSON form, each pane inline under `Children` with its
  /// translations under `Strings`.
  public func json() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(settingCount * 130 + panes * 200 + 256)
    out += Array(#"{"Title":"Generated","PreferenceSpecifiers":["#.utf8)
    out += Array(#"{"Type":"PSGroupSpecifier","Title":"Panes"}"#.utf8)
    for pane in 0..<panes {
      out += Array(#",{"Type":"PSChildPaneSpecifier","Title":"#.utf8)
      appendJSONString(paneTitle(pane), to: &out)
      out += Array(#","File":"#.utf8)
      appendJSONString(paneFile(pane), to: &out)
      out += Array(#","Children":{"Title":"#.utf8)
      appendJSONString(paneTitle(pane), to: &out)
      out += Array(#","PreferenceSpecifiers":["#.utf8)
      for (index, setting) in settings(onPane: pane).enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        if index % 100 == 0 {
          out += Array(#"{"Type":"PSGroupSpecifier","Title":"#.utf8)
          appendJSONString(groupTitle(pane: pane, index: index), to: &out)
          out += Array("},".utf8)
        }
        appendJSON(setting, to: &out)
      }
      appendJSONStrings(paneTranslations(pane), to: &out)
      out += Array("}".utf8)
    }
    appendJSONStrings(rootTranslations(), to: &out)
    out += Array("\n".utf8)
    return out
  }

  // MARK: - Store

  /// The value ``store()`` holds for a setting, as JSON: not its default (the other Boolean
  /// for a toggle, the next choice for a multi-value).
  public func storedValue(of setting: Setting) -> String {
    if setting.isToggle { return setting.defaultValue == "true" ? "false" : "true" }
    return "\"" + Self.choiceValues[(setting.number + 1) % 3] + "\""
  }

  /// A JSON store holding ``storedValue(of:)`` for every setting, in the shape settei
  /// writes a store: one member a line, keys sorted by their UTF-8 bytes.
  public func store() -> [UInt8] {
    guard settingCount > 0 else { return Array("{}\n".utf8) }
    var keys = allSettings.map { ($0.number, $0.key) }
    keys.sort { $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) }
    var out: [UInt8] = []
    out.reserveCapacity(settingCount * 18 + 8)
    out += Array("{\n".utf8)
    for (position, (number, key)) in keys.enumerated() {
      out += Array("  \"\(key)\": \(storedValue(of: Setting(number: number)))".utf8)
      out += Array((position == keys.count - 1 ? "\n" : ",\n").utf8)
    }
    out += Array("}\n".utf8)
    return out
  }

  /// Ends a page: closes its specifiers and adds its Japanese `Strings`.
  private func appendJSONStrings(_ pairs: [(String, String)], to out: inout [UInt8]) {
    out += Array(#"],"Strings":{"ja":{"#.utf8)
    for (index, (english, japanese)) in pairs.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      appendJSONString(english, to: &out)
      out.append(UInt8(ascii: ":"))
      appendJSONString(japanese, to: &out)
    }
    out += Array("}}}".utf8)
  }

  private func appendJSON(_ setting: Setting, to out: inout [UInt8]) {
    if setting.isToggle {
      out += Array(#"{"Type":"PSToggleSwitchSpecifier","Title":"#.utf8)
      appendJSONString(setting.title, to: &out)
      out += Array(#","Key":"#.utf8)
      appendJSONString(setting.key, to: &out)
      out += Array(#","DefaultValue":"#.utf8)
      out += Array(setting.defaultValue.utf8)
      out.append(UInt8(ascii: "}"))
    } else {
      out += Array(#"{"Type":"PSMultiValueSpecifier","Title":"#.utf8)
      appendJSONString(setting.title, to: &out)
      out += Array(#","Key":"#.utf8)
      appendJSONString(setting.key, to: &out)
      out += Array(#","DefaultValue":"#.utf8)
      appendJSONString(setting.defaultValue, to: &out)
      out += Array(#","Titles":["Small","Medium","Large"],"Values":["s","m","l"]}"#.utf8)
    }
  }

  /// The Japanese translations of pane `pane`'s table, by English text, in file order.
  public func paneTranslations(_ pane: Int) -> [(String, String)] {
    var pairs = Array(zip(Self.choiceTitles, Self.japaneseChoiceTitles))
    for setting in settings(onPane: pane) {
      if let japanese = setting.japaneseTitle { pairs.append((setting.title, japanese)) }
    }
    return pairs
  }

  /// The Japanese translations of the root page's table (pane titles), in file order.
  public func rootTranslations() -> [(String, String)] {
    (0..<panes).compactMap { pane in japanesePaneTitle(pane).map { (paneTitle(pane), $0) } }
  }

  // MARK: - Settings.bundle

  /// Writes the schema as a `Settings.bundle` folder at `folder` (created; it must not
  /// exist): `Root.plist`, `Pane<p>.plist` for each pane (XML property lists) and
  /// `ja.lproj/Root.strings` and `ja.lproj/Pane<p>.strings`, so that each pane's strings
  /// table is its own.
  ///
  /// - Throws: ``TestFailure`` when a folder or file cannot be made.
  public func writeBundle(to folder: String) throws {
    try makeFolder(folder)
    try makeFolder(folder + "/ja.lproj")
    var root = [#"<dict><key>Title</key><string>Generated</string>"#]
    root.append("<key>PreferenceSpecifiers</key><array>")
    root.append(plistSpecifier(type: "PSGroupSpecifier", title: "Panes", rest: ""))
    for pane in 0..<panes {
      root.append(
        plistSpecifier(
          type: "PSChildPaneSpecifier", title: paneTitle(pane),
          rest: "<key>File</key><string>\(paneFile(pane))</string>"))
      var page = ["<dict><key>Title</key><string>\(paneTitle(pane))</string>"]
      page.append("<key>PreferenceSpecifiers</key><array>")
      for (index, setting) in settings(onPane: pane).enumerated() {
        if index % 100 == 0 {
          page.append(
            plistSpecifier(
              type: "PSGroupSpecifier", title: groupTitle(pane: pane, index: index), rest: ""))
        }
        page.append(plistSpecifier(setting))
      }
      page.append("</array></dict>")
      try writeText(plistDocument(page.joined(separator: "\n")), to: plistPath(folder, pane))
      try writeText(
        stringsFile(paneTranslations(pane)),
        to: folder + "/ja.lproj/" + paneFile(pane) + ".strings")
    }
    root.append("</array></dict>")
    try writeText(plistDocument(root.joined(separator: "\n")), to: folder + "/Root.plist")
    try writeText(stringsFile(rootTranslations()), to: folder + "/ja.lproj/Root.strings")
  }

  /// Writes the generated bundle to `folder` with the page of pane `brokenPane` replaced by
  /// a file that is not a property list (`<strin>` where `<string>` belongs, on line 3), to
  /// show when and how a broken child page is reported.
  ///
  /// - Returns: `folder`.
  /// - Throws: ``TestFailure`` when a folder or file cannot be made.
  @discardableResult
  public func writeBundle(to folder: String, brokenPane: Int) throws -> String {
    try writeBundle(to: folder)
    try writeText("<plist>\n<dict>\n<strin>not a page\n", to: plistPath(folder, brokenPane))
    return folder
  }

  private func plistPath(_ folder: String, _ pane: Int) -> String {
    folder + "/" + paneFile(pane) + ".plist"
  }

  private func plistSpecifier(type: String, title: String, rest: String) -> String {
    "<dict><key>Type</key><string>\(type)</string><key>Title</key><string>\(title)</string>"
      + rest + "</dict>"
  }

  private func plistSpecifier(_ setting: Setting) -> String {
    let key = "<key>Key</key><string>\(setting.key)</string>"
    if setting.isToggle {
      return plistSpecifier(
        type: "PSToggleSwitchSpecifier", title: setting.title,
        rest: key + "<key>DefaultValue</key><\(setting.defaultValue)/>")
    }
    let titles = Self.choiceTitles.map { "<string>\($0)</string>" }.joined()
    let values = Self.choiceValues.map { "<string>\($0)</string>" }.joined()
    return plistSpecifier(
      type: "PSMultiValueSpecifier", title: setting.title,
      rest: key + "<key>DefaultValue</key><string>\(setting.defaultValue)</string>"
        + "<key>Titles</key><array>\(titles)</array><key>Values</key><array>\(values)</array>")
  }

  private func stringsFile(_ pairs: [(String, String)]) -> String {
    pairs.map { "\"\($0.0)\" = \"\($0.1)\";\n" }.joined()
  }

  private func makeFolder(_ path: String) throws {
    guard mkdir(path, 0o755) == 0 else { throw TestFailure("mkdir \(path)") }
  }
}

/// Appends `text` as a JSON string (the generator's texts need no escapes but quotes and
/// backslashes, which are escaped anyway).
private func appendJSONString(_ text: String, to out: inout [UInt8]) {
  out.append(UInt8(ascii: "\""))
  for byte in text.utf8 {
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
    out.append(byte)
  }
  out.append(UInt8(ascii: "\""))
}
