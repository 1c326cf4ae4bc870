import TableKit

/// The first screen: the chosen zone, then the regions, each of which opens its zones.
///
/// 600 zones in one list would be thirty pages of scrolling; regions first keep every screen
/// short, and the chosen zone stays in sight at the top.
final class RegionsViewController: TableViewController {
  private let choice: ZoneChoice

  init(choice: ZoneChoice) {
    self.choice = choice
    super.init()
    title = "Time Zones"
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    tableView.reloadData()
  }

  override func numberOfSections(in tableView: TableView) -> Int { 2 }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    section == 0 ? 1 : choice.catalog.regions.count
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int)
    -> String?
  {
    section == 0 ? "Chosen time zone" : "Regions"
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int)
    -> String?
  {
    guard section == 1 else { return nil }
    return "\(choice.catalog.zoneCount) zones from \(choice.catalog.folder). "
      + "Offsets are for now, \(ZoneClock.utcNow()) UTC."
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = TableViewCell(style: .value1)
    if indexPath.section == 0 {
      guard let zone = choice.zone else {
        cell.text = "None"
        cell.selectionStyle = .none
        return cell
      }
      cell.text = zone
      cell.detailText = choice.offset(of: zone).map { "UTC" + $0.textWithAbbreviation }
      cell.accessoryType = .disclosureIndicator
      return cell
    }
    let region = choice.catalog.regions[indexPath.row]
    cell.text = region.name
    cell.detailText = "\(region.zones.count) zone\(region.zones.count == 1 ? "" : "s")"
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    let regionName =
      indexPath.section == 0
      ? choice.zone.map(ZoneCatalog.region(of:)) : choice.catalog.regions[indexPath.row].name
    guard let region = choice.catalog.regions.first(where: { $0.name == regionName }) else {
      return
    }
    navigationController?.pushViewController(
      ZonesViewController(region: region, choice: choice), animated: true)
  }
}
