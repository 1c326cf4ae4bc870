import Glibc
import Synchronization
import TestSupport
import Testing

/// A deterministic, seeded mutation fuzzer that needs no outside package.
///
/// Case `i` of a run is made from its own generator, seeded from the run's seed and `i`, so
/// any case can be made again alone: `SETTEI_FUZZ_CASE=i` runs only that one. Each case is
/// either random bytes or a seed input (a real fixture) with one to eight mutations: bits
/// flipped, bytes replaced by ones that parsers care about, tokens inserted, ranges deleted,
/// duplicated or spliced in from another seed input, the end cut off, or a deep nesting.
///
/// The number of cases per input comes from `SETTEI_FUZZ_CASES` (`make fuzz` sets 100000);
/// `swift test` runs ``defaultCases``. A case slower than ``timeBudget`` seconds counts as a
/// hang and is reported with its index. A crash (trap, segfault) prints the target and the
/// case index to standard error before the process dies.
struct Fuzzer {
  /// The cases per input in a plain `swift test` run.
  static let defaultCases = 2_000

  /// What is fuzzed, for messages: `"JSONReader.parse"`.
  let target: String
  /// The real inputs that mutations start from.
  let seeds: [[UInt8]]
  /// Bytes worth inserting for this input's grammar: `"{"`, `"</dict>"`, `"\\u"`.
  let tokens: [[UInt8]]
  /// The seed of the whole run.
  let seed: UInt64

  /// How many cases to run: `SETTEI_FUZZ_CASES`, else ``defaultCases``.
  static var caseCount: Int {
    guard let text = getenv("SETTEI_FUZZ_CASES").map({ String(cString: $0) }),
      let count = Int(text), count > 0
    else { return defaultCases }
    return count
  }

  /// The longest a case may take, in seconds, before it counts as a hang. Generous: debug
  /// builds are slow and the machine is shared.
  static let timeBudget = 2.0

  /// Runs the cases, calling `body` with each input; `body` checks what must hold and
  /// returns a problem to report, or `nil`.
  ///
  /// - Parameter body: Runs one case.
  /// - Returns: How many cases ran.
  @discardableResult
  func run(_ body: ([UInt8]) -> String?) -> Int {
    let only = getenv("SETTEI_FUZZ_CASE").flatMap { Int(String(cString: $0)) }
    let cases = only.map { $0...$0 } ?? 0...(Fuzzer.caseCount - 1)
    FuzzCrashReport.begin("\(target): \(cases.count) cases, seed \(seed)")
    defer { FuzzCrashReport.end() }
    var slowest = 0.0
    var failures = 0
    for index in cases {
      let input = makeCase(index)
      FuzzCrashReport.current.store(index, ordering: .relaxed)
      let started = now()
      let problem = body(input)
      let seconds = now() - started
      slowest = max(slowest, seconds)
      if seconds > Fuzzer.timeBudget {
        Issue.record(
          Comment(
            rawValue: "\(target): case \(index) took \(seconds) s (a hang?); rerun it alone "
              + "with SETTEI_FUZZ_CASE=\(index)"))
        failures += 1
      }
      if let problem {
        Issue.record(
          Comment(
            rawValue: "\(target): case \(index) (SETTEI_FUZZ_CASE=\(index)): \(problem); "
              + "input: " + preview(input)))
        failures += 1
      }
      if failures >= 10 { break }
    }
    return cases.count
  }

