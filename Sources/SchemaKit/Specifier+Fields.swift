import FileFormats

/// How a specifier keeps its members: each key Apple or InAppSettingsKit defines in a field of
/// its own, no dictionary per specifier.
extension Specifier {
  /// The members Apple and InAppSettingsKit define. The first nine, which every row and every
  /// load reads, are stored fields of ``Fields``; the others are kept as written, by member,
  /// in ``Fields/details``.
  enum Member: UInt8, CaseIterable {
    case type, title, key, defaultValue, footerText, titles, shortTitles, values, file
    case trueValue, falseValue, displaySortedByTitle, isSecure, keyboardType
    case autocapitalizationType, autocorrectionType, minimumValue, maximumValue
    case addSpecifier, itemSpecifier, deletable, placeholder, viewControllerClass
    case viewControllerStoryBoardId, viewControllerStoryBoardFile, segueIdentifier
    case supportedUserInterfaceIdioms, trueConfirmationPrompt, falseConfirmationPrompt
    case datePickerMode, quickMultiValueSelection, subtitle

    /// The key as written.
    var name: String {
      switch self {
      case .type: SpecifierKey.type
      case .title: SpecifierKey.title
      case .key: SpecifierKey.key
      case .defaultValue: SpecifierKey.defaultValue
      case .footerText: SpecifierKey.footerText
      case .titles: SpecifierKey.titles
      case .shortTitles: SpecifierKey.shortTitles
      case .values: SpecifierKey.values
      case .file: SpecifierKey.file
      case .trueValue: SpecifierKey.trueValue
      case .falseValue: SpecifierKey.falseValue
      case .displaySortedByTitle: SpecifierKey.displaySortedByTitle
      case .isSecure: SpecifierKey.isSecure
      case .keyboardType: SpecifierKey.keyboardType
      case .autocapitalizationType: SpecifierKey.autocapitalizationType
      case .autocorrectionType: SpecifierKey.autocorrectionType
      case .minimumValue: SpecifierKey.minimumValue
      case .maximumValue: SpecifierKey.maximumValue
      case .addSpecifier: SpecifierKey.addSpecifier
      case .itemSpecifier: SpecifierKey.itemSpecifier
      case .deletable: SpecifierKey.deletable
      case .placeholder: SpecifierKey.placeholder
      case .viewControllerClass: SpecifierKey.viewControllerClass
      case .viewControllerStoryBoardId: SpecifierKey.viewControllerStoryBoardId
      case .viewControllerStoryBoardFile: SpecifierKey.viewControllerStoryBoardFile
      case .segueIdentifier: SpecifierKey.segueIdentifier
      case .supportedUserInterfaceIdioms: SpecifierKey.supportedUserInterfaceIdioms
      case .trueConfirmationPrompt: SpecifierKey.trueConfirmationPrompt
      case .falseConfirmationPrompt: SpecifierKey.falseConfirmationPrompt
      case .datePickerMode: SpecifierKey.datePickerMode
      case .quickMultiValueSelection: SpecifierKey.quickMultiValueSelection
      case .subtitle: SpecifierKey.subtitle
      }
    }

    /// The member a key names, or `nil` for a key nobody defines.
    init?(name: String) {
      guard let member = Self.byName[name] else { return nil }
      self = member
    }

    /// The member a key names, from the key's UTF-8 bytes.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
      guard let member = Self.byName[bytes: bytes] else { return nil }
      self = member
    }

