/// The kind of device a schema is shown for: it chooses `~ipad` or `~iphone` page files and
/// hides specifiers whose `SupportedUserInterfaceIdioms` leave it out, as InAppSettingsKit
/// does.
public enum Idiom: String, CaseIterable, Sendable {
  case phone, pad, mac, vision

  /// The suffix of the page files tried first: `Root~ipad.plist` on an iPad; every other
  /// idiom tries `~iphone` (InAppSettingsKit's rule: only the pad idiom reads `~ipad`).
  var pageSuffix: String { self == .pad ? "~ipad" : "~iphone" }

  /// The name `SupportedUserInterfaceIdioms` gives this idiom: `Phone`, `Pad`, `Mac`,
  /// `Vision`.
  public var specifierName: String {
    switch self {
    case .phone: "Phone"
    case .pad: "Pad"
    case .mac: "Mac"
    case .vision: "Vision"
    }
  }
}

extension Specifier {
  /// Whether the specifier is shown on `idiom`: it has no `SupportedUserInterfaceIdioms`, or
  /// they name the idiom. A list that is not an array of names limits nothing (lint says so).
  public func isSupported(on idiom: Idiom) -> Bool {
    guard let names = raw["SupportedUserInterfaceIdioms"]?.arrayValue else { return true }
    return names.contains { $0.stringValue == idiom.specifierName }
  }
}

extension SettingsSchema {
  /// The schema as `idiom` shows it: every specifier that is not supported on it left out.
  /// A group left out takes its title and footer with it; its rows join the section before
  /// unless they are left out too.
  public func limited(to idiom: Idiom) -> SettingsSchema {
    var result = self
    for (name, page) in pages {
      let kept = page.specifiers.filter { $0.isSupported(on: idiom) }
      if kept.count != page.specifiers.count { result.pages[name]?.specifiers = kept }
    }
    return result
  }
}
