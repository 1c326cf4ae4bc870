import Glibc
import TableKit
import TableREPL

// timezones: every time zone of the system's zoneinfo, by region, with a ✓ on the chosen one.

let standardError = FileOutput(descriptor: 2)
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(
    """
    Usage: timezones

    Browse every time zone of the system's zoneinfo (TZDIR, default /usr/share/zoneinfo) by
    region. Selecting a zone chooses it (✓) and shows its current UTC offset; the choice is
    kept in memory only.
    """)
  exit(0)
}
guard arguments.isEmpty else {
  standardError.write("timezones: unexpected argument '\(arguments[0])'. See 'timezones --help'.\n")
  exit(64)
}

let folder =
  getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
  ?? "/usr/share/zoneinfo"
guard let catalog = ZoneCatalog(folder: folder) else {
  standardError.write(
    """
    timezones: no time zone data in \(folder).
    Install the system's time zone database, e.g. on Debian or Ubuntu:
      sudo apt-get install tzdata

    """)
  exit(1)
}
let choice = ZoneChoice(catalog: catalog, zone: ZoneChoice.systemZone(in: catalog))
let root = RegionsViewController(choice: choice)
exit(TerminalApp.run(NavigationController(rootViewController: root), programName: "timezones"))
