/// One row of a table view: a title, an optional detail text and an accessory.
///
/// As in UIKit, the data source creates and configures a cell for each row it is asked for;
/// the table view never keeps more cells than it shows.
public final class TableViewCell {
  /// How the cell lays out its text and detail text.
  public enum Style: Sendable, Equatable {
    /// Text only; detail text is not shown.
    case `default`
    /// Text on the left, detail text right-aligned (Settings-style).
    case value1
    /// Detail text first, then text (like Contacts).
    case value2
    /// Detail text on a second line below the text.
    case subtitle
  }

  /// The standard mark at the trailing end of a row.
  public enum AccessoryType: Sendable, Equatable {
    /// No accessory.
    case none
    /// A chevron (`›`): selecting the row drills in.
    case disclosureIndicator
    /// A checkmark (`✓`): the row is the chosen one.
    case checkmark
    /// An info button (`ⓘ`).
    case detailButton
    /// An info button and a chevron.
    case detailDisclosureButton
  }

  /// How the cell selects: `.none` rows cannot be selected.
  public enum SelectionStyle: Sendable, Equatable {
    /// The row is selectable.
    case `default`
    /// The row ignores selection.
    case none
  }

  /// The cell's layout style, fixed at creation.
  public let style: Style
  /// The identifier the cell was created with, for callers that reuse cells.
  public let reuseIdentifier: String?
  /// The main text of the row.
  public var text: String?
  /// The secondary text: the current value in `.value1`, a subtitle in `.subtitle`.
  public var detailText: String?
  /// The accessory shown at the trailing end.
  public var accessoryType: AccessoryType = .none
  /// Whether the row responds to selection.
  public var selectionStyle: SelectionStyle = .default
  /// Whether the row is shown as dimmed and unselectable.
  public var isEnabled = true

  /// Creates a cell with a style and an optional reuse identifier.
  public init(style: Style = .default, reuseIdentifier: String? = nil) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
  }

  /// Creates a configured cell in one expression.
  public convenience init(
    style: Style = .default,
    text: String?,
    detailText: String? = nil,
    accessoryType: AccessoryType = .none
  ) {
    self.init(style: style)
    self.text = text
    self.detailText = detailText
    self.accessoryType = accessoryType
  }
}
