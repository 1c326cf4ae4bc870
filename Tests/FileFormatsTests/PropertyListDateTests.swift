import FoundationEssentials
import Testing

@testable import FileFormats

@Suite struct PropertyListDateTests {
  /// Seconds since 1970 and since 2001 as Foundation's `Date` counts them.
  @Test(arguments: [0.0, 978_307_200, 1_795_996_800.25, -62_135_596_800, 253_402_300_799, -0.5])
  func countsSecondsAsFoundationDoes(secondsSince1970: Double) {
    let ours = PropertyListDate(secondsSince1970: secondsSince1970)
    let theirs = Date(timeIntervalSince1970: secondsSince1970)
    #expect(ours.secondsSinceReferenceDate == theirs.timeIntervalSinceReferenceDate)
    #expect(ours.secondsSince1970 == theirs.timeIntervalSince1970)
    #expect(PropertyListDate(secondsSinceReferenceDate: ours.secondsSinceReferenceDate) == ours)
  }

  @Test func ordersAndHashesByTime() {
    let early = PropertyListDate(secondsSince1970: 0)
    let late = PropertyListDate(secondsSinceReferenceDate: 0)
    #expect(early < late && !(late < early))
    #expect([late, early].sorted() == [early, late])
    #expect(Set([early, late, PropertyListDate(secondsSince1970: 978_307_200)]).count == 2)
  }

  /// A binary property list's date (marker 0x33, a big-endian double of seconds since 2001)
  /// and an XML one, as an app's defaults hold them: 2026-11-30T00:00:00Z is 817,689,600
  /// seconds after the reference date.
  @Test func readsAndWritesTheDatesOfRealPropertyLists() throws {
    let seconds = 817_689_600.0
    var binary = Array("bplist00".utf8) + [0x33]
    binary += withUnsafeBytes(of: seconds.bitPattern.bigEndian, Array.init)
    binary += [8]  // the offset table: the one object at byte 8
    binary += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
    binary += [0, 0, 0, 0, 0, 0, 0, 17]
    let expected = PropertyListValue.date(PropertyListDate(secondsSinceReferenceDate: seconds))
    #expect(try PropertyListReader.parse(binary, source: "d.plist") == expected)

    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><date>2026-11-30T00:00:00Z</date></plist>
      """
    #expect(try PropertyListReader.parse(Array(xml.utf8), source: "d.plist") == expected)
    #expect(PropertyListWriter.serialize(expected).contains("<date>2026-11-30T00:00:00Z</date>"))
    #expect(JSONWriter.serialize(expected).contains("\"2026-11-30T00:00:00Z\""))
  }
}
