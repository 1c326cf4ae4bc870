import FileFormats
import SchemaKit

extension SpecifierValues {
  /// What an `IASKDatePickerSpecifier` picks, from its `DatePickerMode`: `Date`, `Time`, or
  /// `DateAndTime` (the default).
  package enum DateMode: Equatable {
    case date, time, dateAndTime

    package init(of specifier: Specifier) {
      switch specifier.datePickerMode {
      case "Date": self = .date
      case "Time": self = .time
      default: self = .dateAndTime
      }
    }

    /// How to type a value, for messages.
    package var example: SettingsMessage {
      switch self {
      case .date: .typeDate
      case .time: .typeTime
      case .dateAndTime: .typeDateAndTime
      }
    }
  }

  /// A date as its picker shows it: `2026-11-30` (date), `09:30` (time, UTC), or the full
  /// ISO 8601 form.
  package static func dateText(_ date: PropertyListDate, mode: DateMode) -> String {
    let full = ISO8601Date.string(from: date)
    switch mode {
    case .date: return String(full.prefix(10))
    case .time: return String(full.dropFirst(11).prefix(5))
    case .dateAndTime: return full
    }
  }

  /// A date typed for a picker of `mode`. A time picker takes `09:30` or `09:30:15` (UTC) on
  /// the day of `current` (or 2001-01-01, the reference date, when there is none), and a
  /// full date too; the others take what ``date(from:)`` takes.
  static func date(from text: String, mode: DateMode, current: PropertyListDate?)
    -> PropertyListDate?
  {
    if mode == .time {
      let trimmed = text.filter { $0 != " " }
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
      if (2...3).contains(parts.count),
        parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
        let hour = Int(parts[0]), (0...23).contains(hour),
        parts.dropFirst().allSatisfy({ Int($0).map { (0...59).contains($0) } ?? false })
      {
        let day = current.map { String(ISO8601Date.string(from: $0).prefix(10)) } ?? "2001-01-01"
        let clock = parts.map { $0.count == 1 ? "0" + $0 : String($0) }
        let time = clock.count == 2 ? clock + ["00"] : clock
        return ISO8601Date.date(from: Array((day + "T" + time.joined(separator: ":") + "Z").utf8))
      }
    }
    return date(from: text)
  }
}
