import FoundationEssentials
import Testing

@testable import FileFormats

@Suite struct PropertyListValueTests {
  @Test func accessorsAnswerOnlyForTheirKind() {
    let date = PropertyListDate(secondsSince1970: 0)
    #expect(PropertyListValue.string("a").stringValue == "a")
    #expect(PropertyListValue.integer(1).stringValue == nil)
    #expect(PropertyListValue.integer(3).intValue == 3)
    #expect(PropertyListValue.real(3).intValue == nil)
    #expect(PropertyListValue.real(2.5).doubleValue == 2.5)
    #expect(PropertyListValue.integer(3).doubleValue == 3)
    #expect(PropertyListValue.string("3").doubleValue == nil)
    #expect(PropertyListValue.bool(true).boolValue == true)
    #expect(PropertyListValue.integer(1).boolValue == nil)
    #expect(PropertyListValue.date(date).dateValue == date)
    #expect(PropertyListValue.data([1]).dataValue == [1])
    #expect(PropertyListValue.array([1]).arrayValue == [1])
    #expect(PropertyListValue.dictionary(["k": 1]).dictionaryValue == ["k": 1])
  }

  @Test func subscriptReadsDictionaryMembers() {
    let value: PropertyListValue = ["outer": ["inner": "x"]]
    #expect(value["outer"]?["inner"] == "x")
    #expect(value["missing"] == nil)
    #expect(PropertyListValue.array([1])["outer"] == nil)
  }

  @Test(arguments: [
    (PropertyListValue.string(""), "string"), (.integer(0), "integer"), (.real(0), "real"),
    (.bool(false), "boolean"), (.date(PropertyListDate(secondsSince1970: 0)), "date"),
    (.data([]), "data"), (.array([]), "array"), (.dictionary([:]), "dictionary"),
  ])
  func typeNames(value: PropertyListValue, name: String) {
    #expect(value.typeName == name)
  }

  @Test func kindsAreDistinct() {
    #expect(PropertyListValue.integer(1) != .real(1))
    #expect(PropertyListValue.integer(1) != .bool(true))
    #expect(PropertyListValue.string("1") != .integer(1))
    #expect(Set<PropertyListValue>([.integer(1), .real(1), .bool(true)]).count == 3)
  }

  @Test func nanEqualsItselfSoUnchangedStoresCompareEqual() {
    let value: PropertyListValue = ["x": .real(.nan)]
    #expect(value == ["x": .real(.nan)])
    #expect(Set([PropertyListValue.real(.nan), .real(.nan)]).count == 1)
    #expect(PropertyListValue.real(0) == .real(-0.0))
    #expect(Set([PropertyListValue.real(0), .real(-0.0)]).count == 1)
  }

  @Test func literals() {
    let value: PropertyListValue = ["s": "x", "i": 1, "r": 1.5, "b": true, "a": [1, "y"]]
    #expect(
      value
        == .dictionary([
          "s": .string("x"), "i": .integer(1), "r": .real(1.5), "b": .bool(true),
          "a": .array([.integer(1), .string("y")]),
        ]))
  }

  @Test func debugDescriptionKeepsKindsApart() {
    let value: PropertyListValue = [
      "s": "1", "i": 1, "r": 1.0, "b": true, "n": .real(.nan), "inf": .real(-.infinity),
      "d": .date(PropertyListDate(secondsSince1970: 1_795_996_800)), "x": .data([0, 1, 2]),
      "a": ["日本", "\u{1B}"],
    ]
    #expect(
      value.debugDescription
        == #"{"a": ["日本", "\u001B"], "b": true, "d": date(2026-11-30T00:00:00Z), "i": 1, "inf": -inf, "n": nan, "r": 1.0, "s": "1", "x": data(AAEC)}"#
    )
    #expect("\(PropertyListValue.string("x"))" == #""x""#)
    #expect(String(describing: PropertyListValue.real(2)) == "2.0")
  }
}
