import Glibc

/// Every time zone in the system's zoneinfo folder, grouped by region.
///
/// The folder is walked once: every file that starts with the TZif magic is a zone, named by
/// its path in the folder (`Asia/Tokyo`). `posix/` and `right/` (copies with other leap-second
/// rules), `localtime`, `posixrules` and `Factory` are skipped, as are the tables
/// (`zone.tab`, `tzdata.zi`, …), which are not TZif files. A symbolic link to a zone is an
/// old name for it (`Asia/Calcutta` → `Asia/Kolkata`, `Japan` → `Asia/Tokyo` on Debian):
/// it is not listed twice, but ``canonicalName(of:)`` understands it.
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
  /// Old names, linked to the zone they stand for: `Asia/Calcutta` → `Asia/Kolkata`.
  let aliases: [String: String]

  /// The number of zones in all regions.
  var zoneCount: Int { regions.reduce(0) { $0 + $1.zones.count } }

  /// Reads the zones in `folder`.
  ///
  /// - Returns: `nil` when the folder cannot be opened or holds no zones.
  init?(folder: String) {
    var names: [String] = []
    var links: [String: String] = [:]
    guard ZoneCatalog.walk(folder, prefix: "", into: &names, links: &links), !names.isEmpty
    else {
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
    // Links resolve inside the folder; those that lead to a listed zone are its old names.
    let real = ZoneCatalog.realPath(folder) ?? folder
    let zones = Set(names)
    aliases = links.compactMapValues { target in
      guard let resolved = ZoneCatalog.realPath(target), resolved.hasPrefix(real + "/") else {
        return nil
      }
      let name = String(resolved.dropFirst(real.count + 1))
      return zones.contains(name) ? name : nil
    }
  }

  /// The listed name of a zone given by any of its names, or `nil` if it is not a zone.
  func canonicalName(of zone: String) -> String? {
    contains(zone) ? zone : aliases[zone]
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

  /// Adds the zones under `folder` to `names`, and its symbolic links (name → path) to
  /// `links`; returns `false` if `folder` cannot be opened.
  private static func walk(
    _ folder: String, prefix: String, into names: inout [String],
    links: inout [String: String]
  ) -> Bool {
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
      var type = entry.pointee.d_type
      if type == UInt8(DT_UNKNOWN) {
        var info = stat()
        if lstat(path, &info) == 0 {
          type = UInt8(
            (info.st_mode & S_IFMT) == S_IFDIR
              ? DT_DIR : (info.st_mode & S_IFMT) == S_IFLNK ? DT_LNK : DT_REG)
        }
      }
      if type == UInt8(DT_DIR) {
        _ = walk(path, prefix: prefix + name + "/", into: &names, links: &links)
      } else if type == UInt8(DT_LNK) {
        links[prefix + name] = path
      } else if isZoneFile(path) {
        names.append(prefix + name)
      }
    }
    return true
  }

  /// The canonical absolute path of an existing file (`realpath`).
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
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
