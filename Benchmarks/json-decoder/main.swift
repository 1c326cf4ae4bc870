// The comparison for figure 7 of `make bench`: FoundationEssentials' JSONDecoder reading a
// settei JSON schema into plain structs, then printing how many specifiers it holds; with
// `--store STORE.json`, also a store (one object of keys and values) into a dictionary.
// scripts/bench.sh builds it with `swiftc -O`; it is not part of the package.
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

struct Page: Decodable {
  var Title: String?
  var StringsTable: String?
  var PreferenceSpecifiers: [Specifier]
  var Strings: [String: [String: String]]?
}

struct Specifier: Decodable {
  var `Type`: String
  var Title: String?
  var Key: String?
  var File: String?
  var DefaultValue: Value?
  var Titles: [String]?
  var Values: [Value]?
  var Children: Page?
}

enum Value: Decodable {
  case bool(Bool)
  case number(Double)
  case string(String)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }
}

func count(_ page: Page) -> Int {
  page.PreferenceSpecifiers.reduce(0) { $0 + 1 + ($1.Children.map(count) ?? 0) }
}

func contents(of path: String) -> Data {
  var bytes: [UInt8] = []
  if let file = fopen(path, "rb") {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = fread(&buffer, 1, buffer.count, file)
      if read <= 0 { break }
      bytes += buffer[..<read]
    }
    fclose(file)
  }
  return Data(bytes)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1 || (arguments.count == 3 && arguments[1] == "--store") else {
  print("usage: json-decoder SCHEMA.json [--store STORE.json]")
  exit(2)
}
let page = try JSONDecoder().decode(Page.self, from: contents(of: arguments[0]))
print(count(page), "specifiers")
if arguments.count == 3 {
  let values = try JSONDecoder().decode([String: Value].self, from: contents(of: arguments[2]))
  print(values.count, "stored values")
}
