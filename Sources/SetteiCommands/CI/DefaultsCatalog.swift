import FileFormats
import SchemaKit

/// Every key of a schema with its `DefaultValue`, gathered the way InAppSettingsKit's
/// `gatherDefaultsLimitedToEditableFields:YES` gathers them for `register(defaults:)`: pages
/// depth-first from the root, following child panes; only the specifier types that store a
/// value the user edits; when a key has two defaults, the later one is the one registered.
struct DefaultsCatalog {
  /// One key and its default.
  struct Entry {
    var key: String
    var value: PropertyListValue
    /// The specifier whose default is registered (the last one with this key).
    var specifier: Specifier
    /// The page (file) it is on.
    var page: String
    /// The type an app reads the key as, and why it is ambiguous when it is.
    var type: ValueType
  }

  /// The type of a key's value, as the specifier stores it.
  struct ValueType: Equatable {
    /// A Swift type name: `Bool`, `Int`, `Double`, `String`, `Date`, `Data`, `[Any]`,
    /// `[String: Any]`.
    var swiftName: String
    /// Why the type cannot be told for sure, or `nil` when it can.
    var ambiguity: String?
  }

  /// The types InAppSettingsKit registers a default for (its `editableTypes`).
  static let editableKinds: [Specifier.Kind] = [
    .toggleSwitch, .multiValue, .radioGroup, .slider, .textField, .textView, .customView,
    .datePicker,
  ]

  /// The entries, in the order their keys first appear.
  private(set) var entries: [Entry] = []

  /// The entries of `schema`, each ambiguity said in the words of `messages` (English for
  /// the Swift that `settei defaults --format swift` writes).
  init(schema: SettingsSchema, messages: ProgramMessages = .forLanguage("en")) {
    // By bytes, as a store tells keys apart: `café` (NFC) and `cafe\u{301}` (NFD) are two.
    var positions: [PropertyListKey: Int] = [:]
    for (page, specifier) in Self.specifiersDepthFirst(in: schema) {
      guard let key = specifier.key, let value = specifier.defaultValue,
        Self.editableKinds.contains(specifier.kind)
      else { continue }
      var type = Self.valueType(of: specifier, default: value, messages: messages)
      if let position = positions[key] {
        let earlier = entries[position]
        if earlier.value != value || earlier.type.swiftName != type.swiftName {
          type.ambiguity = [
            messages.text(.ambiguityDefinedTwice, earlier.page, page.name),
            type.ambiguity,
          ].compactMap { $0 }.joined(separator: "; ")
        }
        entries[position] = Entry(
          key: key, value: value, specifier: specifier, page: page.name, type: type)
      } else {
        positions[key] = entries.count
        entries.append(
          Entry(key: key, value: value, specifier: specifier, page: page.name, type: type))
      }
    }
  }

  /// The defaults as one dictionary, for `register(defaults:)`.
  var dictionary: [PropertyListKey: PropertyListValue] {
    Dictionary(entries.map { (PropertyListKey($0.key), $0.value) }, uniquingKeysWith: { $1 })
  }

  /// Every specifier of every page reachable from the root, depth-first: a child pane's page
  /// comes right after the child pane, as InAppSettingsKit reads it. Each page once.
  ///
  /// The pages on the way down are kept on a stack of their own, not in nested calls, so
  /// that pages leading one to the next, however many, never exhaust the thread's stack.
  static func specifiersDepthFirst(in schema: SettingsSchema) -> [(
    page: SettingsSchema.Page, specifier: Specifier
  )] {
    var result: [(page: SettingsSchema.Page, specifier: Specifier)] = []
    guard let root = schema.pages[schema.rootPageName] else { return result }
    var seen: Set<String> = [schema.rootPageName]
    // Each page on the way down, with the position of its next specifier.
    var way: [(page: SettingsSchema.Page, next: Int)] = [(root, 0)]
    while let (page, position) = way.last {
      guard position < page.specifiers.count else {
        way.removeLast()
        continue
      }
      way[way.count - 1].next = position + 1
      let specifier = page.specifiers[position]
      result.append((page, specifier))
      if specifier.kind == .childPane, let file = specifier.file,
        let child = schema.pages[file], seen.insert(file).inserted
      {
        way.append((child, 0))
      }
    }
    return result
  }

  /// The type a specifier stores, judged from its kind, its values and its default.
  static func valueType(
    of specifier: Specifier, default value: PropertyListValue,
    messages: ProgramMessages = .forLanguage("en")
  ) -> ValueType {
    let own = swiftName(of: value)
    func article(_ swiftName: String) -> String {
      swiftName.hasPrefix("[") ? swiftName : withArticle(swiftName, messages)
    }
    func fixed(_ name: String, _ what: ProgramMessage) -> ValueType {
      own == name || (name == "Double" && own == "Int")
        ? ValueType(swiftName: name, ambiguity: nil)
        : ValueType(
          swiftName: own,
          ambiguity: messages.text(
            .ambiguityDefaultMismatch, article(own), messages.text(what), article(name)))
    }
    switch specifier.kind {
    case .slider: return fixed("Double", .storerSlider)
    case .textField, .textView: return fixed("String", .storerTextField)
    case .datePicker: return fixed("Date", .storerDatePicker)
    case .toggleSwitch:
      let stored = Set([specifier.trueValue, specifier.falseValue].map(swiftName(of:)))
      guard stored.count == 1, let name = stored.first else {
        return ValueType(swiftName: own, ambiguity: messages.text(.ambiguitySwitchTypes))
      }
      return fixed(name, .storerSwitch)
    case .multiValue, .radioGroup:
      let stored = Set(specifier.values.map(swiftName(of:)))
      if stored.count > 1 {
        return ValueType(
          swiftName: own,
          ambiguity: messages.text(
            .ambiguityValuesMix, stored.sorted().joined(separator: ", ")))
      }
      guard let name = stored.first else { return ValueType(swiftName: own, ambiguity: nil) }
      return fixed(name, .storerChoice)
    case .group, .titleValue, .childPane, .listGroup, .openURL, .button, .mailCompose, .customView,
      .other(_):
      return ValueType(
        swiftName: own,
        ambiguity: messages.text(
          .ambiguityViewStores, withArticle(specifier.kind.typeName, messages)))
    }
  }

  /// The Swift type of a property-list value.
  static func swiftName(of value: PropertyListValue) -> String {
    switch value {
    case .string: "String"
    case .integer: "Int"
    case .unsignedInteger: "UInt64"
    case .real: "Double"
    case .bool: "Bool"
    case .date: "Date"
    case .data: "Data"
    case .array: "[Any]"
    case .dictionary: "[String: Any]"
    }
  }

  /// "a String", "an Int", "an IASKCustomViewSpecifier" (the word alone in Japanese).
  static func withArticle(_ word: String, _ messages: ProgramMessages) -> String {
    messages.text("AEIOU".contains(word.first ?? "x") ? .withAn : .withA, word)
  }
}
