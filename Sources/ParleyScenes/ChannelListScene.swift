import Foundation
import Parley

/// The channel list scenes: the default list, the seeds' iMessage-style unread dot, and the seeds'
/// rectangular avatars, over the same deterministic channels.
public enum ChannelListScene {
    static let size = CGSize(width: 390, height: 700)

    static let scene = RenderScene(
        name: "channel-list",
        summary: "The channel list: DMs and groups, unread badges, previews, truncation, RTL and emoji",
        defaultSize: size
    ) { size in
        makeScreen(size: size) { _ in }
    }

    static let iMessageScene = RenderScene(
        name: "channel-list-imessage",
        summary: "The channel list with seed 000's iMessage-style unread dot instead of the badge",
        defaultSize: size
    ) { size in
        makeScreen(size: size) { $0.components.channelContentView = SceneIMessageChannelListItemView.self }
    }

    static let rectAvatarsScene = RenderScene(
        name: "channel-list-rect-avatars",
        summary: "The channel list with seed 000's RectAvatarView (3-point corners)",
        defaultSize: size
    ) { size in
        makeScreen(size: size) { $0.components.avatarView = SceneRectAvatarView.self }
    }

    /// The channel list on a navigation stack, over ``ChannelListSceneData``, with `configure`
    /// applied to the list before it loads.
    @MainActor
    public static func makeScreen(size: CGSize, configure: (ChatChannelListVC) -> Void) -> UIView {
        let host = SceneControllerHost(frame: CGRect(origin: .zero, size: size))
        guard let data = try? ChannelListSceneData.make() else { return host }
        let channelList = ChatChannelListVC.make(with: data.client.channelListController())
        channelList.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
        configure(channelList)
        let navigation = UINavigationController(rootViewController: channelList)
        host.host(navigation)
        return host
    }
}

/// Deterministic chat data for the channel list scenes and tests: ten channels of a current user
/// "Jordan Lee" (`jordan`) on a manual clock at Wednesday 12 March 2025, 14:00 UTC.
///
/// Newest first: a direct message with Ana (online, 1 unread), "Design Team" (12 unread),
/// a direct message with Ben (your own last message), a group where Sam is typing, an Arabic
/// (RTL) group (3 unread), a long-named group (120 unread: "99+"), a group whose last message is a
/// system message, a direct message with Yuki (emoji only), "Book Club" (a deleted message),
/// and an empty "Random".
public struct ChannelListSceneData: Sendable {
    /// The client, acting as `jordan`, on an in-memory store.
    public let client: ChatClient
    /// The clock every message was sent at (advance it to send more).
    public let clock: ManualChatClock
    /// The channels by short name: `ana`, `design`, `ben`, `family`, `reading`, `hiking`, `launch`,
    /// `yuki`, `books`, `random`.
    public let channels: [String: ChannelId]

    /// Today's date in the data: 12 March 2025, 14:00 UTC.
    public static let now = Date(timeIntervalSince1970: 1_741_788_000)

