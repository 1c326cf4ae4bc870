import Glibc

/// The few file operations the store needs, straight on Glibc: reading a whole file,
/// resolving links, creating folders, writing and syncing.
///
/// The libc calls of SettingsKit live here and, for locking and replacing a file, in
/// ``FileLock`` (SettingsStore+Locking.swift).
package enum FileSystem {
  /// A file's contents and the metadata the store keeps when it replaces the file.
  package struct File {
    package var bytes: [UInt8]
    package var mode: UInt32
    package var owner: UInt32
    package var group: UInt32
  }

  /// Reads the whole regular file at `path`; `nil` if nothing is there.
  ///
  /// Opens with `O_NONBLOCK` so that a FIFO at `path` is refused instead of blocking, unless
  /// `acceptsPipes`: then a FIFO with a writer (such as `<(cat schema.json)`) is read to its
  /// end and one without reads as empty. A read of a FIFO that a signal interrupts (`EINTR`:
  /// settei's SIGTERM and SIGHUP handlers do not restart calls) ends with that error, so that
  /// a pipe that never ends cannot keep a signal from ending the run.
  ///
  /// A file whose size is over `limit` is refused before anything is allocated for it (a
  /// sparse file of a terabyte takes no room on disk), and so is a file or pipe that turns
  /// out longer while it is read.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - acceptsPipes: Whether a FIFO may be read.
  ///   - limit: The most bytes accepted; a longer file is refused with `EFBIG`.
  /// - Returns: The bytes and metadata, or `nil` when no file is at `path`.
  /// - Throws: ``SystemCallError`` naming the operation, the path and the reason.
  package static func readFile(_ path: String, acceptsPipes: Bool = false, limit: Int)
    throws(SystemCallError) -> File?
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw SystemCallError(.open, path: path, code: errno)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw SystemCallError(.examine, path: path, code: errno)
    }
    let isPipe = info.st_mode & S_IFMT == S_IFIFO
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      if Int(info.st_size) > limit {
        throw tooLarge(path, size: Int(info.st_size), limit: limit)
      }
    case S_IFIFO where acceptsPipes:
      // A writer is connected or not; either way, blocking reads now end.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    case let kind:
      let isFolder = kind == S_IFDIR
      throw SystemCallError(
        .read, path: path, code: isFolder ? EISDIR : EINVAL,
        problem: isFolder ? .system : .notRegularFile)
    }
    // Straight into the array, sized from fstat with one byte more so that the end shows in
    // the same pass; a file that grew meanwhile, or a pipe, goes on in chunks. Files that
    // say they are empty (pipes, /proc) are read a chunk at a time from the start: /proc
    // files are generated as they are read, and a short first read can miss a line that
    // moves meanwhile (such as a lock in /proc/locks).
    var readError: Int32 = 0
    var ended = false
    /// Reads into `buffer` until it is full or the input ends; how much it read.
    func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
      var filled = 0
      while filled < buffer.count {
        let count = SystemCall.retryingOnEINTR(stoppingWhen: { isPipe }) {
          read(descriptor, buffer.baseAddress?.advanced(by: filled), buffer.count - filled)
        }
        if count < 0, errno == EAGAIN { continue }
        if count < 0 { readError = errno }
        if count <= 0 {
          ended = true
          break
        }
        filled += count
      }
      return filled
    }
    let size = Int(info.st_size)
    // A file of known size is read into memory not written first: zeroed before the read, a
    // root page of a thousand child panes (146 KB) was written twice.
    var bytes =
      size > 0
      ? [UInt8](unsafeUninitializedCapacity: min(size, limit) + 1) { buffer, count in
        count = fill(UnsafeMutableRawBufferPointer(buffer))
      } : []
    let capacity = 65_536
    while !ended, readError == 0, bytes.count <= limit {
      let start = bytes.count
      bytes.reserveCapacity(start + capacity)
      bytes.append(contentsOf: repeatElement(0, count: capacity))
      let filled = bytes.withUnsafeMutableBytes { whole in
        fill(UnsafeMutableRawBufferPointer(rebasing: whole[start...]))
      }
      bytes.removeLast(capacity - filled)
    }
    guard readError == 0 else {
      throw SystemCallError(.read, path: path, code: readError)
    }
    if bytes.count > limit { throw tooLarge(path, size: nil, limit: limit) }
    return File(bytes: bytes, mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
  }

  /// The error for a file longer than settei reads: its size (when known) and the limit.
  private static func tooLarge(_ path: String, size: Int?, limit: Int) -> SystemCallError {
    SystemCallError(.read, path: path, code: EFBIG, problem: .tooLarge(size: size, limit: limit))
  }

  /// The canonical absolute path of an existing file (`realpath`), or `nil` if it (or the
  /// file a symbolic link points to) does not exist.
  package static func realPath(_ path: String) throws(SystemCallError) -> String? {
    guard let resolved = realpath(path, nil) else {
      if errno == ENOENT { return nil }
      throw SystemCallError(.resolve, path: path, code: errno)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Where the symbolic link at `path` points, resolved against the link's folder; `nil`
  /// if `path` is not a symbolic link.
  package static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return target.hasPrefix("/") ? target : parentFolder(of: path) + "/" + target
  }

  /// The file a chain of symbolic links at `path` ends at (which need not exist yet), or
  /// `path` itself when it is not a link; relative targets count from the link's folder.
  /// `nil` when 40 links lead on to yet another (a loop, where the kernel gives up too).
  package static func endOfLinks(_ path: String) -> String? {
    var current = path
    for _ in 0..<40 {
      guard let next = linkTarget(current) else { return current }
      current = next
    }
    return nil
  }

  /// The folder part of `path`: `"/a/b"` for `"/a/b/c"`, `"."` for `"c"`, `"/"` for `"/c"`.
  package static func parentFolder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }

  /// Creates `path` and any missing folders above it, each with exactly `mode` (regardless
  /// of the umask). Folders that exist are left as they are.
  package static func createFolders(_ path: String, mode: UInt32) throws(SystemCallError) {
    var info = stat()
    if stat(path, &info) == 0 { return }
    let parent = parentFolder(of: path)
    if parent != path { try createFolders(parent, mode: mode) }
    if mkdir(path, mode) == 0 {
      chmod(path, mode)
    } else if errno != EEXIST {
      throw SystemCallError(.createFolder, path: path, code: errno)
    }
  }

  /// Why the caller may not write the file at `path`, by its effective user and groups
  /// (`strerror`: root may write any file on a writable file system), or `nil` if it may.
  package static func writeDenial(_ path: String) -> String? {
    guard faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 else { return nil }
    return String(cString: strerror(errno))
  }

  /// A file's size and the times its contents and its entry last changed, as text that
  /// differs once the file is written again; `nil` when it cannot be looked at. Reads nothing
  /// of the file.
  package static func changeStamp(_ path: String) -> String? {
    guard let stamp = FileStamp(path: path) else { return nil }
    return "\(stamp.size) \(stamp.modified.tv_sec).\(stamp.modified.tv_nsec) "
      + "\(stamp.changed.tv_sec).\(stamp.changed.tv_nsec)"
  }

  /// A file name that stands for `path` in a folder of files about many paths: its last
  /// component, cut to at most 64 bytes, a dash and the FNV-1a hash (64 bits, 16 hex
  /// digits) of the whole path, as in `settings.json-89b2c3d4e5f60718`. It fits in a file
  /// name however long the path, is the same on every run, and differs between paths that
  /// end alike.
  package static func fileName(standingFor path: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    var prefix = ""
    for character in path.split(separator: "/").last ?? "" {
      guard prefix.utf8.count + character.utf8.count <= 64 else { break }
      prefix.append(character)
    }
    let digits = String(hash, radix: 16)
    return prefix + "-" + String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Whether something (a file, a folder, a link) exists at `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Removes the file at `path`; a file that is not there is fine.
  package static func remove(_ path: String) throws(SystemCallError) {
    guard unlink(path) == 0 || errno == ENOENT else {
      throw SystemCallError(.remove, path: path, code: errno)
    }
  }

  /// Removes the temporary files `<target>.tmp.<pid>` that an earlier version of settei left
  /// beside `target` when it was killed while saving: those of this process's id and of
  /// processes that no longer exist. Best effort; call it only while holding the lock.
  package static func removeLeftoverTemporaryFiles(of target: String) {
    let folder = parentFolder(of: target)
    let prefix = (target.split(separator: "/").last.map(String.init) ?? target) + ".tmp."
    guard let stream = opendir(folder) else { return }
    var leftovers: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0
      else { continue }
      if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
        leftovers.append(folder + "/" + name)
      }
    }
    closedir(stream)
    for leftover in leftovers { unlink(leftover) }
  }

  /// Replaces the file at `path` with `bytes` so that a crash leaves either the old file or
  /// the new one, never a mix (see ``replaceFile(_:mode:writing:)``).
  package static func replaceFile(_ path: String, with bytes: [UInt8], mode: UInt32)
    throws(SystemCallError)
  {
    try replaceFile(path, mode: mode) { descriptor, temporary throws(SystemCallError) in
      try writeAll(bytes, to: descriptor, path: temporary)
    }
  }

  /// Replaces the file at `path` with what `write` writes, so that a crash leaves either the
  /// old file or the new one, never a mix: `write` fills `<path>.tmp.<pid>` (a leftover of a
  /// dead process with this pid is removed first), which then gets `mode`, is `fsync`ed and
  /// renamed over `path`, and the folder is `fsync`ed. After a failure `path` is untouched
  /// and the temporary file is gone.
  ///
  /// - Parameters:
  ///   - path: The file to replace or create; its folder must exist.
  ///   - mode: The permission bits of the new file.
  ///   - write: Writes the new contents to the descriptor it is given (the temporary file,
  ///     whose path is the second argument, for messages).
  /// - Throws: ``SystemCallError`` naming the failed step and the file.
  package static func replaceFile(
    _ path: String, mode: UInt32,
    writing write: (Int32, String) throws(SystemCallError) -> Void
  ) throws(SystemCallError) {
    let temporary = "\(path).tmp.\(getpid())"
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
    var descriptor = open(temporary, flags, mode_t(mode))
    if descriptor < 0, errno == EEXIST {
      unlink(temporary)
      descriptor = open(temporary, flags, mode_t(mode))
    }
    guard descriptor >= 0 else {
      throw SystemCallError(.create, path: temporary, code: errno)
    }
    do throws(SystemCallError) {
      defer { if descriptor >= 0 { close(descriptor) } }
      try write(descriptor, temporary)
      try finishNewFile(descriptor, mode: mode, path: temporary)
      let closeError = SystemCall.close(descriptor)
      descriptor = -1
      guard closeError == 0 else {
        throw SystemCallError(.close, path: temporary, code: closeError)
      }
      guard rename(temporary, path) == 0 else {
        throw SystemCallError(.replace, path: path, code: errno)
      }
    } catch {
      unlink(temporary)
      throw error
    }
    syncFolder(parentFolder(of: path))
  }

  /// Sets a new file's mode and `fsync`s it: the steps between writing it and renaming it
  /// over the file it replaces.
  static func finishNewFile(_ descriptor: Int32, mode: UInt32, path: String)
    throws(SystemCallError)
  {
    guard fchmod(descriptor, mode) == 0 else {
      throw SystemCallError(.setMode, path: path, code: errno)
    }
    guard fsync(descriptor) == 0 else {
      throw SystemCallError(.flush, path: path, code: errno)
    }
  }

  /// Writes all of `bytes`, continuing after short writes and `EINTR`.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String)
    throws(SystemCallError)
  {
    var written = 0
    while written < bytes.count {
      let count = SystemCall.retryingOnEINTR {
        bytes.withUnsafeBytes { buffer in
          write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        }
      }
      guard count > 0 else {
        throw SystemCallError(.write, path: path, code: count < 0 ? errno : EIO)
      }
      written += count
    }
  }

  /// Whether two byte arrays are equal, compared with `memcmp` (a store file is compared
  /// with the bytes last read or written on every save).
  package static func sameBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBytes { left in
      rhs.withUnsafeBytes { right in
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else {
          return true  // both empty
        }
        return memcmp(leftStart, rightStart, left.count) == 0
      }
    }
  }

  /// `fsync`s a folder so that a rename in it survives a crash. Best effort: the rename has
  /// already happened, and some file systems cannot sync folders.
  static func syncFolder(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }
}

extension FileSystem {
  /// The names in the folder at `path`, without `.` and `..`, sorted by their UTF-8 bytes;
  /// with a `suffix`, only the names that end in it (the others are never made strings).
  package static func folderEntries(_ path: String, endingWith suffix: String = "")
    throws(SystemCallError) -> [String]
  {
    guard let folder = opendir(path) else {
      throw SystemCallError(.listFolder, path: path, code: errno)
    }
    defer { closedir(folder) }
    let tail = Array(suffix.utf8)
    var names: [String] = []
    while let entry = readdir(folder) {
      // Compared in place: a bundle folder lists a file for each of its pages.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
        var count = 0
        while count < raw.count, raw[count] != 0 { count += 1 }
        guard count >= tail.count,
          tail.indices.allSatisfy({ raw[count - tail.count + $0] == tail[$0] })
        else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<count]), as: UTF8.self)
      }
      if let name, name != ".", name != ".." { names.append(name) }
    }
    return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Whether `path` is a folder (or a symbolic link to one).
  package static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }
}
