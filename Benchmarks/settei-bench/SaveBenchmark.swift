import FileFormats
import Glibc
import SettingsStorage

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
    var loadTimes: [Double] = []
    var serializeTimes: [Double] = []
    var folderSyncTimes: [Double] = []
    var size = 0
    for pair in 0..<configuration.savePairs + 3 {
      // Each save changes one key, so that the protocol has something to write.
      let key = Self.key(pair % configuration.saveKeys)
      values[key] = .integer(pair)
      let saveTime = try MonotonicClock.measure { () throws(BenchError) in
        try Self.save(store, values, changedKeys: [PropertyListKey(key)])
      }
      let bytes = try TextFile.readBytes(storePath)
      size = bytes.count
      let floorTime = try MonotonicClock.measure { () throws(BenchError) in
        try Self.writeFloor(bytes, to: floorPath)
      }
      // The parts of the protocol that the floor does not do, timed on their own.
      let loadTime = try MonotonicClock.measure { () throws(BenchError) in
        _ = try Self.open(storePath)
      }
      let serializeTime = MonotonicClock.measure {
        _ = JSONWriter.serialize(.dictionary(values))
      }
      let folderSyncTime = try MonotonicClock.measure { () throws(BenchError) in
        try Self.syncFolder(folder)
      }
      if pair >= 3 {  // the first pairs warm the caches
        protocolTimes.append(saveTime)
        floorTimes.append(floorTime)
        loadTimes.append(loadTime)
        serializeTimes.append(serializeTime)
        folderSyncTimes.append(folderSyncTime)
      }
    }
    let ratio = Statistics.medianRatio(protocolTimes, floorTimes)
    var instructions: String?
    var commands = [
      "scripts/bench.sh --only 4   # in the benchmark's process: SaveBenchmark.swift"
    ]
    if let valgrind = configuration.valgrind {
      let callgrind = Callgrind(valgrind: valgrind, folder: folder)
      // Each run in a folder of its own: both start from no store, so the difference is
      // the saves alone.
      var child = ChildProcess(
        executable: configuration.benchExecutable,
        arguments: ["save-child", "\(configuration.saveKeys)", "0", folder + "/counted-0"],
        environment: configuration.environment)
      let base = try callgrind.instructions(of: child, name: "save-0")
      child.arguments[2] = "\(Self.callgrindSaves)"
      child.arguments[3] = folder + "/counted-\(Self.callgrindSaves)"
      let counted = try callgrind.instructions(of: child, name: "save")
      instructions = Format.grouped((counted.count - base.count) / Self.callgrindSaves)
      commands.append(counted.command)
    }
    func row(_ name: String, _ times: [Double]) -> String {
      "| \(name) | \(Format.milliseconds(Statistics.median(times))) |"
    }
    let details =
      [
        "A JSON store of \(Format.grouped(configuration.saveKeys)) keys "
          + "(\(Format.grouped(size)) bytes: strings, integers, reals and Booleans) in a "
          + "folder under `\(configuration.work)`. Each round changes one key and saves it with "
          + "`SettingsStore.save(_:changedKeys:)` — the full protocol of "
          + "docs/reliability.md (\"How a save works\"): resolve the path, take the lock file "
          + "(`O_EXCL` + `flock`), re-read the store (parsed again only when its bytes are "
          + "not those it last read or wrote), merge the changed key, write the new contents "
          + "(only the changed member is written; the others are copied from the file as "
          + "they are, see `JSONObjectLayout`) into the lock file, fsync, rename it over the "
          + "store, fsync the folder — then writes the file's new bytes with "
          + "`open` + `write` + `fsync` + `close` + `rename` (Swift Glibc) to another file of "
          + "the same folder. \(configuration.savePairs) rounds after 3 for warming up; the "
          + "ratio is the median of each round's ratio. The parts of the protocol that the "
          + "floor does not do are timed on their own in the same rounds.",
        "",
        "| what | median time |",
        "| --- | --- |",
        row("`SettingsStore.save` (the protocol)", protocolTimes),
        row("write + fsync + rename (the floor)", floorTimes),
        "| ratio | \(Format.ratio(ratio)) |",
        row("part: read and parse the store (`SettingsStore.load`)", loadTimes),
        row(
          "for comparison: serialize all 10,000 keys (`JSONWriter.serialize`; a save does "
            + "this only for a file not in settei's shape)", serializeTimes),
        row("part: fsync of the folder", folderSyncTimes),
      ]
      + (instructions.map {
        [
          "",
          "Instructions per save (callgrind, \(Self.callgrindSaves) saves less none, in a child "
            + "process): \($0).",
        ]
      } ?? [])
    return Report.Figure(
      number: 4, title: "Save (10,000 keys)", result: "\(Format.ratio(ratio)) the floor",
      target: "≤ 2×", meetsTarget: ratio <= 2, details: details, commands: commands)
  }

  /// Saves counted with callgrind.
  static let callgrindSaves = 10

  /// The child: `save-child KEYS SAVES FOLDER` makes a store of KEYS keys in FOLDER and saves
  /// it SAVES times, one changed key each time.
  static func child(keys: Int, saves: Int, folder: String) throws(BenchError) {
    try TextFile.makeFolders(folder)
    let path = folder + "/settings.json"
    var values = Self.values(count: keys)
    let store = try open(path)
    try save(store, values, changedKeys: Set(values.keys))
    for round in 0..<saves {
      let key = Self.key(round % keys)
      values[key] = .integer(-round - 1)
      try save(store, values, changedKeys: [PropertyListKey(key)])
    }
  }

  /// `fsync` of a folder, as the protocol does after its rename.
  static func syncFolder(_ path: String) throws(BenchError) {
    let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw BenchError("open \(path): \(TextFile.reason())") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw BenchError("fsync \(path): \(TextFile.reason())") }
  }

  static func key(_ index: Int) -> String {
    var digits = String(index)
    while digits.count < 5 { digits = "0" + digits }
    return "setting" + digits
  }

  static func values(count: Int) -> [PropertyListKey: PropertyListValue] {
    var values: [PropertyListKey: PropertyListValue] = [:]
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
    _ store: SettingsStore, _ values: [PropertyListKey: PropertyListValue],
    changedKeys: Set<PropertyListKey>
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
