/// The few words settei itself shows on settings screens, in the languages it speaks.
enum ChromeStrings {
  static func on(_ language: String) -> String { isJapanese(language) ? "オン" : "On" }
  static func off(_ language: String) -> String { isJapanese(language) ? "オフ" : "Off" }
  static func settings(_ language: String) -> String { isJapanese(language) ? "設定" : "Settings" }

  private static func isJapanese(_ language: String) -> Bool {
    language == "ja" || language.hasPrefix("ja_") || language.hasPrefix("ja-")
  }
}
