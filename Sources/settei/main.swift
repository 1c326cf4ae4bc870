#if canImport(Glibc)
  import Glibc
#endif

// A closed stdout (`settei | head -1`) must give EPIPE, not kill us mid-save.
signal(SIGPIPE, SIG_IGN)

exit(
  Program(arguments: Array(CommandLine.arguments.dropFirst()), environment: .current()).run()
    .rawValue)
