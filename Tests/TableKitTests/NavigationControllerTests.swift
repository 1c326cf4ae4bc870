import Testing

@testable import TableKit

/// A controller that records its lifecycle calls into a shared log.
final class RecordingViewController: TableViewController {
  let name: String
  let log: Log

  final class Log {
    var events: [String] = []
  }

  init(_ name: String, log: Log) {
    self.name = name
    self.log = log
    super.init()
    title = name
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.events.append("\(name).viewDidLoad")
  }
  override func viewWillAppear() {
    super.viewWillAppear()
    log.events.append("\(name).viewWillAppear")
  }
  override func viewDidAppear() {
    super.viewDidAppear()
    log.events.append("\(name).viewDidAppear")
  }
  override func viewWillDisappear() {
    super.viewWillDisappear()
    log.events.append("\(name).viewWillDisappear")
  }
  override func viewDidDisappear() {
    super.viewDidDisappear()
    log.events.append("\(name).viewDidDisappear")
  }
}

@Suite struct NavigationControllerTests {
  @Test func appearingLoadsAndShowsTheRoot() {
    let log = RecordingViewController.Log()
    let navigation = NavigationController(
      rootViewController: RecordingViewController("A", log: log))
    navigation.viewWillAppear()
    navigation.viewDidAppear()
    #expect(log.events == ["A.viewDidLoad", "A.viewWillAppear", "A.viewDidAppear"])
  }

  @Test func pushAndPopCallTheLifecycleInUIKitOrder() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear()
    navigation.viewDidAppear()
    log.events.removeAll()

    navigation.push(b)
    #expect(
      log.events == [
        "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear",
        "B.viewDidAppear",
      ])
    log.events.removeAll()

    navigation.popViewController()
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
    navigation.viewWillAppear()
    navigation.push(b)
    navigation.popViewController()
    navigation.push(b)
    #expect(
      log.events.filter { $0.hasSuffix("viewDidLoad") } == ["A.viewDidLoad", "B.viewDidLoad"])
  }

  @Test func popAtTheRootDoesNothing() {
    let log = RecordingViewController.Log()
    let navigation = NavigationController(
      rootViewController: RecordingViewController("A", log: log))
    navigation.viewWillAppear()
    log.events.removeAll()
    #expect(navigation.popViewController() == nil)
    #expect(navigation.popToRootViewController() == nil)
    #expect(navigation.viewControllers.count == 1)
    #expect(log.events.isEmpty)
  }

  @Test func popToRootPopsEverythingAboveTheRoot() {
    let log = RecordingViewController.Log()
    let a = RecordingViewController("A", log: log)
    let b = RecordingViewController("B", log: log)
    let c = RecordingViewController("C", log: log)
    let navigation = NavigationController(rootViewController: a)
    navigation.viewWillAppear()
    navigation.push(b)
    navigation.push(c)
    log.events.removeAll()
    let popped = navigation.popToRootViewController()
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
    navigation.push(b)
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
    navigation.push(RecordingViewController("B", log: log))
    #expect(log.events == ["B.viewDidLoad"])
    navigation.viewWillAppear()
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
    navigation.viewWillAppear()
    navigation.push(b)
    log.events.removeAll()
    navigation.setViewControllers([a, c])
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
