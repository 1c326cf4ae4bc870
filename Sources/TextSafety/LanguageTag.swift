/// A language as iOS matches it against a bundle's `.lproj` folders and a program picks its
/// catalog of words by: a language, an optional script and an optional region.
///
/// `zh-Hant-TW`, `zh_TW`, `ZH-tw` and `zh_TW.UTF-8` all read as `zh-Hant-TW`: separators `-`
/// and `_` are the same, case does not matter, an encoding (`.UTF-8`) or modifier (`@euro`)
/// is ignored, and Chinese without a script takes the one its region writes (`TW`, `HK`, `MO`
/// → `Hant`; `CN`, `SG` → `Hans`), as iOS maps them. The old English folder names
/// (`English.lproj`, `Japanese.lproj`, …) read as their codes.
package struct LanguageTag: Equatable, Sendable {
  /// The language, lowercased: `zh`.
  package var language: String
  /// The script, capitalised: `Hant`.
  package var script: String?
  /// The region, uppercased: `TW`, or three digits (`419`).
  package var region: String?

  /// Reads a language code, a locale name or an `.lproj` folder name; `nil` when it does not
  /// start with a language of two or three letters (or an old English name).
  package init?(_ text: String) {
    // Most tags a start reads are a bare code (`en`, `ja`): two or three lowercase ASCII
    // letters are that language, with no character-by-character parsing (which cost 6,000
    // instructions a tag, 100,000 of a first screen).
    let utf8 = text.utf8
    if (2...3).contains(utf8.count), utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
      language = text
      return
    }
    let code = text.prefix { $0 != "." && $0 != "@" }
    let parts = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let first = parts.first else { return nil }
    if first == "C" || first == "POSIX" {
      language = "en"
    } else if let old = Self.oldNames[first.lowercased()] {
      language = old
    } else if (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) {
      language = first.lowercased()
    } else {
      return nil
    }
    for part in parts.dropFirst() where part.allSatisfy({ $0.isASCII && $0.isLetterOrDigit }) {
      if part.count == 4, script == nil, region == nil, part.allSatisfy(\.isLetter) {
        script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
      } else if region == nil,
        (part.count == 2 && part.allSatisfy(\.isLetter))
          || (part.count == 3 && part.allSatisfy(\.isNumber))
      {
        region = part.uppercased()
      }
    }
    if language == "zh", script == nil, let region {
      script = ["TW", "HK", "MO"].contains(region) ? "Hant" : "Hans"
    }
  }

  /// `zh-Hant-TW`.
  package var identifier: String {
    var text = language
    if let script { text += "-" + script }
    if let region { text += "-" + region }
    return text
  }

  /// How well a folder of this tag serves a wish for `wanted`, lower is better; `nil` when it
  /// does not serve it at all (another language, or another script).
  ///
  /// 0: the same tag. 1: the same language and script, no region (`zh-Hant` for
  /// `zh-Hant-TW`, `pt` for `pt-BR`). 2: another region of the language and script (`zh-HK`
  /// for `zh-Hant-TW`, `pt-PT` for `pt-BR`), as iOS falls back within a language.
  package func rank(serving wanted: LanguageTag) -> Int? {
    guard language == wanted.language else { return nil }
    if let script, let wantedScript = wanted.script, script != wantedScript { return nil }
    if self == wanted { return 0 }
    if region == nil { return 1 }
    return 2
  }

  /// The English names of the oldest `.lproj` folders.
  private static let oldNames: [String: String] = [
    "english": "en", "japanese": "ja", "german": "de", "french": "fr", "spanish": "es",
    "italian": "it", "dutch": "nl",
  ]
}

extension Character {
  fileprivate var isLetterOrDigit: Bool { isLetter || isNumber }
}
