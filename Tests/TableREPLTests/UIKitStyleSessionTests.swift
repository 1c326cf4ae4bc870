import TableKit
import Testing

@testable import TableREPL

/// The root of a UIKit-style flow: one row that shows the unit handed back to it.
private final class UnitRootViewController: ViewController, TableViewDataSource,
  TableViewDelegate
{
  var unit = "摂氏（°C）"
  var pushed: () -> ViewController = { ViewController() }

  override init() {
    super.init()
    title = "言語と地域"
    tableView.dataSource = self
    tableView.delegate = self
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    tableView.reloadData()
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
    cell.textLabel?.text = "温度単位"
    cell.detailTextLabel?.text = unit
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    navigationController?.pushViewController(pushed(), animated: true)
  }
}

/// The list of units written the UIKit way: cells from a prototype, the ✓ moved on the
/// visible cells without a reload, and a left bar button that hands the unit back and pops.
private final class UnitListViewController: ViewController, TableViewDataSource,
  TableViewDelegate
{
  let units = ["摂氏（°C）", "華氏（°F）"]
  var chosen = 0
  var cellRequests = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "温度単位"
    tableView.register(.default, forCellReuseIdentifier: "unit")
    tableView.dataSource = self
    tableView.delegate = self
    navigationItem.leftBarButtonItem = BarButtonItem(
      title: "完了",
      primaryAction: Action { [unowned self] _ in
        guard let navigationController = self.navigationController else { return }
        let count = navigationController.viewControllers.count
        let root = navigationController.viewControllers[count - 2] as? UnitRootViewController
        root?.unit = self.units[self.chosen]
        navigationController.popViewController(animated: true)
      })
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    cellRequests += 1
    let cell = tableView.dequeueReusableCell(withIdentifier: "unit", for: indexPath)
    cell.textLabel?.text = units[indexPath.row]
    cell.accessoryType = indexPath.row == chosen ? .checkmark : .none
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    chosen = indexPath.row
    for cell in tableView.visibleCells { cell.accessoryType = .none }
    tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
  }
}

@Suite("A screen written the UIKit way, in a session")
struct UIKitStyleSessionTests {
  @Test func theCheckmarkMovesOnTheVisibleCellsAndBackRunsTheLeftButton() throws {
    let list = UnitListViewController()
    let root = UnitRootViewController()
    root.pushed = { list }
    let result = run(
      ["1", "2", "back"], navigation: NavigationController(rootViewController: root))
    #expect(result.outcome == .quit, "\(result.errors)")
    let output = result.output
    let listScreen = try #require(output.screen(after: "1"))
    #expect(listScreen.contains("✓ 摂氏（°C）\n   2    華氏（°F）"))
    #expect(listScreen.contains("  ‹ 完了\n"), "the ‹ line shows the button's title")
    #expect(!listScreen.contains("‹ 言語と地域"))
    let chosen = try #require(output.screen(after: "2"))
    #expect(chosen.contains("   1    摂氏（°C）\n   2  ✓ 華氏（°F）"))
    #expect(list.cellRequests == 2, "the ✓ moved on the kept cells, without asking again")
    let back = try #require(output.screen(after: "back"))
    #expect(back.hasPrefix("言語と地域\n"))
    #expect(back.contains("華氏（°F） ›"), "the action handed the unit back before popping")
    #expect(list.navigationController == nil)
  }

  @Test func aLeftButtonAtTheRootRunsOnBackInsteadOfFailing() {
    let root = UnitRootViewController()
    var taps = 0
    root.navigationItem.leftBarButtonItem = BarButtonItem(
      title: "閉じる", primaryAction: Action { _ in taps += 1 })
    let result = run(["back", "back"], navigation: NavigationController(rootViewController: root))
    #expect(result.outcome == .quit, "\(result.errors)")
    #expect(taps == 2)
    #expect(result.output.hasPrefix("言語と地域\n"))
    #expect(result.output.contains("  ‹ 閉じる\n"))
  }

  @Test func aPushByTheLeftButtonOpensOnItsFirstPage() throws {
    let root = UnitRootViewController()
    let next = StaticViewController(
      title: "Next", sections: [.init(rows: (1...40).map { .init(text: "Row \($0)") })])
    root.navigationItem.leftBarButtonItem = BarButtonItem(
      title: "Next",
      primaryAction: Action { _ in
        root.navigationController?.pushViewController(next, animated: true)
      })
    let result = run(["back"], navigation: NavigationController(rootViewController: root))
    #expect(result.outcome == .quit, "\(result.errors)")
    let screen = try #require(result.output.screen(after: "back"))
    #expect(screen.hasPrefix("言語と地域 › Next\n"))
    #expect(screen.contains("   1  Row 1"))
  }

  @Test func aRowTypedOffThePageIsVisibleWhenItsDelegateRuns() {
    final class Far: ViewController, TableViewDataSource, TableViewDelegate {
      var cellSeen: String?
      override init() {
        super.init()
        title = "Far"
        tableView.dataSource = self
        tableView.delegate = self
      }
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 100 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        TableViewCell(text: "Row \(indexPath.row + 1)")
      }
      func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        cellSeen = tableView.cellForRow(at: indexPath)?.text
        tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
      }
    }
    let far = Far()
    let result = run(["90"], navigation: NavigationController(rootViewController: far))
    #expect(result.outcome == .quit, "\(result.errors)")
    #expect(far.cellSeen == "Row 90")
    #expect(result.output.contains("90  ✓ Row 90"))
  }

  @Test func aFilteredScreenShowsItsMatchesAsTheVisibleCells() {
    let controller = StaticViewController(
      title: "Many", sections: [.init(rows: (1...30).map { .init(text: "Row \($0)") })])
    let result = run(["filter 2"], navigation: NavigationController(rootViewController: controller))
    #expect(result.outcome == .quit, "\(result.errors)")
    let visible = controller.tableView.visibleCells.compactMap(\.text)
    #expect(visible == ["Row 2", "Row 12"] + (20...29).map { "Row \($0)" })
  }
}

extension String {
  /// The screen after the echoed command `> command`, to the next prompt.
  fileprivate func screen(after command: String) -> String? {
    guard let range = ranges(of: "> " + command + "\n").last else { return nil }
    return String(self[range.upperBound...])
  }
}
