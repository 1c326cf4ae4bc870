import GSettings
import Glibc
import SystemIO

/// The settei that runs a command line with `--gsettings` for a settei that cannot load GIO.
///
/// `make release` links settei with the C library inside it (`-static-pie`): it then starts
/// without the dynamic loader, and a fifth faster. GIO, which `--gsettings` loads with
/// `dlopen`, would bring a second C library into such a process, whose threads (GDBus's,
/// dconf's) it does not survive (``GSettingsSource/canLoadGIO``). So such a settei replaces
/// itself with its twin, `settei-gio`: the same program linked with the shared C library,
/// which `make release` builds beside it and `make install` puts in `PREFIX/libexec/settei`.
/// The twin is given the same arguments and environment, and does all the rest.
enum GIOTwin {
  static let name = "settei-gio"

  /// Whether `arguments` are the twin's to run: `--gsettings` given to a settei that
  /// cannot load GIO. (Any command line with the word: the twin runs every one alike.)
  static func runs(_ arguments: [String]) -> Bool {
    arguments.contains("--gsettings") && !GSettingsSource.canLoadGIO
  }

  /// Where the twin of the settei at `executable` is looked for, in order: beside it (the
  /// folder `make release` builds both in), then `PREFIX/libexec/settei` for a settei in
  /// `PREFIX/bin`.
  static func places(besides executable: String) -> [String] {
    func inside(_ folder: String, _ path: String) -> String {
      (folder == "/" ? "" : folder) + "/" + path
    }
    let folder = FileSystem.parentFolder(of: executable)
    return [
      inside(folder, name), inside(FileSystem.parentFolder(of: folder), "libexec/settei/" + name),
    ]
  }

  /// Replaces this process with the twin, given `arguments` (after the program's name);
  /// returns only when no twin could be started, with what to say.
  static func run(_ arguments: [String], messages: ProgramMessages) -> Failure {
    let executable = FileSystem.linkTarget("/proc/self/exe") ?? CommandLine.arguments[0]
    let places = places(besides: executable)
    let programName = CommandLine.arguments.first ?? "settei"
    var words = ([programName] + arguments).map { strdup($0) }
    words.append(nil)
    defer { for word in words { free(word) } }
    for place in places {
      execv(place, words)
      // Only a twin that is not there lets the next place be tried.
      guard errno == ENOENT else {
        return .unavailable(messages.text(.gioTwinFailed, place, String(cString: strerror(errno))))
      }
    }
    return .unavailable(messages.text(.gioTwinMissing, places[0], places[1]))
  }
}
