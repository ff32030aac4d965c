import Foundation
import GRDB

/// The written conversations `parley demo` opens on: a product team's channels (a standup
/// thread, a release, a bug found and fixed, code snippets), friends planning a trip, a family,
/// a book club, friends in Amman writing in Arabic, two direct messages, announcements, and a
/// company town hall livestream, with quoted replies, threads, reactions, mentions, link
/// previews and a few unread messages, over the last days.
///
/// Unlike ``DemoDataGenerator`` (random words, for benchmarks and stress tests), every message
/// is written out in `DemoConversations.swift`; only the town hall's comments repeat, to fill it
/// with as many messages as asked.
public enum DemoConversations {
    /// The current user's id in the script (the store's current user speaks Sam's lines).
    public static let scriptUserId: UserId = "sam"

    /// The written channels and the town hall.
    public static var channelIds: [ChannelId] { DemoScript.channels.map(\.cid) + [DemoScript.townHall] }

    /// What the simulated peers say in each written channel (pass to ``SimulatedPeers``).
    public static var peerLines: [ChannelId: [String]] {
        var lines = Dictionary(uniqueKeysWithValues: DemoScript.channels.map { ($0.cid, $0.peerLines) })
        lines[DemoScript.townHall] = DemoScript.townHallLines
        return lines
    }

    /// The pictures and files the script attaches, for `parley demo` to make in its media folder.
    public static var mediaFiles: [DemoMediaFile] {
        DemoScript.channels.flatMap(\.lines).flatMap { [$0] + $0.replies }.flatMap(\.media)
    }

    /// A `location` attachment as the demo app's `LocationAttachmentPayload` encodes it (the SDK
    /// has no location type: it stores the JSON, the app decodes and draws it).
    static func locationPayload(_ place: (name: String, latitude: Double, longitude: Double)) -> CustomAttachmentPayload {
        let object: [String: Any] = ["name": place.name, "latitude": place.latitude, "longitude": place.longitude]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return CustomAttachmentPayload(received: "location", data: data)
    }

    /// The attachment payload of `media` in `directory`.
    static func payload(for media: DemoMediaFile, in directory: URL) -> ChatMessageAttachment.Payload {
        let url = directory.appendingPathComponent(media.name)
        switch media.kind {
        case let .picture(width, height, _):
            return .image(ImageAttachmentPayload(localURL: url, title: media.name, width: width, height: height))
        case let .file(size, mimeType):
            return .file(FileAttachmentPayload(localURL: url, title: media.name, fileSize: Int64(size), mimeType: mimeType))
        }
    }

