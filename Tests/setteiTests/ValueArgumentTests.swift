import Testing

@testable import SetteiCommands

@Suite struct ValueArgumentTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("United States", "United States"),
    ("  two  words  ", "two  words"),
    ("\"\"", ""),
    ("''", ""),
    ("'a b'", "a b"),
    ("\"a b\"", "a b"),
    ("'a b'\"c\"d", "a bcd"),
    ("'it''s'", "its"),
    ("\"it's\"", "it's"),
    ("it\\'s", "it's"),
    ("'back\\slash'", "back\\slash"),
    ("\"say \\\"hi\\\" \\\\ \\n\"", "say \"hi\" \\ \\n"),
    ("a\\ b", "a b"),
    ("a\\\\b", "a\\b"),
    ("trailing\\", "trailing\\"),
    ("' kept '", " kept "),
    ("a\\ ", "a "),
    ("\"\" ''", " "),
    ("東京 '「引用」'", "東京 「引用」"),
    ("'\u{301}'", "\u{301}"),
  ])
  func readsQuotesAsAShellDoes(typed: String, value: String) {
    #expect(ValueArgument.parse(typed) == .success(value))
  }

  @Test(arguments: [
    ("'open", "'", "'open"),
    ("a \"b c", "\"", "\"b c"),
    ("\"escaped \\\"", "\"", "\"escaped \\\""),
    ("'one' 'two", "'", "'two"),
  ])
  func anUnclosedQuoteIsNamed(typed: String, quote: Character, rest: String) {
    #expect(ValueArgument.parse(typed) == .failure(.init(quote: quote, rest: rest)))
  }
}
