import Glibc

/// Every time zone in the system's zoneinfo folder, grouped by region.
///
/// The folder is walked once: every file that starts with the TZif magic is a zone, named by
/// its path in the folder (`Asia/Tokyo`). `posix/` and `right/` (copies with other leap-second
/// rules), `localtime`, `posixrules` and `Factory` are skipped, as are the tables
/// (`zone.tab`, `tzdata.zi`, …), which are not TZif files.
struct ZoneCatalog {
  /// A region and its zones, sorted by name.
  struct Region {
    /// The region's name: `Asia`, or `Other` for names outside the regions.
    var name: String
    /// The zones' full names: `Asia/Tokyo`.
    var zones: [String]
  }

  /// The regions of the tz database, in the order a person scans them; anything else (old
  /// names such as `Japan` or `US/Pacific`) is listed under "Other".
  static let regionNames = [
    "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
    "Indian", "Pacific", "Etc",
  ]
  /// The region for names outside ``regionNames``.
  static let otherRegion = "Other"

  /// The zoneinfo folder that was read.
  let folder: String
  /// The regions that have zones, in ``regionNames`` order, then "Other".
  let regions: [Region]

  /// The number of zones in all regions.
  var zoneCount: Int { regions.reduce(0) { $0 + $1.zones.count } }

  /// Reads the zones in `folder`.
  ///
  /// - Returns: `nil` when the folder cannot be opened or holds no zones.
  init?(folder: String) {
    var names: [String] = []
    guard ZoneCatalog.walk(folder, prefix: "", into: &names), !names.isEmpty else {
      return nil
    }
    var byRegion: [String: [String]] = [:]
    for name in names {
      byRegion[ZoneCatalog.region(of: name), default: []].append(name)
    }
    self.folder = folder
    regions = (ZoneCatalog.regionNames + [ZoneCatalog.otherRegion]).compactMap { region in
      byRegion[region].map { Region(name: region, zones: $0.sorted()) }
    }
  }

  /// Whether a zone of that name is in the catalog.
  func contains(_ zone: String) -> Bool {
    regions.contains { $0.name == ZoneCatalog.region(of: zone) && $0.zones.contains(zone) }
  }

  /// The region a zone is listed under.
  static func region(of zone: String) -> String {
    guard let slash = zone.firstIndex(of: "/") else { return otherRegion }
    let first = String(zone[..<slash])
    return regionNames.contains(first) ? first : otherRegion
  }

  /// A zone's name within its region, as a person reads it: "Argentina/Buenos Aires".
  static func cityName(of zone: String) -> String {
    var name = Substring(zone)
    if region(of: zone) != otherRegion, let slash = zone.firstIndex(of: "/") {
      name = zone[zone.index(after: slash)...]
    }
    return String(name.map { $0 == "_" ? " " : $0 })
  }

  /// Adds the zones under `folder` to `names`; returns `false` if `folder` cannot be opened.
  private static func walk(_ folder: String, prefix: String, into names: inout [String]) -> Bool {
    guard let handle = opendir(folder) else { return false }
    defer { closedir(handle) }
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      if prefix.isEmpty, ["posix", "right", "localtime", "posixrules", "Factory"].contains(name) {
        continue
      }
      let path = folder + "/" + name
      if entry.pointee.d_type == UInt8(DT_DIR) {
        _ = walk(path, prefix: prefix + name + "/", into: &names)
      } else if isZoneFile(path) {
        names.append(prefix + name)
      }
    }
    return true
  }

  /// Whether a file starts with "TZif", the magic of compiled zone files.
  private static func isZoneFile(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var magic = [UInt8](repeating: 0, count: 4)
    let count = magic.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4) }
    return count == 4 && magic == Array("TZif".utf8)
  }
}
