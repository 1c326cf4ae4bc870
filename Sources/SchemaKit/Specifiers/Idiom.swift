/// The kind of device a schema is shown for: it chooses `~ipad` or `~iphone` page files and
/// hides specifiers whose `SupportedUserInterfaceIdioms` leave it out, as InAppSettingsKit
/// does.
package enum Idiom: String, CaseIterable, Sendable {
  case phone, pad, mac, vision

  /// The suffix of the page files tried first: `Root~ipad.plist` on an iPad; every other
  /// idiom tries `~iphone` (InAppSettingsKit's rule: only the pad idiom reads `~ipad`).
  var pageSuffix: String { self == .pad ? "~ipad" : "~iphone" }

  /// The name `SupportedUserInterfaceIdioms` gives this idiom: `Phone`, `Pad`, `Mac`,
  /// `Vision`.
  package var specifierName: String {
    switch self {
    case .phone: "Phone"
    case .pad: "Pad"
    case .mac: "Mac"
    case .vision: "Vision"
    }
  }
}

extension Specifier {
  /// Whether the specifier is shown on `idiom`: it has no `SupportedUserInterfaceIdioms`, or
  /// they name the idiom. A value that is not an array limits nothing; unknown names are
  /// skipped, as InAppSettingsKit skips them (``SettingsSchema/idiomProblems()`` names both).
  package func isSupported(on idiom: Idiom) -> Bool {
    guard let names = fields.detail(.supportedUserInterfaceIdioms)?.arrayValue else {
      return true
    }
    return names.contains { $0.stringValue == idiom.specifierName }
  }
}

extension SettingsSchema {
  /// Warnings about `SupportedUserInterfaceIdioms` that do not say what they mean: not an
  /// array, or names that are no idiom (a specifier naming none is shown on no device).
  func idiomProblems() -> [LintProblem] {
    pages.keys.sorted().flatMap { name in pages[name].map(Self.idiomProblems(of:)) ?? [] }
  }

  /// ``idiomProblems()`` of one page.
  static func idiomProblems(of page: Page) -> [LintProblem] {
    let known = Idiom.allCases.map(\.specifierName)
    var problems: [LintProblem] = []
    for specifier in page.specifiers {
      guard let value = specifier.fields.detail(.supportedUserInterfaceIdioms) else { continue }
      let names = value.arrayValue?.map { $0.stringValue ?? $0.debugDescription }
      let unknown = names?.filter { !known.contains($0) } ?? []
      guard names == nil || !unknown.isEmpty else { continue }
      let reason =
        names == nil
        ? SchemaReason(.idiomsNotArray, .literal(value))
        : SchemaReason(
          unknown.count == names?.count ? .idiomsNone : .idiomsUnknown, .texts(unknown))
      problems.append(
        LintProblem(
          severity: .warning, source: page.source, page: page.name,
          specifierIndex: specifier.index, key: specifier.key, reason: reason,
          fix: SchemaReason(.listIdioms)))
    }
    return problems
  }

  /// The schema as `idiom` shows it: every specifier that is not supported on it left out.
  /// A group left out takes its title and footer with it; its rows join the section before
  /// unless they are left out too.
  package func limited(to idiom: Idiom) -> SettingsSchema {
    var result = self
    for (name, page) in pages where !page.specifiers.allSatisfy({ $0.isSupported(on: idiom) }) {
      // Filtered only where something is left out: a copy of every page's specifiers, made
      // to be dropped, cost a 1,000-setting schema's load about 170,000 instructions.
      result.pages[name]?.specifiers = page.specifiers.filter { $0.isSupported(on: idiom) }
    }
    result.pageReader?.idiomShown = idiom
    return result
  }
}
