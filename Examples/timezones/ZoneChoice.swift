import Glibc

/// The chosen time zone, kept in memory and shared by the screens.
final class ZoneChoice {
  let catalog: ZoneCatalog
  /// The chosen zone's name, or `nil` when none is chosen.
  var zone: String?

  init(catalog: ZoneCatalog, zone: String?) {
    self.catalog = catalog
    self.zone = zone
  }

  /// The path of a zone's TZif file.
  func path(of zone: String) -> String { catalog.folder + "/" + zone }

  /// A zone's offset now, or `nil` if the C library cannot read it.
  func offset(of zone: String) -> ZoneClock.Offset? {
    ZoneClock.offset(ofZoneFile: path(of: zone))
  }

  /// One line about the chosen zone: "Asia/Tokyo, UTC+09:00 JST".
  var summary: String {
    guard let zone else { return "No time zone chosen" }
    guard let offset = offset(of: zone) else { return zone }
    return "\(zone), UTC\(offset.textWithAbbreviation)"
  }

  /// The system's zone, as a starting choice: `TZ` when it names a zone of the catalog, else
  /// where `/etc/localtime` links to, else `Etc/UTC`.
  ///
  /// Call it before any offset is computed, which changes `TZ`.
  static func systemZone(in catalog: ZoneCatalog) -> String? {
    var candidates: [String] = []
    if let tz = getenv("TZ").map({ String(cString: $0) }) {
      var name = Substring(tz)
      if name.hasPrefix(":") { name = name.dropFirst() }
      if name.hasPrefix(catalog.folder + "/") { name = name.dropFirst(catalog.folder.count + 1) }
      candidates.append(String(name))
    }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    let capacity = buffer.count
    let count = readlink("/etc/localtime", &buffer, capacity)
    if count > 0 {
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let range = target.firstRange(of: "zoneinfo/") {
        candidates.append(String(target[range.upperBound...]))
      }
    }
    candidates.append("Etc/UTC")
    return candidates.lazy.compactMap { catalog.canonicalName(of: $0) }.first
  }
}
