import FileFormats
import GSettings
import SchemaKit

extension GSettingsScreens {
  /// A pane to a relocatable schema's page: its title, the group it is under (`nil`: with
  /// the schema's own children) and the page.
  struct InstancePane {
    var group: String?
    var title: String
    var page: String
  }

  /// The pages of relocatable schemas at paths, by page name (`schema:path`), and the panes
  /// to them, by the page they are on (``GSettingsInstances/placements(pagesByPath:)``).
  static func instancePages(_ instances: [GSettingsSchemaInfo], schemas: [GSettingsSchemaInfo])
    -> (pages: [String: GSettingsSchemaInfo], panes: [String: [InstancePane]])
  {
    var pages: [String: GSettingsSchemaInfo] = [:]
    var found: [GSettingsInstances.Instance] = []
    for instance in instances {
      guard let path = instance.path else { continue }
      let name = GSettingsSource.name(schema: instance.id, path: path)
      guard pages[name] == nil else { continue }
      pages[name] = instance
      found.append(.init(schema: instance.id, path: path))
    }
    var pagesByPath: [String: String] = [:]
    for schema in schemas {
      if let path = schema.path, pagesByPath[path] == nil { pagesByPath[path] = schema.id }
    }
    let placements = GSettingsInstances(instances: found).placements(pagesByPath: pagesByPath)
    var panes: [String: [InstancePane]] = [:]
    for instance in found.sorted(by: { $0.path < $1.path }) {
      guard let placement = placements[instance.name] else { continue }
      panes[placement.page, default: []].append(
        InstancePane(group: placement.group, title: placement.title, page: instance.name))
    }
    return (pages, panes)
  }

  /// Adds the panes to a page's specifiers: those of no group first (with the page's other
  /// children), then each group under a group specifier titled with its folders.
  static func addPanes(_ panes: [InstancePane], to specifiers: inout [Specifier]) {
    func add(_ raw: [PropertyListKey: PropertyListValue]) {
      specifiers.append(Specifier(index: specifiers.count, raw: raw))
    }
    func pane(_ pane: InstancePane) {
      add([
        "Type": .string(Specifier.Kind.childPane.typeName), "Title": .string(pane.title),
        "File": .string(pane.page),
      ])
    }
    for entry in panes where entry.group == nil { pane(entry) }
    var groups: [String] = []
    for entry in panes {
      if let group = entry.group, !groups.contains(group) { groups.append(group) }
    }
    for group in groups {
      add(["Type": .string(Specifier.Kind.group.typeName), "Title": .string(group)])
      for entry in panes where entry.group == group { pane(entry) }
    }
  }
}
