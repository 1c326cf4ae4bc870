import FoundationEssentials
import Testing

@testable import FileFormats

@Suite struct ISO8601DateTests {
  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00Z"), (1_795_996_800, "2026-11-30T00:00:00Z"),
    (951_782_400, "2000-02-29T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"),
    (-62_135_596_800, "0001-01-01T00:00:00Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
    (1.5, "1970-01-01T00:00:01.5Z"), (-0.25, "1969-12-31T23:59:59.75Z"),
  ])
  func formatsAndParsesBack(seconds: Double, text: String) {
    let date = PropertyListDate(secondsSince1970: seconds)
    #expect(ISO8601Date.string(from: date) == text)
    #expect(ISO8601Date.date(from: Array(text.utf8)) == date)
  }

  @Test func outOfRangeDatesAreClampedNotCrashed() {
    #expect(
      ISO8601Date.string(from: PropertyListDate(secondsSinceReferenceDate: 63_113_904_000))
        == "4001-01-01T00:00:00Z")
    #expect(
      ISO8601Date.string(from: PropertyListDate(secondsSince1970: 1e15)) == "9999-12-31T23:59:59Z")
    #expect(
      ISO8601Date.string(from: PropertyListDate(secondsSince1970: -1e18)) == "0001-01-01T00:00:00Z")
    #expect(
      ISO8601Date.string(from: PropertyListDate(secondsSince1970: .nan)) == "1970-01-01T00:00:00Z")
  }

  @Test(arguments: [
    "2026-11-30", "2026-11-30T00:00:00", "2026-11-30 00:00:00Z", "2026-13-01T00:00:00Z",
    "2026-02-29T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T00:60:00Z",
    "2026-11-30T00:00:00+09:00", "2026-11-30T00:00:00.Z", "0000-01-01T00:00:00Z",
    "２０２６-11-30T00:00:00Z", "2026-11-30T00:00:00.1234567890Z",
  ])
  func refusesAnythingElse(text: String) {
    #expect(ISO8601Date.date(from: Array(text.utf8)) == nil)
  }
}
