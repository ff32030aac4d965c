import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// Waits (letting main-actor tasks run) until `condition` holds; records an issue after `timeout`.
@MainActor
func eventually(_ what: String, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
                _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return }
        try? await Task.sleep(for: .milliseconds(2))
    }
    Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
}

/// Whether a view of the row `id` (or of a node inside it) is on screen.
@MainActor
func shows(_ list: ComponentView, _ id: String) -> Bool {
    list.visibleIDs.contains { $0 == id || $0.hasPrefix(id + "/") }
}

/// The declarative screens in a headless window over the channel list scene data.
@MainActor
@Suite(.serialized) struct ScreenTests {
    @MainActor
    struct World {
        let data: ChannelListSceneData
        let backend: HeadlessBackend
        let window: UIWindow
        let navigation: UINavigationController

        func tap(_ view: UIView, at point: CGPoint? = nil) {
            let local = point ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY)
            backend.tap(at: view.convert(local, to: window))
            backend.advance(by: 0.05)
        }

        var channelView: ChatChannelView? { navigation.topViewController as? ChatChannelView }
    }

    func makeWorld(factory: some ViewFactory = DefaultViewFactory.shared) throws -> World {
        let backend = HeadlessBackend.install()
        let data = try ChannelListSceneData.make()
        let group = WindowGroup(title: "Test") {
            ChatChannelListView(viewFactory: factory, controller: data.client.channelListController())
        }
        let navigation = group.makeRootViewController()
        let window = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: navigation)
        backend.advance(by: 0.1)
        return World(data: data, backend: backend, window: window, navigation: navigation)
    }

    /// The on-screen view of the visible node `id` of a component view.
    func view(_ list: ComponentView, id: String) -> UIView? { list.visibleView(id: id) }

    @Test func tappingAChannelOpensItsDeclarativeChannel() async throws {
        let world = try makeWorld()
        let list = try #require(world.navigation.topViewController as? ChatChannelListView)
        #expect(list.channels.count == 10)
        let frame = try #require(list.listView.frame(id: "messaging:design"))
        world.tap(list.listView, at: CGPoint(x: frame.midX, y: frame.midY - list.listView.contentOffset.y))
        world.backend.advance(by: 0.5)
        let channel = try #require(world.channelView, "a ChatChannelView was pushed")
        #expect(channel.channelController.cid == world.data.channels["design"])
        #expect(channel.messages.count == 12)
        #expect(channel.messages.last?.text == "I pushed the new mockups to the shared folder")
        // The newest message is on screen (the list opens at its bottom).
        #expect(shows(channel.listView, channel.messages.last!.id))
        #expect(channel.listView.isScrolledToBottom)
    }

    @Test func sendingAMessageShowsItAtTheBottom() async throws {
        let world = try makeWorld()
        let list = try #require(world.navigation.topViewController as? ChatChannelListView)
        let cid = try #require(world.data.channels["ben"])
        list.showChannel(cid)
        world.backend.advance(by: 0.5)
        let channel = try #require(world.channelView)
        let host = try #require(channel.composerHostView.visibleViews.compactMap { $0 as? ComposerHostView }.first)
        let textView = host.composerVC.composerView.inputTextView
        world.tap(textView)
        #expect(textView.isFirstResponder)
        world.backend.type("Declarative hello 👋")
        world.backend.advance(by: 0.05)
        // The factory's send button is enabled now; tap it.
        let send = try #require(host.sendButtonHost.visibleView(id: "send-enabled"))
        world.tap(send)
        await host.composerVC.pendingTask?.value
        await eventually("the message in the list") { channel.messages.last?.text == "Declarative hello 👋" }
        world.backend.advance(by: 0.1)
        let sent = try #require(channel.messages.last)
        #expect(sent.isSentByCurrentUser)
        #expect(shows(channel.listView, sent.id))
        #expect(channel.listView.isScrolledToBottom)
        #expect(textView.text == "")
    }

    /// Opens the "design" channel and long-presses its newest message; returns the screen, the
    /// message and the point pressed (in window coordinates).
    func openOverlayOnTheLastDesignMessage(_ world: World) throws -> (ChatChannelView, ChatMessage, CGPoint) {
        let list = try #require(world.navigation.topViewController as? ChatChannelListView)
        list.showChannel(try #require(world.data.channels["design"]))
        world.backend.advance(by: 0.5)
        let channel = try #require(world.channelView)
        let message = try #require(channel.messages.last)
        let row = try #require(channel.listView.frame(id: message.id))
        let longPressView = try #require(channel.listView.visibleViews.first { $0 is LongPressView && $0.frame.intersects(row) && !$0.isHidden })
        let point = longPressView.convert(CGPoint(x: longPressView.bounds.midX, y: longPressView.bounds.midY), to: world.window)
        world.backend.longPress(at: point)
        world.backend.advance(by: 0.1)
        return (channel, message, point)
    }

    @Test func longPressOpensTheOverlayAndAReactionIsAdded() async throws {
        let world = try makeWorld()
        let (channel, message, point) = try openOverlayOnTheLastDesignMessage(world)
        #expect(channel.messageDisplayInfo?.message.id == message.id)
        #expect(!channel.overlayView.isHidden)
        let love = try #require(channel.overlayView.visibleView(id: "reaction-love"))
        world.tap(love)
        #expect(channel.messageDisplayInfo == nil && channel.overlayView.isHidden)
        await channel.pendingTask?.value
        await eventually("the reaction stored") { channel.messages.last?.reactionGroups[.love]?.isChosenByCurrentUser == true }

        // The backdrop closes the overlay.
        world.backend.longPress(at: point)
        world.backend.advance(by: 0.1)
        #expect(!channel.overlayView.isHidden)
        world.tap(try #require(channel.overlayView.visibleView(id: "overlay-backdrop")), at: CGPoint(x: 20, y: 20))
        #expect(channel.overlayView.isHidden)
    }

    /// Before, the overlay's reaction went through a helper that dropped a refusal with `try?`:
    /// the user saw nothing happen.
    @Test func aRefusedReactionFromTheOverlayShowsAnAlert() async throws {
        let world = try makeWorld()
        let (channel, message, _) = try openOverlayOnTheLastDesignMessage(world)
        let love = try #require(channel.overlayView.visibleView(id: "reaction-love"))
        // The author deletes the message while the overlay is open.
        try await #require(world.data.client.embeddedBackend).deleteMessage(message.id, by: message.author.id)
        world.tap(love)
        await channel.pendingTask?.value
        await eventually("the alert") { channel.presentedViewController is UIAlertController }
        let alert = try #require(channel.presentedViewController as? UIAlertController)
        #expect(alert.message == "This message was deleted.")
        #expect(channel.lastError == .messageDeleted(message.id))
    }

    @Test func scrolledIdScrollsToAMessageThatIsNotLoaded() async throws {
        let world = try makeWorld()
        let list = try #require(world.navigation.topViewController as? ChatChannelListView)
        let hiking = try #require(world.data.channels["hiking"])
        list.showChannel(hiking)
        world.backend.advance(by: 0.5)
        let channel = try #require(world.channelView)
        #expect(channel.messages.count == 25)
        let probe = world.data.client.channelController(for: hiking)
        try probe.synchronize()
        while !probe.hasLoadedAllPreviousMessages { try probe.loadPreviousMessages() }
        let oldest = try #require(probe.messages.first { $0.text == "Trail update #3" })
        #expect(!channel.messages.contains { $0.id == oldest.id })
        channel.scrolledIdBinding.wrappedValue = oldest.id
        world.backend.advance(by: 0.1)
        #expect(channel.messages.contains { $0.id == oldest.id })
        #expect(shows(channel.listView, oldest.id))
        let frame = try #require(channel.listView.frame(id: oldest.id))
        let visible = CGRect(origin: channel.listView.contentOffset, size: channel.listView.bounds.size)
        #expect(visible.intersects(frame))
    }

    @Test func replyFromTheOverlayPutsTheComposerInQuoteMode() async throws {
        let world = try makeWorld()
        let list = try #require(world.navigation.topViewController as? ChatChannelListView)
        list.showChannel(try #require(world.data.channels["design"]))
        world.backend.advance(by: 0.5)
        let channel = try #require(world.channelView)
        let message = try #require(channel.messages.last)
        channel.showReactionsOverlay(for: MessageDisplayInfo(message: message, frame: .zero, contentWidth: 300, showsAllInfo: true))
        world.backend.advance(by: 0.05)
        // The overlay's actions are the factory's message actions list; its "Reply" row.
        world.tap(try #require(labels(in: channel.overlayView).first { $0.text == "Reply" }))
        #expect(channel.quotedMessage?.id == message.id)
        let host = try #require(channel.composerHostView.visibleViews.compactMap { $0 as? ComposerHostView }.first)
        #expect(host.composerVC.content.quotingMessage?.id == message.id)
        world.backend.advance(by: 0.1)
        #expect(channel.composerHostView.frame.height > 80, "the composer grew for the reply header")
    }

    /// The texts of the labels on screen inside the row `id` of a component view.
    func rowTexts(_ list: ComponentView, id: String) -> [String] {
        guard let row = list.frame(id: id) else { return [] }
        return list.visibleViews.flatMap { labels(in: $0) }
            .filter { row.intersects($0.convert($0.bounds, to: list)) && !$0.isHidden }
            .compactMap(\.text)
    }

    func labels(in view: UIView) -> [UILabel] {
        (view as? UILabel).map { [$0] } ?? view.subviews.flatMap { labels(in: $0) }
    }

    @Test func aNewMessageUpdatesItsRowsPreviewAndBadge() async throws {
        let world = try makeWorld()
        let list = try #require(world.navigation.topViewController as? ChatChannelListView)
        let design = try #require(world.data.channels["design"])
        #expect(list.channels.first?.cid != design)
        let before = rowTexts(list.listView, id: design.rawValue)
        #expect(before.contains { $0.contains("I pushed the new mockups") }, "\(before)")
        let unread = try #require(list.channels.first { $0.cid == design }?.unreadCount.messages)

        try await world.data.send("Fresh mockups are up", in: design, as: "ben")
        await eventually("the channel at the top") { list.channels.first?.cid == design }
        world.backend.advance(by: 0.1)

        let after = rowTexts(list.listView, id: design.rawValue)
        #expect(after.contains { $0.contains("Fresh mockups are up") }, "\(after)")
        #expect(!after.contains { $0.contains("I pushed the new mockups") }, "\(after)")
        #expect(after.contains("\(unread + 1)"), "\(after)")
    }
}

/// Golden images of the declarative scenes, light and dark.
@MainActor
@Suite(.serialized) struct DeclarativeSnapshotTests {
    @Test(arguments: ["declarative-channel-list", "declarative-channel", "livestream"])
    func sceneGoldens(name: String) throws {
        let savedAppearance = Appearance.default
        let savedComponents = Components.default
        defer {
            Appearance.default = savedAppearance
            Components.default = savedComponents
        }
        let scene = try #require(SceneCatalog.scene(named: name))
        let light = SceneCatalog.makeView(scene)
        Snapshot.assert(light, named: name, scale: 2, style: .light)
        let dark = SceneCatalog.makeView(scene)
        Snapshot.assert(dark, named: name + "-dark", scale: 2, style: .dark)
    }
}
