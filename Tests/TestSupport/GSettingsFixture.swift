import Glibc

/// GSettings schemas of every key type, compiled with `glib-compile-schemas` into a folder
/// of their own, for the tests that run GIO with `GSETTINGS_SCHEMA_DIR` set to it.
///
/// `org.settei.test` has a key of each GVariant type settei shows in its own way (Boolean,
/// every integer type, double, text, list of texts, others), a range, string choices, an
/// enum, flags, a child schema and the gettext domain `settei-test`; `org.settei.test.relocatable`
/// has no path, and is the relocatable child `more` of `org.settei.test.extra`;
/// `org.settei.test.things` has no path either, its children at `/org/settei/test/things/NAME/`
/// listed by `org.settei.test`'s `things-children`.
public final class GSettingsFixture {
  /// The folder holding the XML and `gschemas.compiled`.
  public let folder: TemporaryFolder
  /// The path of the folder: `GSETTINGS_SCHEMA_DIR`.
  public var schemaFolder: String { folder.path }

  public static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <schemalist gettext-domain="settei-test">
      <enum id="org.settei.test.Clock">
        <value nick="24h" value="0"/>
        <value nick="12h" value="1"/>
      </enum>
      <flags id="org.settei.test.Days">
        <value nick="monday" value="1"/>
        <value nick="tuesday" value="2"/>
        <value nick="wednesday" value="4"/>
      </flags>
      <schema id="org.settei.test" path="/org/settei/test/">
        <key name="enabled" type="b">
          <default>true</default>
          <summary>Enable the feature</summary>
          <description>
            Whether the feature is on.
            A second line.
          </description>
        </key>
        <key name="volume" type="i">
          <range min="0" max="100"/>
          <default>50</default>
          <summary>Volume</summary>
        </key>
        <key name="count" type="u"><default>7</default><summary>Count</summary></key>
        <key name="big" type="x"><default>-5000000000</default></key>
        <key name="huge" type="t"><default>18446744073709551615</default></key>
        <key name="small" type="y"><default>200</default></key>
        <key name="short" type="n"><default>-300</default></key>
        <key name="ushort" type="q"><default>60000</default></key>
        <key name="scale" type="d">
          <range min="0.5" max="3.0"/>
          <default>1.0</default>
          <summary>Text &amp; icon scale</summary>
        </key>
        <key name="ratio" type="d"><default>0.25</default></key>
        <key name="name" type="s"><default>'Ada'</default><summary>Name</summary></key>
        <key name="color" type="s">
          <choices><choice value="red"/><choice value="green"/></choices>
          <default>'red'</default>
          <summary>Color</summary>
        </key>
        <key name="clock" enum="org.settei.test.Clock">
          <default>'24h'</default>
          <summary>Clock format</summary>
        </key>
        <key name="days" flags="org.settei.test.Days">
          <default>['monday']</default>
          <summary>Days</summary>
        </key>
        <key name="fonts" type="as"><default>['Sans', 'Mono']</default><summary>Fonts</summary></key>
        <key name="sources" type="a(ss)"><default>[('xkb', 'us')]</default></key>
        <key name="pair" type="(ii)"><default>(1, 2)</default></key>
        <key name="things-children" type="as"><default>[]</default></key>
        <child name="extra" schema="org.settei.test.extra"/>
      </schema>
      <schema id="org.settei.test.extra" path="/org/settei/test/extra/">
        <key name="level" type="i"><default>3</default><summary>Level</summary></key>
        <child name="more" schema="org.settei.test.relocatable"/>
      </schema>
      <schema id="org.settei.test.relocatable">
        <key name="thing" type="s"><default>''</default></key>
      </schema>
      <schema id="org.settei.test.things">
        <key name="thing" type="s"><default>''</default><summary>Thing</summary></key>
        <key name="size" type="i"><default>1</default><summary>Size</summary></key>
      </schema>
    </schemalist>
    """

  /// Writes the schemas and compiles them.
  ///
  /// - Throws: ``FixtureError`` when `glib-compile-schemas` is missing or refuses them.
  public init() throws {
    folder = try TemporaryFolder()
    try writeText(Self.xml, to: folder.file("org.settei.test.gschema.xml"))
    let compiler = "/usr/bin/glib-compile-schemas"
    guard access(compiler, X_OK) == 0 else {
      throw FixtureError(description: "\(compiler) is missing: run make deps (libglib2.0-bin)")
    }
    let run = try runProcess([compiler, "--strict", folder.path])
    guard run.status == 0 else {
      throw FixtureError(description: "glib-compile-schemas: \(run.output)")
    }
  }

  /// The environment of a process that sees only these schemas, with values in memory.
  public func environment(backend: String = "memory", configHome: String? = nil) -> [String: String]
  {
    var environment = [
      "GSETTINGS_SCHEMA_DIR": schemaFolder, "GSETTINGS_BACKEND": backend,
      "XDG_DATA_DIRS": folder.path + "/no-data", "HOME": folder.path,
      "PATH": "/usr/bin:/bin",
    ]
    environment["XDG_CONFIG_HOME"] = configHome ?? folder.file("config")
    return environment
  }
}

/// Why a fixture could not be made.
public struct FixtureError: Error, CustomStringConvertible {
  public var description: String
}
