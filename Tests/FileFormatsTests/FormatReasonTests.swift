import FileFormats
import Testing

/// A parse error carries why as a typed reason, worded in the catalog of the session's
/// language, with the file, line and column it always had.
@Suite struct FormatReasonTests {
  func failure(_ text: String, _ parse: ([UInt8]) throws(SourceError) -> Void) -> SourceError? {
    do throws(SourceError) {
      try parse(Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test func aJSONErrorSaysWhatItFoundAsAReason() throws {
    let error = try #require(
      failure("{\n  \"a\": 1\n  \"b\": 2}") { bytes throws(SourceError) in
        _ = try JSONReader.parse(bytes, source: "s.json")
      })
    #expect(error.reason == FormatReason(.jsonAfterMember, .reason(.verbatim("'\"'"))))
    #expect(error.line == 3 && error.column == 3)
    #expect(
      error.worded(in: .forLanguage("ja"))
        == "s.json:3:3: オブジェクトのメンバーのあとに ',' か '}' が必要ですが、'\"' があります")
    #expect(error.description == "s.json:3:3: expected ',' or '}' after object member, found '\"'")
  }

  @Test func whatWasFoundIsWordedInTheSameLanguage() throws {
    let error = try #require(
      failure("{\"a\": ") { bytes throws(SourceError) in
        _ = try JSONReader.parse(bytes, source: "s.json")
      })
    #expect(error.reason == FormatReason(.jsonValueAtEnd))
    let truncated = try #require(
      failure("[1,\n") { bytes throws(SourceError) in
        _ = try JSONReader.parse(bytes, source: "s.json")
      })
    #expect(truncated.reason.worded(in: .forLanguage("ja")) == "値が必要ですが、ファイルが終わっています")
    let badLiteral = try #require(
      failure("[tru]") { bytes throws(SourceError) in
        _ = try JSONReader.parse(bytes, source: "s.json")
      })
    #expect(badLiteral.reason.worded(in: .forLanguage("ja")) == "'true' が必要ですが、'tru' があります")
  }

  @Test func aStringsErrorIsWordedInJapanese() throws {
    let error = try #require(
      failure("\"a\" = \"x\"\n\"b\" = \"y\";") { bytes throws(SourceError) in
        _ = try StringsFileParser.parse(bytes, source: "Root.strings")
      })
    #expect(error.line == 2 && error.column == 1)
    #expect(
      error.worded(in: .forLanguage("ja"))
        == "Root.strings:2:1: \"a\" の値のあとに ';' が必要ですが、'\"' があります")
    let open = try #require(
      failure("{\n\"a\" = \"x\";\n") { bytes throws(SourceError) in
        _ = try StringsFileParser.parse(bytes, source: "Root.strings")
      })
    #expect(
      open.message
        == "expected '}' to close the dictionary opened at line 1, column 1, found the end of the file"
    )
    #expect(
      open.reason.worded(in: .forLanguage("ja"))
        == "1 行 1 列 で開いた辞書を閉じる '}' が必要ですが、ファイルの終わり があります")
  }
}
