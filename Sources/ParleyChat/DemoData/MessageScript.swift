import Foundation

/// Generates one channel's messages, deterministically from its random generator, and writes
/// them in batches.
struct MessageScript {
    let plan: ChannelPlan
    let users: [UserId: ChatUser]
    let currentUserId: UserId
    let start: Int64
    let end: Int64
    var rng: SeededRandom

    private var recent: [MessageId] = []
    /// Pictures one top-level message in five carries (1–4 of them in turn); none when empty.
    var pictures: [ImageAttachmentPayload] = []

    init(plan: ChannelPlan, users: [UserId: ChatUser], currentUserId: UserId, start: Int64, end: Int64, rng: SeededRandom) {
        self.plan = plan
        self.users = users
        self.currentUserId = currentUserId
        self.start = start
        self.end = max(end, start + 1)
        self.rng = rng
    }

    /// The system messages that open a group ("X added Y").
    mutating func intro() -> [GeneratedMessage] {
        guard let creator = plan.members.first else { return [] }
        var messages: [GeneratedMessage] = []
        for (offset, member) in plan.members.dropFirst().enumerated() {
            messages.append(plain(type: .system, text: "\(name(creator)) added \(name(member))", userId: creator, at: start + Int64(offset)))
        }
        return messages
    }

    /// Up to `limit` top-level messages (each followed by its replies) of a channel of `count`
    /// messages; empty when all were made.
    mutating func nextMessages(count: Int, limit: Int) -> [GeneratedMessage] {
        if times.isEmpty && produced == 0 { times = timeline(count: count) }
        var batch: [GeneratedMessage] = []
        while produced < times.count && batch.count < limit {
            var root = nextMessage(at: times[produced])
            if !pictures.isEmpty && produced % 5 == 0 && root.message.type == .regular {
                let turn = produced / 5
                root.message.attachments += (0..<(1 + turn % 4)).map { index in
                    ChatMessageAttachment(id: root.message.attachments.count + index, payload: .image(pictures[(turn + index) % pictures.count]))
                }
            }
            produced += 1
            batch.append(root.message)
            batch += root.replies
        }
        return batch
    }

    /// Writes `count` top-level messages (plus their replies); returns messages and reactions
    /// written.
    mutating func write(count: Int, into store: ChatStore, systemIntro: Bool) throws(ChatError) -> (messages: Int, reactions: Int) {
        var messages = 0
        var reactions = 0
        var batch = systemIntro ? intro() : []
        repeat {
            batch += nextMessages(count: count, limit: DemoDataGenerator.batchSize)
            guard !batch.isEmpty else { break }
            try BulkWriter.write(batch, into: store)
            messages += batch.count
            reactions += batch.reduce(0) { $0 + $1.reactions.count }
            batch.removeAll(keepingCapacity: true)
        } while true
        return (messages, reactions)
    }

    private var times: [Int64] = []
    private var produced = 0

    /// Send times: conversations (gaps of seconds) separated by pauses (hours), fitted into
    /// [start, end].
    private mutating func timeline(count: Int) -> [Int64] {
        var gaps = [Double](repeating: 0, count: count)
        var smallTotal = 0.0
        var pauseWeights = 0.0
        var isPause = [Bool](repeating: false, count: count)
        for index in 0..<count {
            if index > 0 && rng.chance(0.2) {
                isPause[index] = true
                gaps[index] = 0.2 + Double(rng.int(1000)) / 1000
                pauseWeights += gaps[index]
            } else {
                gaps[index] = Double(rng.int(in: 3_000...80_000))
                smallTotal += gaps[index]
            }
        }
        let span = Double(end - start)
        var scaleSmall = 1.0
        var pauseUnit = 0.0
        if smallTotal >= span * 0.9 || pauseWeights == 0 {
            scaleSmall = span * 0.9 / max(smallTotal, 1)
            pauseUnit = pauseWeights == 0 ? 0 : span * 0.1 / pauseWeights
        } else {
            pauseUnit = (span * 0.95 - smallTotal) / pauseWeights
        }
        var times = [Int64](repeating: 0, count: count)
        var clock = Double(start)
        for index in 0..<count {
            clock += isPause[index] ? gaps[index] * pauseUnit : gaps[index] * scaleSmall
            times[index] = min(end, Int64(clock))
        }
        return times
    }

    private func name(_ id: UserId) -> String { users[id]?.name ?? id }

    private mutating func author(after previous: UserId?) -> UserId {
        if let previous, rng.chance(0.35) { return previous }  // same author again: groups in the UI
        switch plan.kind {
        case .direct:
            return rng.chance(0.5) ? currentUserId : plan.members.last ?? currentUserId
        case .group, .busy:
            return plan.members[rng.zipf(plan.members.count)]
        }
    }

    private var lastAuthor: UserId?

