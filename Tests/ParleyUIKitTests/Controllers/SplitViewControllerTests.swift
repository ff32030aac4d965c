import Foundation
import Testing
@testable import ParleyUIKit

/// `UISplitViewController`: columns side by side on wide windows, one navigation stack on narrow
/// ones, and the controllers moving between them when the window is resized.
@Suite(.serialized) @MainActor
struct SplitViewControllerTests {
    /// Whether two stacks hold the same controllers (by identity), in order.
    func same(_ a: [UIViewController], _ b: [UIViewController]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    final class Named: UIViewController {
        let name: String
        init(_ name: String) { self.name = name; super.init() }
        /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
        required init?(coder: NSCoder) { return nil }
    }

    final class Recorder: UISplitViewControllerDelegate {
        var events: [String] = []
        var topColumn: UISplitViewController.Column?
        func splitViewControllerDidCollapse(_ svc: UISplitViewController) { events.append("collapse") }
        func splitViewControllerDidExpand(_ svc: UISplitViewController) { events.append("expand") }
        func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {
            events.append("mode \(displayMode.rawValue)")
        }
        func splitViewController(_ svc: UISplitViewController,
                                 topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
            topColumn ?? proposedTopColumn
        }
    }

    func makeSplit(width: CGFloat, delegate: Recorder? = nil) -> (UISplitViewController, Named, Named, HeadlessBackend, UIWindow) {
        let backend = HeadlessBackend.install()
        let list = Named("list"), detail = Named("detail")
        let split = UISplitViewController(style: .doubleColumn)
        split.delegate = delegate
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        let window = backend.openWindow(size: CGSize(width: width, height: 600), rootViewController: split)
        backend.advance(by: 0.05)
        return (split, list, detail, backend, window)
    }

    @Test func screenReadersReadThePrimaryColumnFirst() {
        let (_, list, detail, _, window) = makeSplit(width: 1000)
        let sidebar = UILabel(frame: CGRect(x: 0, y: 100, width: 200, height: 20))
        sidebar.text = "Channels"
        list.view.addSubview(sidebar)
        let content = UILabel(frame: CGRect(x: 0, y: 100, width: 200, height: 20))
        content.text = "Messages"
        detail.view.addSubview(content)
        list.title = "Inbox"
        window.layoutIfNeeded()
        let order = AccessibilityTree.children(of: window).compactMap { $0.accessibilityLabel }
        #expect(order.firstIndex(of: "Channels") ?? .max < order.firstIndex(of: "Messages") ?? .max, "\(order)")
        // In a column, the navigation bar's title comes before the content.
        #expect(order.firstIndex(of: "Inbox") ?? .max < order.firstIndex(of: "Channels") ?? .max, "\(order)")
    }

    @Test func aWideWindowShowsTheColumnsSideBySideWithASeparator() throws {
        let (split, list, detail, _, _) = makeSplit(width: 1000)
        #expect(!split.isCollapsed)
        #expect(split.displayMode == .oneBesideSecondary && split.splitBehavior == .tile)
        #expect(split.viewControllers.count == 2)
        let primary = try #require(split.viewControllers.first as? UINavigationController)
        let secondary = try #require(split.viewControllers.last as? UINavigationController)
        #expect(same(primary.viewControllers, [list]) && same(secondary.viewControllers, [detail]))
        #expect(split.viewController(for: .primary) === list && split.viewController(for: .secondary) === detail)
        #expect(list.splitViewController === split && detail.splitViewController === split)
        #expect(split.primaryColumnWidth == 320)
        #expect(primary.view.frame == CGRect(x: 0, y: 0, width: 320, height: 600))
        #expect(secondary.view.frame.minX == 321 && secondary.view.frame.maxX == 1000)
        #expect(list.view.window != nil && detail.view.window != nil)
        // The separator: a hairline between the columns.
        let separator = split.view.subviews.first { $0.frame.minX == 320 && $0.frame.width == 1 }
        #expect(separator?.backgroundColor == .separator)
    }

    @Test func theColumnWidthFollowsThePreferredWidthWithinItsBounds() {
        let (split, _, _, _, _) = makeSplit(width: 1000)
        split.preferredPrimaryColumnWidth = 380
        #expect(split.primaryColumnWidth == 380)
        split.maximumPrimaryColumnWidth = 300
        #expect(split.primaryColumnWidth == 300)
        split.preferredPrimaryColumnWidth = UISplitViewController.automaticDimension
        split.maximumPrimaryColumnWidth = UISplitViewController.automaticDimension
        split.preferredPrimaryColumnWidthFraction = 0.5
        #expect(split.primaryColumnWidth == 420)  // the default maximum
        split.minimumPrimaryColumnWidth = 600
        #expect(split.primaryColumnWidth == 600)
        split.view.layoutIfNeeded()
        #expect(split.viewControllers.first?.view.frame.width == 600)
    }

    @Test func narrowingCollapsesToOneStackAndWideningExpandsAgain() throws {
        let recorder = Recorder()
        let (split, list, detail, backend, window) = makeSplit(width: 1000, delegate: recorder)
        let primary = try #require(split.viewControllers.first as? UINavigationController)

        backend.resize(window, to: CGSize(width: 500, height: 600))
        backend.advance(by: 0.05)
        #expect(split.isCollapsed)
        #expect(recorder.events == ["collapse"])
        #expect(split.viewControllers.count == 1)
        #expect(same(primary.viewControllers, [list, detail]))
        #expect(primary.view.frame == CGRect(x: 0, y: 0, width: 500, height: 600))
        #expect(detail.view.window != nil && list.view.window == nil)
        #expect(primary.navigationBar.backButton.isHidden == false)
        #expect(split.viewController(for: .secondary) === detail)
        #expect(split.primaryColumnWidth == 0)

        backend.resize(window, to: CGSize(width: 900, height: 600))
        backend.advance(by: 0.05)
        #expect(!split.isCollapsed)
        #expect(recorder.events == ["collapse", "expand"])
        #expect(same(primary.viewControllers, [list]))
        let secondary = try #require(split.viewControllers.last as? UINavigationController)
        #expect(secondary !== primary && same(secondary.viewControllers, [detail]))
        #expect(list.view.window != nil && detail.view.window != nil)
        #expect(secondary.view.frame.minX == 321 && secondary.view.frame.width == 579)
    }

    @Test func theDelegateCanKeepThePrimaryOnTopWhenCollapsing() throws {
        let recorder = Recorder()
        recorder.topColumn = .primary
        let (split, list, detail, backend, window) = makeSplit(width: 1000, delegate: recorder)
        let primary = try #require(split.viewControllers.first as? UINavigationController)
        backend.resize(window, to: CGSize(width: 500, height: 600))
        backend.advance(by: 0.05)
        #expect(same(primary.viewControllers, [list]))
        #expect(list.view.window != nil && detail.view.window == nil)
        backend.resize(window, to: CGSize(width: 1000, height: 600))
        backend.advance(by: 0.05)
        #expect(detail.view.window != nil)
    }

    @Test func aNarrowWindowStartsCollapsed() throws {
        let (split, list, detail, _, _) = makeSplit(width: 400)
        #expect(split.isCollapsed)
        let primary = try #require(split.viewControllers.first as? UINavigationController)
        #expect(same(primary.viewControllers, [list, detail]))
        #expect(primary.topViewController === detail)
    }

    @Test func showDetailReplacesTheSecondaryColumnOrPushesWhenCollapsed() throws {
        let (split, list, _, backend, window) = makeSplit(width: 1000)
        let other = Named("other")
        list.showDetailViewController(other, sender: nil)
        backend.advance(by: 0.05)
        let secondary = try #require(split.viewControllers.last as? UINavigationController)
        #expect(same(secondary.viewControllers, [other]))
        #expect(other.view.window != nil)
        #expect(split.viewController(for: .secondary) === other)

        backend.resize(window, to: CGSize(width: 600, height: 600))
        backend.advance(by: 0.05)
        let primary = try #require(split.viewControllers.first as? UINavigationController)
        #expect(same(primary.viewControllers, [list, other]))
        // Collapsed, a new detail replaces the previous one on the stack.
        let third = Named("third")
        split.showDetailViewController(third, sender: nil)
        backend.advance(by: 0.5)
        #expect(same(primary.viewControllers, [list, third]))
        #expect(third.view.window != nil)
        // And `show(_:sender:)` pushes on the primary column.
        let pushed = Named("pushed")
        split.show(pushed, sender: nil)
        backend.advance(by: 0.5)
        #expect(primary.topViewController === pushed)
    }

    @Test func hidingThePrimaryGivesTheSecondaryTheWholeWidth() throws {
        let recorder = Recorder()
        let (split, list, detail, backend, _) = makeSplit(width: 1000, delegate: recorder)
        split.hide(.primary)
        #expect(split.preferredDisplayMode == .secondaryOnly && split.displayMode == .secondaryOnly)
        backend.advance(by: 0.05)
        #expect(list.view.window == nil)
        #expect(detail.navigationController?.view.frame == CGRect(x: 0, y: 0, width: 1000, height: 600))
        split.show(.primary)
        backend.advance(by: 0.05)
        #expect(split.displayMode == .oneBesideSecondary && list.view.window != nil)
        #expect(recorder.events == ["mode \(UISplitViewController.DisplayMode.secondaryOnly.rawValue)",
                                    "mode \(UISplitViewController.DisplayMode.oneBesideSecondary.rawValue)"])
    }

    @Test func rightToLeftPutsThePrimaryColumnOnTheRight() throws {
        let (split, list, _, backend, _) = makeSplit(width: 1000)
        split.view.semanticContentAttribute = .forceRightToLeft
        split.view.setNeedsLayout()
        backend.advance(by: 0.05)
        #expect(list.navigationController?.view.frame.minX == 680)
    }
}
