import FileFormats

extension Specifier {
  /// A specifier compiled into the program (`EmbeddedSchema.generated.swift`): its members
  /// put straight into their fields, as a reader of its JSON text puts them, without reading
  /// any text or looking any name up at start-up.
  ///
  /// - Parameters:
  ///   - index: Its position in the page's `PreferenceSpecifiers`.
  ///   - kind: The kind its `Type` names; `nil` when it has no `Type`.
  ///   - title: Its `Title`, when a string.
  ///   - key: Its `Key`, when a string.
  ///   - defaultValue: Its `DefaultValue`.
  ///   - footerText: Its `FooterText`, when a string.
  ///   - titles: Its `Titles`, when strings.
  ///   - shortTitles: Its `ShortTitles`, when strings.
  ///   - values: Its `Values`, when an array.
  ///   - file: Its `File`, when a string.
  ///   - details: The other members Apple and InAppSettingsKit define, in member order.
  ///   - extra: The members kept as written: keys nobody defines, and defined ones holding
  ///     a value of another type than their field's.
  /// - Returns: The specifier a reader makes of the same members.
  package static func compiled(
    _ index: Int, _ kind: Kind?, title: String? = nil, key: String? = nil,
    defaultValue: PropertyListValue? = nil, footerText: String? = nil, titles: [String]? = nil,
    shortTitles: [String]? = nil, values: [PropertyListValue]? = nil, file: String? = nil,
    details: [(Member, PropertyListValue)] = [],
    extra: [PropertyListKey: PropertyListValue]? = nil
  ) -> Specifier {
    let fields = Fields()
    fields.hasType = kind != nil
    fields.title = title
    fields.key = key
    fields.defaultValue = defaultValue
    fields.footerText = footerText
    fields.titles = titles
    fields.shortTitles = shortTitles
    fields.values = values
    fields.file = file
    if !details.isEmpty { fields.details = details.map { (member: $0.0, value: $0.1) } }
    fields.extra = extra
    return Specifier(index: index, kind: kind ?? .other(""), fields: fields)
  }

  /// The members of
  /// ``compiled(_:_:title:key:defaultValue:footerText:titles:shortTitles:values:file:details:extra:)``
  /// that make this specifier: what the schema compiler writes.
  package var compiledMembers:
    (
      hasType: Bool, title: String?, key: String?, defaultValue: PropertyListValue?,
      footerText: String?, titles: [String]?, shortTitles: [String]?,
      values: [PropertyListValue]?, file: String?, details: [(Member, PropertyListValue)],
      extra: [PropertyListKey: PropertyListValue]?
    )
  {
    (
      fields.hasType, fields.title, fields.key, fields.defaultValue, fields.footerText,
      fields.titles, fields.shortTitles, fields.values, fields.file,
      fields.details.map { ($0.member, $0.value) }, fields.extra
    )
  }
}
