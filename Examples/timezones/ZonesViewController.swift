import TableKit

/// A region's zones with their current UTC offsets and a ✓ on the chosen one. Selecting a
/// zone chooses it; the line above the title then says which zone is chosen and its offset.
///
/// Offsets are computed in `cellForRowAt`, so a screen reads only the zone files of the rows
/// it shows.
final class ZonesViewController: TableViewController {
  private let region: ZoneCatalog.Region
  private let choice: ZoneChoice

  init(region: ZoneCatalog.Region, choice: ZoneChoice) {
    self.region = region
    self.choice = choice
    super.init()
    title = region.name
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    navigationItem.prompt = "Chosen: " + choice.summary
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    region.zones.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let zone = region.zones[indexPath.row]
    let cell = TableViewCell(style: .value1)
    cell.text = ZoneCatalog.cityName(of: zone)
    cell.detailText = choice.offset(of: zone)?.textWithAbbreviation ?? "unreadable"
    cell.accessoryType = zone == choice.zone ? .checkmark : .none
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    choice.zone = region.zones[indexPath.row]
    navigationItem.prompt = "Chosen: " + choice.summary
    tableView.reloadData()
  }
}