    /// A UTC calendar whose "now" is the data's clock.
    public var formattingEnvironment: FormattingEnvironment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let clock = self.clock
        return FormattingEnvironment(calendar: calendar, now: { clock.now() })
    }

    /// Sends `text` as `userId` through the embedded backend, one second after the previous one.
    @discardableResult
    public func send(_ text: String, in cid: ChannelId, as userId: UserId, id: MessageId? = nil) async throws -> MessageId {
        clock.advance(by: 1)
        let now = clock.now()
        let messageId = id ?? "scene-\(userId)-\(Int(now.timeIntervalSince1970 * 1000))"
        try await client.embeddedBackend!.sendMessage(
            OutgoingMessage(id: messageId, cid: cid, text: text, createdAt: now), by: userId)
        return messageId
    }

    /// Builds the data (blocking the calling thread while the store is written).
    public static func make() throws -> ChannelListSceneData {
        let clock = ManualChatClock(now: now.addingTimeInterval(-12 * 86_400))
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "jordan", clock: clock, randomSeed: 7))
        return try runBlocking {
            let data = ChannelListSceneData(client: client, clock: clock, channels: [:])
            return try await data.populate()
        }
    }

    private func populate() async throws -> ChannelListSceneData {
        try await client.upsertUsers([
            ChatUser(id: "jordan", name: "Jordan Lee", isOnline: true),
            ChatUser(id: "ana", name: "Ana Lopez", isOnline: true),
            ChatUser(id: "ben", name: "Ben Carter"),
            ChatUser(id: "chloe", name: "Chloé Martin"),
            ChatUser(id: "david", name: "David Kim"),
            ChatUser(id: "omar", name: "عمر الفاروق"),
            ChatUser(id: "yuki", name: "Yuki Tanaka"),
            ChatUser(id: "sam", name: "Sam Rivera"),
        ])
        func channel(_ id: String, _ name: String?, _ members: [UserId]) async throws -> ChannelId {
            let cid = ChannelId(type: .messaging, id: id)
            try await client.createChannel(ChannelCreationRequest(cid: cid, name: name, memberIds: members))
            return cid
        }
        let day: TimeInterval = 86_400
        var ids: [String: ChannelId] = [:]

        ids["random"] = try await channel("random", "Random", ["ana", "ben"])

        clock.advance(to: Self.now.addingTimeInterval(-9 * day))
        let books = try await channel("books", "Book Club", ["chloe", "yuki"])
        ids["books"] = books
        try await send("Next month: The Left Hand of Darkness?", in: books, as: "chloe")
        let mine = try await client.sendMessage("Oops, wrong channel", in: books)
        try await client.markRead(books)
        try await client.deleteMessage(id: mine)

        clock.advance(to: Self.now.addingTimeInterval(-4 * day))
        let yuki = try await channel("dm-yuki", nil, ["yuki"])
        ids["yuki"] = yuki
        try await send("🎉🎉🎉", in: yuki, as: "yuki")
        try await client.markRead(yuki)

        clock.advance(to: Self.now.addingTimeInterval(-2 * day))
        let launch = try await channel("launch", "Product Launch", ["ana", "david"])
        ids["launch"] = launch
        try await send("Launch checklist is ready for review", in: launch, as: "david")
        try await client.markRead(launch)
        clock.advance(by: 60)
        try await client.addMembers(["sam"], to: launch)

        clock.advance(to: Self.now.addingTimeInterval(-day + 3_600))
        let hiking = try await channel(
            "hiking", "Weekend Hiking Crew 🏔️ and Friends of the Northern Trails Association", ["ben", "chloe", "sam"])
        ids["hiking"] = hiking
        let hikers: [UserId] = ["ben", "chloe", "sam"]
        for index in 0..<120 {
            try await send("Trail update #\(index + 1)", in: hiking, as: hikers[index % hikers.count])
        }
        try await send("Who's bringing the snacks? 🥨", in: hiking, as: "sam")

        clock.advance(to: Self.now.addingTimeInterval(-5 * 3_600 + 720))
        let reading = try await channel("reading", "نادي القراءة", ["omar", "ana"])
        ids["reading"] = reading
        try await send("مرحبا بالجميع! 👋", in: reading, as: "omar")
        try await send("الاجتماع القادم يوم الخميس", in: reading, as: "omar")
        try await send("📚 الفصل الثالث", in: reading, as: "omar")

        clock.advance(to: Self.now.addingTimeInterval(-3 * 3_600))
        let family = try await channel("family", "Family", ["sam", "ana"])
        ids["family"] = family
        try await send("Dinner at 7?", in: family, as: "ana")
        try await client.markRead(family)

        clock.advance(to: Self.now.addingTimeInterval(-2 * 3_600 - 1_800))
        let ben = try await channel("dm-ben", nil, ["ben"])
        ids["ben"] = ben
        try await send("Can you review my PR before tomorrow?", in: ben, as: "ben")
        clock.advance(by: 60)
        try await client.sendMessage("Sounds good, I'll take a look tonight!", in: ben)

        clock.advance(to: Self.now.addingTimeInterval(-55 * 60))
        let design = try await channel("design", "Design Team", ["ben", "chloe", "david"])
        ids["design"] = design
        for index in 0..<11 {
            try await send("Feedback round \(index + 1)", in: design, as: index.isMultiple(of: 2) ? "david" : "ben")
        }
        try await send("I pushed the new mockups to the shared folder", in: design, as: "chloe")

        clock.advance(to: Self.now.addingTimeInterval(-8 * 60))
        let ana = try await channel("dm-ana", nil, ["ana"])
        ids["ana"] = ana
        try await send("Are we still on for lunch tomorrow? 🌮", in: ana, as: "ana")

        clock.advance(to: Self.now)
        try await client.embeddedBackend!.startTyping(in: family, by: "sam")
        return ChannelListSceneData(client: client, clock: clock, channels: ids)
    }
}

/// Runs `body` to completion on another thread and returns its result; the calling thread waits.
/// Scenes are built synchronously, and the store writes nothing on the main actor, so this cannot
/// deadlock.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = BlockingResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            box.result = .success(try await body())
        } catch {
            box.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// The result of a `runBlocking` body, written by its task before the semaphore is signalled and
/// read after the wait returns (the semaphore orders the two).
private final class BlockingResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// A scene's root view that keeps the view controllers it shows alive (views do not own their
/// controllers).
@MainActor
final class SceneControllerHost: UIView {
    private var controllers: [UIViewController] = []

    /// Shows `controller`'s view filling this view and keeps the controller.
    func host(_ controller: UIViewController) {
        controllers.append(controller)
        let child: UIView = controller.view
        child.frame = bounds
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(child)
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
    }
}

// Seed 000, "Example: Custom Unread Count Indicator" (renamed: the tests have their own copy).
final class SceneIMessageChannelListItemView: ChatChannelListItemView {
    private lazy var customUnreadView = UIView()

    override func setUpAppearance() {
        super.setUpAppearance()

        customUnreadView.backgroundColor = tintColor
        customUnreadView.layer.masksToBounds = true
        customUnreadView.layer.cornerRadius = 5
        customUnreadView.clipsToBounds = true
    }

    override func setUpLayout() {
        super.setUpLayout()

        NSLayoutConstraint.activate([
            customUnreadView.widthAnchor.constraint(equalTo: customUnreadView.heightAnchor),
            customUnreadView.widthAnchor.constraint(equalToConstant: 10),
        ])
        mainContainer.insertArrangedSubview(customUnreadView, at: 0)
        topContainer.removeArrangedSubview(unreadCountView)
    }

    override func updateContent() {
        super.updateContent()
        customUnreadView.alpha = unreadCountView.content == .noUnread ? 0 : 1
    }
}

// Seed 000, "Example: Custom Avatar View" (renamed).
final class SceneRectAvatarView: ChatAvatarView {
    override func setUpAppearance() {
        super.setUpAppearance()
        imageView.layer.cornerRadius = 3
    }
}
