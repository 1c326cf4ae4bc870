import Glibc
import TestSupport
import Testing

@testable import SystemIO

/// A large folder's listing is kept between runs and taken again only while the folder is
/// unchanged (its device, inode, times and size), so that what is kept is never stale.
@Suite struct FolderListingCacheTests {
  /// A folder over ``FolderListingCache/minimumSize``: 600 page files with long names and
  /// two language folders.
  static func largeFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let filler = String(repeating: "p", count: 40)
    for index in 0..<600 {
      try writeText("<plist/>", to: folder.file("\(filler)\(index).plist"))
    }
    for language in ["en", "ja"] {
      #expect(mkdir(folder.file("\(language).lproj"), 0o755) == 0)
    }
    let size = try #require(fileStatus(folder.path)?.st_size)
    #expect(Int(size) >= FolderListingCache.minimumSize, "only \(size) bytes")
    // Its modification time a minute back, so that a name made later sets another one
    // even within the clock tick of the listing (which settledSeconds: 0 does not wait
    // out).
    let minuteAgo = timespec(tv_sec: time(nil) - 60, tv_nsec: 0)
    let times = [minuteAgo, minuteAgo]
    #expect(utimensat(AT_FDCWD, folder.path, times, 0) == 0)
    return folder
  }

  @Test func aLargeFoldersListingIsKeptAndTakenAgainWhileItIsUnchanged() throws {
    let bundle = try Self.largeFolder()
    let cacheFolder = try TemporaryFolder()
    let cache = FolderListingCache(folder: cacheFolder.file("folders"), settledSeconds: 0)
    let listed = try cache.names(in: bundle.path, endingWith: ".lproj")
    #expect(listed == ["en.lproj", "ja.lproj"])
    #expect(listed == (try FileSystem.folderEntries(bundle.path, endingWith: ".lproj")))
    let kept = cacheFolder.file("folders/" + FileSystem.fileName(standingFor: bundle.path))
    #expect(mode(kept) == 0o600)
    #expect(mode(cacheFolder.file("folders")).map { $0 & 0o777 } == 0o700)

    // What is kept is what the next listing gives: a kept name the folder lacks shows it.
    var bytes = try readBytes(kept)
    let at = try #require(bytes.firstRange(of: Array("ja.lproj".utf8)))
    bytes.replaceSubrange(at, with: Array("jb.lproj".utf8))
    try writeBytes(bytes, to: kept)
    #expect(try cache.names(in: bundle.path, endingWith: ".lproj") == ["en.lproj", "jb.lproj"])

    // A name made in the folder changes its times: it is listed again, and kept anew.
    #expect(mkdir(bundle.file("fr.lproj"), 0o755) == 0)
    let again = try cache.names(in: bundle.path, endingWith: ".lproj")
    #expect(again == ["en.lproj", "fr.lproj", "ja.lproj"])
    #expect(try readBytes(kept).firstRange(of: Array("fr.lproj".utf8)) != nil)
  }

  /// A folder changed less than two seconds ago may change again in the same clock tick,
  /// unseen by its times: its listing is not kept.
  @Test func aFolderChangedJustNowIsListedButNotKept() throws {
    let bundle = try Self.largeFolder()
    let cacheFolder = try TemporaryFolder()
    let cache = FolderListingCache(folder: cacheFolder.file("folders"))
    #expect(try cache.names(in: bundle.path, endingWith: ".lproj") == ["en.lproj", "ja.lproj"])
    #expect(!FileSystem.exists(cacheFolder.file("folders")))
  }

  @Test func aSmallFolderIsListedEveryTime() throws {
    let bundle = try TemporaryFolder()
    #expect(mkdir(bundle.file("en.lproj"), 0o755) == 0)
    let cacheFolder = try TemporaryFolder()
    let cache = FolderListingCache(folder: cacheFolder.file("folders"), settledSeconds: 0)
    #expect(try cache.names(in: bundle.path, endingWith: ".lproj") == ["en.lproj"])
    #expect(!FileSystem.exists(cacheFolder.file("folders")))
  }

  /// A kept file of another folder, of another format or cut short is not taken; a cache
  /// folder that cannot be written leaves the listing unkept; a folder that cannot be
  /// listed is the same error as without the cache.
  @Test func aKeptListingThatDoesNotFitIsNotTaken() throws {
    let bundle = try Self.largeFolder()
    let cacheFolder = try TemporaryFolder()
    let cache = FolderListingCache(folder: cacheFolder.file("folders"), settledSeconds: 0)
    _ = try cache.names(in: bundle.path, endingWith: ".lproj")
    let kept = cacheFolder.file("folders/" + FileSystem.fileName(standingFor: bundle.path))
    let whole = try readBytes(kept)
    let stamp = try #require(FileStamp(path: bundle.path)).text + " .lproj"
    for bytes in [
      Array("settei-folder-listing-1\0/other\0\(stamp)\0xx.lproj\0".utf8),
      Array("settei-folder-listing-9\0\(bundle.path)\0\(stamp)\0xx.lproj\0".utf8),
      Array(whole.dropLast()), [],
    ] {
      try writeBytes(bytes, to: kept)
      #expect(try cache.names(in: bundle.path, endingWith: ".lproj") == ["en.lproj", "ja.lproj"])
    }

    let unwritable = FolderListingCache(folder: "/proc/settei-cache", settledSeconds: 0)
    #expect(
      try unwritable.names(in: bundle.path, endingWith: ".lproj") == ["en.lproj", "ja.lproj"])
    #expect(throws: SystemCallError.self) {
      try cache.names(in: bundle.file("missing"), endingWith: ".lproj")
    }
  }
}
