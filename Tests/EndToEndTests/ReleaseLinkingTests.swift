import Glibc
import TestSupport
import Testing

/// How `make release` links settei, checked on the binary it builds (`make check-release`
/// runs the end-to-end tests on it): what the dynamic loader and the runtime go through at
/// every start.
@Suite struct ReleaseLinkingTests {
  /// The release binary under test, or `nil` outside `make check-release`.
  static var releaseBinary: String? {
    guard let value = getenv("SETTEI_TEST_EXECUTABLE"), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  /// The static Swift runtime's link flags export every public symbol (-export-dynamic):
  /// thousands of names that nothing loads by name, which every start maps and which the
  /// runtime's start scans (dladdr). The release build exports none of its own.
  /// Whether `make release` linked the C library in (`make check-release` says so).
  static var linksTheCLibrary: Bool {
    guard let value = getenv("SETTEI_TEST_STATIC_LIBC") else { return false }
    return String(cString: value) == "yes"
  }

  /// What readelf (binutils) prints with `arguments`.
  func readelf(_ arguments: [String]) throws -> String {
    let candidates: [String] = ["/usr/bin/readelf", "/bin/readelf"]
    let readelf = candidates.first { access($0, X_OK) == 0 }
    let tool = try #require(readelf, "readelf (binutils) is needed to read the binary")
    let result = try runProcess(tool, arguments, environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput
  }

  @Test(.enabled(if: releaseBinary != nil, "make check-release sets SETTEI_TEST_EXECUTABLE"))
  func theReleaseBinaryExportsNoSymbolOfItsOwn() throws {
    let binary = try #require(Self.releaseBinary)
    let symbols = try readelf(["--dyn-syms", "--wide", binary])
    // Columns: Num, Value, Size, Type, Bind, Vis, Ndx, Name; Ndx UND is an import.
    var exported: [String] = []
    for line in symbols.split(separator: "\n") {
      let columns = line.split(separator: " ").map(String.init)
      if columns.count >= 8, columns[6] != "UND", columns[7].hasPrefix("$s") {
        exported.append(columns[7])
      }
    }
    let count = exported.count
    #expect(count == 0, "Swift symbols exported, such as \(exported.prefix(3))")
  }

  /// The static runtime finds `CommandLine.arguments` at every start by reading
  /// /proc/self/maps (its ArgvGrabber constructor); the release binary takes them from the C
  /// library instead (Sources/CStartArguments), so the runtime's object that reads the map,
  /// and the path it opens, are not linked in. The arguments themselves reach settei (every
  /// end-to-end test passes some; this one a word that is not ASCII).
  @Test(.enabled(if: releaseBinary != nil, "make check-release sets SETTEI_TEST_EXECUTABLE"))
  func theReleaseBinaryDoesNotReadTheMemoryMapForItsArguments() throws {
    let binary = try #require(Self.releaseBinary)
    // The runtime's grabber is a variable of its CommandLine.cpp (the C library linked in
    // has the path too, for the main thread's stack bounds).
    let symbols = try readelf(["--syms", "--wide", binary])
    #expect(symbols.contains(" captureStartArguments"), "no symbol table to look in")
    #expect(
      !symbols.contains("argvGrabber"), "the runtime's argument grabber is linked into \(binary)")
    let result = try runProcess(
      binary, ["get", "温度", "--store", "/nonexistent/settings.json"],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("温度"), "\(result.standardError)")
  }

  /// With the C library linked in, settei starts without the dynamic loader (no INTERP
  /// header) and is still position-independent (DYN, loaded at a random address); its twin
  /// beside it, which runs `--gsettings`, has the loader, for GIO.
  @Test(.enabled(if: releaseBinary != nil && linksTheCLibrary, "make check-release, C library in"))
  func theReleaseBinaryStartsWithoutTheDynamicLoaderAndItsTwinWithIt() throws {
    let binary = try #require(Self.releaseBinary)
    let headers = try readelf(["--file-header", "--program-headers", "--wide", binary])
    #expect(headers.contains("DYN (Position-Independent Executable file)"), "\(headers)")
    #expect(!headers.contains("INTERP"), "\(headers)")
    #expect(headers.contains("GNU_RELRO"), "\(headers)")
    let twin = try readelf(["--program-headers", "--wide", binary + "-gio"])
    #expect(twin.contains("INTERP"), "\(twin)")
  }

  /// `--gsettings` given to the release settei is run by its twin, found beside it or in
  /// the libexec folder of its prefix (as `make install` lays them out): GIO is loaded and
  /// says it finds no schema. A settei copied alone says where it looked, and exits 69;
  /// everything else still works.
  @Test(.enabled(if: releaseBinary != nil && linksTheCLibrary, "make check-release, C library in"))
  func gsettingsIsRunByTheTwinWhereverItIsInstalled() throws {
    let binary = try #require(Self.releaseBinary)
    let prefix = try TemporaryFolder()
    let empty = try TemporaryFolder()
    var environment = testEnvironment(home: empty.path)
    environment["GSETTINGS_SCHEMA_DIR"] = empty.path
    environment["XDG_DATA_DIRS"] = empty.file("none")
    environment["GSETTINGS_BACKEND"] = "memory"
    func copy(_ from: String, to: String) throws {
      let result = try runProcess("/bin/cp", [from, to], environment: [:])
      #expect(result.status == 0, "\(result.standardError)")
    }
    #expect(mkdir(prefix.file("bin"), 0o755) == 0)
    #expect(mkdir(prefix.file("libexec"), 0o755) == 0)
    #expect(mkdir(prefix.file("libexec/settei"), 0o755) == 0)
    try copy(binary, to: prefix.file("bin/settei"))
    try copy(binary + "-gio", to: prefix.file("libexec/settei/settei-gio"))
    for settei in [binary, prefix.file("bin/settei")] {
      let result = try runProcess(settei, ["--gsettings", "list"], environment: environment)
      #expect(result.status == 0, "\(settei): \(result.standardError)")
      #expect(result.standardError.contains("GIO finds no GSettings schema"), "\(settei)")
    }

    let alone = try TemporaryFolder()
    try copy(binary, to: alone.file("settei"))
    let result = try runProcess(
      alone.file("settei"), ["--gsettings", "list"], environment: environment)
    #expect(result.status == 69)
    #expect(
      result.standardError.contains(
        "neither at \(alone.path)/settei-gio nor at /tmp/libexec/settei/settei-gio"),
      "\(result.standardError)")
    let japanese = try runProcess(
      alone.file("settei"), ["--gsettings", "--lang", "ja", "list"], environment: environment)
    #expect(japanese.status == 69)
    #expect(japanese.standardError.contains("\(alone.path)/settei-gio にも"))
    let get = try runProcess(
      alone.file("settei"), ["get", "temperatureUnit", "--store", empty.file("s.json")],
      environment: environment)
    #expect(get.status == 0, "\(get.standardError)")
  }
}
