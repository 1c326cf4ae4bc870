import Glibc
import TableKit
import TableREPL

let navigationController = NavigationController(rootViewController: FirstViewController())
exit(TerminalApp.run(navigationController, programName: "tutorial-uikit"))