  /// The input of case `index`.
  func makeCase(_ index: Int) -> [UInt8] {
    var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
    if seeds.isEmpty || random.next(upperBound: 10 as UInt64) == 0 {
      let count = Int(random.next(upperBound: 512 as UInt64))
      return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
    var bytes = seeds[Int(random.next(upperBound: UInt64(seeds.count)))]
    let mutations = 1 + Int(random.next(upperBound: 8 as UInt64))
    for _ in 0..<mutations { mutate(&bytes, &random) }
    return bytes
  }

  private static let interestingBytes: [UInt8] = [
    0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x22, 0x26, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x31,
    0x39, 0x3A, 0x3B, 0x3C, 0x3E, 0x45, 0x5B, 0x5C, 0x5D, 0x65, 0x7B, 0x7D, 0x7F, 0x80, 0xBF,
    0xC0, 0xC3, 0xE3, 0xE9, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF,
  ]

  private func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    func position(_ extra: Int = 0) -> Int {
      Int(random.next(upperBound: UInt64(bytes.count + extra + 1))) % (bytes.count + extra + 1)
    }
    switch random.next(upperBound: 10 as UInt64) {
    case 0 where !bytes.isEmpty:  // flip a bit
      let at = min(position(), bytes.count - 1)
      bytes[at] ^= 1 << UInt8(random.next(upperBound: 8 as UInt64))
    case 1 where !bytes.isEmpty:  // replace a byte with an interesting one
      let at = min(position(), bytes.count - 1)
      bytes[at] = Fuzzer.interestingBytes.randomElement(using: &random) ?? 0
    case 2:  // insert a token
      let token = tokens.randomElement(using: &random) ?? []
      bytes.insert(contentsOf: token, at: min(position(), bytes.count))
    case 3 where !bytes.isEmpty:  // delete a range
      let start = min(position(), bytes.count - 1)
      let length = 1 + Int(random.next(upperBound: UInt64(min(64, bytes.count - start))))
      bytes.removeSubrange(start..<min(bytes.count, start + length))
    case 4 where !bytes.isEmpty:  // duplicate a range
      let start = min(position(), bytes.count - 1)
      let end = min(bytes.count, start + 1 + Int(random.next(upperBound: 128 as UInt64)))
      bytes.insert(contentsOf: bytes[start..<end], at: min(position(), bytes.count))
    case 5:  // cut the end off
      bytes.removeLast(bytes.count - min(position(), bytes.count))
    case 6 where !seeds.isEmpty:  // splice in part of another seed
      let other = seeds[Int(random.next(upperBound: UInt64(seeds.count)))]
      guard !other.isEmpty else { return }
      let start = Int(random.next(upperBound: UInt64(other.count)))
      let end = min(other.count, start + 1 + Int(random.next(upperBound: 256 as UInt64)))
      bytes.insert(contentsOf: other[start..<end], at: min(position(), bytes.count))
    case 7:  // nest deeply
      let token = tokens.randomElement(using: &random) ?? [0x5B]
      let depth = 1 + Int(random.next(upperBound: 1_200 as UInt64))
      let nested = Array([[UInt8]](repeating: token, count: depth).joined())
      bytes.insert(contentsOf: nested, at: min(position(), bytes.count))
    case 8 where !bytes.isEmpty:  // an interesting byte run
      let byte = Fuzzer.interestingBytes.randomElement(using: &random) ?? 0
      let count = 1 + Int(random.next(upperBound: 16 as UInt64))
      bytes.insert(
        contentsOf: repeatElement(byte, count: count), at: min(position(), bytes.count))
    default:  // a random byte
      bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: min(position(), bytes.count))
    }
  }

  /// The start of an input, escaped, for a report.
  private func preview(_ input: [UInt8]) -> String {
    let text = String(decoding: input.prefix(160), as: UTF8.self)
    return String(reflecting: text) + (input.count > 160 ? " … (\(input.count) bytes)" : "")
  }
}

/// The crash handlers that were in place before ``FuzzCrashReport`` installed its own (the
/// Swift runtime's backtracer, usually), to pass the crash on to.
nonisolated(unsafe) private var previousCrashActions: [Int32: sigaction] = [:]

/// Says which fuzz case was running when the test process crashes, from a signal handler
/// that only formats an integer on the stack and calls `write`, then passes the signal on.
enum FuzzCrashReport {
  /// The case running now, or -1.
  static let current = Atomic<Int>(-1)
  private static let installed = Atomic<Bool>(false)

  /// Notes the target on standard error (so that a crash report can be read against it)
  /// and installs the crash handlers once.
  static func begin(_ target: String) {
    let line = "fuzzing \(target)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    current.store(-1, ordering: .relaxed)
    guard !installed.exchange(true, ordering: .relaxed) else { return }
    let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    for signal in signals {
      var old = sigaction()
      sigaction(signal, nil, &old)
      previousCrashActions[signal] = old
    }
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        let index = FuzzCrashReport.current.load(ordering: .relaxed)
        if index >= 0 {
          let prefix: StaticString = "\nfuzz: crashed at case "
          let suffix: StaticString = " of the target named above (SETTEI_FUZZ_CASE reruns it)\n"
          _ = write(2, prefix.utf8Start, prefix.utf8CodeUnitCount)
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var value = index
            var start = digits.count
            repeat {
              start -= 1
              digits[start] = UInt8(48 + value % 10)
              value /= 10
            } while value > 0 && start > 0
            _ = write(2, digits.baseAddress.map { $0 + start }, digits.count - start)
          }
          _ = write(2, suffix.utf8Start, suffix.utf8CodeUnitCount)
        }
        var next = previousCrashActions[signal] ?? sigaction()
        sigaction(signal, &next, nil)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
  }

  /// Notes that no case is running.
  static func end() {
    current.store(-1, ordering: .relaxed)
  }
}
