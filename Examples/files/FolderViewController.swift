import TableKit

/// A folder as a screen: a Folders section and a Files section, each sorted by name.
///
/// The controller reads the folder's names once (``FolderListing``) and builds a cell, with
/// one `lstat`, only for a row the screen shows. Selecting a folder opens it; selecting a
/// file shows its details.
final class FolderViewController: TableViewController {
  let listing: FolderListing
  private let sections: [Section]

  private enum Section {
    case folders, files, empty
  }

  /// Creates the screen of a listed folder.
  init(listing: FolderListing, title: String) {
    self.listing = listing
    var sections: [Section] = []
    if !listing.folders.isEmpty { sections.append(.folders) }
    if !listing.files.isEmpty { sections.append(.files) }
    self.sections = sections.isEmpty ? [.empty] : sections
    super.init()
    self.title = title
  }

  override func numberOfSections(in tableView: TableView) -> Int {
    sections.count
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    switch sections[section] {
    case .folders: listing.folders.count
    case .files: listing.files.count
    case .empty: 0
    }
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int)
    -> String?
  {
    switch sections[section] {
    case .folders: "Folders"
    case .files: "Files"
    case .empty: nil
    }
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    if let failure = listing.failure { return "Cannot read this folder: \(failure)." }
    guard section == sections.count - 1, sections[section] != .empty else { return nil }
    let counts = [(listing.folders.count, "folder"), (listing.files.count, "file")]
    return counts.filter { $0.0 > 0 }.map { count($0.0, $0.1) }.joined(separator: ", ")
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let entry = self.entry(at: indexPath)
    let cell = TableViewCell(style: .value1)
    cell.text = entry.displayName
    switch listing.details(of: entry) {
    case .failure(let failure):
      cell.detailText = failure.message
    case .success(let details):
      if let target = details.linkTarget { cell.text = entry.displayName + " → " + target }
      if details.isBrokenLink {
        cell.detailText = "broken link"
      } else if details.leadsToFolder {
        cell.detailText = FileDetails.formatDate(details.modified)
        cell.accessoryType = .disclosureIndicator
      } else {
        cell.detailText =
          FileDetails.formatSize(details.size) + " · " + FileDetails.formatDate(details.modified)
      }
    }
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    let entry = self.entry(at: indexPath)
    let path = listing.path(of: entry)
    let details = try? listing.details(of: entry).get()
    if sections[indexPath.section] == .folders || details?.leadsToFolder == true {
      let folder = FolderListing(path: path)
      navigationController?.pushViewController(
        FolderViewController(listing: folder, title: entry.displayName), animated: true)
    } else {
      navigationController?.pushViewController(
        FileInfoViewController(name: entry.displayName, details: details), animated: true)
    }
  }

  private func entry(at indexPath: IndexPath) -> FolderListing.Entry {
    sections[indexPath.section] == .folders
      ? listing.folders[indexPath.row] : listing.files[indexPath.row]
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(FileDetails.formatCount(Int64(number))) \(noun)\(number == 1 ? "" : "s")"
  }
}
