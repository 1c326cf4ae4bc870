import Testing

@testable import TableKit

/// A screen written the UIKit way: a plain view controller that makes its table view,
/// adopts the data source and delegate protocols and leaves by a segue.
final class FirstViewController: RecordingViewController, TableViewDataSource, TableViewDelegate {
  var prepared: [(identifier: String?, source: ViewController, destination: ViewController)] =
    []
  var senders: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView = TableView()
    tableView.register(.value1, forCellReuseIdentifier: "first")
    tableView.dataSource = self
    tableView.delegate = self
    registerSegue(withIdentifier: "next") {
      RecordingViewController("B", log: self.log, recordsAnimated: true)
    }
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "first", for: indexPath)
    cell.textLabel?.text = "Next"
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    performSegue(withIdentifier: "next", sender: "row \(indexPath.row)")
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    super.prepare(for: segue, sender: sender)
    prepared.append((segue.identifier, segue.source, segue.destination))
    if let sender = sender as? String { senders.append(sender) }
    segue.destination.title = "B, prepared"
  }
}

@Suite struct ViewControllerTests {
  @Test func aPlainViewControllerIsShownWithTheTableViewItMade() throws {
    let log = RecordingViewController.Log()
    let first = FirstViewController("A", log: log, recordsAnimated: true)
    let before = first.tableView
    let navigation = NavigationController(rootViewController: first)
    navigation.viewWillAppear(false)
    #expect(first.tableView !== before, "viewDidLoad made its own table view")
    #expect(first.tableView.dataSource === first)
    #expect(first.tableView.showRows([IndexPath(row: 0, section: 0)]).first??.text == "Next")
    #expect(navigation.topViewController === first)
  }

  @Test func performSegueMakesTheDestinationPreparesAndPushesIt() throws {
    let log = RecordingViewController.Log()
    let first = FirstViewController("A", log: log, recordsAnimated: true)
    let navigation = NavigationController(rootViewController: first)
    navigation.viewWillAppear(false)
    navigation.viewDidAppear(false)
    log.events.removeAll()

    first.tableView.userSelectRow(at: IndexPath(row: 0, section: 0))
    let segue = try #require(first.prepared.first)
    #expect(first.prepared.count == 1)
    #expect(segue.identifier == "next")
    #expect(segue.source === first)
    #expect(segue.destination === navigation.topViewController)
    #expect(first.senders == ["row 0"])
    #expect(navigation.topViewController.title == "B, prepared", "prepared before it appeared")
    #expect(first.tableView.indexPathForSelectedRow == nil)
    #expect(
      log.events == [
        "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
      ])
  }

  @Test func theAnimatedFlagReachesEveryLifecycleCallInUIKitOrder() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log, recordsAnimated: true)
    let b = RecordingViewController("B", log: log, recordsAnimated: true)
    let c = RecordingViewController("C", log: log, recordsAnimated: true)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear(true)
    navigation.viewDidAppear(true)
    navigation.pushViewController(b, animated: false)
    navigation.pushViewController(c, animated: true)
    log.events.removeAll()
    navigation.popToRootViewController(animated: false)
    #expect(
      log.events == [
        "C.viewWillDisappear(false)", "A.viewWillAppear(false)", "C.viewDidDisappear(false)",
        "A.viewDidAppear(false)",
      ])
    log.events.removeAll()
    navigation.viewWillDisappear(true)
    navigation.viewDidDisappear(true)
    #expect(log.events == ["A.viewWillDisappear(true)", "A.viewDidDisappear(true)"])
  }

  @Test func aValueHandedBackThroughViewControllersBeforePoppingIsThereOnAppearing() throws {
    final class Receiver: ViewController {
      var value = "摂氏（°C）"
      var shownOnAppearing: [String] = []
      override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        shownOnAppearing.append(value)
      }
    }
    let receiver = Receiver()
    let navigation = NavigationController(rootViewController: receiver)
    navigation.viewWillAppear(false)
    let sender = ViewController()
    navigation.pushViewController(sender, animated: true)

    let controllers = try #require(sender.navigationController).viewControllers
    let previous = try #require(controllers[controllers.count - 2] as? Receiver)
    previous.value = "華氏（°F）"
    #expect(sender.navigationController?.popViewController(animated: true) === sender)
    #expect(receiver.shownOnAppearing == ["摂氏（°C）", "華氏（°F）"])
    #expect(sender.navigationController == nil)
  }

  @Test func settingViewControllersReplacesTheStack() {
    let root = ViewController()
    let navigation = NavigationController(rootViewController: root)
    let next = ViewController()
    navigation.viewControllers = [root, next]
    #expect(navigation.topViewController === next)
    #expect(next.navigationController === navigation)
    navigation.viewControllers = []
    #expect(navigation.viewControllers.count == 2, "a navigation controller keeps a root")
  }

  @Test func aLeftBarButtonItemReplacesTheBackButtonTitleAndRunsItsAction() {
    let root = ViewController()
    root.title = "言語と地域"
    let navigation = NavigationController(rootViewController: root)
    let unit = ViewController()
    navigation.pushViewController(unit, animated: true)
    #expect(navigation.backButtonTitle == "言語と地域")
    var runs = 0
    unit.navigationItem.leftBarButtonItem = BarButtonItem(
      title: "戻る",
      primaryAction: Action { _ in
        runs += 1
        unit.navigationController?.popViewController(animated: true)
      })
    #expect(navigation.backButtonTitle == "戻る")
    unit.navigationItem.leftBarButtonItem?.primaryAction?.perform()
    #expect(runs == 1)
    #expect(navigation.topViewController === root)
    #expect(navigation.backButtonTitle == nil)
    root.navigationItem.leftBarButtonItem = BarButtonItem(title: nil, primaryAction: nil)
    #expect(navigation.backButtonTitle == "Back", "a root's left button shows too")
  }

  @Test func performingAnUnregisteredSegueStopsWithItsName() async {
    await #expect(processExitsWith: .failure) {
      ViewController().performSegue(withIdentifier: "nowhere", sender: nil)
    }
  }

  @Test func aSegueWithoutANavigationControllerIsPreparedButNotShown() {
    final class Lone: ViewController {
      var preparedIdentifiers: [String?] = []
      override func prepare(for segue: StoryboardSegue, sender: Any?) {
        preparedIdentifiers.append(segue.identifier)
      }
    }
    let lone = Lone()
    let destination = ViewController()
    lone.registerSegue(withIdentifier: "next") { destination }
    lone.performSegue(withIdentifier: "next", sender: nil)
    #expect(lone.preparedIdentifiers == ["next"])
    #expect(destination.navigationController == nil)
  }
}
