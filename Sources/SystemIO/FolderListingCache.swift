import Glibc

/// The names in large folders, kept between runs and taken again while a folder is
/// unchanged, as git's untracked cache and GTK's icon cache keep theirs.
///
/// The kernel lists a folder at about 0.3 µs an entry (ext4 hashes every name into a tree
/// first): the folder of a Settings bundle of a thousand pages took 0.3 ms to list at every
/// start, a fifth of its start (docs/performance.md, figure 7). A change of a folder's
/// entries (a name made, removed or renamed) sets its modification and change times, and
/// no one can set a change time back: a listing kept with the folder's device, inode, both
/// times and size is the folder's listing for as long as they stay the same. One is kept
/// only of a folder unchanged for ``settledSeconds``, since those times have the
/// granularity of the kernel's clock tick: a name made in the tick of the listing would
/// otherwise go unseen. A kept listing that cannot be read, or is not of this folder, is
/// listed again; one that cannot be written is only not kept.
package struct FolderListingCache: Sendable {
  /// Where the listings are kept, a file each (`$XDG_CACHE_HOME/settei/folders`).
  package let folder: String

  /// The size (`st_size`) from which a folder's listing is kept: four blocks of an ext4
  /// folder, some 400 names. A smaller folder is listed in less time than a kept listing
  /// takes to read.
  package static let minimumSize = 16 * 1024
  /// How long a folder must be unchanged before its listing is kept: 2 seconds.
  package let settledSeconds: Int
  /// What a kept listing starts with; another version of the format is listed again.
  static let header = "settei-folder-listing-1"

  package init(folder: String, settledSeconds: Int = 2) {
    self.folder = folder
    self.settledSeconds = settledSeconds
  }

  /// The names in the folder at `path` that end in `suffix`, as
  /// ``FileSystem/folderEntries(_:endingWith:)`` gives them: kept ones when the folder is
  /// large and unchanged since they were kept.
  ///
  /// - Throws: ``SystemCallError`` when the folder cannot be listed.
  package func names(in path: String, endingWith suffix: String) throws(SystemCallError)
    -> [String]
  {
    guard let before = FileStamp(path: path), before.size >= Self.minimumSize else {
      return try FileSystem.folderEntries(path, endingWith: suffix)
    }
    // What the listing is of: the folder as it is (``FileStamp``), and the suffix listed.
    let stamp = before.text + " " + suffix
    let file = folder + "/" + FileSystem.fileName(standingFor: path)
    if let kept = Self.kept(in: file, path: path, stamp: stamp) { return kept }
    let names = try FileSystem.folderEntries(path, endingWith: suffix)
    if FileStamp(path: path) == before, isSettled(before) {
      keep(names, path: path, stamp: stamp, in: file)
    }
    return names
  }

  /// Whether the folder has been unchanged for ``settledSeconds``: its change time, which
  /// every change of its modification time moves too, is that old.
  private func isSettled(_ stamp: FileStamp) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec - stamp.changed.tv_sec >= settledSeconds
  }

  /// The names kept in `file`, when it holds a listing of `path` with `stamp`. Its fields
  /// end in NUL, which no file name holds: the header, the path, the stamp, the names.
  static func kept(in file: String, path: String, stamp: String) -> [String]? {
    guard let bytes = try? FileSystem.readFile(file, limit: 1 << 24)?.bytes else { return nil }
    let fields = bytes.split(separator: 0, omittingEmptySubsequences: false)
    guard fields.count >= 4, fields.last?.isEmpty == true,
      fields[0].elementsEqual(header.utf8), fields[1].elementsEqual(path.utf8),
      fields[2].elementsEqual(stamp.utf8)
    else { return nil }
    return fields[3..<(fields.count - 1)].map { String(decoding: $0, as: UTF8.self) }
  }

  /// Keeps `names` as the listing of `path` with `stamp`, in `file`; a failure only leaves
  /// it unkept.
  private func keep(_ names: [String], path: String, stamp: String, in file: String) {
    var bytes: [UInt8] = []
    for field in [Self.header, path, stamp] + names {
      bytes += field.utf8
      bytes.append(0)
    }
    do {
      try FileSystem.createFolders(folder, mode: 0o700)
      try FileSystem.replaceFile(file, with: bytes, mode: 0o600)
    } catch {
      return
    }
  }
}
