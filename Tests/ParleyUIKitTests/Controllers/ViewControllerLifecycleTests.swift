import Foundation
import Testing
@testable import ParleyUIKit

/// The appearance and layout callbacks in UIKit's order, for push/pop and present/dismiss.
@Suite(.serialized) @MainActor
struct ViewControllerLifecycleTests {
    final class Log { var entries: [String] = [] }

    final class Recording: UIViewController {
        let name: String
        let log: Log
        init(_ name: String, log: Log) { self.name = name; self.log = log; super.init() }
        /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
        required init?(coder: NSCoder) { return nil }

        override func viewDidLoad() { super.viewDidLoad(); log.entries.append("\(name).viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.entries.append("\(name).viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.entries.append("\(name).viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.entries.append("\(name).viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.entries.append("\(name).viewDidDisappear") }
        override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); log.entries.append("\(name).viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); log.entries.append("\(name).viewDidLayoutSubviews") }
        override func didMove(toParent parent: UIViewController?) { super.didMove(toParent: parent); log.entries.append("\(name).didMove(\(parent == nil ? "nil" : "parent"))") }
    }

    @Test func aWindowsRootControllerLoadsAppearsAndLaysOutInOrder() {
        let backend = HeadlessBackend.install()
        let log = Log()
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: Recording("A", log: log))
        #expect(log.entries == ["A.viewDidLoad", "A.viewWillAppear", "A.viewWillLayoutSubviews", "A.viewDidLayoutSubviews", "A.viewDidAppear"])
    }

    @Test func pushAndPopCallTheLifecycleInUIKitsOrder() {
        let backend = HeadlessBackend.install()
        let log = Log()
        let a = Recording("A", log: log), b = Recording("B", log: log)
        let navigation = UINavigationController(rootViewController: a)
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: navigation)
        log.entries.removeAll()

