import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Synchronization
import Testing

// The channel screen's unread and loading slots: the SDK's `makeNewMessagesIndicatorView`,
// `makeJumpToUnreadButton` and `makeChannelLoadingView`, each overridden by a factory written in
// the guides' style, and the effect checked on the screen.

/// A green "since you left" bar above the first unread message.
final class SinceYouLeftIndicatorFactory: ViewFactory {
    func makeNewMessagesIndicatorView(newMessagesStartId: Binding<String?>, count: Int) -> some View {
        HStack {
            Text("🆕 \(count) since you left").font(.footnote.bold()).foregroundColor(.white)
            Spacer()
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 4)
        .background(Color.green)
    }
}

/// An orange "back to where you were" pill; it keeps the closures the screen hands it.
final class BackToUnreadButtonFactory: ViewFactory {
    var jump: (() -> Void)?
    var close: (() -> Void)?

    func makeJumpToUnreadButton(channel: ChatChannel, onJumpToMessage: @escaping () -> Void,
                                onClose: @escaping () -> Void) -> some View {
        jump = onJumpToMessage
        close = onClose
        return Text("⬆ \(channel.unreadCount.messages) unread in \(channel.name ?? "the channel")")
            .font(.footnote.bold())
            .foregroundColor(.white)
            .padding(.horizontal, 14)
            .padding(.vertical, 8)
            .background(Capsule().fill(Color.orange))
            .onTapGesture { onJumpToMessage() }
    }
}

/// "Fetching the history…" while the channel's first page comes.
final class FetchingHistoryFactory: ViewFactory {
    func makeChannelLoadingView() -> some View {
        VStack(spacing: 8) {
            Image(systemName: "clock")
            Text("Fetching the history…").font(.headline)
        }
    }
}

/// A server-like backend: the channel's history comes only when the test sends a page.
final class HeldHistoryBackend: ChatBackend {
    let attached = Mutex<ChatSyncStore?>(nil)
    let pages = AsyncStream<[SyncedMessage]>.makeStream()
    let hasOlder = Mutex(true)
    func attach(to sync: ChatSyncStore) {
        attached.withLock { $0 = sync }
        sync.setConnectionStatus(.connected)
    }
    private func refused() throws(ChatError) -> Never { throw ChatError.notConnected(reason: "test") }
    func upsertUsers(_ users: [ChatUser]) async throws(ChatError) { try refused() }
    func createChannel(_ request: ChannelCreationRequest, by userId: UserId) async throws(ChatError) { try refused() }
    func updateChannel(_ cid: ChannelId, name: String?, imageURL: URL?, by userId: UserId) async throws(ChatError) { try refused() }
    func setFrozen(_ isFrozen: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) { try refused() }
    func setMuted(_ isMuted: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) { try refused() }
    func deleteChannel(_ cid: ChannelId, by userId: UserId) async throws(ChatError) { try refused() }
    func addMembers(_ userIds: [UserId], to cid: ChannelId, by userId: UserId) async throws(ChatError) { try refused() }
    func removeMembers(_ userIds: [UserId], from cid: ChannelId, by userId: UserId) async throws(ChatError) { try refused() }
    func sendMessage(_ message: OutgoingMessage, by userId: UserId) async throws(ChatError) { try refused() }
    func editMessage(_ id: MessageId, text: String, by userId: UserId) async throws(ChatError) { try refused() }
    func deleteMessage(_ id: MessageId, by userId: UserId) async throws(ChatError) { try refused() }
    func addReaction(
        _ type: MessageReactionType, score: Int, enforceUnique: Bool, to messageId: MessageId, by userId: UserId
    ) async throws(ChatError) { try refused() }
    func removeReaction(_ type: MessageReactionType, from messageId: MessageId, by userId: UserId) async throws(ChatError) { try refused() }
    func markRead(_ cid: ChannelId, by userId: UserId) async throws(ChatError) { try refused() }
    func startTyping(in cid: ChannelId, parentMessageId: MessageId?, by userId: UserId) async throws(ChatError) { try refused() }
    func stopTyping(in cid: ChannelId, by userId: UserId) async throws(ChatError) { try refused() }
    func mayHaveOlderMessages(in cid: ChannelId) -> Bool { hasOlder.withLock { $0 } }
    /// Waits for the test's page, stores it and says the history is complete.
    func loadOlderMessages(in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool {
        for await page in pages.stream {
            guard let sync = attached.withLock({ $0 }) else { try refused() }
            try await sync.storeOlderMessages(page)
            hasOlder.withLock { $0 = false }
            return false
        }
        return false
    }
}

@MainActor
@Suite(.serialized) struct UnreadSlotsTests {
    /// Runs `body` and restores what the scenes and tests set globally.
    func isolated(_ body: () async throws -> Void) async rethrows {
        let appearance = Appearance.default, components = Components.default, utils = ChatViews.utils
        defer {
            Appearance.default = appearance
            Components.default = components
            ChatViews.utils = utils
        }
        try await body()
    }

