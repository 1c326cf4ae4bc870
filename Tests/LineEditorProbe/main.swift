// A tiny program that reads lines with LineEditor, for the pseudo-terminal tests.
//
// Usage: [PROBE_PROMPT=TEXT] line-editor-probe HISTORY-FILE
// The prompt is PROBE_PROMPT if set, else `probe> `.
// Prints `got: <line>` for each line, `interrupted` after Ctrl-C and `eof` at the end (exit 0).
// The line `secret` reads a password with echo off and prints `secret: <n> characters`;
// `quit` ends the run like Ctrl-D. `pause` prints `pausing`, then waits half a second
// before the next read, as a command that takes time does: keys typed meanwhile reach the
// terminal between two reads. Tab completes from 温度単位, 温度, back and quit.
import Glibc
import LineEditor

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
  let line = Array((message + "\n").utf8)
  _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  printError("usage: line-editor-probe HISTORY-FILE")
  exit(64)
}
let historyPath = arguments[1]
let prompt = getenv("PROBE_PROMPT").map { String(cString: $0) } ?? "probe> "
guard let editor = LineEditor(programName: "line-editor-probe") else {
  printError("line-editor-probe: standard input and output must be a terminal")
  exit(66)
}
do {
  try editor.history.load(from: historyPath)
} catch {
  print("history: \(error)")
}
let words = ["温度単位", "温度", "back", "quit"]
editor.completer = { textBeforeCursor in
  let word = textBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
  return words.filter { $0.hasPrefix(word) }
}

func finish() -> Never {
  do {
    try editor.history.save(to: historyPath)
  } catch {
    print("history: \(error)")
  }
  print("eof")
  exit(0)
}

while true {
  switch editor.readLine(prompt: prompt) {
  case .line("quit"):
    finish()
  case .line("secret"):
    switch editor.readSecret(prompt: "password: ") {
    case .line(let secret): print("secret: \(secret.count) characters")
    case .interrupted: print("secret interrupted")
    case .endOfFile: print("secret eof")
    }
  case .line("pause"):
    print("pausing")
    fflush(nil)
    usleep(500_000)
  case .line(let line):
    print("got: \(line)")
  case .interrupted:
    print("interrupted")
  case .endOfFile:
    finish()
  }
  fflush(nil)
}
