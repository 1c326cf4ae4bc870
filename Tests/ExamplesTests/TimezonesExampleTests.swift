import Glibc
import TestSupport
import Testing

@testable import timezones

@Suite("Examples/timezones")
struct TimezonesExampleTests {
  static let hasTokyo = access("/usr/share/zoneinfo/Asia/Tokyo", R_OK) == 0

  @Test(.enabled(if: hasTokyo, "needs /usr/share/zoneinfo (apt-get install tzdata)"))
  func choosingTokyoShowsItsOffset() throws {
    let home = try TemporaryFolder()
    let result = try Example.timezones.run(
      script: "Asia\nTokyo\nback\nquit\n", home: home.path,
      extra: ["TZ": "Etc/UTC", "TZDIR": "/usr/share/zoneinfo"])
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    let first = try #require(output.components(before: "Time Zones> Asia"))
    #expect(first.contains("Chosen time zone\n   1  Etc/UTC"))
    #expect(first.contains("Asia"))
    #expect(first.contains("Europe"))

    let chosen = try #require(output.screen(after: "Tokyo"))
    #expect(chosen.hasPrefix("Chosen: Asia/Tokyo, UTC+09:00 JST\nTime Zones › Asia\n"))
    let tokyo = try #require(chosen.split(separator: "\n").first { $0.contains(" Tokyo ") })
    #expect(tokyo.contains("✓ Tokyo"))
    #expect(tokyo.hasSuffix("+09:00 JST"))

    let root = try #require(output.screen(after: "back"))
    let row = try #require(root.split(separator: "\n").first { $0.contains("Asia/Tokyo") })
    #expect(row.contains("UTC+09:00 JST"))
  }

