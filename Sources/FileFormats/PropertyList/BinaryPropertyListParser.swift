/// Reads binary property lists (`bplist00`, as iOS keeps preferences) with exact kinds.
///
/// The format: an 8-byte signature, the objects, a table of object offsets, and a 32-byte
/// trailer that gives the sizes of offsets and object references, the object count, the
/// top object and where the offset table starts. Containers hold references (indices into
/// the offset table), so objects can be shared; each object is decoded once and cached.
///
/// Sharing lets a few hundred bytes stand for an enormous value: forty arrays that each
/// hold the next one twice are 2⁴⁰ values to anything that walks the result (comparing,
/// writing, checking). So the parser counts what the value is *expanded*, each shared object
/// once per reference, and refuses a file beyond ``maximumExpandedValues`` values or
/// ``maximumExpandedBytes`` bytes of strings and data (or beyond its own size and 16 times
/// its size: a file that really lists that much can be read).
///
/// Every read is bounds-checked; cycles, nesting deeper than ``JSONReader/maximumDepth``,
/// `null`, UIDs (from `NSKeyedArchiver`) and sets are errors. Errors are reported on line 1
/// without a column, with the byte offset in the message.
struct BinaryPropertyListParser {
  let bytes: UnsafeBufferPointer<UInt8>
  let source: String
  private var offsetSize = 0
  private var referenceSize = 0
  private var objectCount = 0
  private var offsetTable = 0
  private var cache: [Int: (value: PropertyListValue, size: Expansion)] = [:]
  private var inProgress: Set<Int> = []
  /// What the files read before this one for the same purpose expanded to, if they count.
  var budget: ExpansionBudget?
  /// What the file expanded to, once ``parse()`` returned.
  private(set) var expansion = Expansion()
  /// Whether the file was refused because it passed ``budget``.
  private(set) var exceedsBudget = false

  /// The most values a file may expand to (counting a shared object at each reference),
  /// unless the file is larger in bytes.
  static let maximumExpandedValues = 1_000_000
  /// The most bytes of strings and data a file may expand to, unless it is 16 times larger.
  static let maximumExpandedBytes = 64 << 20

  /// The size of a value once its shared objects are counted at every reference.
  struct Expansion {
    var values = 1
    var bytes = 0
  }

  init(bytes: UnsafeBufferPointer<UInt8>, source: String) {
    self.bytes = bytes
    self.source = source
  }

  /// An error in this file; `offset` is a byte offset, if one is to blame.
  func error(at offset: Int?, _ reason: FormatReason) -> SourceError {
    let located =
      offset.map { FormatReason(.binaryErrorAt, .reason(reason), .text(String($0))) }
      ?? FormatReason(.binaryError, .reason(reason))
    return SourceError(source: source, line: 1, column: nil, reason: located)
  }

  mutating func parse() throws(SourceError) -> PropertyListValue {
    guard bytes.starts(with: "bplist00".utf8) else {
      throw error(at: 0, FormatReason(.binaryVersion))
    }
    let trailer = bytes.count - 32
    guard trailer >= 8 else { throw error(at: nil, FormatReason(.binaryTooShort)) }
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    let count = try unsigned(at: trailer + 8, size: 8)
    let top = try unsigned(at: trailer + 16, size: 8)
    let table = try unsigned(at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw error(at: trailer + 6, FormatReason(.binaryTrailerSizes))
    }
    guard count >= 1, table >= 8, table <= UInt64(trailer),
      count <= UInt64(trailer - Int(table)) / UInt64(offsetSize), top < count
    else {
      throw error(at: trailer, FormatReason(.binaryTrailer))
    }
    objectCount = Int(count)
    offsetTable = Int(table)
    let (value, size) = try value(of: Int(top), depth: 0)
    expansion = size
    return value
  }

  /// Adds a member's expansion to its container's, failing once the limits are passed.
  private mutating func add(_ member: Expansion, to total: inout Expansion, at offset: Int)
    throws(SourceError)
  {
    total.values += member.values
    total.bytes += member.bytes
    let values = max(Self.maximumExpandedValues, bytes.count)
    let textBytes = max(Self.maximumExpandedBytes, 16 * bytes.count)
    guard total.values <= values, total.bytes <= textBytes else {
      let limit =
        total.values > values
        ? FormatReason(.binaryValues, .text(String(values)))
        : FormatReason(.binaryTextBytes, .text(String(textBytes)))
      throw error(at: offset, FormatReason(.binaryExpands, .reason(limit)))
    }
    guard let budget else { return }
    let allValues = max(Self.maximumExpandedValues, budget.fileBytes + bytes.count)
    let allTextBytes = max(Self.maximumExpandedBytes, 16 * (budget.fileBytes + bytes.count))
    guard budget.values + total.values <= allValues,
      budget.textBytes + total.bytes <= allTextBytes
    else {
      exceedsBudget = true
      let limit =
        budget.values + total.values > allValues
        ? FormatReason(.binaryValues, .text(String(allValues)))
        : FormatReason(.binaryTextBytes, .text(String(allTextBytes)))
      throw error(
        at: offset,
        budget.files == 1
          ? FormatReason(.binaryExpandsWithOne, .reason(limit))
          : FormatReason(.binaryExpandsWithFiles, .text(String(budget.files)), .reason(limit)))
    }
  }

