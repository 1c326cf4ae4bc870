import Glibc

// `wchar_t` is a UCS-4 code point on glibc; libedit's wide calls hand us and take these.
extension String {
  /// Decodes `count` wide characters starting at `start`, skipping values that are not
  /// Unicode scalars.
  init(wideCharacters start: UnsafePointer<wchar_t>, count: Int) {
    var scalars = String.UnicodeScalarView()
    let count = Swift.max(count, 0)
    for offset in 0..<count {
      if let scalar = Unicode.Scalar(UInt32(bitPattern: start[offset])) {
        scalars.append(scalar)
      }
    }
    self.init(scalars)
  }

  /// The string as NUL-terminated wide characters, for libedit's `el_winsertstr`.
  var nulTerminatedWideCharacters: [wchar_t] {
    unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
  }
}
