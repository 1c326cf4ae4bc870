import Glibc

/// What `lstat` (and, for a symbolic link, `stat` and `readlink`) says about one entry.
struct FileDetails {
  /// What an entry is.
  enum Kind: Equatable {
    case folder, file, link, other
  }

  /// Why an entry's details could not be read: the C library's text for the error.
  struct Failure: Error {
    var message: String
  }

  var kind: Kind
  /// The size in bytes (of the target, for a link).
  var size: Int64
  /// The modification time in seconds since 1970 (of the target, for a link).
  var modified: Int
  /// The permission and type bits of the entry itself.
  var mode: mode_t
  /// Where a link points, as written in it.
  var linkTarget: String?
  /// Whether a link leads to a folder, so that selecting it opens that folder.
  var leadsToFolder: Bool
  /// Whether a link's target is missing.
  var isBrokenLink: Bool

  /// Reads the details of the entry at `path`.
  static func read(_ path: [UInt8]) -> Result<FileDetails, Failure> {
    var info = stat()
    guard withCPath(path, { lstat($0, &info) }) == 0 else {
      return .failure(Failure(message: FolderListing.describe(errno)))
    }
    let mode = info.st_mode
    var details = FileDetails(
      kind: kind(of: mode), size: Int64(info.st_size), modified: info.st_mtim.tv_sec,
      mode: mode, linkTarget: nil, leadsToFolder: mode & S_IFMT == S_IFDIR,
      isBrokenLink: false)
    guard details.kind == .link else { return .success(details) }
    details.linkTarget = readLink(path)
    var target = stat()
    if withCPath(path, { stat($0, &target) }) == 0 {
      details.size = Int64(target.st_size)
      details.modified = target.st_mtim.tv_sec
      details.leadsToFolder = target.st_mode & S_IFMT == S_IFDIR
    } else {
      details.isBrokenLink = true
    }
    return .success(details)
  }

  private static func kind(of mode: mode_t) -> Kind {
    switch mode & S_IFMT {
    case S_IFDIR: .folder
    case S_IFREG: .file
    case S_IFLNK: .link
    default: .other
    }
  }

  private static func readLink(_ path: [UInt8]) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    let capacity = buffer.count
    let count = withCPath(path) { readlink($0, &buffer, capacity) }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension FileDetails {
  /// The size for people, in decimal units as Finder shows them: "512 B", "4.2 KB",
  /// "13 MB".
  static func formatSize(_ bytes: Int64) -> String {
    guard bytes >= 1000 else { return "\(bytes) B" }
    let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
    var unit = 0
    var divisor: Int64 = 1000
    // Round to tenths first, so that 999,999 bytes reads "1.0 MB", not "1000.0 KB".
    while unit < units.count - 1, (bytes + divisor / 20) / divisor >= 1000 {
      unit += 1
      divisor *= 1000
    }
    let tenths = (bytes * 10 + divisor / 2) / divisor
    if tenths >= 1000 { return "\(tenths / 10) \(units[unit])" }
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  /// A time in UTC as "yyyy-MM-dd HH:mm".
  static func formatDate(_ seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "?" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
  }

  /// The permission bits as `ls -l` shows them: "drwxr-xr-x".
  static func formatMode(_ mode: mode_t) -> String {
    let type: Character =
      switch mode & S_IFMT {
      case S_IFDIR: "d"
      case S_IFLNK: "l"
      case S_IFCHR: "c"
      case S_IFBLK: "b"
      case S_IFIFO: "p"
      case S_IFSOCK: "s"
      default: "-"
      }
    var text = String(type)
    let letters: [Character] = ["r", "w", "x"]
    for bit in 0..<9 {
      text.append(mode & (0o400 >> mode_t(bit)) != 0 ? letters[bit % 3] : "-")
    }
    return text
  }

  /// A count with thousands separators: "1,234,567".
  static func formatCount(_ value: Int64) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}
