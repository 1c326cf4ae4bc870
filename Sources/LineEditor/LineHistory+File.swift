import CEditLine
import Glibc
import SystemIO

// The file side of LineHistory: libedit's H_LOAD / H_SAVE_FP behind checks that keep a
// user's file from being lost (libedit's own H_SAVE truncates the file in place).
extension LineHistory {
  /// libedit's first line of a history file.
  static let fileCookie = "_HiStOrY_V2_"

  /// The most bytes a history file may hold to be read: far more than the longest history
  /// (its ``capacity`` lines) takes.
  static let sizeLimit = 16 << 20

  /// Adds the entries of the file at `path` to `handle`; a missing or empty file adds nothing.
  static func read(_ path: String, into handle: OpaquePointer) throws(HistoryFileError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw HistoryFileError(path: path, .call(SystemCallError(.examine, path: path, code: code)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw HistoryFileError(path: path, .notRegularFile)
    }
    // libedit reads a line at a time, however long: a sparse file of a terabyte would be
    // one line of a terabyte.
    guard Int(info.st_size) <= sizeLimit else {
      throw HistoryFileError(path: path, .tooLarge(size: Int(info.st_size), limit: sizeLimit))
    }
    // libedit cannot load an empty file, but there is nothing in it to lose either.
    if info.st_size == 0 { return }
    var event = HistEvent()
    if ceditline_history_load(handle, &event, path) >= 0 { return }
    // Tell "cannot open it" from "not libedit's format".
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw HistoryFileError(path: path, .call(SystemCallError(.open, path: path, code: errno)))
    }
    close(descriptor)
    // The file opens, so the format is why; errno is whatever libedit's last call left
    // (often a stale ENOENT) and says nothing about it.
    throw HistoryFileError(path: path, .notHistoryFile(cookie: fileCookie))
  }

  /// Creates the folders leading to `path` that are missing, with mode 0700.
  static func createFolder(containing path: String) throws(HistoryFileError) {
    let folder = FileSystem.parentFolder(of: path)
    do throws(SystemCallError) {
      try FileSystem.createFolders(folder, mode: 0o700)
    } catch {
      throw HistoryFileError(path: path, .call(error))
    }
    guard FileSystem.isFolder(folder) else {
      throw HistoryFileError(path: path, .notAFolder(folder))
    }
  }

  /// Writes `handle` in libedit's format and replaces `path` with it atomically, mode 0600.
  ///
  /// A symbolic link at `path` (a history file kept in a dotfiles folder) stays a link: the
  /// file it points to is the one replaced, with the temporary file beside it.
  static func write(_ handle: OpaquePointer, to link: String) throws(HistoryFileError) {
    let path = target(of: link)
    do throws(SystemCallError) {
      try FileSystem.replaceFile(path, mode: 0o600) {
        descriptor, temporary throws(SystemCallError) in
        let copy = dup(descriptor)
        guard copy >= 0, let file = fdopen(copy, "w") else {
          let code = errno
          if copy >= 0 { close(copy) }
          throw SystemCallError(.open, path: temporary, code: code)
        }
        var event = HistEvent()
        // H_SAVE_FP returns the number of entries written.
        let written = ceditline_history_save_fp(handle, &event, file)
        let code = errno
        let flushed = fflush(file) == 0 ? 0 : errno
        fclose(file)
        if written < 0 || flushed != 0 {
          throw SystemCallError(
            .write, path: temporary, code: written < 0 ? (code == 0 ? EIO : code) : flushed)
        }
      }
    } catch {
      throw HistoryFileError(path: path, .call(error))
    }
  }
}

extension LineHistory {
  /// The file a save replaces: the one the chain of symbolic links at `path` ends at (the
  /// file in a dotfiles folder), or for a loop of links `path` itself, which becomes a file.
  static func target(of path: String) -> String { FileSystem.endOfLinks(path) ?? path }
}
