import FileFormats

/// One entry of a page's `PreferenceSpecifiers`: a group, a setting, or a link to a page.
///
/// The keys are those of Apple's Settings.bundle (`Type`, `Title`, `Key`, `DefaultValue`,
/// `Titles`, `Values`, …) and InAppSettingsKit's, each read through a property; anything else
/// is kept as written, for ``subscript(member:)`` and ``raw``.
package struct Specifier: Sendable, Equatable {
  /// The kind of specifier, from its `Type`: every type of Apple's Settings.app and of
  /// InAppSettingsKit is a case; any other name is kept in ``other(_:)``.
  package enum Kind: Sendable, Equatable, Hashable {
    case group
    case toggleSwitch
    case multiValue
    case radioGroup
    case textField
    case slider
    case titleValue
    case childPane
    /// InAppSettingsKit's `IASKListGroupSpecifier`: a list of items stored as an array.
    case listGroup
    /// InAppSettingsKit's `IASKTextViewSpecifier`: text over several lines.
    case textView
    /// InAppSettingsKit's `IASKOpenURLSpecifier`: a link that opens a web page.
    case openURL
    /// InAppSettingsKit's `IASKButtonSpecifier`: a button the app handles.
    case button
    /// InAppSettingsKit's `IASKMailComposeSpecifier`: a row that writes a mail.
    case mailCompose
    /// InAppSettingsKit's `IASKCustomViewSpecifier`: a row the app draws.
    case customView
    /// InAppSettingsKit's `IASKDatePickerSpecifier`: a date.
    case datePicker
    /// A type this version does not know; shown read-only with its name.
    case other(String)

    /// The types of Apple's Settings.app, in the order of Apple's reference.
    package static let appleKinds: [Kind] = [
      .group, .toggleSwitch, .multiValue, .radioGroup, .textField, .slider, .titleValue,
      .childPane,
    ]

    /// The types InAppSettingsKit adds (its `IASKSettingsReader.h`).
    package static let inAppSettingsKitKinds: [Kind] = [
      .listGroup, .textView, .openURL, .button, .mailCompose, .customView, .datePicker,
    ]

    /// The kind named by a `Type` string.
    package init(typeName: String) {
      self = Self.byTypeName[typeName] ?? .other(typeName)
    }

    /// The kind whose `Type` is `bytes` in UTF-8, when it is one of Apple's or
    /// InAppSettingsKit's: a page read from its bytes makes no String of a known type.
    init?(knownTypeName bytes: UnsafeBufferPointer<UInt8>) {
      guard let kind = Self.byTypeName[bytes: bytes] else { return nil }
      self = kind
    }

    /// The kind named by a `Type` of printable ASCII given as its bytes: the same as
    /// ``init(typeName:)`` of their text, without making a `String` of a name it knows.
    init(typeNameBytes bytes: UnsafeBufferPointer<UInt8>) {
      self = Kind(knownTypeName: bytes) ?? .other(String(decoding: bytes, as: UTF8.self))
    }

    private static let byTypeName = NameTable(
      (appleKinds + inAppSettingsKitKinds).map { ($0.typeName, $0) })

    /// The `Type` string of this kind.
    package var typeName: String {
      switch self {
      case .group: "PSGroupSpecifier"
      case .toggleSwitch: "PSToggleSwitchSpecifier"
      case .multiValue: "PSMultiValueSpecifier"
      case .radioGroup: "PSRadioGroupSpecifier"
      case .textField: "PSTextFieldSpecifier"
      case .slider: "PSSliderSpecifier"
      case .titleValue: "PSTitleValueSpecifier"
      case .childPane: "PSChildPaneSpecifier"
      case .listGroup: "IASKListGroupSpecifier"
      case .textView: "IASKTextViewSpecifier"
      case .openURL: "IASKOpenURLSpecifier"
      case .button: "IASKButtonSpecifier"
      case .mailCompose: "IASKMailComposeSpecifier"
      case .customView: "IASKCustomViewSpecifier"
      case .datePicker: "IASKDatePickerSpecifier"
      case .other(let name): name
      }
    }

    /// Whether specifiers of this kind start a section.
    package var startsSection: Bool { self == .group || self == .radioGroup }

    /// Whether specifiers of this kind store a value under their `Key`.
    package var storesValue: Bool {
      switch self {
      case .toggleSwitch, .multiValue, .radioGroup, .textField, .slider, .titleValue: true
      case .listGroup, .textView, .customView, .datePicker: true
      case .group, .childPane, .openURL, .button, .mailCompose, .other: false
      }
    }
  }

  /// The specifier's kind.
  package var kind: Kind
  /// Its position in the page's `PreferenceSpecifiers`, from 0, for messages.
  package var index: Int
  /// The members, each in a stored field (see ``Specifier/Fields``). A class, so that copying
  /// a specifier (rows hold them) retains one object, not every field.
  @usableFromInline let fields: Fields

  /// Creates a specifier from its dictionary.
  package init(index: Int, raw: [PropertyListKey: PropertyListValue]) {
    var builder = Builder()
    for (name, value) in raw { _ = builder.add(name.string, value) }
    self = builder.specifier(index: index)
  }

  /// Creates a multi-value from its dictionary whose value is a set of its choices
  /// (``allowsMultipleSelection``): a GSettings flags key.
  package init(index: Int, multipleSelectionRaw raw: [PropertyListKey: PropertyListValue]) {
    var builder = Builder()
    for (name, value) in raw { _ = builder.add(name.string, value) }
    builder.allowMultipleSelection()
    self = builder.specifier(index: index)
  }

  init(index: Int, kind: Kind, fields: Fields) {
    self.index = index
    self.kind = kind
    self.fields = fields
  }

  /// Every member as written, as one dictionary: for the few readers that need them all
  /// (the JSON writer, the translations' lint). Made on each read; setting it replaces every
  /// member (``allowsMultipleSelection``, which is none, stays).
  package var raw: [PropertyListKey: PropertyListValue] {
    get { fields.dictionary(kind: kind) }
    set {
      self =
        allowsMultipleSelection
        ? Specifier(index: index, multipleSelectionRaw: newValue)
        : Specifier(index: index, raw: newValue)
    }
  }

  /// The member `name` as written, or `nil` when the specifier has none: what lint checks
  /// (a `Title` that is not a string is kept as written, and so is any key nobody defines).
  /// Setting it replaces that member only.
  package subscript(member name: String) -> PropertyListValue? {
    get {
      if let member = Member(name: name), let value = fields.value(of: member, kind: kind) {
        return value
      }
      return fields.extra?[name]
    }
    set {
      var builder = Builder(copying: fields, kind: kind)
      builder.remove(name)
      if let newValue { _ = builder.add(name, newValue) }
      self = builder.specifier(index: index)
    }
  }

  /// A member Apple or InAppSettingsKit defines, as written, as the subscript by name gives
  /// it, without looking the name up: what lint asks of every specifier.
  subscript(member member: Member) -> PropertyListValue? {
    fields.value(of: member, kind: kind) ?? fields.extra?[member.name]
  }

  /// Whether the specifier has `member`, as written (its subscript is not `nil`), without
  /// making the value.
  func has(_ member: Member) -> Bool {
    fields.has(member) || fields.extra?[member.name] != nil
  }

  /// The `Title`, not yet localized.
  package var title: String? { fields.title }
  /// The `Key` under which the value is stored.
  package var key: String? { fields.key }
  /// The first of `specifiers` at or after `position` that has a `Key`, and the key: looked
  /// for in place, in the specifiers' fields, as an index of settings by key walks a page.
  package static func firstKeyed(in specifiers: [Specifier], from position: Int) -> (
    position: Int, key: String
  )? {
    specifiers.withUnsafeBufferPointer { buffer in
      var index = max(position, 0)
      while index < buffer.count {
        if let key = buffer[index].fields.key { return (index, key) }
        index += 1
      }
      return nil
    }
  }
  /// The `DefaultValue`.
  package var defaultValue: PropertyListValue? { fields.defaultValue }
  /// The `FooterText` of a group or radio group, not yet localized.
  package var footerText: String? { fields.footerText }
  /// The `Titles` of a multi-value or radio group, not yet localized. A title that is a
  /// number is its text (`5`, `0.5`), as InAppSettingsKit shows it; one of another type is
  /// empty, keeping the others at their values' places.
  package var titles: [String] { fields.titles ?? fields.extraTitles(SpecifierKey.titles) }
  /// The `ShortTitles` of a multi-value, not yet localized, read as ``titles``.
  package var shortTitles: [String] {
    fields.shortTitles ?? fields.extraTitles(SpecifierKey.shortTitles)
  }
  /// The `Values` of a multi-value, radio group or title value.
  package var values: [PropertyListValue] { fields.values ?? [] }
  /// The `File` of a child pane: the page it opens.
  package var file: String? { fields.file }
  /// The value a toggle stores when on: `TrueValue`, else `true`.
  package var trueValue: PropertyListValue { fields.detail(.trueValue) ?? .bool(true) }
  /// The value a toggle stores when off: `FalseValue`, else `false`.
  package var falseValue: PropertyListValue { fields.detail(.falseValue) ?? .bool(false) }
  /// Whether a multi-value's value is a set of its choices, each chosen on its own: an array
  /// of its `Values`, in their order (a GSettings flags key). Its list puts a ✓ on each
  /// value in the array, and choosing a row adds or takes out that value. No key of a
  /// schema file sets it: Settings.app stores one value of a multi-value, so a bundle could
  /// not share such a setting with the app. Only ``init(index:multipleSelectionRaw:)``
  /// makes one.
  package var allowsMultipleSelection: Bool { fields.allowsMultipleSelection }
  /// Whether a multi-value lists its choices sorted by title.
  package var displaysSortedByTitle: Bool {
    fields.detail(.displaySortedByTitle)?.boolValue ?? false
  }
  /// Whether a text field hides what is typed: `IsSecure`.
  package var isSecure: Bool { fields.detail(.isSecure)?.boolValue ?? false }
  /// A text field's `KeyboardType`, such as `NumberPad`.
  package var keyboardType: String? { fields.detail(.keyboardType)?.stringValue }
  /// A text field's `AutocapitalizationType`, such as `Words`.
  package var autocapitalizationType: String? {
    fields.detail(.autocapitalizationType)?.stringValue
  }
  /// A slider's `MinimumValue`, else 0.
  package var minimumValue: Double { fields.detail(.minimumValue)?.numberValue ?? 0 }
  /// A slider's `MaximumValue`, else 1.
  package var maximumValue: Double { fields.detail(.maximumValue)?.numberValue ?? 1 }
  /// Whether a list group's items may be deleted: `Deletable`, else `true`.
  package var isDeletable: Bool { fields.detail(.deletable)?.boolValue ?? true }

  /// A specifier dictionary nested in this one, such as a list group's
  /// ``SpecifierKey/itemSpecifier`` or ``SpecifierKey/addSpecifier``.
  package func nestedSpecifier(_ member: String) -> [PropertyListKey: PropertyListValue]? {
    self[member: member]?.dictionaryValue
  }

  /// A list group's nested specifier (``SpecifierKey/itemSpecifier`` or
  /// ``SpecifierKey/addSpecifier``) as a specifier of its own at this one's place, titled like
  /// the list so that messages about an item name the list.
  package func itemSpecifier(in member: String) -> Specifier? {
    guard var nested = nestedSpecifier(member) else { return nil }
    nested[SpecifierKey.title] = title.map { .string($0) }
    return Specifier(index: index, raw: nested)
  }
}
