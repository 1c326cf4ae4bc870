/// Rows and sections that come and go, as UIKit's `insertRows(at:with:)`,
/// `deleteRows(at:with:)`, `insertSections(_:with:)`, `deleteSections(_:with:)` and
/// `performBatchUpdates(_:completion:)` change them.
///
/// The data source changes first; the table view is then told what changed. As in UIKit,
/// deletions name rows and sections as they were before the update, insertions as they are
/// after it, and the data source is asked for its new counts once the update ends (at the
/// end of the batch, or at once for a call outside one). The visible rows keep their cells
/// and move with the rows before them; a deleted row's cell goes to the reuse queue; the
/// selected row moves too, or is cleared when deleted. A count that does not add up (the
/// data source says otherwise than the rows inserted and deleted) is a programming error and
/// stops the program with a message, as UIKit raises an exception for it. An update of a
/// table view whose rows were not asked for since the last reload reloads them.
extension TableView {
  /// The changes of one update, gathered until it ends.
  struct PendingUpdates {
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    /// The row count of each section before the update; `nil` when the data source had not
    /// been asked since the last reload, and so the update reloads instead.
    var oldCounts: [Int]?
  }

  /// Inserts rows at `indexPaths` (as they are after the update). The animation is ignored.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    update { $0.insertedRows += indexPaths }
  }

  /// Deletes the rows at `indexPaths` (as they were before the update). The animation is
  /// ignored.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    update { $0.deletedRows += indexPaths }
  }

  /// Inserts sections at `sections` (as they are after the update). The animation is
  /// ignored.
  public func insertSections(_ sections: [Int], with animation: RowAnimation) {
    update { $0.insertedSections += sections }
  }

  /// Deletes the sections at `sections` (as they were before the update), with their rows.
  /// The animation is ignored.
  public func deleteSections(_ sections: [Int], with animation: RowAnimation) {
    update { $0.deletedSections += sections }
  }

  /// Makes the insertions and deletions of `updates` one update: deletions named as before
  /// it, insertions as after it, the data source asked once at the end. `completion` runs
  /// after the update with `true` (a terminal finishes every animation at once).
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    beginUpdates()
    updates?()
    endUpdates()
    completion?(true)
  }

  /// Starts a batch of insertions and deletions, as `performBatchUpdates` does; batches may
  /// nest, and the outermost ``endUpdates()`` applies them.
  public func beginUpdates() {
    if updateDepth == 0 {
      pendingUpdates = PendingUpdates(oldCounts: isLaidOut ? rowCounts : nil)
    }
    updateDepth += 1
  }

  /// Ends a batch started by ``beginUpdates()``.
  public func endUpdates() {
    precondition(updateDepth > 0, "endUpdates() without beginUpdates()")
    updateDepth -= 1
    guard updateDepth == 0, let pending = pendingUpdates else { return }
    pendingUpdates = nil
    apply(pending)
  }

  /// Records a change, applying it at once outside a batch.
  private func update(_ change: (inout PendingUpdates) -> Void) {
    beginUpdates()
    if var pending = pendingUpdates {
      change(&pending)
      pendingUpdates = pending
    }
    endUpdates()
  }

  /// Checks the data source's new counts against the changes, then moves the visible rows'
  /// cells and the selection to the rows' new places.
  private func apply(_ pending: PendingUpdates) {
    // Counts never asked for cannot be checked: the rows are asked for anew.
    guard let oldCounts = pending.oldCounts else {
      reloadData()
      return
    }
    let deletedSections = Set(pending.deletedSections)
    let insertedSections = pending.insertedSections.sorted()
    let sortedDeletedSections = deletedSections.sorted()
    reloads &+= 1
    isLaidOut = false
    layOutIfNeeded()
    let newCounts = rowCounts
    let expectedSections = oldCounts.count - deletedSections.count + Set(insertedSections).count
    precondition(
      newCounts.count == expectedSections,
      "the data source has \(newCounts.count) sections after the update, but \(oldCounts.count)"
        + " before it with \(deletedSections.count) deleted and \(insertedSections.count)"
        + " inserted: update the data source to match")
    // Where each old section went (nil: deleted).
    func newSection(_ old: Int) -> Int? {
      guard !deletedSections.contains(old) else { return nil }
      var section = old - sortedDeletedSections.prefix { $0 < old }.count
      for inserted in insertedSections where inserted <= section { section += 1 }
      return section
    }
    var deletedRows: [Int: [Int]] = [:]
    for indexPath in pending.deletedRows where !deletedSections.contains(indexPath.section) {
      deletedRows[indexPath.section, default: []].append(indexPath.row)
    }
    var insertedRows: [Int: [Int]] = [:]
    for indexPath in pending.insertedRows {
      insertedRows[indexPath.section, default: []].append(indexPath.row)
    }
    for key in deletedRows.keys { deletedRows[key] = Set(deletedRows[key] ?? []).sorted() }
    for key in insertedRows.keys { insertedRows[key] = Set(insertedRows[key] ?? []).sorted() }
    for old in oldCounts.indices {
      guard let section = newSection(old) else { continue }
      let expected =
        oldCounts[old] - (deletedRows[old]?.count ?? 0) + (insertedRows[section]?.count ?? 0)
      precondition(
        newCounts[section] == expected,
        "section \(section) has \(newCounts[section]) rows after the update, but"
          + " \(oldCounts[old]) before it with \(deletedRows[old]?.count ?? 0) deleted and"
          + " \(insertedRows[section]?.count ?? 0) inserted: update the data source to match")
    }
    // Where a row went (nil: deleted).
    func newIndexPath(_ old: IndexPath) -> IndexPath? {
      guard let section = newSection(old.section) else { return nil }
      let deleted = deletedRows[old.section] ?? []
      guard !deleted.contains(old.row) else { return nil }
      var row = old.row - deleted.prefix { $0 < old.row }.count
      for inserted in insertedRows[section] ?? [] where inserted <= row { row += 1 }
      return IndexPath(row: row, section: section)
    }
    var paths: [IndexPath] = []
    var slots: [TableViewCell?] = []
    for (indexPath, cell) in zip(visibleIndexPaths, visibleCellSlots) {
      if let moved = newIndexPath(indexPath) {
        paths.append(moved)
        slots.append(cell)
      } else if let cell {
        enqueue(cell)
      }
    }
    visibleIndexPaths = paths
    visibleCellSlots = slots
    indexPathForSelectedRow = indexPathForSelectedRow.flatMap(newIndexPath)
  }
}
