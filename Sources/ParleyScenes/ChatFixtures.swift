import Foundation
import Parley

/// A deterministic group channel showing every kind of message, for the `channel` scene, the
/// golden tests and demos: fixed users, ids and times on a ``ManualChatClock``.
///
/// "Design Team" (5 members, the current user is Sam Rivera): yesterday a system message, a
/// few messages and a thread root with 3 replies; today a deleted message, a link with a mention,
/// a quoted reply of Sam's, then — after Sam's last read — a group of 3 messages within a minute
/// from Alice and an emoji-only message from Carol, with reactions, and Bob typing.
public struct ChatFixture: Sendable {
    /// The client, acting as ``ChatFixtures/currentUserId``, on an in-memory store.
    public let client: ChatClient
    /// The channel.
    public let cid: ChannelId
    /// The clock (at ``ChatFixtures/now``).
    public let clock: ManualChatClock
}

/// Builds ``ChatFixture``s and the formatting that makes them render the same everywhere.
public enum ChatFixtures {
    /// "Now" for every fixture: Wednesday 12 March 2025, 14:30 UTC.
    public static let now = Date(timeIntervalSince1970: 1_741_789_800)
    /// The current user.
    public static let currentUserId: UserId = "sam"
    /// The group channel.
    public static let groupChannelId = ChannelId(type: .messaging, id: "design-team")
    /// The thread root (3 replies).
    public static let threadRootId: MessageId = "m04-thread-root"
    /// The first message after the current user's last read.
    public static let firstUnreadId: MessageId = "m08-group-1"
    /// The newest message.
    public static let newestId: MessageId = "m11-emoji"

