/// The position of a row in a table view: a section, and a row within that section.
///
/// Index paths order section first, then row, as UIKit's do.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the row within its section.
  public var row: Int
  /// The index of the section in the table view.
  public var section: Int

  /// Creates an index path for a row in a section.
  public init(row: Int, section: Int) {
    self.row = row
    self.section = section
  }

  /// Whether `lhs` comes before `rhs`: an earlier section, or the same section and an
  /// earlier row.
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// The index path as `[section, row]`.
  public var description: String { "[\(section), \(row)]" }
}
