import CGio
import Glibc
import SystemIO

/// Where GIO's default backend keeps values: what tells which folders hold settings.
package enum GSettingsBackendKind: Sendable, Equatable {
  /// dconf (`DConfSettingsBackend`): its folders are listed through libdconf.
  case dconf
  /// The keyfile backend (`GKeyfileSettingsBackend`): its file's sections are the folders.
  case keyfile
  /// Values held in memory only (`GMemorySettingsBackend`): no folder holds any.
  case memory
  /// Another backend, by its type name: its folders cannot be listed.
  case other(String)
}

extension GSettingsSource {
  /// The soname of dconf's client library: what Debian's `libdconf1` package installs.
  package static let dconfSoname = "libdconf.so.1"

  /// The backend GIO stores values in (`g_settings_backend_get_default`, which follows
  /// `GSETTINGS_BACKEND` and falls back to memory when the backend asked for is missing).
  package func backendKind() -> GSettingsBackendKind {
    guard let backend = gio.settingsBackendGetDefault() else { return .memory }
    defer { gio.objectUnref(UnsafeMutableRawPointer(backend)) }
    let name = gio.typeNameFromInstance(UnsafeMutableRawPointer(backend)).map {
      String(cString: $0)
    }
    switch name {
    case "DConfSettingsBackend": return .dconf
    case "GKeyfileSettingsBackend": return .keyfile
    case "GMemorySettingsBackend", "GNullSettingsBackend": return .memory
    default: return .other(name ?? "")
    }
  }

  /// Every folder dconf holds values in, with the names of those values, listed through
  /// libdconf (`dconf_client_list`, folder by folder from `/`).
  ///
  /// libdconf, not the database file read here: dconf's user database is a GVariant
  /// database (GVDB, a hash-table format of its own) that the profile
  /// (`DCONF_PROFILE`, `/etc/dconf/profile/user`) may stack over system databases, with a
  /// shared-memory flag telling when it changed; libdconf reads them as GIO's dconf backend
  /// does, so the folders listed are those GSettings reads. It is opened only now, as GIO is.
  ///
  /// - Throws: ``GSettingsError/libraryMissing(_:)`` or ``GSettingsError/symbolMissing(_:)``
  ///   when libdconf cannot be loaded.
  package func dconfFolders(soname: String = GSettingsSource.dconfSoname) throws(GSettingsError)
    -> [String: Set<String>]
  {
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
      throw .libraryMissing(dlerror().map { String(cString: $0) } ?? soname)
    }
    // Never closed: the library registers a GObject type, which cannot be unloaded.
    func symbol<F>(_ name: String, as _: F.Type) throws(GSettingsError) -> F {
      guard let address = dlsym(handle, name) else { throw .symbolMissing(name) }
      return unsafeBitCast(address, to: F.self)
    }
    let clientNew = try symbol("dconf_client_new", as: cgio_dconf_client_new_fn.self)
    let clientList = try symbol("dconf_client_list", as: cgio_dconf_client_list_fn.self)
    guard let client = clientNew() else { return [:] }
    defer { gio.objectUnref(UnsafeMutableRawPointer(client)) }
    var folders: [String: Set<String>] = [:]
    // A folder's subfolders after it; a limit on depth and count keeps a damaged database
    // from running on.
    var pending = [("/", 0)]
    var visited = 0
    while let next = pending.popLast(), visited < 100_000 {
      let (folder, depth) = next
      visited += 1
      for name in gio.takeStrings(clientList(client, folder, nil)) where !name.isEmpty {
        if name.hasSuffix("/") {
          if depth < 64 { pending.append((folder + name, depth + 1)) }
        } else {
          folders[folder, default: []].insert(name)
        }
      }
    }
    return folders
  }

  /// The file GIO's keyfile backend keeps values in
  /// (`$XDG_CONFIG_HOME/glib-2.0/settings/keyfile`, else under `~/.config`), and its bytes:
  /// `nil` when there is none yet, or the system's reason it cannot be read.
  package static func keyfileBackendFile(environment: [String: String]) -> (
    path: String, bytes: Result<[UInt8]?, SystemCallError>
  )? {
    guard let folder = XDGFolders.config(of: "glib-2.0/settings", environment: environment)
    else { return nil }
    let path = folder + "/keyfile"
    do throws(SystemCallError) {
      return (path, .success(try FileSystem.readFile(path, limit: 64 << 20)?.bytes))
    } catch {
      return (path, .failure(error))
    }
  }
}