    /// Writes the people, channels and messages into `client`'s (empty) store.
    ///
    /// - Parameters:
    ///   - townHallMessages: comments in the town hall livestream (a big channel to scroll).
    ///   - now: the clock time the script ends before; `nil` is the client's clock. The script is
    ///     moved back by whole days while its last message would be later than `now`.
    ///   - calendar: the calendar (time zone) whose clock times the script's times are.
    /// - Returns: the channels written.
    @discardableResult
    ///   - mediaDirectory: the folder holding ``mediaFiles`` (pictures and files the script
    ///     attaches); `nil` leaves out the messages that carry them.
    public static func seed(into client: ChatClient, townHallMessages: Int = 3_000, now: Date? = nil,
                            calendar: Calendar = .current, mediaDirectory: URL? = nil) throws(ChatError) -> [ChannelId] {
        let me = client.currentUserId
        func id(_ raw: UserId) -> UserId { raw == scriptUserId ? me : raw }
        let now = (now ?? client.clock.now()).millisecondsSince1970
        let today = calendar.startOfDay(for: Date(millisecondsSince1970: now)).millisecondsSince1970
        var base = today
        let latest = DemoScript.channels.flatMap(\.lines).map { offset(of: $0) }.max() ?? 0
        while base + latest > now - 60_000 { base -= 86_400_000 }
        let start = base - 30 * 86_400_000
        var rng = SeededRandom(seed: 23)

        let users = DemoScript.people.map { person in
            ChatUser(id: id(person.id), name: person.name, role: person.id == "priya" ? .admin : .user, isOnline: person.isOnline,
                     lastActiveAt: Date(millisecondsSince1970: person.isOnline ? now : base - 3_600_000),
                     createdAt: Date(millisecondsSince1970: start))
        }
        let names = Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0.name) })
        var plans = DemoScript.channels.map { channel in
            ChannelPlan(cid: channel.cid, name: channel.name, members: channel.members.map(id), config: channel.config,
                        isFrozen: false, messageCount: 0, kind: channel.members.count == 2 && channel.name == nil ? .direct : .group)
        }
        plans.append(ChannelPlan(
            cid: DemoScript.townHall, name: "Town Hall", members: DemoScript.company.map(id), config: .default(for: .livestream),
            isFrozen: false, messageCount: townHallMessages, kind: .busy))
        try client.store.writeSync { db in
            let bulk = try BulkWriter(db: db)
            for user in users { try bulk.insertUser(user) }
            for plan in plans {
                try bulk.insertChannel(plan, createdAt: start)
                for (offset, member) in plan.members.enumerated() {
                    try bulk.insertMember(cid: plan.cid, userId: member, role: offset == 0 ? .owner : .member, createdAt: start)
                }
            }
        }

        for channel in DemoScript.channels {
            var messages: [GeneratedMessage] = []
            var keys: [String: MessageId] = [:]
            var roots: [Int64] = []
            let members = channel.members.map(id)
            func message(_ line: DemoLine, type: MessageType, parent: MessageId? = nil) -> GeneratedMessage {
                let at = base + offset(of: line) + Int64(rng.int(50_000))
                var message = GeneratedMessage(
                    id: IdentifierGenerator.messageId(at: Date(millisecondsSince1970: at), using: &rng), cid: channel.cid, type: type,
                    text: line.text, userId: id(line.author), createdAt: at, updatedAt: at, textUpdatedAt: nil, deletedAt: nil,
                    parentId: parent, replyCount: 0, showInChannel: line.isAlsoInChannel, quotedId: line.quote.flatMap { keys[$0] },
                    mentionedIds: members.filter { line.text.contains("@" + (names[$0] ?? $0)) }, attachments: [], reactions: [])
                if line.isEdited {
                    message.textUpdatedAt = at + 120_000
                    message.updatedAt = at + 120_000
                }
                if let link = line.link, let url = firstURL(in: line.text) {
                    message.attachments = [ChatMessageAttachment(
                        id: 0, payload: .link(LinkAttachmentPayload(url: url, title: link.title, siteName: link.site)))]
                }
                if let location = line.location {
                    message.attachments.append(ChatMessageAttachment(id: message.attachments.count, payload: .custom(locationPayload(location))))
                }
                if let mediaDirectory {
                    message.attachments += line.media.enumerated().map { index, media in
                        ChatMessageAttachment(id: index, payload: payload(for: media, in: mediaDirectory))
                    }
                }
                for (index, reaction) in line.reactions.enumerated() {
                    for (userIndex, user) in reaction.users.enumerated() {
                        let reactedAt = at + Int64(60_000 * (1 + index + userIndex) + rng.int(30_000))
                        message.reactions.append((reaction.type, id(user), 1, min(reactedAt, now)))
                    }
                }
                if let key = line.key { keys[key] = message.id }
                return message
            }
            for line in channel.lines where mediaDirectory != nil || line.media.isEmpty {
                var root = message(line, type: .regular)
                let replies = line.replies.map { message($0, type: .reply, parent: root.id) }
                root.replyCount = replies.count
                if let last = replies.last { root.updatedAt = max(root.updatedAt, last.createdAt) }
                if root.userId != me { roots.append(root.createdAt) }
                messages.append(root)
                messages += replies
            }
            try BulkWriter.write(messages, into: client.store)
            let firstUnread = channel.unread > 0 && roots.count >= channel.unread ? roots[roots.count - channel.unread] : nil
            try markRead(channel.cid, me: me, members: members, lastRead: firstUnread.map { $0 - 1 } ?? now, now: now,
                         readEvents: channel.config.readEventsEnabled, store: client.store)
        }

        // The town hall: an hour of comments on each of the last four Thursdays-or-so.
        let company = DemoScript.company.map(id)
        var comments: [GeneratedMessage] = []
        comments.reserveCapacity(min(townHallMessages, DemoDataGenerator.batchSize))
        let sessions = 4
        for index in 0..<townHallMessages {
            let session = index * sessions / max(townHallMessages, 1)
            let perSession = max(1, townHallMessages / sessions)
            let sessionStart = base - Int64(27 - 7 * session) * 86_400_000 + 16 * 3_600_000
            let at = sessionStart + Int64(index % perSession) * 3_600_000 / Int64(perSession) + Int64(rng.int(500))
            let text = rng.pick(DemoScript.townHallLines)
            var comment = GeneratedMessage(
                id: IdentifierGenerator.messageId(at: Date(millisecondsSince1970: at), using: &rng), cid: DemoScript.townHall,
                type: .regular, text: text, userId: company[rng.zipf(company.count)], createdAt: at, updatedAt: at, textUpdatedAt: nil,
                deletedAt: nil, parentId: nil, replyCount: 0, showInChannel: false, quotedId: nil, mentionedIds: [], attachments: [],
                reactions: [])
            if rng.chance(0.08) {
                let type = MessageReactionType.defaultSet[[1, 2, 0, 4, 3][rng.zipf(5)]]
                comment.reactions.append((type, company[rng.int(company.count)], 1, at + 5_000))
            }
            comments.append(comment)
            if comments.count == DemoDataGenerator.batchSize {
                try BulkWriter.write(comments, into: client.store)
                comments.removeAll(keepingCapacity: true)
            }
        }
        if !comments.isEmpty { try BulkWriter.write(comments, into: client.store) }
        try markRead(DemoScript.townHall, me: me, members: company, lastRead: now, now: now, readEvents: false, store: client.store)
        return plans.map(\.cid)
    }

    /// Milliseconds from the start of the last day (negative for earlier days).
    static func offset(of line: DemoLine) -> Int64 {
        let parts = line.time.split(separator: ":").compactMap { Int64($0) }
        let minutes = parts.count == 2 ? parts[0] * 60 + parts[1] : 12 * 60
        return Int64(line.day) * 86_400_000 + minutes * 60_000
    }

    static func firstURL(in text: String) -> URL? {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            .first { $0.hasPrefix("https://") }
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?)")) }
            .flatMap(URL.init(string:))
    }

    /// Read states (Sam up to `lastRead`, everyone else up to now) and the derived columns.
    static func markRead(_ cid: ChannelId, me: UserId, members: [UserId], lastRead: Int64, now: Int64, readEvents: Bool,
                         store: ChatStore) throws(ChatError) {
        try store.writeSync { db in
            try StoreSchema.withVersionBumpsPaused(db) {
                for member in members {
                    try db.execute(sql: "UPDATE member SET last_read_at = ? WHERE cid = ? AND user_id = ?",
                                   arguments: [member == me ? lastRead : now, cid.rawValue, member])
                }
            }
            let maintenance = StoreMaintenance(db: db)
            try maintenance.recomputeLastMessageAt(cid: cid)
            try maintenance.recomputeUnreadCounts(cid: cid, readEventsEnabled: readEvents)
            try db.execute(
                sql: "UPDATE channel SET member_count = (SELECT count(*) FROM member WHERE member.cid = channel.cid) WHERE cid = ?",
                arguments: [cid.rawValue])
        }
    }
}
