import CPseudoTerminal
import Glibc

/// A pipe whose two ends are close-on-exec from the start (`pipe2` with `O_CLOEXEC`).
///
/// Tests run in parallel, and every program one of them starts inherits the descriptors of
/// the whole test process that are not close-on-exec: a pipe end made with plain `pipe`
/// would stay open in another test's program, and the reader of that pipe would wait for
/// an end of file until that program ended (a stall as long as that program runs). Giving the
/// flag after `pipe` leaves an instant for that to happen; `pipe2` leaves none.
///
/// - Returns: The read end and the write end.
/// - Throws: ``RunError`` naming `errno` when the pipe cannot be made.
public func makeClosedOnExecPipe() throws -> (read: Int32, write: Int32) {
  var descriptors: [Int32] = [0, 0]
  guard pipe2(&descriptors, O_CLOEXEC) == 0 else {
    throw RunError("pipe2: \(String(cString: strerror(errno)))")
  }
  return (descriptors[0], descriptors[1])
}
