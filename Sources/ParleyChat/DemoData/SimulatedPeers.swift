import Foundation

/// Other members who type, send, reply, react and join on a seeded schedule, so a demo looks
/// alive. The same seed, channels and store content give the same events, in the same order, at
/// the same clock times.
///
/// ```swift
/// let peers = SimulatedPeers(client: client, channels: [busy, group], seed: 7)
/// peers.start()                                   // follows the client's clock
/// // or, in tests, without sleeping:
/// try await peers.run(until: clock.now().addingTimeInterval(60))
/// ```
///
/// Peers act through the client's backend as themselves (never as the current user), so every
/// chat rule applies to them too; an action the rules refuse (a frozen channel, say) is skipped
/// and counted in ``skippedActions``.
public final class SimulatedPeers: Sendable {
    /// What a peer did.
    public enum Action: Sendable, Hashable {
        /// Started typing (a message follows a few seconds later).
        case typing(UserId, ChannelId)
        /// Sent a message.
        case message(UserId, ChannelId, MessageId)
        /// Replied in a thread.
        case reply(UserId, ChannelId, parent: MessageId, MessageId)
        /// Reacted to a message.
        case reaction(UserId, ChannelId, MessageId, MessageReactionType)
        /// Joined the channel (or was added by a member).
        case join(UserId, ChannelId)
    }

    private struct Event: Sendable {
        enum Kind: Sendable { case startTyping, message, reply, reaction, join }
        var time: Date
        var order: UInt64
        var kind: Kind
        var cid: ChannelId
        var userId: UserId?
    }

    private struct State: Sendable {
        var rng: SeededRandom
        var queue: [Event] = []
        var nextOrder: UInt64 = 0
        var performed: [Action] = []
        var skipped = 0
        var task: Task<Void, Never>?
    }

    /// The client whose backend the peers act through.
    public let client: ChatClient
    /// The channels the peers are active in.
    public let channels: [ChannelId]
    /// Mean seconds between two peer actions (across all channels).
    public let meanInterval: TimeInterval
    /// What peers say in a channel (messages and thread replies); channels without lines get
    /// random words, as the benchmarks' data.
    public let lines: [ChannelId: [String]]
    /// Whether people outside a channel join it now and then.
    public let allowsJoins: Bool
    private let state: PthreadMutex<State>

    /// Creates peers for `channels`; nothing happens until ``start()`` or ``run(until:)``.
    ///
    /// - Parameters:
    ///   - lines: what peers say in each channel (``DemoConversations/peerLines`` for the
    ///     written demo); a channel without lines gets random words.
    ///   - allowsJoins: whether people outside a channel join it (`false`: they react instead).
    public init(client: ChatClient, channels: [ChannelId], seed: UInt64 = 1, meanInterval: TimeInterval = 4,
                lines: [ChannelId: [String]] = [:], allowsJoins: Bool = true) {
        self.client = client
        self.channels = channels
        self.meanInterval = max(0.05, meanInterval)
        self.lines = lines
        self.allowsJoins = allowsJoins
        var state = State(rng: SeededRandom(seed: seed))
        let start = client.clock.now()
        if !channels.isEmpty {
            Self.scheduleRoot(after: start, into: &state, channels: channels, mean: self.meanInterval, joins: allowsJoins)
        }
        self.state = PthreadMutex(state)
    }

    deinit { state.withLock { $0.task?.cancel() } }

    /// Every action performed so far, in order.
    public var performedActions: [Action] { state.withLock { $0.performed } }

    /// How many actions the chat rules refused.
    public var skippedActions: Int { state.withLock { $0.skipped } }

    /// Performs, in order, every scheduled action due by `date`, without waiting for the clock.
    ///
    /// - Returns: the actions performed by this call.
    @discardableResult
    public func run(until date: Date) async -> [Action] {
        var done: [Action] = []
        while let event = popEvent(dueBy: date) {
            if let action = await perform(event) { done.append(action) }
        }
        return done
    }

