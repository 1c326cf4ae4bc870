/// A schema that cannot be used, with where and why.
public struct SchemaError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The file (or name) the problem is in.
  public var source: String
  /// The specifier's index in `PreferenceSpecifiers`, when the problem is in one.
  public var specifierIndex: Int?
  /// What is wrong and what to do about it.
  public var message: String

  public init(source: String, specifierIndex: Int? = nil, message: String) {
    self.source = source
    self.specifierIndex = specifierIndex
    self.message = message
  }

  public var description: String {
    if let specifierIndex {
      return "\(source): PreferenceSpecifiers[\(specifierIndex)]: \(message)"
    }
    return "\(source): \(message)"
  }
}
