import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// The channel list in a `UISplitViewController`: the router opens channels in the secondary
/// column (pushed on the list's stack while collapsed), and the demo's first screen as goldens.
@MainActor
@Suite(.serialized) struct SplitViewRouterTests {
    /// Whether two stacks hold the same controllers (by identity), in order.
    func same(_ a: [UIViewController], _ b: [UIViewController]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    @Test func theRouterShowsChannelsInTheSecondaryColumn() throws {
        let data = try ChannelListSceneData.make()
        let backend = HeadlessBackend.install()
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        let split = UISplitViewController(style: .doubleColumn)
        split.setViewController(list, for: .primary)
        let window = backend.openWindow(size: CGSize(width: 1100, height: 700), rootViewController: split)
        backend.advance(by: 0.05)
        let primary = try #require(list.navigationController)

        // Tapping a row opens the channel beside the list; the list stays.
        let design = try #require(data.channels["design"])
        let cell = try #require(visibleCell(list, design))
        cell.sendActions(for: .touchUpInside)
        backend.advance(by: 0.6)
        let shown = try #require(split.viewController(for: .secondary) as? ChatChannelVC)
        #expect(shown.channelController?.cid == design)
        #expect(shown.navigationController !== primary && shown.view.window != nil)
        #expect(same(primary.viewControllers, [list]) && list.view.window != nil)
        #expect(shown.view.convert(CGPoint.zero, to: nil).x > list.view.bounds.width)

        // Another channel replaces it.
        let ben = try #require(data.channels["ben"])
        let second = try #require(list.router.showChannel(for: ben))
        backend.advance(by: 0.6)
        #expect(split.viewController(for: .secondary) === second)
        #expect(shown.view.window == nil)

        // Narrow: one stack, the open channel on top with the list under it; a channel opened
        // now is pushed in its place.
        backend.resize(window, to: CGSize(width: 500, height: 700))
        backend.advance(by: 0.6)
        #expect(split.isCollapsed)
        #expect(same(primary.viewControllers, [list, second]))
        let third = try #require(list.router.showChannel(for: design))
        backend.advance(by: 0.6)
        #expect(same(primary.viewControllers, [list, third]))

        // Wide again: the channel goes back beside the list.
        backend.resize(window, to: CGSize(width: 1100, height: 700))
        backend.advance(by: 0.6)
        #expect(!split.isCollapsed && same(primary.viewControllers, [list]))
        #expect(split.viewController(for: .secondary) === third && third.view.window != nil)
    }

    @Test func theDemoStartsWithItsTeamChannelBesideTheListAndTheListAloneWhenNarrow() throws {
        let backend = HeadlessBackend.install()
        let client = try DemoScreen.makeFixedClient()
        let split = DemoScreen.makeSplit(client: client, firstChannel: DemoConversations.channelIds.first)
        _ = backend.openWindow(size: CGSize(width: 1100, height: 720), rootViewController: split)
        backend.advance(by: 0.05)
        let channel = try #require(split.viewController(for: .secondary) as? ChatChannelVC)
        #expect(channel.channelController?.channel?.name == "Engineering")

        let narrow = DemoScreen.makeSplit(client: client, firstChannel: DemoConversations.channelIds.first)
        _ = backend.openWindow(size: CGSize(width: 420, height: 720), rootViewController: narrow)
        backend.advance(by: 0.05)
        #expect(narrow.isCollapsed)
        let stack = try #require(narrow.viewControllers.first as? UINavigationController)
        #expect(stack.viewControllers.count == 1 && stack.topViewController is ChatChannelListVC)
    }

    @Test func splitViewGoldens() throws {
        let scene = try #require(SceneCatalog.scene(named: "split-view"))
        for style in [UIUserInterfaceStyle.light, .dark] {
            let view = SceneCatalog.makeView(scene)
            Snapshot.assert(view, named: "split-view-\(style == .dark ? "dark" : "light")", size: scene.defaultSize, scale: 1, style: style)
        }
    }
}
}
