import Glibc

/// What tells that a file or folder was replaced or written: its identity (device and
/// inode), size, and modification and change times. A rename over the file changes its
/// identity; a write, its size or times; a name made in or removed from a folder, its times.
package struct FileStamp: Equatable {
  package var device: UInt
  package var inode: UInt
  package var size: Int
  package var modified: timespec
  package var changed: timespec

  /// The stamp in what `stat` says of a file.
  package init(_ info: stat) {
    device = UInt(info.st_dev)
    inode = UInt(info.st_ino)
    size = Int(info.st_size)
    modified = info.st_mtim
    changed = info.st_ctim
  }

  /// The stamp of the file at `path` (the C string `stat` takes, which a caller checking
  /// the same file often makes once), or `nil` when nothing is there.
  package init?(path: UnsafePointer<CChar>) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The stamp as text, to be kept in a file: `device inode modified changed size`.
  package var text: String {
    "\(device) \(inode) \(modified.tv_sec).\(modified.tv_nsec) "
      + "\(changed.tv_sec).\(changed.tv_nsec) \(size)"
  }

  package static func == (a: FileStamp, b: FileStamp) -> Bool {
    a.device == b.device && a.inode == b.inode && a.size == b.size
      && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
      && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
  }
}
