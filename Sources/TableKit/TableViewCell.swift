/// One row of a table view: a title, an optional detail text and an accessory.
///
/// As in UIKit, the data source configures a cell for each row it is asked for: a new one
/// (``init(style:reuseIdentifier:)``), or one that left the page, taken back with
/// ``TableView/dequeueReusableCell(withIdentifier:for:)``. The table view keeps the cells of
/// the rows it shows (``TableView/visibleCells``) and no others.
///
/// Subclass it to give a registered prototype its own setup; the designated initializer is
/// `required`, so that `TableView.register(_:forCellReuseIdentifier:)`
/// can make one.
open class TableViewCell {
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
  /// The identifier the cell was created with, under which the table view reuses it.
  public let reuseIdentifier: String?
  /// The accessory shown at the trailing end.
  public var accessoryType: AccessoryType {
    get { storedMarks.accessoryType }
    set { storedMarks.accessoryType = newValue }
  }
  /// Whether the row responds to selection.
  public var selectionStyle: SelectionStyle {
    get { storedMarks.selectionStyle }
    set { storedMarks.selectionStyle = newValue }
  }
  /// Whether the row is shown as dimmed and unselectable.
  public var isEnabled: Bool {
    get { storedMarks.isEnabled }
    set { storedMarks.isEnabled = newValue }
  }

  /// What a row shows besides its texts: its accessory, and whether it can be selected.
  package struct Marks: Equatable {
    package var accessoryType = AccessoryType.none
    package var selectionStyle = SelectionStyle.default
    package var isEnabled = true
  }
  /// The accessory, selection style and enabled state together, so that a screen reads them
  /// in one access of the cell per row rather than three.
  package var marks: Marks { storedMarks }
  /// ``marks``' storage: private, so that only the cell's own accessors reach it, each
  /// reading or assigning it whole, and checked for exclusivity only at compile time. The
  /// run-time check cost every row shown 63 instructions (figure 8: 1,000 of the 36,000 a
  /// command of `1`, `back` on a page of 1,000 settings).
  @exclusivity(unchecked) private var storedMarks = Marks()

  /// The texts, kept in the cell until a label is asked for; from then on the label holds
  /// its text. Most cells are given their texts and never asked for a label: they make no
  /// label objects (a screen of a settings page makes a cell a row).
  @exclusivity(unchecked) private var storedText: String?
  @exclusivity(unchecked) private var storedDetailText: String?
  @exclusivity(unchecked) private var mainLabel: Label?
  @exclusivity(unchecked) private var detailLabel: Label?

  /// The label of the main text, as UIKit's `textLabel`; its `text` is ``text``. The same
  /// label every time.
  public var textLabel: Label? {
    if let mainLabel { return mainLabel }
    let label = Label(text: storedText)
    mainLabel = label
    storedText = nil
    return label
  }

  /// The label of the secondary text, as UIKit's `detailTextLabel`; its `text` is
  /// ``detailText``. `nil` for the `.default` style, which shows no detail text.
  public var detailTextLabel: Label? {
    guard style != .default else { return nil }
    if let detailLabel { return detailLabel }
    let label = Label(text: storedDetailText)
    detailLabel = label
    storedDetailText = nil
    return label
  }

  /// The main text of the row: the text of ``textLabel``.
  public var text: String? {
    get { mainLabel.map(\.text) ?? storedText }
    set {
      if let mainLabel { mainLabel.text = newValue } else { storedText = newValue }
    }
  }

  /// The secondary text: the current value in `.value1`, a subtitle in `.subtitle`; the text
  /// of ``detailTextLabel``.
  public var detailText: String? {
    get { detailLabel.map(\.text) ?? storedDetailText }
    set {
      if let detailLabel { detailLabel.text = newValue } else { storedDetailText = newValue }
    }
  }

  /// Creates a cell with a style and an optional reuse identifier.
  ///
  /// It is `required`: a subclass registered with
  /// `TableView.register(_:forCellReuseIdentifier:)` is made with it.
  public required init(style: Style = .default, reuseIdentifier: String? = nil) {
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

  /// Called when the table view hands the cell out again from its reuse queue, before
  /// ``TableView/dequeueReusableCell(withIdentifier:for:)`` returns it. The default does
  /// nothing: as in UIKit, the data source sets the content; override it to reset state the
  /// data source does not set. Call `super`.
  open func prepareForReuse() {}
}

/// A piece of text in a cell, as UIKit's `UILabel` is for `textLabel` and `detailTextLabel`.
public final class Label {
  /// The text shown, or `nil` for none.
  public var text: String?

  /// Creates a label with a text.
  public init(text: String? = nil) {
    self.text = text
  }
}