    /// The design channel (12 unread messages) at 390×560, laid out.
    func channel(_ factory: some ViewFactory) throws -> (UIView, ChatChannelView) {
        let host = DeclarativeScenes.makeChannel(size: CGSize(width: 390, height: 560), factory: factory)
        host.layoutIfNeeded()
        host.layoutIfNeeded()
        return (host, try #require(guideViews(of: ChatChannelView.self, in: host).first))
    }

    /// The channel scrolled so that its first unread message is in the middle.
    func scrolledToFirstUnread(_ factory: some ViewFactory) throws -> (UIView, ChatChannelView) {
        let (host, screen) = try channel(factory)
        let first = try #require(screen.newMessagesStartId)
        screen.scrolledId = first
        host.layoutIfNeeded()
        return (host, screen)
    }

    func render(named name: String, _ makeView: () throws -> UIView) rethrows {
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            Snapshot.assert(try makeView(), named: name + suffix, scale: 2, style: style)
        }
    }

    @Test func theNewMessagesIndicatorSlotSitsAboveTheFirstUnreadMessage() async throws {
        try await isolated {
            let (host, screen) = try scrolledToFirstUnread(SinceYouLeftIndicatorFactory())
            let first = try #require(screen.newMessagesStartId)
            #expect(guideLabelTexts(in: host).contains("🆕 12 since you left"))
            let list = try #require(screen.listView.list)
            let separator = try #require(list.index(of: "unread-separator"))
            #expect(list.index(of: first) == separator + 1)
            let bar = try #require(screen.listView.frame(id: "unread-separator"))
            let message = try #require(screen.listView.frame(id: first))
            #expect(bar.maxY <= message.minY + 0.5 && bar.height > 10, "\(bar) above \(message)")
            // The default factory draws its own indicator there, not the custom one.
            let (plain, _) = try scrolledToFirstUnread(DefaultViewFactory.shared)
            #expect(guideLabelTexts(in: plain).contains("12 new messages"))
            #expect(!guideLabelTexts(in: plain).contains("🆕 12 since you left"))
            try render(named: "new-messages-indicator-slot") { try scrolledToFirstUnread(SinceYouLeftIndicatorFactory()).0 }
        }
    }

    @Test func showNewMessagesSeparatorOffLeavesTheIndicatorOut() async throws {
        try await isolated {
            ChatViews.utils.messageListConfig.showNewMessagesSeparator = false
            let (host, screen) = try channel(SinceYouLeftIndicatorFactory())
            #expect(screen.newMessagesStartId == nil)
            #expect(screen.listView.list?.contains("unread-separator") == false)
            #expect(!guideLabelTexts(in: host).contains { $0.contains("since you left") })
        }
    }

    @Test func theJumpToUnreadSlotShowsWhileTheFirstUnreadIsAboveAndJumpsThere() async throws {
        try await isolated {
            // Off by default (as in the UIKit-style list): the default screen shows no button.
            let (_, plain) = try channel(BackToUnreadButtonFactory())
            #expect(plain.jumpToUnreadView.isHidden)
            Components.default.isJumpToUnreadEnabled = true
            let factory = BackToUnreadButtonFactory()
            let (host, screen) = try channel(factory)
            let first = try #require(screen.newMessagesStartId)
            #expect(!shows(screen.listView, first), "the first unread message starts above the screen")
            #expect(!screen.jumpToUnreadView.isHidden)
            #expect(guideLabelTexts(in: screen.jumpToUnreadView).contains("⬆ 12 unread in Design Team"))
            // At the top of the list, centred.
            let frame = screen.jumpToUnreadView.frame
            #expect(frame.minY >= screen.listView.frame.minY && frame.minY < screen.listView.frame.minY + 20)
            #expect(abs(frame.midX - screen.listView.frame.midX) < 1)
            try render(named: "jump-to-unread-slot") { try channel(BackToUnreadButtonFactory()).0 }
            let jump = try #require(factory.jump)
            jump()
            host.layoutIfNeeded()
            #expect(screen.scrolledId == first)
            #expect(shows(screen.listView, first))
            #expect(screen.jumpToUnreadView.isHidden)
            // Scrolling back down does not bring it back.
            screen.scrollToBottom()
            host.layoutIfNeeded()
            #expect(screen.jumpToUnreadView.isHidden)
        }
    }

