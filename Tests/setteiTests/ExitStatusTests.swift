import Glibc
import Testing

@testable import SetteiCommands

/// Every way a run can fail gets its status from one map, `ExitStatus(_:)`.
@Suite struct ExitStatusTests {
  /// settei's, not Swift Testing's of the same name.
  typealias ExitStatus = SetteiCommands.ExitStatus

  static let failures: [(Failure, ExitStatus)] = [
    (.refused("get: no such key"), .scriptFailed),
    (.differencesFound, .scriptFailed),
    (.scriptCommandFailed, .scriptFailed),
    (.usage("Unknown option '--x'."), .usage),
    (.unreadableInput("a.json:1:1: not JSON"), .unreadableInput),
    (.problemsFound, .unreadableInput),
    (.unavailable("GSettings needs GIO (libgio-2.0.so.0)"), .unavailable),
    (.notSaved("s.json: disk full", kind: .saveFailed), .saveFailed),
    (.notSaved("s.json: changed meanwhile", kind: .conflict), .saveFailed),
    (.notSaved("out/en.txt: not written", kind: nil), .saveFailed),
    (.notSaved("s.json: held by another settei", kind: .locked), .storeLocked),
    (.notSaved(nil, kind: .locked), .storeLocked),
    (.outputFailed("standard output: No space left on device"), .saveFailed),
    (.outputClosed, .outputClosed),
    (.signal(SIGHUP), .hangup),
    (.signal(SIGQUIT), .quitSignal),
    (.signal(SIGTERM), .terminated),
    (.signal(SIGINT), .terminated),
  ]

  @Test func eachFailureHasItsStatus() {
    for (failure, status) in Self.failures {
      #expect(ExitStatus(failure) == status, "\(failure)")
    }
  }

  @Test func everyStatusButSuccessIsTheMapOfSomeFailure() {
    let reached = Set(Self.failures.map { ExitStatus($0.0) })
    #expect(reached.union([.success]) == Set(ExitStatus.allCases))
  }

  /// What the session or the command has already said is not said again.
  @Test func onlyFailuresWithSomethingLeftToSayHaveAMessage() {
    for (failure, _) in Self.failures {
      switch failure {
      case .refused(let text), .usage(let text), .unreadableInput(let text),
        .outputFailed(let text), .unavailable(let text):
        #expect(failure.message == text)
      case .notSaved(let text, _): #expect(failure.message == text)
      case .differencesFound, .scriptCommandFailed, .problemsFound, .outputClosed, .signal:
        #expect(failure.message == nil)
      }
    }
  }
}
