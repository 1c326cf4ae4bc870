import FileFormats

/// Why a store could not be loaded or saved: the file, the line and column where known,
/// the reason, and what the user can do.
///
/// ```
/// /home/taro/.config/settei/settings.json:3:7: expected ',' or '}' after object member, found '"'
/// settei has not changed the file. Fix it, or move it aside to start from the defaults.
/// ```
package struct StoreError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What went wrong, for choosing an exit status.
  package enum Kind: Sendable, Equatable {
    /// The store file exists but cannot be read or does not parse (also when found so at
    /// save time). Nothing was written. settei exits 65 for this at start-up.
    case unreadable
    /// Writing the store failed; the file on disk is as it was. settei exits 74.
    case saveFailed
    /// Another process holds the store's lock file and did not let go within about a
    /// second; nothing was written. settei exits 75 for this in a script.
    case locked
    /// Another program changed keys this session changed too, to other values, since the
    /// store was loaded; nothing was written. ``StoreError/conflicts`` lists the keys.
    /// settei exits 74 for this in a script.
    case conflict
  }

  /// A key that both this session and another program changed, to different values, since
  /// the store was loaded.
  package struct Conflict: Equatable, Sendable {
    /// The key.
    package let key: String
    /// The value when the store was loaded; `nil` if the key was absent.
    package let loaded: PropertyListValue?
    /// The value on disk now, written by the other program; `nil` if it removed the key.
    package let onDisk: PropertyListValue?
    /// This session's value; `nil` if this session removed the key.
    package let mine: PropertyListValue?

    /// Creates a conflict.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - loaded: The value when the store was loaded.
    ///   - onDisk: The value on disk now.
    ///   - mine: This session's value.
    package init(
      key: String, loaded: PropertyListValue?, onDisk: PropertyListValue?,
      mine: PropertyListValue?
    ) {
      self.key = key
      self.loaded = loaded
      self.onDisk = onDisk
      self.mine = mine
    }
  }

  /// What went wrong.
  package let kind: Kind
  /// The file the problem is about: the store, or a file or folder beside it.
  package let path: String
  /// The 1-based line of a parse error, where known.
  package let line: Int?
  /// The 1-based column of a parse error, where known.
  package let column: Int?
  /// What is wrong: a parse error's message, or an operation and `strerror`.
  package let why: StoreReason
  /// What the user can do about it, as a sentence.
  package let whatToDo: StoreReason
  /// What is wrong, in English.
  package var reason: String { why.description }
  /// What the user can do about it, in English.
  package var advice: String { whatToDo.description }
  /// The `errno` of a failed system call, if one failed.
  package let systemError: Int32?
  /// For ``Kind/conflict``: the keys both sides changed, sorted by key; empty otherwise.
  package let conflicts: [Conflict]

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - path: The file the problem is about.
  ///   - line: The line of a parse error, if known.
  ///   - column: The column of a parse error, if known.
  ///   - why: What is wrong.
  ///   - whatToDo: What the user can do.
  ///   - systemError: The `errno` of a failed system call.
  ///   - conflicts: For ``Kind/conflict``, the keys both sides changed.
  package init(
    kind: Kind, path: String, line: Int? = nil, column: Int? = nil, why: StoreReason,
    whatToDo: StoreReason, systemError: Int32? = nil, conflicts: [Conflict] = []
  ) {
    self.kind = kind
    self.path = path
    self.line = line
    self.column = column
    self.why = why
    self.whatToDo = whatToDo
    self.systemError = systemError
    self.conflicts = conflicts
  }

  /// Creates an error another module has worded: `reason` and `advice` are shown as they
  /// are, in every language.
  package init(
    kind: Kind, path: String, line: Int? = nil, column: Int? = nil, reason: String,
    advice: String, systemError: Int32? = nil, conflicts: [Conflict] = []
  ) {
    self.init(
      kind: kind, path: path, line: line, column: column, why: .verbatim(reason),
      whatToDo: .verbatim(advice), systemError: systemError, conflicts: conflicts)
  }

  /// `path[:line[:column]]: reason`, then the advice on a second line; in English.
  package var description: String { worded(in: .english) }

  /// ``description`` in the language of `catalog`.
  package func worded(in catalog: StoreMessages) -> String {
    var location = path
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return "\(location): \(why.worded(in: catalog))\n\(whatToDo.worded(in: catalog))"
  }
}
