// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "settei",
  products: [
    .library(name: "TableKit", targets: ["TableKit"]),
    .library(name: "TableREPL", targets: ["TableREPL"]),
    .executable(name: "settei", targets: ["settei"]),
  ],
  targets: [
    // UIKit's table-view model in plain Swift. Imports nothing.
    .target(name: "TableKit"),

    // The file formats: property-list values, JSON, XML and binary property lists, .strings
    // tables, dates, and errors at a line and column. Imports nothing of ours.
    .target(name: "TextSafety"),

    .target(name: "FileFormats", dependencies: ["TextSafety"]),

    // Settings.bundle / JSON schemas: specifiers, pages, strings tables, the loaders, the
    // JSON form writer and lint.
    .target(name: "SchemaKit", dependencies: ["FileFormats", "SystemIO", "TextSafety"]),

    // The store file: reading, saving only what changed, locking, recovery.
    .target(name: "SettingsStorage", dependencies: ["FileFormats", "SystemIO", "TextSafety"]),

    // The settings model: values, the one validator, index, search, the words of a screen.
    // It builds no screen and imports no TableKit.
    .target(name: "SettingsKit", dependencies: ["SchemaKit", "FileFormats", "TextSafety"]),

    // The view controllers that show a schema over the model, UIKit-style. Know no terminal.
    .target(
      name: "SettingsScreens",
      dependencies: ["SettingsKit", "TableKit", "SchemaKit", "FileFormats", "TextSafety"]),

    // libedit, behind fixed-arity wrappers of its variadic calls.
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),

    // GIO's GSettings calls as function-pointer types, for the GSettings module's dlsym.
    .systemLibrary(name: "CGio", path: "Sources/CGio"),

    // The desktop's GSettings (GIO, opened with dlopen only when asked for): schemas, keys,
    // values, writes in one delayed apply; gettext .mo catalogs and the schema XML's text.
    .target(name: "GSettings", dependencies: ["CGio", "FileFormats", "SystemIO"]),

    // GSettings as settei's screens and store: schemas as pages of specifiers, values read
    // into the model and its changes written back.
    .target(
      name: "GSettingsKit",
      dependencies: [
        "GSettings", "SchemaKit", "SettingsKit", "FileFormats", "SystemIO", "TextSafety",
      ]),

    // File operations straight on Glibc: reading whole files, atomic replacement, folder
    // fsync, the lock file, blocked termination signals. Imports nothing of ours.
    .target(name: "SystemIO", dependencies: ["TextSafety"]),

    // The only importer of CEditLine: a Swift type over EditLine and History; its history
    // file is replaced through SystemIO.
    .target(name: "LineEditor", dependencies: ["CEditLine", "SystemIO", "TextSafety"]),

    // Renderer, Command, Session and the line readers.
    .target(name: "TableREPL", dependencies: ["TableKit", "LineEditor", "SystemIO", "TextSafety"]),

    // settei's commands: the table of subcommands and each one's file, option parsing, the
    // one map from errors to exit statuses, the REPL's wiring and settings commands, and the
    // CI logic that needs settei's own words. Everything the executable does, testable in
    // process.
    .target(
      name: "SetteiCommands",
      dependencies: [
        "TableREPL", "SettingsKit", "SettingsScreens", "SchemaKit", "SettingsStorage",
        "FileFormats", "SystemIO", "TableKit", "TextSafety", "GSettings", "GSettingsKit",
      ]),

    // The command line for Swift's `CommandLine.arguments` as the C library hands it to the
    // program's constructors, in place of the static runtime's reading of /proc/self/maps at
    // every start (StartArguments.c). Linked into the program only; imported by nothing.
    .target(name: "CStartArguments"),

    // The program: main.swift runs SetteiCommands' Program and exits with its status.
    .executableTarget(name: "settei", dependencies: ["SetteiCommands", "CStartArguments"]),

    .testTarget(name: "TableKitTests", dependencies: ["TableKit"]),
    .testTarget(name: "TextSafetyTests", dependencies: ["TextSafety"]),
    .testTarget(name: "FileFormatsTests", dependencies: ["FileFormats", "TestSupport"]),
    .testTarget(name: "SystemIOTests", dependencies: ["SystemIO", "TestSupport"]),
    .testTarget(
      name: "SchemaKitTests",
      dependencies: ["SchemaKit", "FileFormats", "TestSupport", "schema-compiler"]),
    .testTarget(
      name: "SettingsStorageTests",
      dependencies: ["SettingsStorage", "FileFormats", "SystemIO", "TestSupport"]),
    .testTarget(
      name: "SettingsKitTests",
      dependencies: [
        "SettingsKit", "SettingsScreens", "SchemaKit", "FileFormats", "TableKit", "TestSupport",
      ]),
    // Test helpers shared by test targets (a pseudo-terminal harness, locating built
    // binaries); no product ships it.
    // CPseudoTerminal declares the pty calls glibc hides without _XOPEN_SOURCE.
    .systemLibrary(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
    .target(
      name: "TestSupport", dependencies: ["CPseudoTerminal", "SystemIO"], path: "Tests/TestSupport"),

    // A tiny program that reads lines with LineEditor, driven by LineEditorTests through a
    // pseudo-terminal.
    .executableTarget(
      name: "line-editor-probe", dependencies: ["LineEditor"], path: "Tests/LineEditorProbe"),

    .testTarget(
      name: "LineEditorTests",
      dependencies: ["LineEditor", "SystemIO", "TestSupport", "line-editor-probe"]),
    // Runs GSettings calls in a process of its own (GIO reads its environment once), driven
    // by GSettingsTests.
    .executableTarget(
      name: "gsettings-probe", dependencies: ["GSettings", "GSettingsKit", "FileFormats"],
      path: "Tests/GSettingsProbe"),
    .testTarget(
      name: "GSettingsTests",
      dependencies: [
        "GSettings", "GSettingsKit", "SchemaKit", "SettingsKit", "FileFormats", "TestSupport",
        "gsettings-probe",
      ]),
    .testTarget(name: "TableREPLTests", dependencies: ["TableREPL", "TableKit", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["settei", "FileFormats", "TestSupport"]),
    // settei's own logic (options, language, the commands) tested in process.
    .testTarget(
      name: "setteiTests",
      dependencies: [
        "SetteiCommands", "SettingsKit", "SettingsScreens", "SchemaKit", "FileFormats",
        "TableREPL", "TestSupport",
      ]),

    // Saves a store in a loop (for the kill tests) or holds its lock (for the lock tests),
    // driven by ReliabilityTests; no product ships it.
    .executableTarget(
      name: "store-save-loop", dependencies: ["SettingsStorage", "FileFormats", "SystemIO"],
      path: "Tests/StoreSaveLoop"),
    // The failure modes of docs/reliability.md by name, with real processes, signals and
    // files, and the seeded fuzz harness (SETTEI_FUZZ_CASES sets the cases per input).
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "SchemaKit", "SettingsStorage", "FileFormats", "SystemIO", "TableREPL", "TestSupport",
        "settei", "store-save-loop",
      ]),

    // Examples: small programs that use TableKit and TableREPL for other jobs, written as a
    // user of the two libraries would write them (`swift run files /usr/share`).
    .executableTarget(
      name: "files", dependencies: ["TableKit", "TableREPL"], path: "Examples/files",
      exclude: ["README.md"]),
    .executableTarget(
      name: "timezones", dependencies: ["TableKit", "TableREPL"], path: "Examples/timezones",
      exclude: ["README.md"]),
    .executableTarget(
      name: "tutorial", dependencies: ["TableKit", "TableREPL"], path: "Examples/tutorial",
      exclude: ["README.md"]),
    .executableTarget(
      name: "tutorial-uikit", dependencies: ["TableKit", "TableREPL"],
      path: "Examples/tutorial-uikit", exclude: ["README.md"]),
    // Runs each example through pipes; also checks that the DocC article's code is the two
    // tutorials' and (with SETTEI_SLOW_TESTS=1) that another package can depend on this one.
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "files", "timezones", "tutorial", "tutorial-uikit", "TableKit", "TableREPL",
        "TestSupport",
      ]),

    // Writes the Swift that builds a JSON schema directly (`make embedded-schema`: the
    // embedded schema, compiled in so that no start reads its text). No product ships it.
    .executableTarget(
      name: "schema-compiler", dependencies: ["SchemaKit", "SystemIO", "FileFormats"],
      path: "Tools/schema-compiler"),

    // The benchmark (`make bench`): start-up, per-command cost, scale, save,
    // schema load and a peer, written to docs/performance.md. No product ships it.
    .executableTarget(
      name: "settei-bench",
      dependencies: [
        "TableREPL", "TableKit", "SchemaKit", "SettingsStorage", "FileFormats", "TestSupport",
      ],
      path: "Benchmarks/settei-bench"),
  ]
)
