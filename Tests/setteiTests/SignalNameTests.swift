import Glibc
import Testing

@testable import SetteiCommands

/// A signal settei has no name for is said in the session's language.
@Suite struct SignalNameTests {
  @Test func aSignalWithoutANameIsNumberedInTheSessionsLanguage() {
    #expect(Termination.name(of: SIGTERM, in: .forLanguage("ja")) == "SIGTERM")
    #expect(Termination.name(of: SIGUSR1, in: .forLanguage("ja")) == "シグナル \(SIGUSR1)")
    #expect(Termination.name(of: SIGUSR1, in: .forLanguage("en")) == "signal \(SIGUSR1)")
  }
}
