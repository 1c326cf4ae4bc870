import Glibc
import SettingsKit

/// Figure 4: saving a store of 10,000 keys with the full protocol (`SettingsStore.save`),
/// against writing the same bytes with write + fsync + rename, in the same run.
struct SaveBenchmark {
  let configuration: BenchConfiguration

  func run() throws(BenchError) -> Report.Figure {
    let folder = try TextFile.temporaryFolder(in: configuration.work, prefix: "save")
    let storePath = folder + "/settings.json"
    let floorPath = folder + "/floor.json"
    var values = Self.values(count: configuration.saveKeys)
    let store = try Self.open(storePath)
    try Self.save(store, values, changedKeys: Set(values.keys))

    var protocolTimes: [Double] = []
    var floorTimes: [Double] = []
    var size = 0
    for pair in 0..<configuration.savePairs + 3 {
      // Each save changes one key, so that the protocol has something to write.
      let key = Self.key(pair % configuration.saveKeys)
      values[key] = .integer(pair)
      let saveTime = try MonotonicClock.measure { () throws(BenchError) in
        try Self.save(store, values, changedKeys: [key])
      }
      let bytes = try TextFile.readBytes(storePath)
      size = bytes.count
      let floorTime = try MonotonicClock.measure { () throws(BenchError) in
        try Self.writeFloor(bytes, to: floorPath)
      }
      if pair >= 3 {  // the first pairs warm the caches
        protocolTimes.append(saveTime)
        floorTimes.append(floorTime)
      }
    }
    let ratio = Statistics.medianRatio(protocolTimes, floorTimes)
    let details = [
      "A JSON store of \(Format.grouped(configuration.saveKeys)) keys "
        + "(\(Format.grouped(size)) bytes: strings, integers, reals and Booleans) in a "
        + "folder under `\(configuration.work)`. Each pair changes one key and saves it with "
        + "`SettingsStore.save(_:changedKeys:)` — the protocol of main: resolve the path, "
        + "re-read and parse the file, merge the changed key, serialize, write a temporary "
        + "file, fsync, rename, fsync the folder — then writes the file's new bytes with "
        + "`open` + `write` + `fsync` + `close` + `rename` (Swift Glibc) to another file of "
        + "the same folder. \(configuration.savePairs) pairs after 3 for warming up; the "
        + "ratio is the median of each pair's ratio.",
      "",
      "| what | median time |",
      "| --- | --- |",
      "| `SettingsStore.save` | \(Format.milliseconds(Statistics.median(protocolTimes))) |",
      "| write + fsync + rename | \(Format.milliseconds(Statistics.median(floorTimes))) |",
      "| ratio | \(Format.ratio(ratio)) |",
    ]
    return Report.Figure(
      number: 4, title: "Save (10,000 keys)", result: "\(Format.ratio(ratio)) the floor",
      target: "≤ 2×", meetsTarget: ratio <= 2, details: details,
      commands: [
        "\(configuration.benchExecutable) run --only 4   # in-process; see SaveBenchmark.swift"
      ])
  }

  static func key(_ index: Int) -> String {
    var digits = String(index)
    while digits.count < 5 { digits = "0" + digits }
    return "setting" + digits
  }

  static func values(count: Int) -> [String: PropertyListValue] {
    var values: [String: PropertyListValue] = [:]
    values.reserveCapacity(count)
    for index in 0..<count {
      let value: PropertyListValue =
        switch index % 4 {
        case 0: .string("value \(index) — 値 \(index)")
        case 1: .integer(index * 7)
        case 2: .real(Double(index) / 8)
        default: .bool(index % 8 == 3)
        }
      values[key(index)] = value
    }
    return values
  }

  // The two calls into SettingsStore, in one place: the save protocol is growing (a lock
  // file, flock, re-read and merge), and only these lines know its signature.

  static func open(_ path: String) throws(BenchError) -> SettingsStore {
    do {
      return try SettingsStore.load(path: path)
    } catch {
      throw BenchError("cannot open the store \(path): \(error)")
    }
  }

  static func save(
    _ store: SettingsStore, _ values: [String: PropertyListValue], changedKeys: Set<String>
  ) throws(BenchError) {
    do {
      try store.save(values, changedKeys: changedKeys)
    } catch {
      throw BenchError("cannot save the store \(store.path): \(error)")
    }
  }

  /// The floor: the bytes written to a temporary file, synced, and renamed over `path`.
  static func writeFloor(_ bytes: [UInt8], to path: String) throws(BenchError) {
    let temporary = path + ".tmp"
    let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw BenchError("open \(temporary): \(TextFile.reason())") }
    do {
      try ChildProcess.writeAll(bytes, to: descriptor)
    } catch {
      close(descriptor)
      throw error
    }
    guard fsync(descriptor) == 0 else {
      close(descriptor)
      throw BenchError("fsync \(temporary): \(TextFile.reason())")
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      throw BenchError("rename \(temporary): \(TextFile.reason())")
    }
  }
}