    private mutating func nextMessage(at time: Int64) -> (message: GeneratedMessage, replies: [GeneratedMessage]) {
        let userId = author(after: lastAuthor)
        lastAuthor = userId
        var message = plain(type: .regular, text: "", userId: userId, at: time)
        let roll = rng.int(1000)
        switch roll {
        case ..<2 where plan.kind == .busy:
            let joiner = rng.pick(plan.members)
            message.type = .system
            message.userId = joiner
            message.text = "\(name(joiner)) joined the channel"
            return (message, [])
        case ..<60:
            message.text = rng.pick(DemoVocabulary.emojiOnly)
        case ..<310:
            message.text = rng.pick(DemoVocabulary.shortReplies)
        case ..<360:
            message.text = (0..<rng.int(in: 3...6)).map { _ in sentence() }.joined(separator: " ")
        case ..<400:
            let link = rng.pick(DemoVocabulary.links)
            message.text = "\(sentence()) \(link.url)"
            if let url = URL(string: link.url) {
                message.attachments = [ChatMessageAttachment(
                    id: 0, payload: .link(LinkAttachmentPayload(url: url, title: link.title, text: sentence(), siteName: link.site)))]
            }
        case ..<460 where plan.members.count > 2:
            let mentioned = rng.pick(plan.members.filter { $0 != userId })
            message.text = "@\(name(mentioned)) \(sentence())"
            message.mentionedIds = [mentioned]
        default:
            message.text = rng.chance(0.3) ? "\(sentence()) \(sentence())" : sentence()
        }
        if !recent.isEmpty && plan.config.quotesEnabled && rng.chance(0.03) {
            message.quotedId = recent[recent.count - 1 - rng.int(recent.count)]
        }
        if rng.chance(0.04) {
            message.textUpdatedAt = min(end, time + Int64(rng.int(in: 10_000...600_000)))
            message.updatedAt = message.textUpdatedAt ?? time
        }
        if rng.chance(0.015) {
            message.type = .deleted
            message.deletedAt = min(end, time + Int64(rng.int(in: 5_000...3_600_000)))
            message.updatedAt = message.deletedAt ?? time
            return (message, [])
        }
        addReactions(to: &message, probability: plan.kind == .direct ? 0.2 : 0.12)
        var replies: [GeneratedMessage] = []
        if plan.config.repliesEnabled && rng.chance(0.03) {
            var at = time
            for _ in 0..<rng.int(in: 1...6) {
                at = min(end, at + Int64(rng.int(in: 20_000...900_000)))
                var reply = plain(type: .reply, text: rng.chance(0.4) ? rng.pick(DemoVocabulary.shortReplies) : sentence(),
                                  userId: plan.members[rng.zipf(plan.members.count)], at: at)
                reply.parentId = message.id
                reply.showInChannel = rng.chance(0.15)
                addReactions(to: &reply, probability: 0.1)
                replies.append(reply)
            }
            message.replyCount = replies.count
            message.updatedAt = max(message.updatedAt, at)
        }
        recent.append(message.id)
        if recent.count > 30 { recent.removeFirst() }
        return (message, replies)
    }

    private mutating func plain(type: MessageType, text: String, userId: UserId, at: Int64) -> GeneratedMessage {
        GeneratedMessage(
            id: IdentifierGenerator.messageId(at: Date(millisecondsSince1970: at), using: &rng), cid: plan.cid, type: type,
            text: text, userId: userId, createdAt: at, updatedAt: at, textUpdatedAt: nil, deletedAt: nil, parentId: nil,
            replyCount: 0, showInChannel: false, quotedId: nil, mentionedIds: [], attachments: [], reactions: [])
    }

    private mutating func addReactions(to message: inout GeneratedMessage, probability: Double) {
        guard plan.config.reactionsEnabled, rng.chance(probability) else { return }
        var seen = Set<String>()
        for _ in 0..<rng.int(in: 1...min(6, plan.members.count)) {
            let userId = plan.members[rng.zipf(plan.members.count)]
            let type = MessageReactionType.defaultSet[[2, 1, 0, 4, 3][rng.zipf(5)]]
            guard seen.insert("\(userId)/\(type.rawValue)").inserted else { continue }
            let score = rng.chance(0.1) ? rng.int(in: 2...5) : 1
            let at = min(end, message.createdAt + Int64(rng.int(in: 2_000...7_200_000)))
            message.reactions.append((type, userId, score, at))
        }
    }

    private mutating func sentence() -> String {
        let count = rng.int(in: 3...14)
        var words: [String] = []
        words.reserveCapacity(count)
        for _ in 0..<count { words.append(DemoVocabulary.words[rng.zipf(DemoVocabulary.words.count)]) }
        var text = words.joined(separator: " ")
        if let first = text.first { text.replaceSubrange(text.startIndex...text.startIndex, with: String(first).uppercased()) }
        return text + [".", ".", ".", "!", "?"][rng.int(5)]
    }
}