    private static let byName = NameTable(allCases.map { ($0.name, $0) })
  }

  /// A specifier's members. The common ones are typed stored fields; a member holding a
  /// value of another type than its field's (a `Title` that is a number) is kept as written
  /// in ``extra`` instead, so that lint sees it and the JSON writer writes it back.
  final class Fields: @unchecked Sendable, Equatable {
    // Only a `Builder` changes a `Fields`, before any specifier holds it, and no access
    // spans a call: the dynamic exclusivity checks would cost every member read.
    @exclusivity(unchecked) var hasType = false
    @exclusivity(unchecked) var title: String?
    @exclusivity(unchecked) var key: String?
    @exclusivity(unchecked) var defaultValue: PropertyListValue?
    @exclusivity(unchecked) var footerText: String?
    @exclusivity(unchecked) var titles: [String]?
    @exclusivity(unchecked) var shortTitles: [String]?
    @exclusivity(unchecked) var values: [PropertyListValue]?
    @exclusivity(unchecked) var file: String?
    /// The other members Apple and InAppSettingsKit define, as written, in member order.
    @exclusivity(unchecked) var details: [(member: Member, value: PropertyListValue)] = []
    /// Keys nobody defines, and defined ones holding a value of another type; `nil` when
    /// there are none (a normal specifier).
    @exclusivity(unchecked) var extra: [String: PropertyListValue]?

    init() {}

    /// A copy to change.
    func copy() -> Fields {
      let copy = Fields()
      copy.hasType = hasType
      copy.title = title
      copy.key = key
      copy.defaultValue = defaultValue
      copy.footerText = footerText
      copy.titles = titles
      copy.shortTitles = shortTitles
      copy.values = values
      copy.file = file
      copy.details = details
      copy.extra = extra
      return copy
    }

    /// One of ``details``.
    func detail(_ member: Member) -> PropertyListValue? {
      // Most specifiers have none: every row, lint and idiom check asks.
      if details.isEmpty { return nil }
      for detail in details where detail.member == member { return detail.value }
      return nil
    }

    /// The strings of an array member kept in ``extra`` (an array with other values in it).
    func extraStrings(_ name: String) -> [String] {
      extra?[name]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// A member as written, from its field; `nil` when it is not there (or in ``extra``).
    func value(of member: Member, kind: Kind) -> PropertyListValue? {
      switch member {
      case .type: hasType ? .string(kind.typeName) : nil
      case .title: title.map(PropertyListValue.string)
      case .key: key.map(PropertyListValue.string)
      case .defaultValue: defaultValue
      case .footerText: footerText.map(PropertyListValue.string)
      case .titles: titles.map { .array($0.map(PropertyListValue.string)) }
      case .shortTitles: shortTitles.map { .array($0.map(PropertyListValue.string)) }
      case .values: values.map(PropertyListValue.array)
      case .file: file.map(PropertyListValue.string)
      default: detail(member)
      }
    }

    /// Whether the member is in its field: ``value(of:kind:)`` is not `nil`, without making
    /// the value (a builder asks for every member it adds).
    func has(_ member: Member) -> Bool {
      switch member {
      case .type: hasType
      case .title: title != nil
      case .key: key != nil
      case .defaultValue: defaultValue != nil
      case .footerText: footerText != nil
      case .titles: titles != nil
      case .shortTitles: shortTitles != nil
      case .values: values != nil
      case .file: file != nil
      default: details.contains { $0.member == member }
      }
    }

    /// Every member, as a dictionary.
    func dictionary(kind: Kind) -> [String: PropertyListValue] {
      var result = extra ?? [:]
      for member in Member.allCases {
        if let value = value(of: member, kind: kind) { result[member.name] = value }
      }
      return result
    }

    static func == (lhs: Fields, rhs: Fields) -> Bool {
      lhs === rhs
        || (lhs.hasType == rhs.hasType && lhs.title == rhs.title && lhs.key == rhs.key
          && lhs.defaultValue == rhs.defaultValue && lhs.footerText == rhs.footerText
          && lhs.titles == rhs.titles && lhs.shortTitles == rhs.shortTitles
          && lhs.values == rhs.values && lhs.file == rhs.file
          && lhs.details.elementsEqual(rhs.details) {
            $0.member == $1.member && $0.value == $1.value
          }
          && lhs.extra == rhs.extra)
    }
  }

  /// The last `Titles`, `ShortTitles` and `Values` stored (as read, and as stored), shared
  /// by the next equal ones instead of held twice: a schema's multi-values often offer the
  /// same choices.
  struct SharedArrays {
    var titles: (read: [PropertyListValue], stored: [String]) = ([], [])
    var shortTitles: (read: [PropertyListValue], stored: [String]) = ([], [])
    var values: [PropertyListValue] = []
  }

  /// Makes a specifier one member at a time, as a reader reads them.
  struct Builder {
    private var fields: Fields
    private var kind: Kind = .other("")
    /// The arrays shared between the specifiers this builder makes.
    var shared: SharedArrays

    init(sharing shared: SharedArrays = SharedArrays()) {
      fields = Fields()
      self.shared = shared
    }

    /// A builder holding a specifier's members, to change some.
    init(copying fields: Fields, kind: Kind) {
      self.fields = fields.copy()
      self.kind = kind
      shared = SharedArrays()
    }

    /// Adds the member `name`; `false` (and nothing changed) when the specifier has it
    /// already.
    mutating func add(_ name: String, _ value: PropertyListValue) -> Bool {
      guard let member = Member(name: name) else {
        guard fields.extra?[name] == nil else { return false }
        if fields.extra == nil { fields.extra = [:] }
        fields.extra?[name] = value
        return true
      }
      return add(member, value)
    }

    /// Adds a member Apple or InAppSettingsKit defines; `false` (and nothing changed) when
    /// the specifier has it already.
    mutating func add(_ member: Member, _ value: PropertyListValue) -> Bool {
      if fields.extra?[member.name] != nil || fields.has(member) {
        return false
      }
      if !store(member, value) {
        if fields.extra == nil { fields.extra = [:] }
        fields.extra?[member.name] = value
      }
      return true
    }

    /// Puts a member in its field; `false` when the value is not of the field's type.
    private mutating func store(_ member: Member, _ value: PropertyListValue) -> Bool {
      switch (member, value) {
      case (.type, .string(let name)):
        fields.hasType = true
        kind = Kind(typeName: name)
      case (.title, .string(let text)): fields.title = text
      case (.key, .string(let text)): fields.key = text
      case (.defaultValue, _): fields.defaultValue = value
      case (.footerText, .string(let text)): fields.footerText = text
      case (.titles, .array(let elements)):
        guard let strings = Self.strings(elements, sharing: &shared.titles) else { return false }
        fields.titles = strings
      case (.shortTitles, .array(let elements)):
        guard let strings = Self.strings(elements, sharing: &shared.shortTitles) else {
          return false
        }
        fields.shortTitles = strings
      case (.values, .array(let elements)):
        if elements != shared.values { shared.values = elements }
        fields.values = shared.values
      case (.file, .string(let text)): fields.file = text
      case (.type, _), (.title, _), (.key, _), (.footerText, _), (.titles, _), (.shortTitles, _),
        (.values, _), (.file, _):
        return false
      default:
        let position = fields.details.firstIndex { $0.member.rawValue > member.rawValue }
        fields.details.insert((member, value), at: position ?? fields.details.count)
      }
      return true
    }

    /// The elements as strings, shared with the last equal array; `nil` when one is not a
    /// string.
    private static func strings(
      _ elements: [PropertyListValue],
      sharing last: inout (read: [PropertyListValue], stored: [String])
    ) -> [String]? {
      if elements == last.read { return last.stored }
      var strings: [String] = []
      strings.reserveCapacity(elements.count)
      for element in elements {
        guard case .string(let text) = element else { return nil }
        strings.append(text)
      }
      last = (elements, strings)
      return strings
    }

    /// Takes out the member `name`.
    mutating func remove(_ name: String) {
      fields.extra?[name] = nil
      if fields.extra?.isEmpty == true { fields.extra = nil }
      switch Member(name: name) {
      case nil: break
      case .type?:
        fields.hasType = false
        kind = .other("")
      case .title?: fields.title = nil
      case .key?: fields.key = nil
      case .defaultValue?: fields.defaultValue = nil
      case .footerText?: fields.footerText = nil
      case .titles?: fields.titles = nil
      case .shortTitles?: fields.shortTitles = nil
      case .values?: fields.values = nil
      case .file?: fields.file = nil
      case let member?: fields.details.removeAll { $0.member == member }
      }
    }

    /// The specifier, at `index` of its page.
    consuming func specifier(index: Int) -> Specifier {
      Specifier(index: index, kind: kind, fields: fields)
    }
  }
}
