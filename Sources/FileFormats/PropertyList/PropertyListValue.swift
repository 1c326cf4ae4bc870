/// A value a property list can hold: the vocabulary of the store and of schemas.
///
/// Property lists have no `null`; an absent key is the only way to say "no value".
/// Integers and reals are distinct kinds: `.integer(1)` is not equal to `.real(1)`, so a
/// value read from a file is written back with the kind it had.
///
/// Equality treats two `.real` NaNs as equal (and hashes them alike), so that a store that
/// holds a NaN still compares equal to itself and an unchanged store is not rewritten.
package enum PropertyListValue: Sendable {
  /// A Unicode string (`<string>`, a JSON string).
  case string(String)
  /// A signed 64-bit integer (`<integer>`, a JSON number without fraction or exponent).
  case integer(Int)
  /// An integer above `Int64.max`, up to `UInt64.max`, as a property list or a JSON file
  /// may hold one (Foundation's `NSNumber` keeps unsigned 64-bit values). Readers make it
  /// only for numbers ``integer(_:)`` cannot hold, so that such a value is written back
  /// exactly.
  case unsignedInteger(UInt64)
  /// A double-precision floating-point number (`<real>`, a JSON number with a fraction or
  /// an exponent).
  case real(Double)
  /// A Boolean (`<true/>`, `<false/>`, JSON `true`, `false`).
  case bool(Bool)
  /// A point in time (`<date>`). JSON has no dates; see ``JSONWriter``.
  case date(PropertyListDate)
  /// Raw bytes (`<data>`). JSON has no bytes; see ``JSONWriter``.
  case data([UInt8])
  /// An ordered list of values.
  case array([PropertyListValue])
  /// A map from string keys to values.
  case dictionary([PropertyListKey: PropertyListValue])
}

extension PropertyListValue {
  /// The string, if this is a `.string`.
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer, if this is an `.integer`.
  package var intValue: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The number as a `Double`, if this is a `.real` or an `.integer`.
  package var doubleValue: Double? {
    switch self {
    case .real(let value): return value
    case .integer(let value): return Double(value)
    case .unsignedInteger(let value): return Double(value)
    default: return nil
    }
  }

  /// The Boolean, if this is a `.bool`.
  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The date, if this is a `.date`.
  package var dateValue: PropertyListDate? {
    if case .date(let value) = self { return value }
    return nil
  }

  /// The bytes, if this is a `.data`.
  package var dataValue: [UInt8]? {
    if case .data(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an `.array`.
  package var arrayValue: [PropertyListValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, if this is a `.dictionary`.
  package var dictionaryValue: [PropertyListKey: PropertyListValue]? {
    if case .dictionary(let value) = self { return value }
    return nil
  }

  /// The member named `key`, if this is a `.dictionary` that has it; otherwise `nil`.
  package subscript(key: String) -> PropertyListValue? {
    dictionaryValue?[key]
  }

  /// The kind of value, for messages: `"string"`, `"integer"`, `"real"`, `"boolean"`,
  /// `"date"`, `"data"`, `"array"` or `"dictionary"`.
  package var typeName: String {
    switch self {
    case .string: "string"
    case .integer, .unsignedInteger: "integer"
    case .real: "real"
    case .bool: "boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    }
  }
}

extension PropertyListValue: Hashable {
  /// Whether two values are of the same kind and equal; two NaN reals are equal.
  package static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
    case (.real(let a), .real(let b)): a == b || (a.isNaN && b.isNaN)
    case (.bool(let a), .bool(let b)): a == b
    case (.date(let a), .date(let b)): a == b
    case (.data(let a), .data(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)): a == b
    default: false
    }
  }

  /// Hashes the kind and the value, consistently with ``==(_:_:)``.
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let value): hasher.combine(0 as UInt8); hasher.combine(value)
    case .integer(let value): hasher.combine(1 as UInt8); hasher.combine(value)
    case .real(let value):
      hasher.combine(2 as UInt8)
      if value.isNaN { hasher.combine(Double.nan.bitPattern) } else { hasher.combine(value) }
    case .unsignedInteger(let value): hasher.combine(8 as UInt8); hasher.combine(value)
    case .bool(let value): hasher.combine(3 as UInt8); hasher.combine(value)
    case .date(let value): hasher.combine(4 as UInt8); hasher.combine(value)
    case .data(let value): hasher.combine(5 as UInt8); hasher.combine(value)
    case .array(let value): hasher.combine(6 as UInt8); hasher.combine(value)
    case .dictionary(let value): hasher.combine(7 as UInt8); hasher.combine(value)
    }
  }
}

extension PropertyListValue: CustomStringConvertible, CustomDebugStringConvertible {
  /// The value on one line, JSON-like, so that kinds stay distinguishable: strings quoted
  /// and escaped, reals always with a `.` or an exponent (or `nan`, `inf`, `-inf`),
  /// dictionary keys sorted, dates as
  /// `date(2026-11-30T00:00:00Z)` and data as `data(<base64>)`.
  package var debugDescription: String {
    switch self {
    case .real(let value) where !value.isFinite: value.isNaN ? "nan" : value < 0 ? "-inf" : "inf"
    case .date(let value): "date(\(ISO8601Date.string(from: value)))"
    case .data(let value): "data(\(Base64.encode(value)))"
    case .array(let values): "[" + values.map(\.debugDescription).joined(separator: ", ") + "]"
    case .dictionary(let members):
      "{"
        + JSONWriter.sortedKeys(members).map { key in
          JSONWriter.quoted(key) + ": " + (members[key]?.debugDescription ?? "")
        }.joined(separator: ", ") + "}"
    default: JSONWriter.serialize(self, pretty: false)
    }
  }

  /// The same text as ``debugDescription``: there is no unambiguous plainer form.
  package var description: String { debugDescription }
}
