import Synchronization

/// What one committed transaction changed, as the database itself reported it (see
/// ``StoreChangeCollector``), published to the controllers after the commit.
///
/// Nobody fills this in by hand: a write that touches a row cannot forget to say so. The one
/// exception is the client's outbox, which is memory, not the database (`ChatClient`).
struct StoreChange: Sendable {
    /// A message that was inserted, updated or removed.
    struct MessageRef: Hashable, Sendable {
        var id: MessageId
        var cid: ChannelId
        var parentId: MessageId?
    }

    /// Kinds of message changes.
    enum Kind: Sendable { case inserted, updated, removed }

    /// One message row the transaction touched, as it stands after the commit.
    ///
    /// Carries what a controller needs to decide without reading the store whether the row
    /// concerns it: where it sorts, where it shows, who may see it, and its version (a row in
    /// the window whose version did not move needs nothing).
    struct MessageEvent: Sendable {
        var ref: MessageRef
        var kind: Kind
        /// Where the row sorts; meaningless for `.removed`.
        var orderKey: MessageOrderKey
        /// Whether the row shows in its channel's list (not a thread-only reply).
        var isShownInChannel: Bool
        /// ``ChatMessage/version`` after the commit; 0 for `.removed`.
        var version: Int
        /// Whether the backend accepted it (others' unsent messages are private to their author).
        var isSynced: Bool
        /// Its author.
        var authorId: UserId

        /// Whether `viewer` may see the message (the store's `visibleToViewer` rule).
        func isVisible(to viewer: UserId) -> Bool { isSynced || authorId == viewer }
    }

    /// Messages, in the order the transaction first touched them (one event per message).
    var messages: [MessageEvent] = []
    /// Channels whose list row or header may look different: the channel row, its members,
    /// read states, typing, or any of its messages changed.
    var channels: Set<ChannelId> = []
    /// Channels whose member list changed (joins and leaves).
    var members: Set<ChannelId> = []
    /// Users whose profile changed.
    var users: Set<UserId> = []
    /// Set when the transaction committed but its rows could not be read back (an I/O error
    /// right after the commit): subscribers must reload what they show instead of trusting the
    /// lists above, which may be incomplete.
    var isUnresolved = false

    var isEmpty: Bool {
        messages.isEmpty && channels.isEmpty && members.isEmpty && users.isEmpty && !isUnresolved
    }
}

/// Delivers ``StoreChange`` values to subscribers, in commit order, each on its own
/// `AsyncStream` (so a slow subscriber never blocks a writer).
final class StoreObservers: Sendable {
    private let continuations = PthreadMutex<[UInt64: AsyncStream<StoreChange>.Continuation]>([:])
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
    private let onCancel: PthreadMutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = PthreadMutex(onCancel)
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
