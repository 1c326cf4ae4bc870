import Testing

@testable import TableKit

/// A controller that records its lifecycle calls into a shared log, with the `animated` flag
/// each got when `recordsAnimated` is set.
class RecordingViewController: ViewController {
  let name: String
  let log: Log
  var recordsAnimated = false

  final class Log {
    var events: [String] = []
  }

  init(_ name: String, log: Log, recordsAnimated: Bool = false) {
    self.name = name
    self.log = log
    self.recordsAnimated = recordsAnimated
    super.init()
    title = name
  }

  private func record(_ event: String, _ animated: Bool) {
    log.events.append("\(name).\(event)" + (recordsAnimated ? "(\(animated))" : ""))
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.events.append("\(name).viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    record("viewWillAppear", animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("viewDidAppear", animated)
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    record("viewWillDisappear", animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    record("viewDidDisappear", animated)
  }
}

@Suite struct NavigationControllerTests {
  @Test func appearingLoadsAndShowsTheRoot() {
    let log = RecordingViewController.Log()
    let navigation = NavigationController(
      rootViewController: RecordingViewController("A", log: log))
    navigation.viewWillAppear(false)
    navigation.viewDidAppear(false)
    #expect(log.events == ["A.viewDidLoad", "A.viewWillAppear", "A.viewDidAppear"])
  }

  @Test func pushAndPopCallTheLifecycleInUIKitOrder() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear(false)
    navigation.viewDidAppear(false)
    log.events.removeAll()

    navigation.pushViewController(b, animated: true)
    #expect(
      log.events == [
        "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear",
        "B.viewDidAppear",
      ])
    log.events.removeAll()

    navigation.popViewController(animated: true)
    #expect(
      log.events == [
        "B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear",
      ])
  }

  @Test func viewDidLoadIsCalledOnlyOnce() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear(false)
    navigation.pushViewController(b, animated: true)
    navigation.popViewController(animated: true)
    navigation.pushViewController(b, animated: true)
    #expect(
      log.events.filter { $0.hasSuffix("viewDidLoad") } == ["A.viewDidLoad", "B.viewDidLoad"])
  }

  @Test func theTopTableViewIsTheTopControllersTableView() {
    let log = RecordingViewController.Log()
    let root = RecordingViewController("root", log: log)
    let navigation = NavigationController(rootViewController: root)
    #expect(navigation.topTableView === root.tableView)
    let child = RecordingViewController("child", log: log)
    navigation.pushViewController(child, animated: false)
    #expect(navigation.topTableView === child.tableView)
    navigation.popViewController(animated: false)
    #expect(navigation.topTableView === root.tableView)
  }

  @Test func popAtTheRootDoesNothing() {
    let log = RecordingViewController.Log()
    let navigation = NavigationController(
      rootViewController: RecordingViewController("A", log: log))
    navigation.viewWillAppear(false)
    log.events.removeAll()
    #expect(navigation.popViewController(animated: true) == nil)
    #expect(navigation.popToRootViewController(animated: true) == nil)
    #expect(navigation.viewControllers.count == 1)
    #expect(log.events.isEmpty)
  }

  @Test func popToRootPopsEverythingAboveTheRoot() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let c = RecordingViewController("C", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear(false)
    navigation.pushViewController(b, animated: true)
    navigation.pushViewController(c, animated: true)
    log.events.removeAll()
    let popped = navigation.popToRootViewController(animated: true)
    #expect(popped?.map(\.title) == ["B", "C"])
    #expect(navigation.topViewController === a)
    #expect(b.navigationController == nil)
    #expect(
      log.events == [
        "C.viewWillDisappear", "A.viewWillAppear", "C.viewDidDisappear", "A.viewDidAppear",
      ])
  }

  @Test func backTitlePrefersBackButtonTitleThenTitleThenBack() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.pushViewController(b, animated: true)
    #expect(navigation.backButtonTitle == "A")
    a.navigationItem.backButtonTitle = "戻る"
    #expect(navigation.backButtonTitle == "戻る")
    a.navigationItem.backButtonTitle = nil
    a.title = nil
    #expect(navigation.backButtonTitle == "Back")
  }

  @Test func lifecycleWaitsUntilTheNavigationControllerIsShown() {
    let log = RecordingViewController.Log()
    let navigation = NavigationController(
      rootViewController: RecordingViewController("A", log: log))
    navigation.pushViewController(RecordingViewController("B", log: log), animated: true)
    #expect(log.events == ["B.viewDidLoad"])
    navigation.viewWillAppear(false)
    #expect(log.events == ["B.viewDidLoad", "B.viewWillAppear"])
  }
}

@Suite struct SetViewControllersTests {
  @Test func replacingTheStackShowsTheNewTopInUIKitOrder() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let c = RecordingViewController("C", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear(false)
    navigation.pushViewController(b, animated: true)
    log.events.removeAll()
    navigation.setViewControllers([a, c], animated: false)
    #expect(navigation.viewControllers.map(\.title) == ["A", "C"])
    #expect(
      log.events == [
        "C.viewDidLoad", "B.viewWillDisappear", "C.viewWillAppear", "B.viewDidDisappear",
        "C.viewDidAppear",
      ])
    #expect(b.navigationController == nil)
    #expect(c.navigationController === navigation)
    #expect(navigation.backButtonTitle == "A")
  }
}
