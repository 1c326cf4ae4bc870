import SchemaKit
import SystemIO

#if canImport(Glibc)
  import Glibc
#endif

// schema-compiler: the Swift that builds a JSON schema's `SettingsSchema` directly, so that
// the program does not read the schema's text at each start. `make embedded-schema` runs it
// on Schemas/LanguageAndRegion.json and writes
// Sources/SchemaKit/Decoding/EmbeddedSchema.generated.swift; a test runs it again and
// compares, so that the file cannot fall behind its JSON.
//
//   schema-compiler JSON-FILE   prints the Swift on standard output

func fail(_ message: String) -> Never {
  let text = "schema-compiler: " + message + "\n"
  _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
  exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
  fail("usage: schema-compiler JSON-FILE (prints the Swift of the schema)")
}
let bytes: [UInt8]
do {
  bytes = try FileBytes.read(path)
} catch {
  fail("\(path): \(error)")
}
let text = String(decoding: bytes, as: UTF8.self)
do {
  let schema = try JSONSchemaReader.read(bytes, source: EmbeddedSchema.sourceName)
  print(try SchemaSwiftWriter.write(schema, json: text, jsonPath: path), terminator: "")
} catch {
  fail("\(path): \(error)")
}
