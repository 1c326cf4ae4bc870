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
    ("99999999999999999999999", .selectTitle("99999999999999999999999")),
  ])
  func parses(line: String, command: Command) {
    #expect(Command.parse(line) == command)
  }

  @Test func everyKeywordHasHelp() {
    for keyword in Command.keywords {
      #expect(Command.helpEntry(for: keyword) != nil, "no help for \(keyword)")
    }
    #expect(Command.helpEntry(for: "nonsense") == nil)
  }
}
