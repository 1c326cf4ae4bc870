import Glibc
import TableKit
import TableREPL

// files [FOLDER]: browse the file system as table views.

let usage = """
  Usage: files [FOLDER]

  Browse FOLDER (default: the current folder) as table views: type a row number to open a
  folder or see a file's details, back to go up, quit to leave, help for every command.
  """

let arguments = Array(CommandLine.arguments.dropFirst())
let standardError = FileOutput(descriptor: 2)

if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
  standardError.write("files: unexpected argument '\(arguments.last ?? "")'.\n\(usage)\n")
  exit(64)
}

let folder = arguments.first ?? "."
let listing = FolderListing(path: Array(folder.utf8))
if let failure = listing.failure {
  standardError.write("files: cannot open '\(folder)': \(failure).\n")
  exit(66)
}
let root = FolderViewController(listing: listing, title: absolutePath(folder))
exit(TerminalApp.run(NavigationController(rootViewController: root), programName: "files"))
