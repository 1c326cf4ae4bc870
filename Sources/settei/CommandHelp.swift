/// The help of the commands for iOS developers' CI, shown by `settei COMMAND --help`.
/// docs/commands.md holds each of these texts as it is.
enum CommandHelp {
  /// Every command with its own help.
  static let commands = ["defaults", "diff", "lint", "render"]

  /// The help of a command, or `nil` when the command has only the general `--help`.
  static func text(for command: String) -> String? {
    switch command {
    case "defaults": defaults
    case "diff": diff
    case "lint": lint
    case "render": render
    default: nil
    }
  }

  static let defaults = """
    Usage: settei defaults PATH [--format json|plist|swift]

    Prints every key of the schema at PATH with its DefaultValue, over all pages
    (depth-first from the root, following child panes), ready for
    UserDefaults.register(defaults:). Like InAppSettingsKit's
    gatherDefaultsLimitedToEditableFields, only the types that store a value count:
    toggle switches, multi values, radio groups, sliders, text fields, text views,
    custom views and date pickers. A key defined twice registers its later default.

      --format json    a JSON object (the default)
      --format plist   an XML property list
      --format swift   a Swift file: one typed constant per key (key, type, default)
                       and SettingsDefaults.all for register(defaults:)

    A key whose type cannot be told for sure (a DefaultValue that is not what its
    specifier stores, Values of mixed types, a key defined twice with different
    defaults, a custom view) gets a note on standard error and, in Swift, a comment.

    Exit status: 0 done; 1 a default holds a character an XML property list cannot
    hold (--format plist); 64 usage error; 65 the schema cannot be read.
    """

  static let diff = """
    Usage: settei diff STORE_A STORE_B [--schema PATH] [--lang CODE]
           settei diff STORE [--schema PATH] [--lang CODE]

    Lists every setting whose value differs between two stores, or between a store
    and the schema's defaults: KEY, OLD (or DEFAULT), NEW and WHERE (the title path,
    in --lang). A key a store lacks has its default; a key the schema lacks shows
    (not in the schema). A secure field's values show as ••••••. Values are shown
    as settei get prints them, control characters escaped.

    settei export --changed prints the stored values that differ from their
    defaults (and those of keys the schema lacks), the way kconfig's savedefconfig
    keeps only what is not the default.

    Exit status: 0 no differences (nothing printed); 1 differences listed; 64 usage
    error; 65 a store or schema that cannot be read, or a STORE that does not exist.
    """

  static let lint = """
    Usage: settei lint PATH
           settei lint --store STORE PATH [--strict]
           settei lint --l10n PATH [--strict]

    settei lint PATH checks the schema at PATH (a Settings.bundle folder, a .plist
    page or a .json schema): every problem with its file, specifier, key and fix.

    With --store, it checks the store STORE against that schema instead:
      error    a value its setting could not have stored (not one of its Values, not
               the switch's TrueValue or FalseValue, out of the slider's range, text
               the keyboard cannot type, not a date), with the allowed values; the
               app shows the default instead
      warning  a key no setting has, often one renamed in an update (a close key the
               store has no value for is named); its value is kept but never shown

    With --l10n, it checks the translations of the bundle at PATH, as warnings:
      - every Title, Titles, ShortTitles, FooterText, group and page title without
        a translation, per language, with its file and specifier index
      - .strings keys no page uses, and keys defined twice (with the line)
      - format specifiers (%@, %d, %1$@…) that differ from the key's or between
        languages
      - the Title of a row that shows a value wider than 28 columns: an iPhone row
        in portrait is assumed 40 columns wide (a CJK character takes 2), and 12
        of them are left for the value

    --strict turns warnings into failures.

    Exit status: 0 no errors (and, with --strict, no warnings); 64 usage error;
    65 errors found, or a schema or store that cannot be read or does not exist.
    """

  static let render = """
    Usage: settei render PATH [--lang CODE|all] [--width N] [--out DIR]

    Prints every page of the schema at PATH as the plain text the REPL shows: no
    colour, N columns (default 80), all rows of a page on one screen, the defaults
    as values. Pages come depth-first from the root, following child panes in the
    order of their rows, each once, under a line "## Root / Child / Grandchild"
    naming the page files on the way. The same schema always gives the same text,
    so it can be committed and diffed in pull requests.

      --lang CODE   the language (default: from LC_ALL, LC_MESSAGES or LANG)
      --lang all    every language the bundle has .lproj strings for
      --out DIR     write DIR/CODE.txt for each language instead (DIR is created)

    Exit status: 0 done; 64 usage error; 65 the schema cannot be read; 74 a file
    in DIR could not be written.
    """
}
