import CEditLine
import Glibc

// The file side of LineHistory: libedit's H_LOAD / H_SAVE_FP behind checks that keep a
// user's file from being lost (libedit's own H_SAVE truncates the file in place).
extension LineHistory {
  /// libedit's first line of a history file.
  static let fileCookie = "_HiStOrY_V2_"

  /// Adds the entries of the file at `path` to `handle`; a missing or empty file adds nothing.
  static func read(_ path: String, into handle: OpaquePointer) throws(HistoryFileError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw HistoryFileError(path: path, reason: systemError(code))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw HistoryFileError(path: path, reason: "not a regular file")
    }
    // libedit cannot load an empty file, but there is nothing in it to lose either.
    if info.st_size == 0 { return }
    var event = HistEvent()
    if ceditline_history_load(handle, &event, path) >= 0 { return }
    // Tell "cannot open it" from "not libedit's format".
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw HistoryFileError(path: path, reason: systemError(errno))
    }
    close(descriptor)
    // The file opens, so the format is why; errno is whatever libedit's last call left
    // (often a stale ENOENT) and says nothing about it.
    throw HistoryFileError(
      path: path, reason: "not a libedit history file (its first line is not \(fileCookie))")
  }

  /// Creates the folders leading to `path` that are missing, with mode 0700.
  static func createFolder(containing path: String) throws(HistoryFileError) {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    guard !folder.isEmpty else { return }
    var prefix = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      prefix += "/" + component
      if component == "." || component == ".." { continue }
      if mkdir(prefix, 0o700) != 0, errno != EEXIST {
        throw HistoryFileError(
          path: path, reason: "cannot create folder \(prefix): \(systemError(errno))")
      }
    }
    var info = stat()
    guard stat(folder, &info) == 0 else {
      throw HistoryFileError(path: path, reason: "folder \(folder): \(systemError(errno))")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw HistoryFileError(path: path, reason: "\(folder) is not a folder")
    }
  }

  /// Writes `handle` to a temporary file beside `path`, flushes it to disk and renames it over
  /// `path`; removes the temporary file if any step fails.
  ///
  /// A symbolic link at `path` (a history file kept in a dotfiles folder) stays a link: the
  /// file it points to is the one replaced, with the temporary file beside it.
  static func write(_ handle: OpaquePointer, to link: String) throws(HistoryFileError) {
    let path = linkTarget(of: link)
    let temporary = "\(path).tmp.\(getpid())"
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
    var descriptor = open(temporary, flags, 0o600)
    if descriptor < 0, errno == EEXIST {
      // Left over by an earlier process with our pid that died mid-save.
      unlink(temporary)
      descriptor = open(temporary, flags, 0o600)
    }
    guard descriptor >= 0 else {
      throw HistoryFileError(
        path: path, reason: "cannot create \(temporary): \(systemError(errno))")
    }
    func fail(_ step: String, _ code: Int32) -> HistoryFileError {
      unlink(temporary)
      return HistoryFileError(path: path, reason: "\(step) \(temporary): \(systemError(code))")
    }
    guard let file = fdopen(descriptor, "w") else {
      let code = errno
      close(descriptor)
      throw fail("cannot open", code)
    }
    var event = HistEvent()
    // H_SAVE_FP sets the mode to 0600 itself; it returns the number of entries written.
    let written = ceditline_history_save_fp(handle, &event, file)
    let code = errno
    if written < 0 {
      fclose(file)
      throw fail("cannot write", code == 0 ? EIO : code)
    }
    if fflush(file) != 0 {
      let code = errno
      fclose(file)
      throw fail("cannot write", code)
    }
    if fsync(fileno(file)) != 0 {
      let code = errno
      fclose(file)
      throw fail("cannot flush", code)
    }
    if fclose(file) != 0 { throw fail("cannot close", errno) }
    if rename(temporary, path) != 0 {
      throw fail("cannot rename to \(path):", errno)
    }
    syncFolder(containing: path)
  }

  /// The file a chain of symbolic links at `path` ends at (which need not exist yet), or
  /// `path` itself when it is not a link; relative targets count from the link's folder.
  static func linkTarget(of path: String) -> String {
    var current = path
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    for _ in 0..<40 {
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
      current = target.hasPrefix("/") ? target : folder + target
    }
    return current  // a loop: the rename fails on it and says so
  }

  /// Flushes the folder entry of a rename to disk; best effort, as the file is already in
  /// place.
  private static func syncFolder(containing path: String) {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }
}
