import FileFormats

/// How a specifier keeps its members: each key Apple or InAppSettingsKit defines in a field of
/// its own, no dictionary per specifier.
extension Specifier {
  /// The members Apple and InAppSettingsKit define. The first nine, which every row and every
  /// load reads, are stored fields of ``Fields``; the others are kept as written, by member,
  /// in ``Fields/details``.
  package enum Member: UInt8, CaseIterable {
    case type, title, key, defaultValue, footerText, titles, shortTitles, values, file
    case trueValue, falseValue, displaySortedByTitle, isSecure, keyboardType
    case autocapitalizationType, autocorrectionType, minimumValue, maximumValue
    case addSpecifier, itemSpecifier, deletable, placeholder, viewControllerClass
    case viewControllerStoryBoardId, viewControllerStoryBoardFile, segueIdentifier
    case supportedUserInterfaceIdioms, trueConfirmationPrompt, falseConfirmationPrompt
    case datePickerMode, quickMultiValueSelection, subtitle, visibleWhen

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
      case .visibleWhen: SpecifierKey.visibleWhen
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
  @usableFromInline final class Fields: @unchecked Sendable, Equatable {
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
    @exclusivity(unchecked) var details: [(member: Member, value: PropertyListValue)] = [] {
      didSet {
        hasSubtitle = has(.subtitle)
        let written = detail(.visibleWhen)
        hasVisibleWhen = written != nil
        visibleWhen = written.flatMap { try? VisibleWhen.parse($0).get() }
      }
    }
    /// Whether ``details`` hold a `VisibleWhen`, and the conditions it writes when they can
    /// be read: read once, as the member is added, not for every row shown.
    @exclusivity(unchecked) private(set) var hasVisibleWhen = false
    @exclusivity(unchecked) private(set) var visibleWhen: VisibleWhen?
    /// Whether ``details`` hold an `IASKSubtitle`, kept as they change (rarely: most
    /// specifiers have no details), for ``Specifier/hasSubtitle``.
    @usableFromInline @exclusivity(unchecked) private(set) var hasSubtitle = false
    /// Keys nobody defines, and defined ones holding a value of another type; `nil` when
    /// there are none (a normal specifier).
    @exclusivity(unchecked) var extra: [PropertyListKey: PropertyListValue]?
    /// ``Specifier/allowsMultipleSelection``: not a member, so no file sets it.
    @exclusivity(unchecked) var allowsMultipleSelection = false

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
      copy.allowsMultipleSelection = allowsMultipleSelection
      return copy
    }

    /// One of ``details``.
    func detail(_ member: Member) -> PropertyListValue? {
      // Most specifiers have none: asked for every specifier at load (the idioms).
      guard !details.isEmpty else { return nil }
      for detail in details where detail.member == member { return detail.value }
      return nil
    }

    /// The array `name` of ``extra`` as titles: a string as it is, a number as its text
    /// (`5`, `0.5`), anything else as `""`, each at its place.
    func extraTitles(_ name: String) -> [String] {
      extra?[name]?.arrayValue?.map { element in
        switch element {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .unsignedInteger(let number): return String(number)
        case .real(let number):
          let whole = number.rounded() == number && abs(number) < 1e15
          return whole ? String(Int64(number)) : String(number)
        default: return ""
        }
      } ?? []
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
    func dictionary(kind: Kind) -> [PropertyListKey: PropertyListValue] {
      var result = extra ?? [:]
      for member in Member.allCases {
        if let value = value(of: member, kind: kind) { result[member.name] = value }
      }
      return result
    }

    @usableFromInline static func == (lhs: Fields, rhs: Fields) -> Bool {
      lhs === rhs
        || (lhs.hasType == rhs.hasType && lhs.title == rhs.title
          && lhs.key.map { PropertyListKey($0) } == rhs.key.map { PropertyListKey($0) }
          && lhs.defaultValue == rhs.defaultValue && lhs.footerText == rhs.footerText
          && lhs.titles == rhs.titles && lhs.shortTitles == rhs.shortTitles
          && lhs.values == rhs.values && lhs.file == rhs.file
          && lhs.details.elementsEqual(rhs.details) {
            $0.member == $1.member && $0.value == $1.value
          }
          && lhs.extra == rhs.extra
          && lhs.allowsMultipleSelection == rhs.allowsMultipleSelection)
    }
  }

  /// The last `Titles`, `ShortTitles` and `Values` stored (as read, and as stored), shared
  /// by the next equal ones instead of held twice: a schema's multi-values often offer the
  /// same choices. One object for every builder of a page or a file, so that making a
  /// builder copies none of the arrays.
  final class SharedArrays {
    /// An array of strings as read, and as stored.
    private typealias Strings = (read: [PropertyListValue], stored: [String])

    // Used by one reader at a time, and no access spans a call.
    @exclusivity(unchecked) private var lastTitles: Strings = ([], [])
    @exclusivity(unchecked) private var lastShortTitles: Strings = ([], [])
    @exclusivity(unchecked) private var lastValues: [PropertyListValue] = []

    /// `Titles` read as `elements`, as strings: the last ones stored when they are equal to
    /// the last read; `nil` when one is not a string.
    func titles(_ elements: [PropertyListValue]) -> [String]? {
      Self.strings(elements, sharing: &lastTitles)
    }

    /// `ShortTitles` read as `elements`, as ``titles(_:)`` gives `Titles`.
    func shortTitles(_ elements: [PropertyListValue]) -> [String]? {
      Self.strings(elements, sharing: &lastShortTitles)
    }

    /// `Values` read as `elements`: the last ones stored when they are equal.
    func values(_ elements: [PropertyListValue]) -> [PropertyListValue] {
      if elements != lastValues { lastValues = elements }
      return lastValues
    }

    /// The elements as strings, shared with the last equal array; `nil` when one is not a
    /// string.
    private static func strings(_ elements: [PropertyListValue], sharing last: inout Strings)
      -> [String]?
    {
      if elements == last.read { return last.stored }
      guard let strings = strings(elements) else { return nil }
      last = (elements, strings)
      return strings
    }

    /// The elements as strings, `nil` when one is not a string.
    static func strings(_ elements: [PropertyListValue]) -> [String]? {
      var strings: [String] = []
      strings.reserveCapacity(elements.count)
      for element in elements {
        guard case .string(let text) = element else { return nil }
        strings.append(text)
      }
      return strings
    }
  }

  /// Makes a specifier one member at a time, as a reader reads them.
  struct Builder {
    private var fields: Fields
    private var kind: Kind = .other("")
    /// The arrays shared between the specifiers this builder's reader makes, if any.
    private let shared: SharedArrays?

    /// A builder of a new specifier, sharing arrays equal to the last ones through `shared`.
    init(sharing shared: SharedArrays? = nil) {
      fields = Fields()
      self.shared = shared
    }

    /// A builder holding a specifier's members, to change some.
    init(copying fields: Fields, kind: Kind) {
      self.fields = fields.copy()
      self.kind = kind
      shared = nil
    }

    /// Whether the specifier has the member, in its field or (holding a value of another
    /// type) among the extras.
    private func has(_ member: Member) -> Bool {
      fields.has(member) || fields.extra?[member.name] != nil
    }

    /// Adds the member `name`; `false` (and nothing changed) when the specifier has it
    /// already.
    mutating func add(_ name: String, _ value: PropertyListValue) -> Bool {
      guard let member = Member(name: name) else {
        guard fields.extra?[name] == nil else { return false }
        addExtra(name, value)
        return true
      }
      return add(member, value)
    }

    /// Adds a member Apple or InAppSettingsKit defines; `false` (and nothing changed) when
    /// the specifier has it already.
    mutating func add(_ member: Member, _ value: PropertyListValue) -> Bool {
      guard !has(member) else { return false }
      if !store(member, value) { addExtra(member.name, value) }
      return true
    }

    /// Adds a member whose value is the string `text`: what adding `.string(text)` does,
    /// without making that value when the member's field holds a string (the `Title`,
    /// `Key`, `FooterText` and `File` of every specifier read).
    mutating func add(_ member: Member, string text: String) -> Bool {
      guard !has(member) else { return false }
      if !store(member, string: text) {
        let value = PropertyListValue.string(text)
        if !store(member, value) { addExtra(member.name, value) }
      }
      return true
    }

    /// Adds the `Type` that names `kind`: what adding that name as a string does, for a
    /// reader that knew the kind from the name's bytes.
    mutating func add(type kind: Kind) -> Bool {
      guard !has(.type) else { return false }
      fields.hasType = true
      self.kind = kind
      return true
    }

    /// Keeps a member nobody defines, or a defined one whose value is not of its field's
    /// type, as written.
    private mutating func addExtra(_ name: String, _ value: PropertyListValue) {
      if fields.extra == nil { fields.extra = [:] }
      fields.extra?[name] = value
    }

    /// Puts a member whose field holds a string in its field; `false` for other members.
    private mutating func store(_ member: Member, string text: String) -> Bool {
      switch member {
      case .type:
        fields.hasType = true
        kind = Kind(typeName: text)
      case .title: fields.title = text
      case .key: fields.key = text
      case .footerText: fields.footerText = text
      case .file: fields.file = text
      default: return false
      }
      return true
    }

    /// Puts a member in its field; `false` when the value is not of the field's type.
    private mutating func store(_ member: Member, _ value: PropertyListValue) -> Bool {
      switch member {
      case .type, .title, .key, .footerText, .file:
        guard case .string(let text) = value else { return false }
        return store(member, string: text)
      case .defaultValue: fields.defaultValue = value
      case .titles:
        guard case .array(let elements) = value,
          let strings = shared?.titles(elements) ?? SharedArrays.strings(elements)
        else { return false }
        fields.titles = strings
      case .shortTitles:
        guard case .array(let elements) = value,
          let strings = shared?.shortTitles(elements) ?? SharedArrays.strings(elements)
        else { return false }
        fields.shortTitles = strings
      case .values:
        guard case .array(let elements) = value else { return false }
        fields.values = shared?.values(elements) ?? elements
      default:
        let position = fields.details.firstIndex { $0.member.rawValue > member.rawValue }
        fields.details.insert((member, value), at: position ?? fields.details.count)
      }
      return true
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

    /// Makes the specifier a multi-value whose value is a set of its choices
    /// (``Specifier/allowsMultipleSelection``).
    mutating func allowMultipleSelection() {
      fields.allowsMultipleSelection = true
    }

    /// The specifier, at `index` of its page.
    consuming func specifier(index: Int) -> Specifier {
      Specifier(index: index, kind: kind, fields: fields)
    }
  }
}
