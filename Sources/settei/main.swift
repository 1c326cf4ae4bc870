import SetteiCommands

#if canImport(Glibc)
  import Glibc
#endif

// A closed stdout (`settei | head -1`) must give EPIPE, not kill us mid-save.
signal(SIGPIPE, SIG_IGN)

// A global, so that what the run keeps (its schema, model and screens) is still alive at
// `exit`, which ends the process without freeing it piece by piece.
let program = Program(arguments: Array(CommandLine.arguments.dropFirst()), environment: .current())
exit(program.run().rawValue)
