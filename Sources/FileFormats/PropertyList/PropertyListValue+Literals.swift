/// Literals, so that values read like the JSON they stand for:
/// `let value: PropertyListValue = ["name": "Taro", "age": 30, "tags": ["a"]]`.
extension PropertyListValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// A `.string`.
  package init(stringLiteral value: String) { self = .string(value) }

  /// An `.integer`.
  package init(integerLiteral value: Int) { self = .integer(value) }

  /// A `.real`.
  package init(floatLiteral value: Double) { self = .real(value) }

  /// A `.bool`.
  package init(booleanLiteral value: Bool) { self = .bool(value) }

  /// An `.array`.
  package init(arrayLiteral elements: PropertyListValue...) { self = .array(elements) }

  /// A `.dictionary`; if a key is repeated (byte for byte), the last value wins.
  package init(dictionaryLiteral elements: (String, PropertyListValue)...) {
    self = .dictionary(
      Dictionary(
        elements.map { (PropertyListKey($0.0), $0.1) }, uniquingKeysWith: { _, last in last }))
  }
}
