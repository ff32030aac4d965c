/// Receives a ``ChatThreadListController``'s changes on the main actor.
@preconcurrency @MainActor
public protocol ChatThreadListControllerDelegate: AnyObject {
    /// The list changed; `controller.threads` already holds `threads`.
    func controller(_ controller: ChatThreadListController, didChangeThreads threads: [ChatThread])
}

/// The threads the current user takes part in (they wrote the root or a reply), in their
/// channels, newest reply first.
///
/// Live: a new reply moves its thread to the top and updates its reply count, latest reply and
/// unread count; a thread the user joins by replying appears. (Reading a channel does not
/// refresh the unread counts until the next reply or ``synchronize()``.)
@preconcurrency @MainActor
public final class ChatThreadListController {
    /// The client the controller reads through.
    public let client: ChatClient
    /// Which threads are listed.
    public let query: ThreadListQuery
    /// The loaded threads, newest reply first.
    public private(set) var threads: [ChatThread] = []
    /// Receives changes.
    public weak var delegate: (any ChatThreadListControllerDelegate)?

    private var isSynchronized = false
    private var listener: StoreListener?

    /// Creates a controller; call ``synchronize()`` to load the threads.
    public init(query: ThreadListQuery = ThreadListQuery(), client: ChatClient) {
        self.query = query
        self.client = client
        listener = StoreListener(store: client.store) { [weak self] change in self?.apply(change) }
    }

    /// Loads the threads.
    public func synchronize() throws(ChatError) {
        isSynchronized = true
        try reload()
    }

    private func reload() throws(ChatError) {
        let limit = query.limit
        let loaded = try client.reader { reader in try reader.threads(limit: limit) }
        threads = loaded
        delegate?.controller(self, didChangeThreads: loaded)
    }

    /// Reloads when a reply or a listed root changed, members changed, or a user shown in the
    /// list changed; other changes (typing, presence of others, messages outside threads) leave
    /// the list alone, since a reload reads every thread root of the user's channels.
    private func apply(_ change: StoreChange) {
        guard isSynchronized else { return }
        let roots = Set(threads.map(\.parentMessageId))
        let shownUsers = Set(threads.flatMap { [$0.parentMessage.author.id] + $0.latestReplies.map(\.author.id) })
        let concerns = change.isUnresolved || !change.members.isEmpty || !change.users.isDisjoint(with: shownUsers)
            || change.messages.contains { $0.ref.parentId != nil || roots.contains($0.ref.id) }
        guard concerns else { return }
        try? reload()
    }
}

extension ChatClient {
    /// A controller listing the current user's threads.
    @preconcurrency @MainActor
    public func threadListController(query: ThreadListQuery = ThreadListQuery()) -> ChatThreadListController {
        ChatThreadListController(query: query, client: self)
    }
}
