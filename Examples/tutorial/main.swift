import Glibc
import TableKit
import TableREPL

let settings = Settings()
let root = LanguageAndRegionViewController(settings: settings)
let navigationController = NavigationController(rootViewController: root)
exit(TerminalApp.run(navigationController, programName: "tutorial"))
