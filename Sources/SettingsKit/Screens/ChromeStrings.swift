/// The few words settei itself shows on settings screens, in the languages it speaks.
enum ChromeStrings {
  /// The words of a switch's row in one language, found once for it
  /// (``SettingsModel/chromeWords``): every switch shown says one of them.
  struct Words {
    /// The language the words are in.
    let language: String
    let on: String
    let off: String

    init(language: String) {
      self.language = language
      on = ChromeStrings.on(language)
      off = ChromeStrings.off(language)
    }
  }

  static func on(_ language: String) -> String {
    switch base(language) {
    case "ja": "オン"
    case "de": "Ein"
    case "fr": "Oui"
    default: "On"
    }
  }

  static func off(_ language: String) -> String {
    switch base(language) {
    case "ja": "オフ"
    case "de": "Aus"
    case "fr": "Non"
    default: "Off"
    }
  }

  /// The row that removes a list item on its page.
  static func delete(_ language: String) -> String {
    switch base(language) {
    case "ja": "削除"
    case "de": "Löschen"
    case "fr": "Supprimer"
    default: "Delete"
    }
  }

  /// The language without its region or script (`pt` of `pt-BR`): asked for every switch
  /// shown, so found among the UTF-8 bytes, and the code itself when it has no region.
  private static func base(_ language: String) -> Substring {
    let utf8 = language.utf8
    let end = utf8.firstIndex { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    return language[..<(end ?? utf8.endIndex)]
  }
  static func settings(_ language: String) -> String { isJapanese(language) ? "設定" : "Settings" }

  private static func isJapanese(_ language: String) -> Bool {
    language == "ja" || language.hasPrefix("ja_") || language.hasPrefix("ja-")
  }
}
