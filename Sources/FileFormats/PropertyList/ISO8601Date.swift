/// Dates as property lists write them: `2026-11-30T00:00:00Z`, UTC, proleptic Gregorian.
///
/// Our own few lines rather than `Date.ISO8601FormatStyle`: that style drops fractional
/// seconds when parsing and switches to the Julian calendar before 1582, and a store must
/// read back exactly what it wrote.
package enum ISO8601Date {
  /// The range of dates that can be written: years 0001 to 9999.
  static let range: ClosedRange<Double> = -62_135_596_800...253_402_300_799

  /// `yyyy-MM-ddTHH:mm:ssZ`, with `.ffffff` (trailing zeros trimmed) when the date has a
  /// fraction of a second. Dates outside years 0001–9999 are clamped to that range.
  package static func string(from date: PropertyListDate) -> String {
    let interval = date.secondsSince1970
    let time = interval.isNaN ? 0 : min(max(interval, range.lowerBound), range.upperBound)
    var seconds = Int(time.rounded(.down))
    var micros = Int(((time - Double(seconds)) * 1_000_000).rounded())
    if micros == 1_000_000 {
      seconds += 1
      micros = 0
    }
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    var text =
      pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2)
      + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    if micros != 0 {
      var fraction = pad(micros, 6)
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + "Z"
  }

  /// Parses `yyyy-MM-ddTHH:mm:ss[.fraction]Z` (up to 9 fraction digits); `nil` for
  /// anything else, including out-of-range fields such as month 13 or February 30.
  package static func date(from text: some Collection<UInt8>) -> PropertyListDate? {
    let bytes = Array(text)
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<start + count] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      guard bytes[19] == UInt8(ascii: "."), (22...30).contains(bytes.count),
        let digits = number(20, bytes.count - 21)
      else { return nil }
      fraction = Double(digits) / pow10(bytes.count - 21)
    }
    let days = Self.days(fromCivil: year, month, day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    return PropertyListDate(secondsSince1970: Double(seconds) + fraction)
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
  private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
