import Foundation
import Parley

/// The first screen of `parley demo` on a desktop window: a `UISplitViewController` with the
/// channel list in the primary column and the team's channel beside it, over the written demo
/// conversations (``DemoConversations``) pinned to ``ChatFixtures/now``.
enum SplitViewScene {
    static let scene = RenderScene(
        name: "split-view",
        summary: "The demo's first screen on a wide window: the channel list beside the open channel (UISplitViewController)",
        defaultSize: CGSize(width: 1100, height: 720)
    ) { size in
        makeHost(size: size) { _ in }
    }

    /// The demo's split view in a host of `size`, over the fixed client, with formatters pinned
    /// to the fixture's clock and UTC while the views set themselves up; `then` runs on it after
    /// the first layout (the host lays out again after it).
    @MainActor
    static func makeHost(size: CGSize, then: (UISplitViewController) -> Void) -> UIView {
        let host = SceneControllerHost(frame: CGRect(origin: .zero, size: size))
        guard let client = try? DemoScreen.makeFixedClient() else { return host }
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        let split = DemoScreen.makeSplit(client: client, firstChannel: DemoConversations.channelIds.first) { list in
            list.appearance = Appearance.default
        }
        host.host(split)
        host.layoutIfNeeded()
        then(split)
        host.layoutIfNeeded()
        return host
    }

    /// The demo on a 1,280-point window with the Android-crash thread of the team channel open
    /// in the third column, beside the channel and the list.
    static let threadScene = RenderScene(
        name: "split-view-thread",
        summary: "The demo on a desktop window with a thread open in the third column beside the channel (the inspector column)",
        defaultSize: CGSize(width: 1280, height: 800)
    ) { size in
        makeHost(size: size) { split in
            guard let channelVC = split.viewController(for: .secondary) as? ChatChannelVC,
                  let root = DemoScreen.threadRoot(in: channelVC, startingWith: "🐛 Crash") else { return }
            channelVC.showThread(messageId: root)
        }
    }
}

/// The demo's screens, shared by `parley demo` and the `split-view` scene.
public enum DemoScreen {
    /// A split view with the channel list of `client` (with search) in the primary column (on its
    /// own navigation stack) and `firstChannel`, opened through the list's router, in the secondary
    /// column; narrow windows collapse to the list. `configure` runs on the list before it loads.
    @MainActor
    public static func makeSplit(client: ChatClient, firstChannel: ChannelId?,
                                 configure: (ChatChannelListVC) -> Void = { _ in }) -> UISplitViewController {
        let list = Components.default.channelListVC.init()
        list.controller = client.channelListController()
        list.isSearchEnabled = true
        configure(list)
        let split = DemoSplitViewController(style: .doubleColumn)
        split.setViewController(UINavigationController(rootViewController: list), for: .primary)
        split.preferredPrimaryColumnWidth = 340
        // The router shows channels in the secondary column; the first one opens right away (in a
        // narrow window it waits there and the list stays on top).
        if let firstChannel { list.router.showChannel(for: firstChannel) }
        return split
    }

    /// The id of the first thread root in `channelVC`'s channel whose text starts with `prefix`.
    @MainActor
    public static func threadRoot(in channelVC: ChatChannelVC, startingWith prefix: String) -> MessageId? {
        channelVC.channelController?.messages.first { $0.replyCount > 0 && $0.text.hasPrefix(prefix) }?.id
    }

    /// An in-memory client holding the written demo conversations, ending before
    /// ``ChatFixtures/now`` on a UTC calendar, so that it renders the same everywhere.
    @MainActor
    public static func makeFixedClient() throws -> ChatClient {
        let client = try ChatClient(opening: ChatClientConfig(
            currentUserId: DemoConversations.scriptUserId, clock: ManualChatClock(now: ChatFixtures.now), randomSeed: 7))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        try DemoConversations.seed(into: client, townHallMessages: 60, now: ChatFixtures.now, calendar: calendar)
        return client
    }
}

/// The demo's split view, its own delegate: it keeps the channel list on top when the demo starts
/// in a narrow window; later collapses keep the open channel on top, as UIKit proposes.
@MainActor
final class DemoSplitViewController: UISplitViewController, UISplitViewControllerDelegate {
    private var hasCollapsed = false

    override init(style: UISplitViewController.Style) {
        super.init(style: style)
        delegate = self
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        defer { hasCollapsed = true }
        return hasCollapsed ? proposedTopColumn : .primary
    }
}
