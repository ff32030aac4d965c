import Foundation
import Parley
@testable import ParleyChat
import ParleyTesting
import Testing

/// The thread list screen: its rows, live updates, opening a thread, light and dark goldens.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct ChatThreadListVCTests {
    struct World {
        let client: ChatClient
        let bob: ChatClient
        let clock: ManualChatClock
        let general: ChannelId
        let roots: [String: MessageId]
    }

    /// Alice in `general` (with Bob and Carol) and `design` (with Bob): two threads she is in.
    func makeWorld() async throws -> World {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-threads-\(UUID().uuidString).sqlite")
        let clock = ManualChatClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let bob = try ChatClient(opening: ChatClientConfig(currentUserId: "bob", databaseURL: url, clock: clock, randomSeed: 2))
        try await bob.upsertUsers([
            ChatUser(id: "alice", name: "Alice Liddell"), ChatUser(id: "bob", name: "Bob Builder"), ChatUser(id: "carol", name: "Carol Díaz"),
        ])
        let general = ChannelId(type: .messaging, id: "general")
        let design = ChannelId(type: .messaging, id: "design")
        try await bob.createChannel(ChannelCreationRequest(cid: general, name: "General", memberIds: ["alice", "carol"]))
        try await bob.createChannel(ChannelCreationRequest(cid: design, name: "Design Review", memberIds: ["alice"]))
        let alice = try ChatClient(opening: ChatClientConfig(currentUserId: "alice", databaseURL: url, clock: clock, randomSeed: 1))
        var roots: [String: MessageId] = [:]
        clock.advance(by: 60)
        roots["logo"] = try await bob.sendMessage("Which logo do we ship?", in: design)
        clock.advance(by: 60)
        _ = try await alice.sendMessage("The round one", in: design, parentMessageId: roots["logo"])
        clock.advance(by: 60)
        roots["lunch"] = try await alice.sendMessage("Lunch at noon tomorrow?", in: general)
        clock.advance(by: 60)
        _ = try await bob.sendMessage("Count me in", in: general, parentMessageId: roots["lunch"])
        clock.advance(by: 60)
        _ = try await bob.sendMessage("Carol too", in: general, parentMessageId: roots["lunch"])
        return World(client: alice, bob: bob, clock: clock, general: general, roots: roots)
    }

    func makeList(_ world: World) -> ChatThreadListVC {
        let list = ChatThreadListVC()
        list.threadListController = world.client.threadListController()
        return list
    }

    /// A list laid out at 390 × 400, kept alive in `shown` while its view is rendered.
    func laidOutList(_ world: World, keptIn shown: inout [ChatThreadListVC]) -> ChatThreadListVC {
        let list = makeList(world)
        shown.append(list)
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
        list.view.layoutIfNeeded()
        return list
    }

    @Test func rowsShowChannelRootLastReplyCountAndUnread() async throws {
        let world = try await makeWorld()
        let list = makeList(world)
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
        list.view.layoutIfNeeded()
        #expect(list.title == "Threads")
        #expect(list.itemViews.count == 2)
        #expect(list.emptyLabel.isHidden)
        let lunch = list.itemViews[0]
        #expect(lunch.threadTitleLabel.text == "General")
        #expect(lunch.threadDescriptionLabel.text == "Lunch at noon tomorrow?")
        #expect(lunch.replyTitleLabel.text == "Bob Builder")
        #expect(lunch.replyDescriptionLabel.text == "Carol too")
        #expect(lunch.replyCountLabel.text == "2 replies")
        #expect(!lunch.threadUnreadCountView.isHidden, "two unread replies")
        let logo = list.itemViews[1]
        #expect(logo.threadTitleLabel.text == "Design Review")
        #expect(logo.replyTitleLabel.text == "Alice Liddell")
        #expect(logo.replyCountLabel.text == "1 reply")
        #expect(logo.threadUnreadCountView.isHidden)
        #expect(lunch.frame.height > 60 && logo.frame.minY == lunch.frame.maxY)
        Snapshot.assert(list.view, named: "thread-list", size: CGSize(width: 390, height: 400), scale: 2, style: .light)
        Snapshot.assert(list.view, named: "thread-list-dark", size: CGSize(width: 390, height: 400), scale: 2, style: .dark)
        var shown: [ChatThreadListVC] = []  // each list lives as long as its view is rendered
        assertLocalizedSnapshots(named: "thread-list") { laidOutList(world, keptIn: &shown).view }
    }

    @Test func aNewReplyMovesItsThreadToTheTop() async throws {
        let world = try await makeWorld()
        let list = makeList(world)
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
        list.view.layoutIfNeeded()
        #expect(list.itemViews.first?.threadTitleLabel.text == "General")
        world.clock.advance(by: 60)
        // Alice's own client (other clients' writes reach it on their next read).
        _ = try await world.client.sendMessage("Blue or green?", in: ChannelId(type: .messaging, id: "design"), parentMessageId: world.roots["logo"])
        let deadline = ContinuousClock.now + .seconds(5)
        // The reply and its root's new count may reach the list in two changes: wait for both.
        while list.threads.first?.parentMessageId != world.roots["logo"] || list.threads.first?.replyCount != 2,
              ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        list.view.layoutIfNeeded()
        let top = try #require(list.itemViews.first)
        #expect(top.threadTitleLabel.text == "Design Review")
        #expect(top.replyDescriptionLabel.text == "Blue or green?")
        #expect(top.replyCountLabel.text == "2 replies")
    }

    @Test func tappingARowOpensTheThread() async throws {
        let world = try await makeWorld()
        let backend = HeadlessBackend.install()
        let list = makeList(world)
        let navigation = UINavigationController(rootViewController: list)
        let window = backend.openWindow(size: CGSize(width: 390, height: 600), rootViewController: navigation)
        backend.advance(by: 0.05)
        let row = try #require(list.itemViews.last)
        backend.tap(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: window))
        backend.advance(by: 0.6)
        let threadVC = try #require(navigation.topViewController as? ChatThreadVC)
        #expect(threadVC.messageController.messageId == world.roots["logo"])
        #expect(threadVC.channelController?.cid.id == "design")
    }

    /// A failed load shows the error and a refresh button (it was dropped with `try?`, leaving an
    /// empty list that said "No threads here yet"); the refresh loads the threads once the store
    /// reads again.
    @Test func aFailedLoadShowsTheErrorAndRefreshLoadsTheThreads() async throws {
        let world = try await makeWorld()
        try world.client.store.writeSync { try $0.execute(sql: "ALTER TABLE message RENAME TO message_away") }
        let list = makeList(world)
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
        list.view.layoutIfNeeded()
        #expect(list.loadingError != nil)
        #expect(!list.errorView.isHidden && list.emptyLabel.isHidden && list.itemViews.isEmpty)
        #expect(list.errorView.titleLabel.text == "Couldn't load threads")
        #expect(list.errorView.refreshButton.title(for: .normal) == "Try again")
        #expect(list.components.threadListErrorView == ChatThreadListErrorView.self)
        Snapshot.assert(list.view, named: "thread-list-error", size: CGSize(width: 390, height: 400), scale: 2, style: .light)
        Snapshot.assert(list.view, named: "thread-list-error-dark", size: CGSize(width: 390, height: 400), scale: 2, style: .dark)
        var shown: [ChatThreadListVC] = []  // each list lives as long as its view is rendered
        assertLocalizedSnapshots(named: "thread-list-error") {
            let localized = laidOutList(world, keptIn: &shown)
            #expect(!localized.errorView.isHidden && localized.errorView.titleLabel.text != "Couldn't load threads")
            return localized.view
        }

        try world.client.store.writeSync { try $0.execute(sql: "ALTER TABLE message_away RENAME TO message") }
        list.errorView.refreshButton.sendActions(for: .touchUpInside)
        list.view.layoutIfNeeded()
        #expect(list.loadingError == nil && list.errorView.isHidden)
        #expect(list.itemViews.count == 2)
    }

    @Test func aUserWithoutThreadsSeesTheEmptyText() throws {
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "loner", clock: ManualChatClock()))
        let list = ChatThreadListVC()
        list.threadListController = client.threadListController()
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
        list.view.layoutIfNeeded()
        #expect(list.itemViews.isEmpty)
        #expect(!list.emptyLabel.isHidden)
        #expect(list.emptyLabel.text == "No threads here yet")
        #expect(list.components.threadListItemView == ChatThreadListItemView.self)
    }
}
}