  // MARK: Objects

  private mutating func value(of object: Int, depth: Int) throws(SourceError) -> (
    value: PropertyListValue, size: Expansion
  ) {
    if let cached = cache[object] { return cached }
    guard depth < JSONReader.maximumDepth else {
      throw error(at: nil, FormatReason(.binaryTooDeep, .text(String(JSONReader.maximumDepth))))
    }
    guard inProgress.insert(object).inserted else {
      throw error(at: nil, FormatReason(.binaryContainsItself, .text(String(object))))
    }
    defer { inProgress.remove(object) }
    let offset = try self.offset(of: object)
    let marker = bytes[offset]
    let info = Int(marker & 0x0F)
    let result: PropertyListValue
    var size = Expansion()
    switch marker >> 4 {
    case 0x0 where marker == 0x08: result = .bool(false)
    case 0x0 where marker == 0x09: result = .bool(true)
    case 0x0 where marker == 0x00:
      throw error(at: offset, FormatReason(.binaryNull))
    case 0x1: result = try integer(at: offset)
    case 0x2 where info == 2:
      result = .real(Double(Float(bitPattern: UInt32(try unsigned(at: offset + 1, size: 4)))))
    case 0x2 where info == 3:
      result = .real(Double(bitPattern: try unsigned(at: offset + 1, size: 8)))
    case 0x3 where marker == 0x33:
      let interval = Double(bitPattern: try unsigned(at: offset + 1, size: 8))
      let date = PropertyListDate(secondsSinceReferenceDate: interval)
      guard ISO8601Date.range.contains(date.secondsSince1970) else {
        throw error(at: offset, FormatReason(.binaryDateRange))
      }
      result = .date(date)
    case 0x4:
      let (length, start) = try length(at: offset, unit: 1)
      result = .data(Array(bytes[start..<start + length]))
      size.bytes = length
    case 0x5:
      let (length, start) = try length(at: offset, unit: 1)
      result = .string(
        String(String.UnicodeScalarView(bytes[start..<start + length].map(Unicode.Scalar.init))))
      size.bytes = length
    case 0x6:
      let (length, start) = try length(at: offset, unit: 2)
      let units = (0..<length).map {
        UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1])
      }
      var scalars = String.UnicodeScalarView()
      let failed = transcode(
        units.makeIterator(), from: UTF16.self, to: UTF32.self, stoppingOnError: true
      ) { scalars.append(Unicode.Scalar($0) ?? "\u{FFFD}") }
      guard !failed else { throw error(at: offset, FormatReason(.binaryUnpairedSurrogate)) }
      result = .string(String(scalars))
      size.bytes = 2 * length
    case 0x8:
      throw error(at: offset, FormatReason(.binaryUID))
    case 0xA:
      let (length, start) = try length(at: offset, unit: referenceSize)
      var elements: [PropertyListValue] = []
      elements.reserveCapacity(length)
      for index in 0..<length {
        let reference = try self.reference(at: start + index * referenceSize)
        let element = try value(of: reference, depth: depth + 1)
        try add(element.size, to: &size, at: offset)
        elements.append(element.value)
      }
      result = .array(elements)
    case 0xC:
      throw error(at: offset, FormatReason(.binarySet))
    case 0xD:
      let (length, start) = try length(at: offset, unit: 2 * referenceSize)
      var members: [PropertyListKey: PropertyListValue] = [:]
      members.reserveCapacity(length)
      for index in 0..<length {
        let keyReference = try reference(at: start + index * referenceSize)
        let keyObject = try value(of: keyReference, depth: depth + 1)
        guard case .string(let key) = keyObject.value else {
          throw error(at: try self.offset(of: keyReference), FormatReason(.binaryKeyNotString))
        }
        let valueReference = try reference(at: start + (length + index) * referenceSize)
        let member = try value(of: valueReference, depth: depth + 1)
        try add(keyObject.size, to: &size, at: offset)
        try add(member.size, to: &size, at: offset)
        if members.updateValue(member.value, forKey: PropertyListKey(key)) != nil {
          throw error(at: offset, FormatReason(.binaryDuplicateKey, .text(JSONWriter.quoted(key))))
        }
      }
      result = .dictionary(members)
    default:
      let hex = String(marker, radix: 16, uppercase: true)
      throw error(at: offset, FormatReason(.binaryUnknownType, .text(hex)))
    }
    cache[object] = (result, size)
    return (result, size)
  }

  /// An integer object: 1, 2 and 4 bytes are unsigned, 8 bytes signed, 16 bytes hold
  /// values above `Int.max` (up to `UInt64.max`) or negative ones.
  private func integer(at offset: Int) throws(SourceError) -> PropertyListValue {
    switch bytes[offset] & 0x0F {
    case 0, 1, 2:
      return .integer(Int(try unsigned(at: offset + 1, size: 1 << Int(bytes[offset] & 0x0F))))
    case 3: return .integer(Int(truncatingIfNeeded: try unsigned(at: offset + 1, size: 8)))
    case 4:
      let high = try unsigned(at: offset + 1, size: 8)
      let low = try unsigned(at: offset + 9, size: 8)
      if high == 0 {
        return low <= UInt64(Int.max) ? .integer(Int(low)) : .unsignedInteger(low)
      }
      if high == UInt64.max, low > UInt64(Int.max) {
        return .integer(Int(truncatingIfNeeded: low))
      }
      throw error(at: offset, FormatReason(.binaryIntegerTooLarge))
    default:
      throw error(at: offset, FormatReason(.binaryIntegerSize))
    }
  }

  // MARK: Reading

  /// The count of a data, string or container object and where its content starts; checks
  /// that `count × unit` bytes are there.
  private func length(at offset: Int, unit: Int) throws(SourceError) -> (Int, Int) {
    var count = Int(bytes[offset] & 0x0F)
    var start = offset + 1
    if count == 0x0F {
      guard start < bytes.count, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else {
        throw error(at: offset, FormatReason(.binaryLength))
      }
      let size = 1 << Int(bytes[start] & 0x0F)
      let value = try unsigned(at: start + 1, size: size)
      guard value <= UInt64(bytes.count) else { throw runsPast(offset) }
      count = Int(value)
      start += 1 + size
    }
    guard count <= (offsetTable - min(start, offsetTable)) / max(unit, 1) else {
      throw runsPast(offset)
    }
    return (count, start)
  }

  private func runsPast(_ offset: Int) -> SourceError {
    error(at: offset, FormatReason(.binaryPastObjects))
  }

  private func offset(of object: Int) throws(SourceError) -> Int {
    guard object < objectCount else {
      throw error(at: nil, FormatReason(.binaryReferenceRange, .text(String(object))))
    }
    let value = try unsigned(at: offsetTable + object * offsetSize, size: offsetSize)
    guard value >= 8, value < UInt64(offsetTable) else {
      throw error(
        at: offsetTable + object * offsetSize,
        FormatReason(.binaryOffsetRange, .text(String(object))))
    }
    return Int(value)
  }

  private func reference(at offset: Int) throws(SourceError) -> Int {
    let value = try unsigned(at: offset, size: referenceSize)
    guard value < UInt64(objectCount) else {
      throw error(at: offset, FormatReason(.binaryReferenceRange, .text(String(value))))
    }
    return Int(value)
  }

  /// A big-endian unsigned integer of `size` bytes at `offset`.
  private func unsigned(at offset: Int, size: Int) throws(SourceError) -> UInt64 {
    guard offset >= 0, size <= 8, offset <= bytes.count - size else {
      throw error(at: offset, FormatReason(.binaryTruncated))
    }
    var value: UInt64 = 0
    for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
    return value
  }
}

/// What the binary property lists read for one purpose, such as every page of one schema,
/// may expand to together: ``BinaryPropertyListParser``'s limits (1,000,000 values and
/// 64 MiB of strings and data, or the files' own size and 16 times it) over the files as a
/// whole, so that many small files that each stay under the limits are refused as one
/// file would be. Give the same budget to each read (``PropertyListReader/parse(_:source:budget:)``).
package struct ExpansionBudget: Sendable, Equatable {
  /// The values the files read so far expand to.
  package private(set) var values = 0
  /// The bytes of strings and data the files read so far expand to.
  package private(set) var textBytes = 0
  /// The size of the files read so far.
  package private(set) var fileBytes = 0
  /// How many files were read.
  package private(set) var files = 0
  /// Whether a file was refused because it passed the budget.
  package internal(set) var isExceeded = false

  /// An empty budget.
  package init() {}

  /// Counts a file read: its size and what it expanded to.
  mutating func add(fileBytes: Int, values: Int, textBytes: Int) {
    self.fileBytes += fileBytes
    self.values += values
    self.textBytes += textBytes
    files += 1
  }
}
