extension Specifier {
  /// Why Settings.app shows no row for this entry, or `nil` when it shows one: an entry
  /// without a `Type` (none, or one that is not a string), or a radio group without choices
  /// (no `Values`). Screens skip it as Settings.app does; lint says so. In English.
  package var skippedBySettingsApp: String? { whySkippedBySettingsApp?.description }

  /// ``skippedBySettingsApp`` as a reason the program words in its language.
  package var whySkippedBySettingsApp: SchemaReason? {
    guard isSkippedBySettingsApp else { return nil }
    return SchemaReason(fields.hasType ? .skippedRadioGroup : .skippedNoType)
  }

  /// Whether ``skippedBySettingsApp`` is not `nil`, asked without making its reason.
  var isSkippedBySettingsApp: Bool {
    guard fields.hasType else { return true }
    guard case .radioGroup = kind else { return false }
    return fields.values?.isEmpty ?? true
  }
}

extension SettingsSchema.Page {
  /// The indexes in `PreferenceSpecifiers` of the entries Settings.app skips
  /// (``Specifier/skippedBySettingsApp``), in order.
  package var skippedIndexes: [Int] {
    specifiers.compactMap { $0.whySkippedBySettingsApp == nil ? nil : $0.index }
  }
}

extension SettingsSchema.Page {
  /// A part of a page's rows, by position in ``specifiers``: what a screen makes its
  /// sections of (``rowSegments(errors:)``).
  package enum RowSegment: Sendable, Equatable {
    /// A run of settings, one row each (every kind but those below); `hasSubtitle` when one
    /// of them has an `IASKSubtitle`.
    case settings(Range<Int>, hasSubtitle: Bool)
    /// A `PSGroupSpecifier`: a section starts.
    case group(Int)
    /// A `PSRadioGroupSpecifier` with choices: a section of its own.
    case radioGroup(Int)
    /// An `IASKListGroupSpecifier`: a section of its own.
    case listGroup(Int)
    /// A specifier with a row-breaking error: one row naming it.
    case problem(Int)
  }

  /// The page's rows in segments, in order, leaving out what Settings.app skips
  /// (``Specifier/skippedBySettingsApp``): walked here, in place, because a screen that
  /// opens a page of a thousand settings needs its every row, and the walk from another
  /// module cost three times as much a specifier.
  ///
  /// - Parameter errors: The row-breaking errors of the page, by specifier index.
  /// - Returns: The segments, in the order of the page's rows.
  package func rowSegments(errors: [Int: String]?) -> [RowSegment] {
    var segments: [RowSegment] = []
    var runStart: Int?
    var runHasSubtitle = false
    func endRun(at end: Int) {
      guard let start = runStart else { return }
      segments.append(.settings(start..<end, hasSubtitle: runHasSubtitle))
      runStart = nil
      runHasSubtitle = false
    }
    specifiers.withUnsafeBufferPointer { buffer in
      for position in buffer.indices {
        if buffer[position].isSkippedBySettingsApp {
          endRun(at: position)
          continue
        }
        let fields = buffer[position].fields
        if let errors, errors[buffer[position].index] != nil {
          endRun(at: position)
          segments.append(.problem(position))
          continue
        }
        switch buffer[position].kind {
        case .group:
          endRun(at: position)
          segments.append(.group(position))
        case .radioGroup:
          endRun(at: position)
          segments.append(.radioGroup(position))
        case .listGroup:
          endRun(at: position)
          segments.append(.listGroup(position))
        case .toggleSwitch, .multiValue, .textField, .slider, .titleValue, .childPane, .textView,
          .openURL, .button, .mailCompose, .customView, .datePicker, .other(_):
          if runStart == nil { runStart = position }
          if !runHasSubtitle, fields.hasSubtitle { runHasSubtitle = true }
        }
      }
    }
    endRun(at: specifiers.count)
    return segments
  }
}
