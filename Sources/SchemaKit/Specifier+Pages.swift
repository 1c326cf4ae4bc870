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
  static let customControllerKeys = [
    SpecifierKey.viewControllerClass, SpecifierKey.viewControllerStoryBoardId,
    SpecifierKey.viewControllerStoryBoardFile, SpecifierKey.segueIdentifier,
  ]

  /// The pages this specifier opens: a child pane's `File`, or those of the child panes an
  /// `IASKListGroupSpecifier` shows for its items.
  var pageReferences: [PageReference] {
    // Only a child pane or a list group opens a page: others are not looked into (a walk
    // of a big schema asks every specifier).
    guard kind == .childPane || kind == .listGroup else { return [] }
    if fields.hasType, kind == .childPane, !opensCustomController, let file {
      return [PageReference(nestedIn: nil, file: file)]
    }
    guard kind == .listGroup else { return [] }
    return Self.nestedSpecifierKeys.compactMap { member in
      guard let nested = nestedSpecifier(member), let file = Self.pageFile(of: nested) else {
        return nil
      }
      return PageReference(nestedIn: member, file: file)
    }
  }

  /// Whether this is a child pane that opens a view controller of the app, not a page.
  public var opensCustomController: Bool {
    // Those members are kept among the details (whatever their value), never in `extra`:
    // looked up by member, not by name, as every child pane's row asks.
    kind == .childPane
      && fields.details.contains { Self.customControllerMembers.contains($0.member) }
  }

  /// ``customControllerKeys`` as members.
  private static let customControllerMembers: [Member] = [
    .viewControllerClass, .viewControllerStoryBoardId, .viewControllerStoryBoardFile,
    .segueIdentifier,
  ]

  /// The `File` of a specifier dictionary that opens a page: a `PSChildPaneSpecifier`
  /// without a custom view controller.
  static func pageFile(of raw: [String: PropertyListValue]) -> String? {
    guard raw[SpecifierKey.type]?.stringValue == Kind.childPane.typeName,
      !customControllerKeys.contains(where: { raw[$0] != nil })
    else { return nil }
    return raw[SpecifierKey.file]?.stringValue
  }
}