    @Test func closingTheJumpToUnreadButtonHidesItForGood() async throws {
        try await isolated {
            Components.default.isJumpToUnreadEnabled = true
            let factory = BackToUnreadButtonFactory()
            let (host, screen) = try channel(factory)
            #expect(!screen.jumpToUnreadView.isHidden)
            let close = try #require(factory.close)
            let first = try #require(screen.newMessagesStartId)
            #expect((screen.channelController.channel?.unreadCount.messages ?? 0) > 0)
            close()
            host.layoutIfNeeded()
            screen.scrollViewDidScroll(screen.listView)
            #expect(screen.jumpToUnreadView.isHidden)
            #expect(!shows(screen.listView, first))
            // Closing marks the channel read, as the SDK's screen does.
            await screen.pendingTask?.value
            #expect(screen.lastError == nil)
            await eventually("the channel read") { screen.channelController.channel?.unreadCount.messages == 0 }
        }
    }

    /// A screen with ``FetchingHistoryFactory`` over `cid`, a channel the backend's sync put in
    /// the store without messages, in a headless window; the backend holds the history.
    func emptyChannelScreen(_ cid: ChannelId, backend: HeldHistoryBackend) async throws -> (HeadlessBackend, UIWindow, ChatChannelView) {
        let client = try ChatClient(config: ChatClientConfig(currentUserId: "jordan"), backend: backend)
        let sync = try #require(backend.attached.withLock { $0 })
        let jordan = ChatUser(id: "jordan", name: "Jordan")
        try await sync.reset(ChannelSnapshot(
            channel: SyncedChannel(cid: cid, name: cid.id, config: ChannelConfig(), createdBy: "sam", createdAt: historyEpoch, updatedAt: historyEpoch),
            members: [sam, jordan].map { SyncedMember(user: $0, role: .member, createdAt: historyEpoch, lastReadAt: historyEpoch) },
            messages: [], isMuted: false, cursor: ChannelSyncCursor(cid: cid, epoch: "e1", sequence: 0)))
        let headless = HeadlessBackend.install()
        let screen = ChatChannelView(viewFactory: FetchingHistoryFactory(), channelController: client.channelController(for: cid))
        let window = headless.openWindow(size: CGSize(width: 390, height: 560), rootViewController: UINavigationController(rootViewController: screen))
        headless.advance(by: 0.1)
        return (headless, window, screen)
    }

    let historyEpoch = Date(timeIntervalSince1970: 1_700_000_000)
    let sam = ChatUser(id: "sam", name: "Sam")

    @Test func theChannelLoadingSlotShowsWhileTheFirstPageComes() async throws {
        try await isolated {
            let backend = HeldHistoryBackend()
            let cid = ChannelId(type: .messaging, id: "history")
            let (headless, window, screen) = try await emptyChannelScreen(cid, backend: backend)
            #expect(guideLabelTexts(in: screen.listView).contains("Fetching the history…"))
            let page = (1...3).map { index in
                SyncedMessage(id: "old-\(index)", cid: cid, type: .regular, text: "From the archive \(index)", author: sam,
                              createdAt: historyEpoch.addingTimeInterval(Double(index)), updatedAt: historyEpoch.addingTimeInterval(Double(index)))
            }
            backend.pages.continuation.yield(page)
            await eventually("the fetched page is shown") {
                headless.advance(by: 0.02)
                return guideLabelTexts(in: screen.listView).contains("From the archive 3")
            }
            #expect(!guideLabelTexts(in: screen.listView).contains("Fetching the history…"))
            #expect(window.rootViewController != nil)
        }
    }

    @Test func anEmptyHistoryEndsTheLoadingInTheEmptyView() async throws {
        try await isolated {
            let backend = HeldHistoryBackend()
            let (headless, window, screen) = try await emptyChannelScreen(ChannelId(type: .messaging, id: "quiet"), backend: backend)
            #expect(guideLabelTexts(in: screen.listView).contains("Fetching the history…"))
            backend.pages.continuation.yield([])
            await eventually("the loading view goes") {
                headless.advance(by: 0.02)
                return !guideLabelTexts(in: screen.listView).contains("Fetching the history…")
            }
            #expect(!guideLabelTexts(in: screen.listView).isEmpty, "the factory's empty messages view")
            #expect(window.rootViewController != nil)
        }
    }
}