  @Test(.enabled(if: hasTokyo, "needs /usr/share/zoneinfo (apt-get install tzdata)"))
  func aRegionOpensOnThePageOfTheChosenZone() throws {
    let home = try TemporaryFolder()
    let result = try Example.timezones.run(
      script: "Asia\nTokyo\nback\nAsia\nquit\n", home: home.path,
      extra: ["TZ": "Etc/UTC", "TZDIR": "/usr/share/zoneinfo"])
    #expect(result.status == 0, "\(result.standardError)")
    let reopened = try #require(
      result.standardOutput.split(separator: "> Asia\n").last?.split(separator: "> ").first)
    #expect(reopened.contains("✓ Tokyo"))
    #expect(!reopened.contains("page 1/"), "Tokyo is not on the first page of Asia")
  }

  /// Debian links old names to their zone (`Asia/Calcutta` → `Kolkata`, `Japan` →
  /// `Asia/Tokyo`): each zone is listed once, and an old name still chooses it.
  @Test func oldNamesAreNotListedTwiceButUnderstood() throws {
    let folder = try TemporaryFolder()
    let zoneinfo = folder.path
    for name in ["Asia", "Europe"] { mkdir(zoneinfo + "/" + name, 0o755) }
    writeText("TZif2 …", to: zoneinfo + "/Asia/Kolkata")
    writeText("TZif2 …", to: zoneinfo + "/Asia/Tokyo")
    symlink("Kolkata", zoneinfo + "/Asia/Calcutta")
    symlink("Asia/Tokyo", zoneinfo + "/Japan")
    symlink("Nowhere", zoneinfo + "/Europe/Atlantis")  // dangling: not a zone
    let catalog = try #require(ZoneCatalog(folder: zoneinfo))
    #expect(catalog.regions.map(\.zones) == [["Asia/Kolkata", "Asia/Tokyo"]])
    #expect(catalog.canonicalName(of: "Asia/Calcutta") == "Asia/Kolkata")
    #expect(catalog.canonicalName(of: "Japan") == "Asia/Tokyo")
    #expect(catalog.canonicalName(of: "Asia/Tokyo") == "Asia/Tokyo")
    #expect(catalog.canonicalName(of: "Europe/Atlantis") == nil)
  }

  @Test(
    .enabled(
      if: hasTokyo && readlinkTarget("/usr/share/zoneinfo/Asia/Calcutta") != nil,
      "needs tzdata with Asia/Calcutta as a link"))
  func anOldNameInTZChoosesItsZone() throws {
    let home = try TemporaryFolder()
    let result = try Example.timezones.run(
      script: "quit\n", home: home.path,
      extra: ["TZ": "Asia/Calcutta", "TZDIR": "/usr/share/zoneinfo"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Chosen time zone\n   1  Asia/Kolkata"))
  }

  @Test func missingZoneDataSaysWhatToInstall() throws {
    let home = try TemporaryFolder()
    let result = try Example.timezones.run(
      script: "quit\n", home: home.path, extra: ["TZDIR": home.path + "/no-zoneinfo"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("no time zone data in \(home.path)/no-zoneinfo"))
    #expect(result.standardError.contains("apt-get install tzdata"))
  }

  @Test func theCatalogKeepsZoneFilesAndSkipsTheRest() throws {
    let folder = try TemporaryFolder()
    let zoneinfo = folder.path
    for name in ["Asia", "America", "America/Argentina", "posix", "posix/Asia", "US"] {
      mkdir(zoneinfo + "/" + name, 0o755)
    }
    let zone = "TZif2 and the rest of a zone file"
    for name in [
      "Asia/Tokyo", "Asia/Kolkata", "America/Argentina/Buenos_Aires", "US/Pacific", "Japan",
      "posix/Asia/Tokyo", "posixrules", "localtime", "Factory",
    ] {
      writeText(zone, to: zoneinfo + "/" + name)
    }
    writeText("JP\t+353916+1394441\tAsia/Tokyo\n", to: zoneinfo + "/zone.tab")

    let catalog = try #require(ZoneCatalog(folder: zoneinfo))
    #expect(catalog.regions.map(\.name) == ["America", "Asia", "Other"])
    #expect(
      catalog.regions.map(\.zones) == [
        ["America/Argentina/Buenos_Aires"], ["Asia/Kolkata", "Asia/Tokyo"],
        ["Japan", "US/Pacific"],
      ])
    #expect(catalog.zoneCount == 5)
    #expect(ZoneCatalog.cityName(of: "America/Argentina/Buenos_Aires") == "Argentina/Buenos Aires")
    #expect(ZoneCatalog.cityName(of: "US/Pacific") == "US/Pacific")
    #expect(ZoneCatalog(folder: zoneinfo + "/missing") == nil)
  }

  @Test func offsetsReadAsPeopleWriteThem() {
    let tokyo = ZoneClock.Offset(seconds: 9 * 3600, abbreviation: "JST")
    #expect(tokyo.textWithAbbreviation == "+09:00 JST")
    let kathmandu = ZoneClock.Offset(seconds: 5 * 3600 + 45 * 60, abbreviation: "+0545")
    #expect(kathmandu.textWithAbbreviation == "+05:45")
    let newfoundland = ZoneClock.Offset(seconds: -(3 * 3600 + 30 * 60), abbreviation: "NST")
    #expect(newfoundland.text == "-03:30")
  }

  @Test(.enabled(if: hasTokyo, "needs /usr/share/zoneinfo (apt-get install tzdata)"))
  func offsetsComeFromTheZoneFile() {
    // 2024-07-01 00:00 UTC: Tokyo has no DST; New York is on EDT.
    let july = 1_719_792_000
    let tokyo = ZoneClock.offset(ofZoneFile: "/usr/share/zoneinfo/Asia/Tokyo", at: july)
    #expect(tokyo == ZoneClock.Offset(seconds: 32400, abbreviation: "JST"))
    let newYork = ZoneClock.offset(ofZoneFile: "/usr/share/zoneinfo/America/New_York", at: july)
    #expect(newYork == ZoneClock.Offset(seconds: -14400, abbreviation: "EDT"))
  }
}

/// Where a symbolic link points, or `nil` if `path` is not one.
private func readlinkTarget(_ path: String) -> String? {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
  let capacity = buffer.count
  let count = readlink(path, &buffer, capacity)
  guard count > 0 else { return nil }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