    /// Runs the schedule in real time on the client's clock until ``stop()``.
    public func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [weak self] in
                while !Task.isCancelled {
                    guard let next = self?.nextEventTime() else { return }
                    do { try await self?.client.clock.sleep(until: next) } catch { return }
                    await self?.run(until: next)
                }
            }
        }
    }

    /// Stops the real-time run.
    public func stop() {
        state.withLock { state in
            state.task?.cancel()
            state.task = nil
        }
    }

    // MARK: Schedule

    private func nextEventTime() -> Date? { state.withLock { $0.queue.first?.time } }

    private func popEvent(dueBy date: Date) -> Event? {
        state.withLock { state in
            guard let first = state.queue.first, first.time <= date else { return nil }
            state.queue.removeFirst()
            // Each root event schedules the next one, so the schedule never runs dry; a message
            // is the follow-up of a typing event and schedules nothing.
            if first.kind != .message {
                Self.scheduleRoot(after: first.time, into: &state, channels: channels, mean: meanInterval, joins: allowsJoins)
            }
            return first
        }
    }

    private static func scheduleRoot(after time: Date, into state: inout State, channels: [ChannelId], mean: TimeInterval, joins: Bool) {
        let u = Double(state.rng.next() >> 11) / Double(1 << 53)
        let gap = max(0.05, -log(max(u, 1e-9)) * mean)
        let roll = state.rng.int(100)
        let kind: Event.Kind = switch roll {
        case ..<45: .startTyping
        case ..<60: .reply
        case ..<95: .reaction
        default: joins ? .join : .reaction
        }
        let cid = channels[state.rng.int(channels.count)]
        insert(Event(time: time.addingTimeInterval(gap).roundedToMilliseconds, order: 0, kind: kind, cid: cid), into: &state)
    }

    private static func insert(_ event: Event, into state: inout State) {
        var event = event
        event.order = state.nextOrder
        state.nextOrder += 1
        let index = state.queue.firstIndex { ($0.time, $0.order) > (event.time, event.order) } ?? state.queue.count
        state.queue.insert(event, at: index)
    }

    // MARK: Acting

    private func perform(_ event: Event) async -> Action? {
        let me = client.currentUserId
        let cid = event.cid
        // What the store looks like decides who acts and on what: deterministic for the same store.
        let snapshot = try? client.reader { reader -> (members: [UserId], recent: [MessageRow], everyone: [UserId]) in
            let members = try reader.members(cid, limit: 500, offset: 0).map(\.id).filter { $0 != me }
            let recent = try reader.channelRows(cid: cid, before: nil, limit: 20).filter {
                $0.localState == .synced && ($0.type == .regular || $0.type == .reply)
            }
            let everyone = try String.fetchAll(reader.db, sql: "SELECT id FROM user WHERE id <> ? ORDER BY id LIMIT 1000", arguments: [me])
            return (members, recent, everyone)
        }
        guard let snapshot else { return skip() }
        let (userId, choice, extra) = state.withLock { state -> (UserId?, Int, UInt64) in
            let user = event.userId ?? (snapshot.members.isEmpty ? nil : snapshot.members[state.rng.int(snapshot.members.count)])
            return (user, state.rng.int(1 << 20), state.rng.next())
        }
        let backend = client.backend
        do {
            switch event.kind {
            case .startTyping:
                guard let userId else { return skip() }
                // Typing may be disabled; the message follows either way.
                try? await backend.startTyping(in: cid, parentMessageId: nil, by: userId)
                state.withLock { state in
                    Self.insert(Event(time: event.time.addingTimeInterval(Double(2 + choice % 3)), order: 0,
                                      kind: .message, cid: cid, userId: userId), into: &state)
                }
                return record(.typing(userId, cid))
            case .message:
                guard let userId else { return skip() }
                let id = messageId(at: event.time, seed: extra)
                try await backend.sendMessage(
                    OutgoingMessage(id: id, cid: cid, text: text(choice, in: cid), createdAt: event.time), by: userId)
                return record(.message(userId, cid, id))
            case .reply:
                guard let userId, !snapshot.recent.isEmpty else { return skip() }
                let roots = snapshot.recent.filter { $0.parentId == nil }
                guard !roots.isEmpty else { return skip() }
                let parent = roots[choice % roots.count]
                let id = messageId(at: event.time, seed: extra)
                try await backend.sendMessage(
                    OutgoingMessage(id: id, cid: cid, text: text(choice >> 3, in: cid), parentMessageId: parent.id,
                                    showReplyInChannel: choice % 5 == 0, createdAt: event.time),
                    by: userId)
                return record(.reply(userId, cid, parent: parent.id, id))
            case .reaction:
                guard let userId, !snapshot.recent.isEmpty else { return skip() }
                let target = snapshot.recent[snapshot.recent.count - 1 - choice % min(8, snapshot.recent.count)]
                // In written channels, peers react as people do to chat: mostly likes, hearts and laughs.
                let types = lines[cid] == nil ? MessageReactionType.defaultSet : [.like, .love, .haha, .like, .wow]
                let type = types[(choice >> 4) % types.count]
                try await backend.addReaction(type, score: 1, enforceUnique: false, to: target.id, by: userId)
                return record(.reaction(userId, cid, target.id, type))
            case .join:
                let outsiders = snapshot.everyone.filter { !snapshot.members.contains($0) }
                guard !outsiders.isEmpty else { return skip() }
                let joiner = outsiders[choice % outsiders.count]
                if cid.type == .livestream || snapshot.members.isEmpty {
                    try await backend.addMembers([joiner], to: cid, by: joiner)
                } else {
                    try await backend.addMembers([joiner], to: cid, by: userId ?? joiner)
                }
                return record(.join(joiner, cid))
            }
        } catch {
            return skip()
        }
    }

    private func record(_ action: Action) -> Action {
        state.withLock { $0.performed.append(action) }
        return action
    }

    private func skip() -> Action? {
        state.withLock { $0.skipped += 1 }
        return nil
    }

    private func messageId(at date: Date, seed: UInt64) -> MessageId {
        var rng = SeededRandom(seed: seed)
        return IdentifierGenerator.messageId(at: date, using: &rng)
    }

    private func text(_ choice: Int, in cid: ChannelId) -> String {
        if let written = lines[cid], !written.isEmpty { return written[choice % written.count] }
        var rng = SeededRandom(seed: UInt64(choice) &* 0x9E37_79B9)
        if rng.chance(0.3) { return rng.pick(DemoVocabulary.shortReplies) }
        if rng.chance(0.08) { return rng.pick(DemoVocabulary.emojiOnly) }
        let words = (0..<rng.int(in: 3...12)).map { _ in DemoVocabulary.words[rng.zipf(DemoVocabulary.words.count)] }
        return words.joined(separator: " ").capitalizingFirstLetter + "."
    }
}

extension String {
    /// The string with its first letter upper-cased.
    var capitalizingFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
