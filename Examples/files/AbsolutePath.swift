import Glibc

/// The absolute, resolved form of a path (`realpath`), for the first screen's title; the
/// path as given when it cannot be resolved.
func absolutePath(_ path: String) -> String {
  guard let resolved = realpath(path, nil) else { return path }
  defer { free(resolved) }
  return String(cString: resolved)
}