        navigation.pushViewController(b, animated: false)
        backend.advance(by: 0.05)
        #expect(log.entries == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.viewWillLayoutSubviews", "B.viewDidLayoutSubviews",
                                "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(parent)"])
        #expect(navigation.topViewController === b)
        #expect(navigation.navigationBar.backButton.isHidden == false)

        log.entries.removeAll()
        navigation.popViewController(animated: false)
        backend.advance(by: 0.05)
        #expect(log.entries.filter { !$0.contains("Layout") } == ["B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear", "B.didMove(nil)"])
        #expect(navigation.viewControllers.count == 1)
        #expect(b.parent == nil)
    }

    @Test func animatedPushSlidesThenCallsDidAppearAndTheBackButtonPops() {
        let backend = HeadlessBackend.install()
        let log = Log()
        let a = Recording("A", log: log), b = Recording("B", log: log)
        b.title = "Details"
        a.title = "List"
        let navigation = UINavigationController(rootViewController: a)
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: navigation)
        log.entries.removeAll()
        navigation.pushViewController(b, animated: true)
        backend.advance(by: 0.1)
        #expect(!log.entries.contains("B.viewDidAppear"))
        #expect(b.view.transform.tx > 0)
        backend.advance(by: 0.4)
        #expect(log.entries.contains("B.viewDidAppear"))
        #expect(b.view.transform.isIdentity)
        #expect(navigation.navigationBar.titleLabel.text == "Details")
        // The back button (titled with the previous controller's title) pops.
        backend.tap(at: CGPoint(x: 30, y: 22))
        backend.advance(by: 0.6)
        #expect(navigation.topViewController === a)
        #expect(navigation.navigationBar.titleLabel.text == "List")
    }

    @Test func rightBarButtonItemsRunTheirActions() {
        let backend = HeadlessBackend.install()
        let controller = UIViewController()
        var tapped = 0
        controller.navigationItem.rightBarButtonItems = [UIBarButtonItem(title: "Edit", style: .plain) { tapped += 1 }]
        let navigation = UINavigationController(rootViewController: controller)
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: navigation)
        backend.tap(at: CGPoint(x: 270, y: 22))
        #expect(tapped == 1)
    }

    @Test func presentAndDismissFullScreenCallTheLifecycleInUIKitsOrder() {
        let backend = HeadlessBackend.install()
        let log = Log()
        let a = Recording("A", log: log), b = Recording("B", log: log)
        b.modalPresentationStyle = .fullScreen
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: a)
        log.entries.removeAll()
        var completions: [String] = []
        a.present(b, animated: false) { completions.append("presented") }
        backend.advance(by: 0.05)
        #expect(log.entries.filter { !$0.contains("Layout") } == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear"])
        #expect(completions == ["presented"])
        #expect(a.presentedViewController === b && b.presentingViewController === a)

        log.entries.removeAll()
        b.dismiss(animated: false) { completions.append("dismissed") }
        backend.advance(by: 0.05)
        #expect(log.entries.filter { !$0.contains("Layout") } == ["B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear"])
        #expect(completions == ["presented", "dismissed"])
        #expect(a.presentedViewController == nil)
    }

    @Test func aSheetKeepsThePresenterAppearedAndAnimates() {
        let backend = HeadlessBackend.install()
        let log = Log()
        let a = Recording("A", log: log), b = Recording("B", log: log)
        let window = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: a)
        log.entries.removeAll()
        a.present(b, animated: true)
        backend.advance(by: 0.1)
        #expect(!log.entries.contains("B.viewDidAppear"))
        backend.advance(by: 0.5)
        #expect(log.entries.filter { !$0.contains("Layout") } == ["B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear"])
        #expect(b.view.window === window)
        #expect(b.view.convert(CGPoint.zero, to: nil).y == 40)
        log.entries.removeAll()
        b.dismiss(animated: true)
        backend.advance(by: 0.6)
        #expect(log.entries == ["B.viewWillDisappear", "B.viewDidDisappear"])
        #expect(b.viewIfLoaded?.window == nil)
    }

    /// Before, the leaving sheet's end cleared the presenter's `presentedViewController`, so a
    /// controller presented during that animation was forgotten (and could not be dismissed).
    @Test func presentingWhileTheLastSheetLeavesKeepsTheNewOne() {
        let backend = HeadlessBackend.install()
        let log = Log()
        let a = Recording("A", log: log), b = Recording("B", log: log), c = Recording("C", log: log)
        let window = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: a)
        a.present(b, animated: true)
        backend.advance(by: 0.6)
        b.dismiss(animated: true)
        backend.advance(by: 0.05)
        a.present(c, animated: true)
        backend.advance(by: 0.6)
        #expect(a.presentedViewController === c && c.presentingViewController === a)
        #expect(b.presentingViewController == nil && b.viewIfLoaded?.window == nil)
        #expect(c.view.window === window)
        c.dismiss(animated: true)
        backend.advance(by: 0.6)
        #expect(a.presentedViewController == nil && c.viewIfLoaded?.window == nil)
    }

    @Test func anAlertDismissesThenRunsTheChosenAction() {
        let backend = HeadlessBackend.install()
        let root = UIViewController()
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: root)
        var chosen: [String] = []
        let alert = UIAlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title ?? "") })
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { chosen.append($0.title ?? "") })
        root.present(alert, animated: true)
        backend.advance(by: 0.5)
        guard let delete = alert.actions[1].button else { Issue.record("no button"); return }
        let center = delete.convert(CGPoint(x: delete.bounds.midX, y: delete.bounds.midY), to: nil)
        backend.tap(at: center)
        backend.advance(by: 0.5)
        #expect(chosen == ["Delete"])
        #expect(root.presentedViewController == nil)
    }

    @Test func escapeClosesASheetOverTheFocusedFieldUnlessItIsModal() {
        let backend = HeadlessBackend.install()
        let root = UIViewController()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 30))
        root.view.addSubview(field)
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: root)
        #expect(field.becomeFirstResponder())
        let sheet = UIViewController()
        sheet.isModalInPresentation = true
        root.present(sheet, animated: false)
        backend.advance(by: 0.1)
        backend.press(.keyboardEscape)
        backend.type("a")
        backend.advance(by: 0.6)
        #expect(root.presentedViewController === sheet, "a modal sheet stays")
        #expect(field.text == "", "the covered field gets no text")

        sheet.isModalInPresentation = false
        backend.press(.keyboardEscape)
        backend.advance(by: 0.6)
        #expect(root.presentedViewController == nil)
        #expect(field.isFirstResponder)
        backend.type("b")
        #expect(field.text == "b")
    }

    @Test func escapeCancelsAnAlertAndReturnChoosesThePreferredAction() {
        let backend = HeadlessBackend.install()
        let root = UIViewController()
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: root)
        var chosen: [String] = []
        func makeAlert() -> UIAlertController {
            let alert = UIAlertController(title: "Leave?", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Stay", style: .cancel) { chosen.append($0.title ?? "") })
            let leave = UIAlertAction(title: "Leave", style: .default) { chosen.append($0.title ?? "") }
            alert.addAction(leave)
            alert.preferredAction = leave
            return alert
        }
        root.present(makeAlert(), animated: true)
        backend.advance(by: 0.5)
        backend.press(.keyboardEscape)
        backend.advance(by: 0.5)
        #expect(chosen == ["Stay"])
        #expect(root.presentedViewController == nil)

        root.present(makeAlert(), animated: true)
        backend.advance(by: 0.5)
        backend.press(.keyboardReturnOrEnter)
        backend.advance(by: 0.5)
        #expect(chosen == ["Stay", "Leave"])
        #expect(root.presentedViewController == nil)
    }

    @Test func childrenAppearWithTheirParent() {
        let backend = HeadlessBackend.install()
        let log = Log()
        let parent = Recording("P", log: log), child = Recording("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        _ = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: parent)
        #expect(log.entries.contains("C.viewWillAppear"))
        #expect(log.entries.firstIndex(of: "P.viewWillAppear")! < log.entries.firstIndex(of: "C.viewWillAppear")!)
        #expect(log.entries.last == "C.viewDidAppear" || log.entries.suffix(2).contains("C.viewDidAppear"))
    }
}