    /// UTC, `en_US_POSIX`, "now" = ``now``: dates and times format the same on every machine.
    public static let formattingEnvironment: FormattingEnvironment = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        // No fixed locale: dates follow the UI language (`ChatLocalization.current`), English by default.
        return FormattingEnvironment(calendar: calendar, now: { ChatFixtures.now })
    }()

    /// `Appearance.default` with every date formatter on ``formattingEnvironment``.
    @MainActor
    public static func appearance(from base: Appearance = .default) -> Appearance {
        var appearance = base
        appearance.formatters.messageTimestamp = DefaultMessageTimestampFormatter(environment: formattingEnvironment)
        appearance.formatters.messageDateSeparator = DefaultMessageDateSeparatorFormatter(environment: formattingEnvironment)
        appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: formattingEnvironment)
        appearance.formatters.userLastActivity = DefaultUserLastActivityFormatter(environment: formattingEnvironment)
        return appearance
    }

    /// The users: Sam (current), Alice, Bob, Carol, Dave.
    public static let users: [ChatUser] = [
        ChatUser(id: "sam", name: "Sam Rivera", isOnline: true, lastActiveAt: now),
        ChatUser(id: "alice", name: "Alice Liddell", isOnline: true, lastActiveAt: now),
        ChatUser(id: "bob", name: "Bob Builder", isOnline: false, lastActiveAt: now.addingTimeInterval(-3_600)),
        ChatUser(id: "carol", name: "Carol Danvers", isOnline: false, lastActiveAt: now.addingTimeInterval(-7_200)),
        ChatUser(id: "dave", name: "Dave Grohl", isOnline: false, lastActiveAt: now.addingTimeInterval(-86_400)),
    ]

    /// A fresh client with the group channel (see the type's documentation).
    public static func makeGroupChannel() async throws -> ChatFixture {
        let clock = ManualChatClock(now: now.addingTimeInterval(-86_400 - 5.5 * 3_600))  // yesterday 09:00
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: currentUserId, clock: clock, randomSeed: 7))
        try await populate(client, clock: clock)
        return ChatFixture(client: client, cid: groupChannelId, clock: clock)
    }

    /// ``makeGroupChannel()`` for synchronous callers (scenes): the data is written off the main
    /// thread while the caller waits.
    public static func makeGroupChannelBlocking() throws -> ChatFixture {
        let box = FixtureBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.set(.success(try await makeGroupChannel())) } catch { box.set(.failure(error)) }
            done.signal()
        }
        if done.wait(timeout: .now() + 30) == .timedOut { throw FixtureError.timedOut }
        return try box.get()
    }

    private static func populate(_ client: ChatClient, clock: ManualChatClock) async throws {
        guard let backend = client.embeddedBackend else { throw FixtureError.noEmbeddedBackend }
        let cid = groupChannelId
        let start = clock.now()  // yesterday 09:00
        try await client.upsertUsers(users)
        try await client.createChannel(ChannelCreationRequest(cid: cid, name: "Design Team", memberIds: ["alice", "bob", "carol"]))
        try await client.addMembers(["dave"], to: cid)  // "Sam Rivera added Dave Grohl"

        func send(_ id: MessageId, _ text: String, by user: UserId, at offset: TimeInterval, parent: MessageId? = nil,
                  quoting: MessageId? = nil, mentions: [UserId] = []) async throws {
            let date = start.addingTimeInterval(offset)
            clock.advance(to: date)
            try await backend.sendMessage(
                OutgoingMessage(id: id, cid: cid, text: text, parentMessageId: parent, quotedMessageId: quoting,
                                mentionedUserIds: mentions, createdAt: date),
                by: user)
        }
        let minute: TimeInterval = 60, hour: TimeInterval = 3_600, day: TimeInterval = 86_400
        // Yesterday.
        try await send("m01-alice", "Morning! I pushed the new onboarding mockups 🎨", by: "alice", at: 5 * minute)
        try await send("m02-bob", "Looks great. Can we go over the colour palette today?", by: "bob", at: 6 * minute)
        try await send("m03-sam", "Sure, after lunch works for me.", by: "sam", at: 10 * minute)
        try await send(threadRootId, "Which palette should we ship for the beta?", by: "carol", at: 7 * hour)
        try await send("r1-alice", "The warm one, it tested better.", by: "alice", at: 7 * hour + 2 * minute, parent: threadRootId)
        try await send("r2-bob", "+1 for warm", by: "bob", at: 7 * hour + 5 * minute, parent: threadRootId)
        try await send("r3-sam", "Warm it is. I'll update the tokens.", by: "sam", at: 7 * hour + 9 * minute, parent: threadRootId)
        // Today (09:00 = start + 1 day).
        try await send("m05-deleted", "Ignore this, wrong channel", by: "dave", at: day)
        try await backend.deleteMessage("m05-deleted", by: "dave")
        try await send("m06-link", "Spec is up: https://parley.dev/specs/onboarding @Sam Rivera can you review?",
                       by: "bob", at: day + 15 * minute, mentions: ["sam"])
        try await send("m07-quote", "On it, notes by noon.", by: "sam", at: day + 20 * minute, quoting: "m06-link")
        clock.advance(to: start.addingTimeInterval(day + 21 * minute))
        try await backend.markRead(cid, by: "sam")
        // Unread from here (14:00).
        try await send(firstUnreadId, "Quick heads-up:", by: "alice", at: day + 5 * hour)
        try await send("m09-group-2", "the build is green again ✅", by: "alice", at: day + 5 * hour + 20)
        try await send("m10-group-3", "so we can ship the beta today", by: "alice", at: day + 5 * hour + 45)
        try await send(newestId, "🎉🎉🎉", by: "carol", at: day + 5 * hour + 10 * minute)
        try await backend.addReaction(.like, to: "m03-sam", by: "bob")
        try await backend.addReaction(.haha, to: "m06-link", by: "carol")
        try await backend.addReaction(.love, to: "m10-group-3", by: "bob")
        try await backend.addReaction(.love, to: "m10-group-3", by: "carol")
        clock.advance(to: now)
        try await backend.startTyping(in: cid, by: "bob")  // lasts 5 s of the (manual) clock
    }

    /// What went wrong making a fixture.
    public enum FixtureError: Error {
        /// The data took more than 30 s.
        case timedOut
        /// The client has no embedded backend to act as other users through.
        case noEmbeddedBackend
    }
}

/// Hands the fixture from the writing task to the waiting caller.
private final class FixtureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<ChatFixture, any Error>?

    func set(_ value: Result<ChatFixture, any Error>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() throws -> ChatFixture {
        lock.lock()
        defer { lock.unlock() }
        guard let result else { throw ChatFixtures.FixtureError.timedOut }
        return try result.get()
    }
}
