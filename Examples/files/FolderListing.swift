import Glibc

/// One folder's entries, read once with `opendir`/`readdir`: names and kinds only.
///
/// Opening a folder costs one pass over its names and a sort; no entry is `stat`ed until a
/// screen shows it and asks for its ``details(of:)``. So a folder of 100,000 files opens
/// as fast as the kernel lists the names, and each screen costs as many `lstat` calls as it
/// shows rows.
final class FolderListing {
  /// One name in the folder, with the kind `readdir` reported.
  struct Entry {
    /// The name's bytes as the file system holds them (usually, but not always, UTF-8).
    let name: [UInt8]
    /// Whether `readdir` reported a symbolic link; its target's kind is known only from
    /// ``FolderListing/details(of:)``.
    let isLink: Bool

    /// The name as text; bytes that are not UTF-8 show as U+FFFD.
    var displayName: String { String(decoding: name, as: UTF8.self) }
  }

  /// The folder's path, as bytes.
  let path: [UInt8]
  /// The subfolders, sorted by name.
  let folders: [Entry]
  /// Everything else (files, links, devices, sockets), sorted by name.
  let files: [Entry]
  /// Why the folder could not be read, or `nil` when it was.
  let failure: String?
  /// How many entries were `stat`ed so far: the rows shown, not the rows listed.
  private(set) var statCount = 0

  /// Reads the names in the folder at `path`.
  init(path: [UInt8]) {
    self.path = path
    var folders: [Entry] = []
    var files: [Entry] = []
    var failure: String?
    let folder = withCPath(path) { opendir($0) }
    if let folder {
      defer { closedir(folder) }
      while true {
        errno = 0
        guard let entry = readdir(folder) else {
          if errno != 0 { failure = FolderListing.describe(errno) }
          break
        }
        let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
          Array(raw.prefix { $0 != 0 })
        }
        if name == [0x2E] || name == [0x2E, 0x2E] { continue }  // "." and ".."
        var type = entry.pointee.d_type
        if type == UInt8(DT_UNKNOWN) {
          // A file system that does not report kinds: ask, without following links.
          type = FolderListing.kind(of: name, in: dirfd(folder))
        }
        if type == UInt8(DT_DIR) {
          folders.append(Entry(name: name, isLink: false))
        } else {
          files.append(Entry(name: name, isLink: type == UInt8(DT_LNK)))
        }
      }
    } else {
      failure = FolderListing.describe(errno)
    }
    folders.sort { FolderListing.precedes($0.name, $1.name) }
    files.sort { FolderListing.precedes($0.name, $1.name) }
    self.folders = folders
    self.files = files
    self.failure = failure
  }

  /// The path of an entry: the folder's path, a slash, the entry's name.
  func path(of entry: Entry) -> [UInt8] {
    path.last == UInt8(ascii: "/") ? path + entry.name : path + [UInt8(ascii: "/")] + entry.name
  }

  /// The size, date and kind of an entry, asked of the file system now (`lstat`, and for a
  /// link `stat` and `readlink`).
  ///
  /// - Returns: The details, or why they could not be read (the entry may have gone since
  ///   the folder was listed).
  func details(of entry: Entry) -> Result<FileDetails, FileDetails.Failure> {
    statCount += 1
    return FileDetails.read(path(of: entry))
  }

  /// Whether `a` sorts before `b`: letters compared without case (so `b` comes before
  /// `C`), then byte by byte so that the order is total.
  static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        var tieBreak = 0
        for index in 0..<min(a.count, b.count) {
          let x = a[index]
          let y = b[index]
          if x == y { continue }
          let foldedX = x &- 0x41 < 26 ? x | 0x20 : x  // A-Z to a-z
          let foldedY = y &- 0x41 < 26 ? y | 0x20 : y
          if foldedX != foldedY { return foldedX < foldedY }
          if tieBreak == 0 { tieBreak = x < y ? -1 : 1 }
        }
        return a.count != b.count ? a.count < b.count : tieBreak < 0
      }
    }
  }

  /// The `d_type` of a name, from `fstatat` (used only when `readdir` does not say).
  private static func kind(of name: [UInt8], in folder: Int32) -> UInt8 {
    var info = stat()
    let status = withCPath(name) { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }
    guard status == 0 else { return UInt8(DT_UNKNOWN) }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return UInt8(DT_DIR)
    case S_IFLNK: return UInt8(DT_LNK)
    default: return UInt8(DT_REG)
    }
  }

  /// The C library's text for an error number: "Permission denied".
  static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}

/// Calls `body` with a path's bytes as a NUL-terminated C string.
func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
  let cString = path.map { CChar(bitPattern: $0) } + [0]
  return body(cString)
}
