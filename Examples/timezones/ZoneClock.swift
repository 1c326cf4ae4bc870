import Glibc

/// The current UTC offset of a zone, as the C library computes it from the zone's TZif file:
/// `TZ` is pointed at the file, then `localtime_r` converts the time.
enum ZoneClock {
  /// A zone's offset from UTC at one moment.
  struct Offset: Equatable {
    /// Seconds east of UTC: 32400 for Tokyo.
    var seconds: Int
    /// The zone's abbreviation at that moment: "JST", or "+0530"-style numbers.
    var abbreviation: String

    /// The offset as "+09:00", or "+05:45" for Kathmandu.
    var text: String {
      let sign = seconds < 0 ? "-" : "+"
      let minutes = abs(seconds) / 60
      let hours = minutes / 60
      let rest = minutes % 60
      return sign + (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// The offset with the abbreviation when it is a name: "+09:00 JST", but "+05" is
    /// dropped from "+05:00 +05".
    var textWithAbbreviation: String {
      abbreviation.allSatisfy(\.isLetter) && !abbreviation.isEmpty
        ? text + " " + abbreviation : text
    }
  }

  /// The offset of the zone whose TZif file is at `path`, at `time` (now by default).
  static func offset(ofZoneFile path: String, at time: Int = Int(Glibc.time(nil))) -> Offset? {
    setenv("TZ", ":" + path, 1)
    tzset()
    var seconds = time_t(time)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return nil }
    let abbreviation = parts.tm_zone.map { String(cString: $0) } ?? ""
    return Offset(seconds: parts.tm_gmtoff, abbreviation: abbreviation)
  }

  /// The current time in UTC as "yyyy-MM-dd HH:mm".
  static func utcNow() -> String {
    var seconds = Glibc.time(nil)
    var parts = tm()
    guard gmtime_r(&seconds, &parts) != nil else { return "?" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
  }
}
