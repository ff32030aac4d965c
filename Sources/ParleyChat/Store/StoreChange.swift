import Synchronization

/// What one committed transaction changed, published to the controllers after the commit.
///
/// Writes record every row they touch here; a rolled-back transaction publishes nothing.
struct StoreChange: Sendable {
    /// A message that was inserted, updated or removed.
    struct MessageRef: Hashable, Sendable {
        var id: MessageId
        var cid: ChannelId
        var parentId: MessageId?
    }

    /// Kinds of message changes.
    enum Kind: Sendable { case inserted, updated, removed }

    /// Messages, in the order the transaction touched them.
    var messages: [(ref: MessageRef, kind: Kind)] = []
    /// Channels whose list row or header may look different (name, preview, unread count,
    /// typing, members, frozen, …).
    var channels: Set<ChannelId> = []
    /// Channels whose read states changed (the messages' `readBy`).
    var readStates: Set<ChannelId> = []
    /// Channels whose member list changed.
    var members: Set<ChannelId> = []
    /// Users whose profile changed.
    var users: Set<UserId> = []
    /// Messages whose reactions changed (their reactions list, for authors views).
    var reactions: Set<MessageId> = []

    var isEmpty: Bool {
        messages.isEmpty && channels.isEmpty && readStates.isEmpty && members.isEmpty && users.isEmpty
            && reactions.isEmpty
    }

    mutating func insertedMessage(_ ref: MessageRef) {
        messages.append((ref, .inserted))
        channels.insert(ref.cid)
    }

    mutating func updatedMessage(_ ref: MessageRef) {
        messages.append((ref, .updated))
        channels.insert(ref.cid)
    }

    mutating func removedMessage(_ ref: MessageRef) {
        messages.append((ref, .removed))
        channels.insert(ref.cid)
    }

    /// Merges another change into this one.
    mutating func formUnion(_ other: StoreChange) {
        messages += other.messages
        channels.formUnion(other.channels)
        readStates.formUnion(other.readStates)
        members.formUnion(other.members)
        users.formUnion(other.users)
        reactions.formUnion(other.reactions)
    }
}

/// Delivers ``StoreChange`` values to subscribers, in commit order, each on its own
/// `AsyncStream` (so a slow subscriber never blocks a writer).
final class StoreObservers: Sendable {
    private let continuations = Mutex<[UInt64: AsyncStream<StoreChange>.Continuation]>([:])
    private let nextId = Atomic<UInt64>(0)

    /// A new subscription; the stream ends when the token is released.
    func subscribe() -> (stream: AsyncStream<StoreChange>, token: StoreSubscription) {
        let id = nextId.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<StoreChange>.makeStream(bufferingPolicy: .unbounded)
        continuations.withLock { $0[id] = continuation }
        let token = StoreSubscription { [weak self] in
            let continuation = self?.continuations.withLock { $0.removeValue(forKey: id) }
            continuation?.finish()
        }
        return (stream, token)
    }

    /// Sends `change` to every subscriber. Called on the writer queue right after a commit, so
    /// subscribers see changes in commit order.
    func publish(_ change: StoreChange) {
        guard !change.isEmpty else { return }
        let targets = continuations.withLock { Array($0.values) }
        for continuation in targets { continuation.yield(change) }
    }

    /// How many subscribers are listening (for tests of controller lifetimes).
    var subscriberCount: Int { continuations.withLock { $0.count } }
}

/// Keeps a subscription alive; releasing it (or calling ``cancel()``) ends the stream.
final class StoreSubscription: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    func cancel() {
        let action = onCancel.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
