import Testing

@testable import TableKit

/// The calls renamed to UIKit's spellings still work under their earlier names (deprecated),
/// so that code written before the rename keeps running until it is updated.
@Suite struct EarlierSpellingsTests {
  /// Uses every earlier spelling and returns the stack depths and selected rows it saw;
  /// deprecated itself, so that calling them does not warn.
  @available(*, deprecated, message: "uses the earlier spellings on purpose")
  static func walkWithEarlierSpellings(_ log: RecordingViewController.Log) -> [Int] {
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let c = RecordingViewController("C", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear()
    navigation.viewDidAppear()
    var depths: [Int] = []
    navigation.push(b)
    depths.append(navigation.viewControllers.count)
    navigation.popViewController()
    depths.append(navigation.viewControllers.count)
    navigation.setViewControllers([a, b, c])
    depths.append(navigation.viewControllers.count)
    navigation.popToRootViewController()
    depths.append(navigation.viewControllers.count)
    navigation.viewWillDisappear()
    navigation.viewDidDisappear()
    let source = CountingDataSource([2])
    let tableView = TableView()
    tableView.dataSource = source
    tableView.selectRow(at: IndexPath(row: 1, section: 0))
    depths.append(tableView.indexPathForSelectedRow?.row ?? -1)
    tableView.deselectRow(at: IndexPath(row: 1, section: 0))
    depths.append(tableView.indexPathForSelectedRow?.row ?? -1)
    return depths
  }

  @available(*, deprecated, message: "uses the earlier spellings on purpose")
  @Test func theEarlierCallSpellingsForwardToUIKitsOnes() {
    let log = RecordingViewController.Log()
    #expect(Self.walkWithEarlierSpellings(log) == [2, 1, 3, 1, 1, -1])
    #expect(log.events.first == "A.viewDidLoad")
    #expect(log.events.contains("B.viewWillAppear"))
    #expect(log.events.last == "A.viewDidDisappear")
  }
}
