import Foundation
import Testing
@testable import ParleyUIKit

/// `UISplitViewController`'s inspector column: a third column on the trailing side on wide
/// windows, pushed on the detail's stack on narrow ones, closed by `hide(.inspector)` or Escape.
@Suite(.serialized) @MainActor
struct SplitViewInspectorTests {
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
        func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) { events.append("show \(column.rawValue)") }
        func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) { events.append("hide \(column.rawValue)") }
    }

    @MainActor struct World {
        let split: UISplitViewController
        let list: Named, detail: Named, inspector: Named
        let backend: HeadlessBackend
        let window: UIWindow
        let recorder: Recorder
        var primary: UINavigationController? { split.viewController(for: .primary)?.navigationController }
        var secondary: UINavigationController? { detail.navigationController }
    }

    func makeWorld(width: CGFloat) -> World {
        let backend = HeadlessBackend.install()
        let list = Named("list"), detail = Named("detail"), inspector = Named("inspector")
        let recorder = Recorder()
        let split = UISplitViewController(style: .doubleColumn)
        split.delegate = recorder
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        split.setViewController(inspector, for: .inspector)
        let window = backend.openWindow(size: CGSize(width: width, height: 600), rootViewController: split)
        backend.advance(by: 0.05)
        return World(split: split, list: list, detail: detail, inspector: inspector, backend: backend, window: window, recorder: recorder)
    }

    @Test func aWideWindowShowsTheInspectorAsATrailingColumnUntilHidden() throws {
        let world = makeWorld(width: 1280)
        let split = world.split
        // Set but not shown: two columns.
        #expect(!split.isShowing(.inspector) && world.inspector.viewIfLoaded?.window == nil)
        let secondaryView = try #require(world.secondary?.view)
        #expect(secondaryView.frame.maxX == 1280)

        split.show(.inspector)
        split.view.layoutIfNeeded()
        #expect(split.isShowing(.inspector) && world.recorder.events == ["show 4"])
        #expect(split.inspectorColumnWidth == 380)
        #expect(world.inspector.view.window != nil)
        let inspectorView = try #require(world.inspector.navigationController?.view)
        #expect(inspectorView.frame == CGRect(x: 900, y: 0, width: 380, height: 600))
        // The detail keeps its place and narrows to the hairline before the inspector; the list stays.
        #expect(secondaryView.frame.minX == 321 && secondaryView.frame.maxX == 899)
        #expect(world.detail.view.window != nil && world.list.view.window != nil)
        #expect(same(world.secondary?.viewControllers ?? [], [world.detail]))
        let hairline = split.view.subviews.first { $0.frame.minX == 899 && $0.frame.width == 1 }
        #expect(hairline?.backgroundColor == .separator)

        split.hide(.inspector)
        split.view.layoutIfNeeded()
        #expect(!split.isShowing(.inspector) && world.recorder.events == ["show 4", "hide 4"])
        #expect(world.inspector.viewIfLoaded?.window == nil && split.inspectorColumnWidth == 0)
        #expect(secondaryView.frame.maxX == 1280)
        #expect(!split.view.subviews.contains { $0.frame.minX == 899 && $0.frame.width == 1 })
        // Still set: showing again brings it back.
        #expect(split.viewController(for: .inspector) === world.inspector)
    }

    @Test func theInspectorWidthFollowsItsPreferencesWithinItsBounds() {
        let world = makeWorld(width: 1280)
        let split = world.split
        split.show(.inspector)
        split.preferredInspectorColumnWidth = 420
        split.view.layoutIfNeeded()
        #expect(split.inspectorColumnWidth == 420)
        split.preferredInspectorColumnWidth = 900
        split.view.layoutIfNeeded()
        #expect(split.inspectorColumnWidth == 480)  // the default maximum
        split.preferredInspectorColumnWidth = UISplitViewController.automaticDimension
        split.preferredInspectorColumnWidthFraction = 0.1
        split.view.layoutIfNeeded()
        #expect(split.inspectorColumnWidth == 300)  // the default minimum
    }

    @Test func escapeClosesTheInspectorColumn() {
        let world = makeWorld(width: 1280)
        world.split.show(.inspector)
        world.backend.advance(by: 0.05)
        #expect(world.split.inspectorColumnWidth > 0)
        world.backend.press(.keyboardEscape)
        world.backend.advance(by: 0.05)
        #expect(!world.split.isShowing(.inspector) && world.inspector.viewIfLoaded?.window == nil)
        // With the column gone, Escape goes on up the chain (nothing to close).
        world.backend.press(.keyboardEscape)
        #expect(world.recorder.events == ["show 4", "hide 4"])
    }

    @Test func aNarrowWindowPushesTheInspectorOnTheDetailAndWideningMovesItBack() throws {
        // Too narrow for three columns (the detail would be under 360 points): pushed on the detail.
        let world = makeWorld(width: 1000)
        let split = world.split
        split.show(.inspector)
        world.backend.advance(by: 0.6)
        #expect(split.isShowing(.inspector) && split.inspectorColumnWidth == 0)
        #expect(same(world.secondary?.viewControllers ?? [], [world.detail, world.inspector]))
        #expect(world.inspector.view.window != nil && world.detail.view.window == nil)

        // Wide: the third column again, the detail back on top of its stack.
        world.backend.resize(world.window, to: CGSize(width: 1280, height: 600))
        world.backend.advance(by: 0.6)
        #expect(split.inspectorColumnWidth == 380)
        #expect(same(world.secondary?.viewControllers ?? [], [world.detail]))
        #expect(world.inspector.view.window != nil && world.detail.view.window != nil)

        // Collapsed (a phone-wide window): list, detail, inspector on one stack.
        world.backend.resize(world.window, to: CGSize(width: 500, height: 600))
        world.backend.advance(by: 0.6)
        let primary = try #require(world.list.navigationController)
        #expect(split.isCollapsed && same(primary.viewControllers, [world.list, world.detail, world.inspector]))

        // Going back from the pushed inspector closes it, as hide would.
        primary.popViewController(animated: false)
        world.backend.advance(by: 0.6)
        #expect(!split.isShowing(.inspector))
        world.backend.resize(world.window, to: CGSize(width: 1280, height: 600))
        world.backend.advance(by: 0.6)
        #expect(split.inspectorColumnWidth == 0 && world.inspector.viewIfLoaded?.window == nil)
        #expect(same(world.secondary?.viewControllers ?? [], [world.detail]))
    }

    @Test func hidingAPushedInspectorTakesItOffTheStack() {
        let world = makeWorld(width: 1000)
        world.split.show(.inspector)
        world.backend.advance(by: 0.6)
        #expect(same(world.secondary?.viewControllers ?? [], [world.detail, world.inspector]))
        world.split.hide(.inspector)
        world.backend.advance(by: 0.6)
        #expect(same(world.secondary?.viewControllers ?? [], [world.detail]))
        #expect(world.detail.view.window != nil && world.inspector.viewIfLoaded?.window == nil)
    }
}
