import FileFormats
import GSettings
import Glibc

// Runs GSettings calls for GSettingsTests in a process of its own, since GIO reads
// GSETTINGS_SCHEMA_DIR and GSETTINGS_BACKEND once per process. One command per run:
//   schemas                       the fixed and relocatable schema ids
//   schema ID                     each key: name, type, default (JSON), range
//   get ID KEY                    the value as JSON
//   write ID KEY JSON [ID KEY JSON]...   writes them in one apply (JSON null resets)
//   check ID KEY JSON             why the value does not fit, or "ok"
// Values are JSON (FileFormats' reader and writer). Exit 1 with the error on stderr.

func json(_ value: PropertyListValue) -> String { JSONWriter.serialize(value, pretty: false) }

func parse(_ text: String) throws -> PropertyListValue? {
  text == "null" ? nil : try JSONReader.parse(Array(text.utf8), source: "argument")
}

func run(_ arguments: [String]) throws -> String {
  let source = try GSettingsSource()
  switch arguments.first {
  case "schemas":
    let ids = source.schemaIDs()
    return "fixed: " + ids.fixed.joined(separator: " ") + "\nrelocatable: "
      + ids.relocatable.joined(separator: " ")
  case "schema":
    let schema = try source.schema(arguments[1])
    var lines = [
      "path: " + (schema.path ?? "none"), "children: " + schema.children.joined(separator: " "),
    ]
    for key in schema.keys {
      let range: String
      switch key.range {
      case .any: range = "any"
      case .choices(let nicks): range = "choices " + nicks.joined(separator: ",")
      case .flags(let nicks): range = "flags " + nicks.joined(separator: ",")
      case .numbers(let minimum, let maximum): range = "range \(json(minimum))..\(json(maximum))"
      }
      lines.append(
        "\(key.name) \(key.type) \(json(key.defaultValue)) \(range) | \(key.summary ?? "-")")
    }
    return lines.joined(separator: "\n")
  case "get":
    return json(try source.value(schema: arguments[1], key: arguments[2]))
  case "write":
    var changes: [GSettingsChange] = []
    var rest = arguments.dropFirst()
    while rest.count >= 3 {
      let part = Array(rest.prefix(3))
      changes.append(GSettingsChange(schema: part[0], key: part[1], value: try parse(part[2])))
      rest = rest.dropFirst(3)
    }
    try source.write(changes)
    return "written"
  case "check":
    guard let value = try parse(arguments[3]) else { return "null" }
    return source.problem(storing: value, schema: arguments[1], key: arguments[2]) ?? "ok"
  default:
    return "unknown command"
  }
}

do {
  print(try run(Array(CommandLine.arguments.dropFirst())))
} catch {
  let message = Array("gsettings-probe: \(error)\n".utf8)
  _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}
