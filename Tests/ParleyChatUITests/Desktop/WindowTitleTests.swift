import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// The window title of a desktop chat app: "(N) channel — Parley", following messages that
/// arrive, channels that are read, muted channels and the channel the user opens.
@MainActor
@Suite(.serialized) struct WindowTitleTests {
    @Test
    func theTitleCountsUnreadMessagesLiveAndNamesTheOpenChannel() async throws {
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        let backend = HeadlessBackend.install()
        let client = try DemoScreen.makeFixedClient()
        var listVC: ChatChannelListVC?
        let split = DemoScreen.makeSplit(client: client, firstChannel: DemoConversations.channelIds.first) { listVC = $0 }
        let window = backend.openWindow(size: CGSize(width: 1100, height: 720), title: "Parley", rootViewController: split)
        backend.advance(by: 0.3)
        let list = try #require(listVC)
        let title = ChatWindowTitleController(client: client, appName: "Parley")
        title.channelList = list
        title.window = window

        func expected() -> Int {
            list.controller.channels.reduce(0) { $0 + ($1.isMuted ? 0 : $1.unreadCount.messages) }
        }
        func shown(_ name: String) -> String {
            let unread = expected()
            return unread > 0 ? "(\(unread)) \(name) — Parley" : "\(name) — Parley"
        }
        #expect(expected() > 0)
        #expect(backend.title(of: window) == shown("Engineering"))
        // Opening Engineering marks it read (asynchronously): the count follows.
        try await Task.sleep(for: .milliseconds(300))
        await waitUntil("the title settles") { backend.title(of: window) == shown("Engineering") }
        let before = expected()

        // A message arrives in another channel (a minute after the fixtures' now, so after its
        // last read): one more, at once.
        let other = try #require(list.controller.channels.first { $0.cid != DemoConversations.channelIds[0] && !$0.isMuted })
        let otherUnread = other.unreadCount.messages
        let author = try #require(other.members.first { $0.user.id != client.currentUserId }).user.id
        try await client.embeddedBackend!.sendMessage(
            OutgoingMessage(id: "title-test-1", cid: other.cid, text: "Are you around?", createdAt: ChatFixtures.now.addingTimeInterval(60)), by: author)
        await waitUntil("the count grows") { expected() == before + 1 && backend.title(of: window) == "(\(before + 1)) Engineering — Parley" }

        // Reading that channel takes its messages off the count; opening it names it.
        list.router.showChannel(for: other.cid)
        try await client.markRead(other.cid)
        backend.advance(by: 0.3)
        let name = try #require(Appearance.default.formatters.channelName.format(channel: other, forCurrentUserId: client.currentUserId))
        await waitUntil("the count shrinks") { expected() == before - otherUnread && backend.title(of: window) == shown(name) }
        #expect(title.totalUnreadCount == expected())
    }

    @Test func theFormatLeavesOutAZeroCountAndAMissingChannel() throws {
        let client = try DemoScreen.makeFixedClient()
        let title = ChatWindowTitleController(client: client, appName: "Parley")
        #expect(title.makeTitle(unreadCount: 3, channelName: "general") == "(3) general — Parley")
        #expect(title.makeTitle(unreadCount: 0, channelName: "general") == "general — Parley")
        #expect(title.makeTitle(unreadCount: 0, channelName: nil) == "Parley")
        #expect(title.makeTitle(unreadCount: 12, channelName: nil) == "(12) Parley")
    }
}
}
