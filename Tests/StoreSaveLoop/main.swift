// A helper for ReliabilityTests, not shipped.
//
//   store-save-loop loop STORE   saves two different contents alternately with the full
//                                protocol (SettingsStore.save) until killed; prints "ready"
//                                once the store is loaded.
//   store-save-loop hold STORE   takes STORE's lock the way settei does (O_EXCL + flock),
//                                prints "locked", holds it until standard input closes,
//                                then removes it.
//
// The two contents are those of StoreSaveLoopContent in ReliabilityTests: a generation name
// and a 48 KiB payload, so that a torn write would show as a file that does not parse or
// mixes the two.
import FileFormats
import Glibc
import SettingsStorage
import SystemIO

/// Content `name` ("alpha" or "beta"), as ReliabilityTests builds it too.
func content(_ name: String) -> [PropertyListKey: PropertyListValue] {
  ["generation": .string(name), "payload": .string(String(repeating: name + " ", count: 8_192))]
}

func fail(_ message: String) -> Never {
  let text = "store-save-loop: \(message)\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  exit(2)
}

func say(_ text: String) {
  _ = (text + "\n").withCString { write(1, $0, strlen($0)) }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: store-save-loop loop|hold STORE") }
let path = arguments[2]

switch arguments[1] {
case "loop":
  let store: SettingsStore
  do {
    store = try SettingsStore.load(path: path)
  } catch {
    fail("\(error)")
  }
  let keys: Set<PropertyListKey> = ["generation", "payload"]
  var next = store.values["generation"] == .string("alpha") ? "beta" : "alpha"
  say("ready")
  while true {
    do {
      try store.save(content(next), changedKeys: keys)
    } catch {
      fail("\(error)")
    }
    next = next == "alpha" ? "beta" : "alpha"
  }

case "hold":
  let lock = path + ".lock"
  let descriptor = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { fail("\(lock): \(String(cString: strerror(errno)))") }
  guard flock(descriptor, LOCK_EX) == 0 else {
    fail("flock \(lock): \(String(cString: strerror(errno)))")
  }
  say("locked")
  var byte: UInt8 = 0
  while SystemCall.retryingOnEINTR({ read(0, &byte, 1) }) > 0 {}
  unlink(lock)
  close(descriptor)
  say("released")

default:
  fail("unknown mode '\(arguments[1])'; use loop or hold")
}
