/// The few words settei itself shows on settings screens (a switch's On and Off, a list
/// item's Delete, the title Settings), as iOS says them in each language it ships: the
/// `Chrome` catalog (Messages/Chrome/<language>.strings, ``ChromeWords``). A language iOS
/// does not ship gets English, as iOS shows its own screens in English then.
package enum ChromeStrings {
  /// The words in one language, found once for it (``SettingsModel/chromeWords``): every
  /// switch shown says one of them.
  package struct Words {
    /// The language asked for.
    package let language: String
    package let on: String
    package let off: String
    package let delete: String
    package let settings: String
    package let add: String

    package init(language: String) {
      self.language = language
      let words = ChromeWords.forLanguage(language)
      on = words[.on]
      off = words[.off]
      delete = words[.delete]
      settings = words[.settings]
      add = words[.add]
    }
  }
}
