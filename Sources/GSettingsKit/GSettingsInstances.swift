import GSettings

/// Where relocatable schemas have settings, each a page of its own (named `schema:path`,
/// as `gsettings` names a relocatable schema at a path):
///
/// - a schema with a path whose `<child name="N" schema="S"/>` names a relocatable schema
///   has S's settings at its path + `N/` (GIO's `g_settings_get_child`), and so on below
///   such a child;
/// - a schema with a path whose key `X-children` (a list of texts) names children has, for
///   each name, the relocatable schema whose id ends in `.X` at its path + `X/NAME/` (or
///   `Xs/NAME/`, where the backend holds it there, or holds others there and none in `X/`);
/// - a folder the backend holds values in that no schema with a path owns is the relocatable
///   schema that has every key stored there: if several have, the one the `X-children`
///   convention gives for the folder above, else the one whose id's last part is the name of
///   the folder above (or that name without a plural `s`). A folder no schema fits, or more
///   than one, is left out and said (``leftOut``).
package struct GSettingsInstances: Sendable, Equatable {
  /// A relocatable schema at a path.
  package struct Instance: Sendable, Hashable {
    package var schema: String
    package var path: String

    package init(schema: String, path: String) {
      self.schema = schema
      self.path = path
    }

    /// Its page's name: `schema:path`.
    package var name: String { GSettingsSource.name(schema: schema, path: path) }
  }

  /// A folder of stored values left out: no relocatable schema has all its keys
  /// (`candidates` empty), or more than one has and nothing tells which.
  package struct LeftOut: Sendable, Equatable {
    package var path: String
    package var candidates: [String]

    package init(path: String, candidates: [String]) {
      self.path = path
      self.candidates = candidates
    }
  }

  /// Where a relocatable schema's page is reached from: a pane on `page` (the page of the
  /// schema or relocatable schema whose path is the nearest above, else the id-tree page
  /// of the schema itself), titled `title` (the path's last part, or the whole path on the
  /// schema's own page), under a group titled `group` (the folders between).
  package struct Placement: Sendable, Equatable {
    package var page: String
    package var group: String?
    package var title: String
  }

  /// The relocatable schemas at their paths, sorted by path.
  package var instances: [Instance]
  /// The folders left out, sorted by path.
  package var leftOut: [LeftOut]

  package init(instances: [Instance], leftOut: [LeftOut] = []) {
    self.instances = instances
    self.leftOut = leftOut
  }

  /// Finds them.
  ///
  /// - Parameters:
  ///   - fixed: The schemas with a path of their own.
  ///   - relocatable: The relocatable schemas.
  ///   - text: The schemas' XML text, for their `<child>` elements.
  ///   - stored: Each folder the backend holds values in, with the names of those values.
  ///   - childNames: The current value of each `X-children` key of a schema in `fixed`, by
  ///     the key's model name (`schema:X-children`).
  package init(
    fixed: [GSettingsSchemaInfo], relocatable: [GSettingsSchemaInfo], text: GSchemaText,
    stored: [String: Set<String>], childNames: [String: [String]]
  ) {
    let relocatableKeys = Dictionary(
      relocatable.map { ($0.id, Set($0.keys.map(\.name))) }, uniquingKeysWith: { a, _ in a })
    var taken = Set(fixed.compactMap(\.path))
    var found: [Instance] = []
    func add(_ schema: String, at path: String) {
      guard Self.isPath(path), path.utf8.count < 1024, !taken.contains(path) else { return }
      taken.insert(path)
      found.append(Instance(schema: schema, path: path))
      // A relocatable schema's own `<child>` relocatable schemas, below it.
      for child in text.schemas[schema]?.children ?? [] where relocatableKeys[child.schema] != nil {
        add(child.schema, at: path + child.name + "/")
      }
    }
    // The folders the `X-children` convention names, with their schema.
    var childrenFolders: [String: String] = [:]
    for schema in fixed {
      guard let path = schema.path else { continue }
      for child in text.schemas[schema.id]?.children ?? []
      where relocatableKeys[child.schema] != nil {
        add(child.schema, at: path + child.name + "/")
      }
      for key in schema.keys where key.type == "as" && key.name.hasSuffix("-children") {
        let folder = String(key.name.dropLast("-children".count))
        let fits = relocatable.map(\.id).filter { $0.hasSuffix("." + folder) }
        let below = fits.filter { $0.hasPrefix(schema.id + ".") }
        guard let id = below.count == 1 ? below[0] : fits.count == 1 ? fits[0] : nil else {
          continue
        }
        // `X/NAME/`, or `Xs/NAME/` where the backend holds them so (GNOME Shell keeps
        // `folder-children`'s folders in `folders/`).
        let singular = path + folder + "/"
        let plural = path + folder + "s/"
        childrenFolders[singular] = id
        childrenFolders[plural] = id
        func holds(_ folder: String) -> Bool { stored.keys.contains { $0.hasPrefix(folder) } }
        let pluralOnly = holds(plural) && !holds(singular)
        for name in childNames[schema.id + ":" + key.name] ?? [] where !name.contains("/") {
          let inPlural =
            stored[plural + name + "/"] != nil
            || (stored[singular + name + "/"] == nil && pluralOnly)
          add(id, at: (inPlural ? plural : singular) + name + "/")
        }
      }
    }
    var leftOut: [LeftOut] = []
    // Sorted, a folder comes before those below it: a relocatable schema's children are
    // found with it, not guessed from their keys.
    for (path, keys) in stored.sorted(by: { $0.key < $1.key }) {
      guard !keys.isEmpty, !taken.contains(path), Self.isPath(path) else { continue }
      let candidates = relocatable.filter { keys.isSubset(of: relocatableKeys[$0.id] ?? []) }
        .map(\.id).sorted()
      if candidates.count == 1 {
        add(candidates[0], at: path)
        continue
      }
      let above = Self.parent(of: path)
      let aboveName = above.flatMap { Self.components(of: $0).last } ?? ""
      var chosen: String?
      if let above, let id = childrenFolders[above], candidates.contains(id) {
        chosen = id
      } else {
        let named = candidates.filter {
          let last = String($0.split(separator: ".").last ?? "")
          return last == aboveName || last + "s" == aboveName
        }
        if named.count == 1 { chosen = named[0] }
      }
      if let chosen {
        add(chosen, at: path)
      } else {
        leftOut.append(LeftOut(path: path, candidates: candidates))
      }
    }
    instances = found.sorted { $0.path < $1.path }
    self.leftOut = leftOut
  }

  /// What the instances are found from, but the folders the backend holds: to find them
  /// again in other folders (those of a file to import).
  package struct Finder: Sendable {
    package var fixed: [GSettingsSchemaInfo]
    package var relocatable: [GSettingsSchemaInfo]
    package var text: GSchemaText
    package var childNames: [String: [String]]

    package init(
      fixed: [GSettingsSchemaInfo], relocatable: [GSettingsSchemaInfo], text: GSchemaText,
      childNames: [String: [String]]
    ) {
      self.fixed = fixed
      self.relocatable = relocatable
      self.text = text
      self.childNames = childNames
    }

    /// The instances, with `stored` as the folders the backend holds.
    package func instances(stored: [String: Set<String>]) -> GSettingsInstances {
      GSettingsInstances(
        fixed: fixed, relocatable: relocatable, text: text, stored: stored,
        childNames: childNames)
    }
  }

  /// Where each instance is reached from.
  ///
  /// - Parameter pagesByPath: The page of each schema with a path, by path.
  /// - Returns: Each instance's placement, by its page name.
  package func placements(pagesByPath: [String: String]) -> [String: Placement] {
    var pages = pagesByPath
    for instance in instances where pages[instance.path] == nil {
      pages[instance.path] = instance.name
    }
    var placements: [String: Placement] = [:]
    for instance in instances {
      let parts = Self.components(of: instance.path)
      var placement = Placement(page: instance.schema, group: nil, title: instance.path)
      for count in stride(from: parts.count - 1, through: 0, by: -1) {
        let above = "/" + parts[..<count].map { $0 + "/" }.joined()
        guard let page = pages[above] else { continue }
        let between = parts[count..<(parts.count - 1)]
        placement = Placement(
          page: page, group: between.isEmpty ? nil : between.joined(separator: "/"),
          title: parts[parts.count - 1])
        break
      }
      placements[instance.name] = placement
    }
    return placements
  }

  /// Whether GIO takes `path` as a path (``GSettings/GSettingsSource/isPath(_:)``).
  package static func isPath(_ path: String) -> Bool { GSettingsSource.isPath(path) }

  static func components(of path: String) -> [String] {
    path.split(separator: "/").map(String.init)
  }

  /// The folder above `path` (`/a/b/` for `/a/b/c/`), or `nil` for `/`.
  static func parent(of path: String) -> String? {
    let parts = components(of: path)
    guard !parts.isEmpty else { return nil }
    return "/" + parts.dropLast().map { $0 + "/" }.joined()
  }
}
