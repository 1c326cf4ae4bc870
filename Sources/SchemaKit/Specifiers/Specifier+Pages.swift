import FileFormats

/// Which pages a specifier opens, the way Settings.app and InAppSettingsKit follow them.
extension Specifier {
  /// A page named by a specifier, directly or in one of its nested specifiers.
  struct PageReference: Equatable {
    /// The member of the specifier that holds the nested specifier naming the page
    /// (`ItemSpecifier`, `AddSpecifier`), or `nil` when the specifier names it itself.
    var nestedIn: String?
    /// The page's name: the `File`.
    var file: String
  }

  /// The members of an `IASKListGroupSpecifier` whose specifiers may open a page.
  static let nestedSpecifierKeys = [SpecifierKey.itemSpecifier, SpecifierKey.addSpecifier]

  /// The members of a child pane that make InAppSettingsKit open a view controller of the
  /// app instead of a page; `File` is then that controller's argument, not a page.
  static let customControllerMembers: [Member] = [
    .viewControllerClass, .viewControllerStoryBoardId, .viewControllerStoryBoardFile,
    .segueIdentifier,
  ]

  /// The keys of ``customControllerMembers``.
  static let customControllerKeys = customControllerMembers.map(\.name)

  /// The pages this specifier opens: a child pane's `File`, or those of the child panes an
  /// `IASKListGroupSpecifier` shows for its items.
  var pageReferences: [PageReference] {
    var references: [PageReference] = []
    forEachPageReference { references.append($0) }
    return references
  }

  /// Calls `body` with each of ``pageReferences`` in turn, without making an array of them:
  /// a walk of a big schema asks every specifier.
  func forEachPageReference(_ body: (PageReference) -> Void) {
    // Only a child pane or a list group opens a page: others are not looked into.
    switch kind {
    case .childPane:
      guard fields.hasType, !opensCustomController, let file else { return }
      body(PageReference(nestedIn: nil, file: file))
    case .listGroup:
      for member in Self.nestedSpecifierKeys {
        guard let nested = nestedSpecifier(member), let file = Self.pageFile(of: nested) else {
          continue
        }
        body(PageReference(nestedIn: member, file: file))
      }
    case .group, .toggleSwitch, .multiValue, .radioGroup, .textField, .slider, .titleValue,
      .textView, .openURL, .button, .mailCompose, .customView, .datePicker, .other(_):
      return
    }
  }

  /// Whether this is a child pane that opens a view controller of the app, not a page.
  package var opensCustomController: Bool {
    // Asked of every child pane a page shows, lints or follows: those members are among the
    // fields' details (the members without a field of their own), which a plain child pane
    // has none of.
    kind == .childPane && !fields.details.isEmpty
      && fields.details.contains { Self.customControllerMembers.contains($0.member) }
  }

  /// The `File` of a specifier dictionary that opens a page: a `PSChildPaneSpecifier`
  /// without a custom view controller.
  static func pageFile(of raw: [PropertyListKey: PropertyListValue]) -> String? {
    guard raw[SpecifierKey.type]?.stringValue == Kind.childPane.typeName,
      !customControllerKeys.contains(where: { raw[$0] != nil })
    else { return nil }
    return raw[SpecifierKey.file]?.stringValue
  }
}
