import Glibc
import SettingsStorage

/// The exit statuses of the user-facing contract (sysexits.h where one fits). Which one a run
/// ends with is decided in one place, ``init(_:)``, from the ``Failure`` that ended it.
package enum ExitStatus: Int32, Sendable, CaseIterable {
  case success = 0
  case scriptFailed = 1
  case usage = 64
  case unreadableInput = 65
  /// `--gsettings` without GIO (libgio-2.0.so.0), or one older than 2.44, or without
  /// `settei-gio` to run it from a settei with the C library linked in.
  case unavailable = 69
  case saveFailed = 74
  case storeLocked = 75
  /// 128 + SIGHUP: the terminal went away; unsaved edits are in `<store>.recover`.
  case hangup = 129
  /// 128 + SIGQUIT (Ctrl-\): asked to quit at once; unsaved edits are in `<store>.recover`.
  case quitSignal = 131
  /// Standard output was closed under us: the status a shell gives a process that SIGPIPE
  /// ended, since that is what happened, only without dying mid-write.
  case outputClosed = 141
  /// 128 + SIGTERM: asked to stop; unsaved edits are in `<store>.recover`.
  case terminated = 143

  /// The status of a run that `failure` ended: the one map from what went wrong to the
  /// number a shell sees.
  init(_ failure: Failure) {
    switch failure {
    case .refused, .differencesFound, .scriptCommandFailed: self = .scriptFailed
    case .usage: self = .usage
    case .unreadableInput, .problemsFound: self = .unreadableInput
    case .unavailable: self = .unavailable
    case .notSaved(_, let kind): self = kind == .locked ? .storeLocked : .saveFailed
    case .outputFailed: self = .saveFailed
    case .outputClosed: self = .outputClosed
    case .signal(SIGHUP): self = .hangup
    case .signal(SIGQUIT): self = .quitSignal
    case .signal: self = .terminated
    }
  }
}

/// Why a run did not succeed: what every command throws. ``ExitStatus/init(_:)`` alone turns
/// it into a status; ``message`` is what standard error says, when something is left to say.
enum Failure: Error {
  /// A command could not do what it was asked (an unknown key, a value refused): exit 1.
  case refused(String)
  /// `diff` found settings that differ, as diff(1) exits 1; the table has said which.
  case differencesFound
  /// A command of the REPL's piped script failed (exit 1); the session has said why.
  case scriptCommandFailed
  /// The command line cannot be understood (64): the message says what to type instead.
  case usage(String)
  /// An input (a schema, a store, a file to import) cannot be read or is wrong: exit 65.
  case unreadableInput(String)
  /// What a command needs is not installed (`--gsettings` without GIO): exit 69.
  case unavailable(String)
  /// `lint` found errors (65); it has listed them.
  case problemsFound
  /// The store (or another file) was not saved: 75 when another program holds the store's
  /// lock, else 74. `nil`: the session has said why.
  case notSaved(String?, kind: StoreError.Kind?)
  /// Standard output took not all that was written (a full disk): exit 74.
  case outputFailed(String)
  /// Standard output was closed under us (141).
  case outputClosed
  /// A signal ended the run: 128 + its number for SIGHUP and SIGQUIT, else SIGTERM's.
  case signal(Int32)

  /// What standard error says of it, or `nil` when nothing is left to say.
  var message: String? {
    switch self {
    case .refused(let message), .usage(let message), .unreadableInput(let message),
      .outputFailed(let message), .unavailable(let message):
      message
    case .notSaved(let message, _): message
    case .differencesFound, .scriptCommandFailed, .problemsFound, .outputClosed, .signal: nil
    }
  }
}
