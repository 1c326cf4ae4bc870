import FileFormats

/// One entry of a page's `PreferenceSpecifiers`: a group, a setting, or a link to a page.
///
/// The keys are those of Apple's Settings.bundle (`Type`, `Title`, `Key`, `DefaultValue`,
/// `Titles`, `Values`, …); anything else is kept in ``raw`` so that extensions can read it.
public struct Specifier: Sendable, Equatable {
  /// The kind of specifier, from its `Type`.
  public enum Kind: Sendable, Equatable, Hashable {
    case group
    case toggleSwitch
    case multiValue
    case radioGroup
    case textField
    case slider
    case titleValue
    case childPane
    /// A type this version does not know; shown read-only with its name.
    case other(String)

    /// The kind named by a `Type` string.
    public init(typeName: String) {
      switch typeName {
      case "PSGroupSpecifier": self = .group
      case "PSToggleSwitchSpecifier": self = .toggleSwitch
      case "PSMultiValueSpecifier": self = .multiValue
      case "PSRadioGroupSpecifier": self = .radioGroup
      case "PSTextFieldSpecifier": self = .textField
      case "PSSliderSpecifier": self = .slider
      case "PSTitleValueSpecifier": self = .titleValue
      case "PSChildPaneSpecifier": self = .childPane
      default: self = .other(typeName)
      }
    }

    /// The `Type` string of this kind.
    public var typeName: String {
      switch self {
      case .group: "PSGroupSpecifier"
      case .toggleSwitch: "PSToggleSwitchSpecifier"
      case .multiValue: "PSMultiValueSpecifier"
      case .radioGroup: "PSRadioGroupSpecifier"
      case .textField: "PSTextFieldSpecifier"
      case .slider: "PSSliderSpecifier"
      case .titleValue: "PSTitleValueSpecifier"
      case .childPane: "PSChildPaneSpecifier"
      case .other(let name): name
      }
    }

    /// Whether specifiers of this kind start a section.
    public var startsSection: Bool { self == .group || self == .radioGroup }
  }

  /// The specifier's kind.
  public var kind: Kind
  /// Its position in the page's `PreferenceSpecifiers`, from 0, for messages.
  public var index: Int
  /// Every key as written.
  public var raw: [String: PropertyListValue] {
    didSet { fields = Fields(raw) }
  }
  /// The keys read for every row shown, taken out of ``raw`` once: each read of ``raw``
  /// hashes its key, and a screen reads these many times per row. A class, so that copying a
  /// specifier (rows hold them) retains one object, not every field.
  private var fields: Fields

  private final class Fields: Sendable, Equatable {
    let title: String?
    let key: String?
    let footerText: String?
    let titles: [String]
    let shortTitles: [String]
    let values: [PropertyListValue]
    let defaultValue: PropertyListValue?

    init(_ raw: [String: PropertyListValue]) {
      title = raw["Title"]?.stringValue
      key = raw["Key"]?.stringValue
      footerText = raw["FooterText"]?.stringValue
      titles = raw["Titles"]?.arrayValue?.compactMap(\.stringValue) ?? []
      shortTitles = raw["ShortTitles"]?.arrayValue?.compactMap(\.stringValue) ?? []
      values = raw["Values"]?.arrayValue ?? []
      defaultValue = raw["DefaultValue"]
    }

    /// Always equal: the fields are a function of ``Specifier/raw``, which specifiers compare.
    static func == (lhs: Fields, rhs: Fields) -> Bool { true }
  }

  /// Creates a specifier from its dictionary.
  public init(index: Int, raw: [String: PropertyListValue]) {
    self.index = index
    self.raw = raw
    self.kind = Kind(typeName: raw["Type"]?.stringValue ?? "")
    self.fields = Fields(raw)
  }

  /// The `Title`, not yet localized.
  public var title: String? { fields.title }
  /// The `Key` under which the value is stored.
  public var key: String? { fields.key }
  /// The `DefaultValue`.
  public var defaultValue: PropertyListValue? { fields.defaultValue }
  /// The `FooterText` of a group or radio group, not yet localized.
  public var footerText: String? { fields.footerText }
  /// The `Titles` of a multi-value or radio group, not yet localized.
  public var titles: [String] { fields.titles }
  /// The `ShortTitles` of a multi-value, not yet localized.
  public var shortTitles: [String] { fields.shortTitles }
  /// The `Values` of a multi-value, radio group or title value.
  public var values: [PropertyListValue] { fields.values }
  /// The `File` of a child pane: the page it opens.
  public var file: String? { raw["File"]?.stringValue }
  /// The value a toggle stores when on: `TrueValue`, else `true`.
  public var trueValue: PropertyListValue { raw["TrueValue"] ?? .bool(true) }
  /// The value a toggle stores when off: `FalseValue`, else `false`.
  public var falseValue: PropertyListValue { raw["FalseValue"] ?? .bool(false) }
  /// Whether a multi-value lists its choices sorted by title.
  public var displaysSortedByTitle: Bool { raw["DisplaySortedByTitle"]?.boolValue ?? false }
}
