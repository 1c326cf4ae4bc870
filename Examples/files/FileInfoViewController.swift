import TableKit

/// What is known about one file, as Finder's Get Info shows it: kind, size, date,
/// permissions, and where a link points.
final class FileInfoViewController: TableViewController {
  private let rows: [(title: String, value: String)]

  /// Creates the screen of a file; `details` is `nil` when they could not be read.
  init(name: String, details: FileDetails?) {
    var rows: [(String, String)] = []
    if let details {
      let kind =
        switch details.kind {
        case .folder: "folder"
        case .file: "file"
        case .link: details.isBrokenLink ? "broken link" : "link"
        case .other: "special file"
        }
      rows.append(("Kind", kind))
      if let target = details.linkTarget { rows.append(("Link to", target)) }
      if !details.isBrokenLink {
        let bytes = FileDetails.formatCount(details.size)
        rows.append(("Size", "\(FileDetails.formatSize(details.size)) (\(bytes) bytes)"))
        rows.append(("Modified", FileDetails.formatDate(details.modified) + " UTC"))
      }
      rows.append(("Permissions", FileDetails.formatMode(details.mode)))
    } else {
      rows.append(("Kind", "cannot be read"))
    }
    self.rows = rows
    super.init()
    title = name
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    rows.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(
      style: .value1, text: rows[indexPath.row].title, detailText: rows[indexPath.row].value)
  }
}
