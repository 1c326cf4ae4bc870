import Testing

@testable import TableREPL

@Suite struct CommandTests {
  @Test(arguments: [
    ("3", Command.selectRow(3)), (" 12 ", .selectRow(12)), ("0", .selectRow(0)),
    ("-1", .selectRow(-1)), ("back", .back), ("BACK", .back), ("..", .back), ("quit", .quit),
    ("exit", .quit), ("q", .quit), ("help", .help(topic: nil)), ("?", .help(topic: nil)),
    ("help back", .help(topic: "back")), ("", .empty), ("   ", .empty),
    ("温度", .selectTitle("温度")), ("Temperature Unit", .selectTitle("Temperature Unit")),
    ("back now", .selectTitle("back now")), ("n", .nextPage), ("p", .previousPage),
    ("page 400", .page(400)), ("page x", .selectTitle("page x")), ("+3", .selectTitle("+3")),
    ("99999999999999999999999", .selectRow(TypedNumber("99999999999999999999999")!)),
    ("page -9223372036854775808", .page(TypedNumber("-9223372036854775808")!)),
    ("1e400", .selectTitle("1e400")),
  ])
  func parses(line: String, command: Command) {
    #expect(Command.parse(line) == command)
  }

  @Test func aTypedNumberOfAnyLengthIsKeptWithinTheLimitAndAsTyped() {
    let lowest = TypedNumber("-9223372036854775808")
    #expect(lowest?.value == -TypedNumber.limit)
    #expect(lowest?.text == "-9223372036854775808")
    #expect(TypedNumber(String(repeating: "9", count: 400))?.value == TypedNumber.limit)
    #expect(TypedNumber("007")?.value == 7)
    for notANumber in ["", "-", "+3", "1e400", "3.0", "٣", "- 3", "3 "] {
      #expect(TypedNumber(notANumber) == nil, "\(notANumber)")
    }
    #expect(lowest?.position(among: 9) == nil)
    #expect(TypedNumber(0).position(among: 9) == nil)
    #expect(TypedNumber(9).position(among: 9) == 8)
    #expect(TypedNumber(10).position(among: 9) == nil)
  }

  @Test func everyKeywordHasHelp() {
    for keyword in Command.keywords {
      #expect(Command.helpEntry(for: keyword) != nil, "no help for \(keyword)")
    }
    #expect(Command.helpEntry(for: "nonsense") == nil)
  }
}
