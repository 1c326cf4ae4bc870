/// A tiny, seedable pseudo-random generator (SplitMix64) so that randomised tests repeat.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// `bytes` with one to `maximumEdits` bytes replaced by, or inserted from, `interesting`,
  /// or removed: for tests that compare two readers on broken input.
  public mutating func mutated(_ bytes: [UInt8], using interesting: [UInt8], maximumEdits: Int = 3)
    -> [UInt8]
  {
    var bytes = bytes
    for _ in 0..<(1 + next() % UInt64(maximumEdits)) where !bytes.isEmpty {
      let position = Int(next() % UInt64(bytes.count))
      let byte = interesting[Int(next() % UInt64(interesting.count))]
      switch next() % 3 {
      case 0: bytes[position] = byte
      case 1: bytes.insert(byte, at: position)
      default: bytes.remove(at: position)
      }
    }
    return bytes
  }
}
