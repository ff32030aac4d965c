import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// A thread in the demo's split view: a third column beside the channel on a wide window (as
/// desktop chat apps show it), pushed on the channel's stack on a narrow one; its close button and
/// Escape remove the column, and the channel keeps what it showed.
@MainActor
@Suite(.serialized) struct ThreadColumnTests {
    @MainActor struct Demo {
        let backend: HeadlessBackend
        let window: UIWindow
        let split: UISplitViewController
        let list: ChatChannelListVC
        var channelVC: ChatChannelVC? { split.viewController(for: .secondary) as? ChatChannelVC }
        func settle() { backend.advance(by: 0.6) }
    }

    static func withDemo(width: CGFloat, _ body: @MainActor (Demo) throws -> Void) throws {
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        let backend = HeadlessBackend.install()
        let client = try DemoScreen.makeFixedClient()
        var listVC: ChatChannelListVC?
        let split = DemoScreen.makeSplit(client: client, firstChannel: DemoConversations.channelIds.first) { list in
            list.appearance = Appearance.default
            listVC = list
        }
        let window = backend.openWindow(size: CGSize(width: width, height: 800), rootViewController: split)
        backend.advance(by: 0.3)
        try body(Demo(backend: backend, window: window, split: split, list: try #require(listVC)))
    }

    static func find(_ identifier: String, in view: UIView) -> UIView? {
        if view.accessibilityIdentifier == identifier { return view }
        for subview in view.subviews { if let found = find(identifier, in: subview) { return found } }
        return nil
    }

    /// The Android-crash thread's root in the team channel.
    static func crashThread(_ channelVC: ChatChannelVC) throws -> MessageId {
        try #require(DemoScreen.threadRoot(in: channelVC, startingWith: "🐛 Crash"))
    }

    @Test func onAWideWindowTheThreadOpensInAThirdColumnAndItsCloseButtonRemovesIt() throws {
        try Self.withDemo(width: 1280) { demo in
            let channelVC = try #require(demo.channelVC)
            let channelStack = try #require(channelVC.navigationController)
            let channelFrame = channelStack.view.frame
            channelVC.showThread(messageId: try Self.crashThread(channelVC))
            demo.settle()

            let thread = try #require(demo.split.viewController(for: .inspector) as? ChatThreadVC)
            #expect(demo.split.isShowing(.inspector))
            // Beside the channel, not over it: the channel stays on screen, alone on its stack.
            #expect(channelStack.viewControllers.count == 1 && channelVC.view.window != nil)
            #expect(thread.view.window != nil && thread.navigationController !== channelStack)
            let threadFrame = thread.view.convert(thread.view.bounds, to: nil)
            let channelNow = channelStack.view.frame
            #expect(threadFrame.maxX == 1280 && threadFrame.width == demo.split.inspectorColumnWidth)
            #expect(threadFrame.width >= 300 && threadFrame.width <= 480)
            #expect(channelNow.minX == channelFrame.minX && channelNow.maxX < threadFrame.minX)
            #expect(channelNow.width >= 360)
            #expect(thread.messageController.message?.text.hasPrefix("🐛 Crash") == true)
            // The composer of the thread takes the caret, as in desktop chat apps.
            #expect(UIResponder.currentFirstResponder === thread.messageComposerVC.composerView.inputTextView)

            // The × in the thread's bar closes the column; the channel takes the width back.
            let close = try #require(thread.navigationController.flatMap { Self.find("close-thread", in: $0.navigationBar) } as? UIButton)
            #expect(close.toolTip == "Close thread")
            close.sendActions(for: .touchUpInside)
            demo.settle()
            #expect(!demo.split.isShowing(.inspector) && thread.view.window == nil)
            #expect(channelStack.view.frame == channelFrame)
        }
    }

    @Test func escapeClosesTheThreadColumnAndAnotherChannelClosesItToo() throws {
        try Self.withDemo(width: 1280) { demo in
            let channelVC = try #require(demo.channelVC)
            channelVC.showThread(messageId: try Self.crashThread(channelVC))
            demo.settle()
            let thread = try #require(demo.split.viewController(for: .inspector) as? ChatThreadVC)
            #expect(thread.view.window != nil)
            // Escape from the thread's composer (nothing to cancel there) closes the thread.
            demo.backend.press(.keyboardEscape)
            demo.settle()
            #expect(!demo.split.isShowing(.inspector) && thread.view.window == nil)

            // A thread open while the user picks another channel closes with the channel it belonged to.
            channelVC.showThread(messageId: try Self.crashThread(channelVC))
            demo.settle()
            #expect(demo.split.isShowing(.inspector))
            demo.list.selectAdjacentChannel(by: 1, unreadOnly: false)
            demo.settle()
            #expect(!demo.split.isShowing(.inspector) && demo.split.viewController(for: .inspector) == nil)
            #expect(demo.channelVC !== channelVC)
        }
    }

    @Test func theChannelKeepsItsScrollPositionWhenTheThreadColumnOpensAndCloses() throws {
        try Self.withDemo(width: 1280) { demo in
            let channelVC = try #require(demo.channelVC)
            let listVC = channelVC.messageListVC
            let root = try Self.crashThread(channelVC)
            // The user scrolled up to the crash report.
            #expect(listVC.scrollToMessage(id: root))
            demo.settle()
            @MainActor func position() throws -> CGFloat {
                let row = try #require(listVC.contentView(forMessageId: root))
                return row.convert(row.bounds, to: listVC.listView).midY - listVC.listView.contentOffset.y
            }
            let before = try position()
            channelVC.showThread(messageId: root)
            demo.settle()
            // Narrower rows wrap into more lines; the message stays where the user was reading.
            let opened = try position()
            #expect(abs(opened - before) < 60, "moved from \(before) to \(opened)")
            demo.split.hide(.inspector)
            demo.settle()
            let closed = try position()
            #expect(abs(closed - before) < 60, "moved from \(before) to \(closed)")
        }
    }

    @Test func onANarrowWindowTheThreadIsPushedOnTheChannelAndWideningMakesItAColumn() throws {
        try Self.withDemo(width: 1000) { demo in
            let channelVC = try #require(demo.channelVC)
            let channelStack = try #require(channelVC.navigationController)
            channelVC.showThread(messageId: try Self.crashThread(channelVC))
            demo.settle()
            let thread = try #require(channelStack.topViewController as? ChatThreadVC)
            #expect(channelStack.viewControllers.count == 2 && channelVC.view.window == nil)
            #expect(demo.split.inspectorColumnWidth == 0)

            demo.backend.resize(demo.window, to: CGSize(width: 1280, height: 800))
            demo.settle()
            #expect(channelStack.viewControllers.count == 1 && channelVC.view.window != nil)
            #expect(thread.view.window != nil && demo.split.inspectorColumnWidth > 0)

            // Back from the pushed thread (Escape on a narrow window) closes it for good.
            demo.backend.resize(demo.window, to: CGSize(width: 1000, height: 800))
            demo.settle()
            #expect(channelStack.topViewController === thread)
            channelStack.popViewController(animated: false)
            demo.settle()
            #expect(!demo.split.isShowing(.inspector))
        }
    }

    @Test func threadColumnGoldens() throws {
        let scene = try #require(SceneCatalog.scene(named: "split-view-thread"))
        for style in [UIUserInterfaceStyle.light, .dark] {
            let view = SceneCatalog.makeView(scene)
            Snapshot.assert(view, named: "split-view-thread-\(style == .dark ? "dark" : "light")", size: scene.defaultSize, scale: 1, style: style)
        }
    }
}
}
