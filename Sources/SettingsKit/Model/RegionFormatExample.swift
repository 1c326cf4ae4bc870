import FileFormats
import SchemaKit

/// The "Region Format Example" footer of the built-in Language & Region screen
/// (``EmbeddedSchema``), made from the values chosen on it as iOS makes it: a time, a date
/// in the chosen date format, an amount in the region's currency and a number in the chosen
/// number format.
package enum RegionFormatExample {
  /// The day shown: Wednesday 19 August 2026, at 0:34.
  package static let year = 2026
  package static let month = 8
  package static let day = 19

  /// Whether a section's footer, as written on `page`, is the example: the embedded
  /// schema's only.
  package static func isExample(_ footer: String, on page: SettingsSchema.Page) -> Bool {
    page.source == EmbeddedSchema.sourceName && footer == EmbeddedSchema.regionFormatExampleFooter
  }

  /// The example for the values `model` holds now, in its language.
  package static func text(in model: SettingsModel, on page: SettingsSchema.Page) -> String {
    func string(_ key: String) -> String? { model.value(forKey: key)?.stringValue }
    let messages = model.messages
    let (grouping, decimal) = separators(of: string("numberFormat") ?? "1,234,567.89")
    let currency = self.currency(ofRegion: string("region") ?? "JP")
    let amount = number(
      whole: currency.decimals == 0 ? 1235 : 1234, fraction: currency.decimals == 0 ? nil : "56",
      grouping: grouping, decimal: decimal)
    let money = currency.isPrefix ? currency.symbol + amount : amount + " " + currency.symbol
    return messages.text(
      .regionFormatExample, "0:34", messages.text(.exampleWeekday),
      date(pattern: string("dateFormat") ?? "y/MM/dd"), money,
      number(whole: 4567, fraction: "89", grouping: grouping, decimal: decimal))
  }

  /// The grouping and decimal separators of a number format written as an example of
  /// itself (`1.234.567,89`): the sign after the first digit, and the one before the last
  /// two.
  package static func separators(of format: String) -> (grouping: String, decimal: String) {
    let characters = Array(format)
    guard characters.count >= 4, characters[0].isNumber else { return (",", ".") }
    return (String(characters[1]), String(characters[characters.count - 3]))
  }

  /// A number of at most six digits with thousands grouped.
  package static func number(whole: Int, fraction: String?, grouping: String, decimal: String)
    -> String
  {
    let digits = String(whole)
    var text = digits
    if digits.count > 3 {
      text = String(digits.dropLast(3)) + grouping + String(digits.suffix(3))
    }
    return fraction.map { text + decimal + $0 } ?? text
  }

  /// The example day in a date format of the screen's choices (`y/MM/dd`, `dd.MM.yy`): `y`
  /// the year, `yy` its last two digits, `MM` the month and `dd` the day, others as written.
  package static func date(pattern: String) -> String {
    var result = ""
    var rest = Substring(pattern)
    func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
    while let first = rest.first {
      if rest.hasPrefix("yy") && !rest.hasPrefix("yyyy") {
        result += twoDigits(year % 100)
        rest = rest.dropFirst(2)
      } else if first == "y" {
        result += String(year)
        rest = rest.drop { $0 == "y" }
      } else if rest.hasPrefix("MM") {
        result += twoDigits(month)
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("dd") {
        result += twoDigits(day)
        rest = rest.dropFirst(2)
      } else {
        result.append(first)
        rest = rest.dropFirst()
      }
    }
    return result
  }

  /// A region's currency as iOS writes an amount in it: its symbol, before or after the
  /// amount, and the decimals it has (none for the yen and the won).
  package static func currency(ofRegion region: String) -> (
    symbol: String, isPrefix: Bool, decimals: Int
  ) {
    switch region {
    case "JP": ("¥", true, 0)
    case "KR": ("₩", true, 0)
    case "CN": ("¥", true, 2)
    case "GB": ("£", true, 2)
    case "DE", "FR": ("€", false, 2)
    case "AU": ("A$", true, 2)
    case "CA": ("CA$", true, 2)
    default: ("$", true, 2)
    }
  }
}
