import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// `ChatDesktopNotifier` with a fake notification service: which new messages notify (another
/// channel, or the open one while the window is unfocused; never a muted channel or the user's
/// own), what the notification says, and that clicking it opens the channel.
@MainActor
@Suite(.serialized) struct DesktopNotifierTests {
    final class FakeService: DesktopNotificationService {
        var onActivate: (@MainActor (String) -> Void)?
        var posted: [DesktopNotification] = []
        func post(_ notification: DesktopNotification) { posted.append(notification) }
    }

    @Test
    func newMessagesElsewhereNotifyWithAuthorAndTextAndAClickOpensTheChannel() async throws {
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        let backend = HeadlessBackend.install()
        let client = try DemoScreen.makeFixedClient()
        var listVC: ChatChannelListVC?
        let split = DemoScreen.makeSplit(client: client, firstChannel: DemoConversations.channelIds.first) { listVC = $0 }
        let window = backend.openWindow(size: CGSize(width: 1100, height: 720), rootViewController: split)
        backend.advance(by: 0.3)
        let list = try #require(listVC)
        let service = FakeService()
        let notifier = ChatDesktopNotifier(client: client, service: service)
        notifier.channelList = list
        notifier.window = window
        #expect(notifier.isWindowFocused)
        #expect(service.posted.isEmpty)  // the history does not notify

        let open = DemoConversations.channelIds[0]
        let channels = list.controller.channels
        let other = try #require(channels.first { $0.cid != open && !$0.isMuted && $0.name?.isEmpty == false })
        let author = try #require(other.members.first { $0.user.id != client.currentUserId }).user
        var sent = 0.0
        func send(_ id: MessageId, _ text: String, in cid: ChannelId, by user: UserId) async throws {
            sent += 1
            try await client.embeddedBackend!.sendMessage(
                OutgoingMessage(id: id, cid: cid, text: text, createdAt: ChatFixtures.now.addingTimeInterval(sent)), by: user)
        }

        // Another channel: a notification with the author, the channel and the text.
        try await send("n1", "Are you around?", in: other.cid, by: author.id)
        await waitUntil("a notification") { service.posted.count == 1 }
        let first = try #require(service.posted.first)
        #expect(first.summary == "\(author.name) in \(other.name ?? "")")
        #expect(first.body == "Are you around?" && first.tag == other.cid.rawValue && first.appName == "Parley")
        // It carries the author's avatar, round (transparent corners).
        let image = try #require(first.image)
        #expect(image.width == ChatDesktopNotifier.avatarPixelSide && image.height == ChatDesktopNotifier.avatarPixelSide)
        #expect(image[1, 1].a == 0, "a round picture")
        let avatar = try #require(AvatarImageRenderer.image(for: author, side: 48).rgbaPixels(scale: 2))
        for (x, y) in [(20, 48), (48, 30), (70, 60)] {
            let shown = image[x, y]
            let drawn = avatar[x * avatar.width / image.width, y * avatar.height / image.height]
            let difference = max(abs(Int(shown.r) - Int(drawn.r)), abs(Int(shown.g) - Int(drawn.g)), abs(Int(shown.b) - Int(drawn.b)))
            #expect(shown.a == 255 && difference <= 24, "(\(x), \(y)): \(shown) is not the avatar's \(drawn)")
        }

        // The open channel in the focused window: the user sees it, no notification.
        let openAuthor = try #require(channels.first { $0.cid == open }?.members.first { $0.user.id != client.currentUserId }).user.id
        try await send("n2", "Seen in place", in: open, by: openAuthor)
        backend.advance(by: 0.3)
        try await Task.sleep(for: .milliseconds(200))
        #expect(service.posted.count == 1, "\(service.posted)")

        // The user's own message: none.
        try await send("n3", "My own", in: other.cid, by: client.currentUserId)
        try await Task.sleep(for: .milliseconds(200))
        #expect(service.posted.count == 1, "\(service.posted)")

        // The window loses focus: the open channel notifies too.
        backend.setFocused(false, window)
        backend.advance(by: 0.05)
        #expect(!notifier.isWindowFocused)
        try await send("n4", "Still there?", in: open, by: openAuthor)
        await waitUntil("a notification while unfocused") { service.posted.count == 2 }
        #expect(service.posted.last?.body == "Still there?")

        // A muted channel never notifies.
        try await client.channelController(for: other.cid).muteChannel()
        try await send("n5", "Muted", in: other.cid, by: author.id)
        try await Task.sleep(for: .milliseconds(200))
        #expect(service.posted.count == 2, "\(service.posted)")

        // Clicking the first notification opens its channel and raises the window, focused.
        #expect(backend.raiseCount(of: window) == 0)
        service.onActivate?(first.tag)
        backend.advance(by: 0.6)
        #expect(backend.raiseCount(of: window) == 1)
        #expect(notifier.isWindowFocused, "the window manager gave the raised window the focus")
        #expect(list.selectedChannelId == other.cid)
        #expect((split.viewController(for: .secondary) as? ChatChannelVC)?.channelController?.cid == other.cid)
    }
}
}
