/// Receives a ``ChatChannelListController``'s changes on the main actor.
@preconcurrency @MainActor
public protocol ChatChannelListControllerDelegate: AnyObject {
    /// The list changed; `controller.channels` already holds the new list.
    func channelListController(_ controller: ChatChannelListController, didChangeChannels changes: ListChange<ChannelId>)
}

/// The current user's channels, most recent activity first, paged 20 at a time.
///
/// Live: a new message moves its channel to the top (a `moved` id), previews and unread counts
/// update in place (`updated` ids), a channel the user joins appears (`inserted`) and one they
/// leave disappears (`removed`). The loaded window keeps its size: when a channel enters at the
/// top, the last one of a partly loaded list leaves at the bottom.
@preconcurrency @MainActor
public final class ChatChannelListController {
    /// What a ``changes()`` stream delivers: the change and the list after it.
    public struct Change: Sendable {
        /// Which channels changed.
        public var changes: ListChange<ChannelId>
        /// The list after the change.
        public var snapshot: [ChatChannel]
    }

    /// Channels per page.
    public static let pageSize = 20

    /// The client the controller reads through.
    public let client: ChatClient
    /// The loaded channels, most recent activity first.
    public private(set) var channels: [ChatChannel] = []
    /// Whether every channel of the user is loaded.
    public private(set) var hasLoadedAllChannels = false
    /// Receives changes.
    public weak var delegate: (any ChatChannelListControllerDelegate)?

    private var isSynchronized = false
    private var listener: StoreListener?
    private let fanOut = ChangeFanOut<Change>()

    /// Creates a controller; call ``synchronize()`` to load the first page.
    public init(client: ChatClient) {
        self.client = client
        listener = StoreListener(store: client.store) { [weak self] change in self?.apply(change) }
    }

    /// A stream of every change from now on, in order. Ends when the controller is released.
    public func changes() -> AsyncStream<Change> { fanOut.makeStream() }

    /// Loads the first page.
    public func synchronize() throws(ChatError) {
        let limit = Self.pageSize
        let page = try client.reader { reader in
            try reader.channels(reader.channelListIds(limit: limit, offset: 0))
        }
        isSynchronized = true
        hasLoadedAllChannels = page.count < limit
        replace(page)
    }

    /// Loads the next page.
    public func loadNextChannels(limit: Int = ChatChannelListController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllChannels, limit > 0 else { return }
        let offset = channels.count
        let page = try client.reader { reader in
            try reader.channels(reader.channelListIds(limit: limit, offset: offset))
        }
        hasLoadedAllChannels = page.count < limit
        let known = Set(channels.map(\.cid))
        replace(channels + page.filter { !known.contains($0.cid) })
    }

    private func apply(_ change: StoreChange) {
        guard isSynchronized else { return }
        // Message changes are in `channels` too (a new message moves its channel, an edit may
        // change its preview).
        let touched = change.channels.union(change.members)
        guard !touched.isEmpty || !change.users.isEmpty else { return }
        let windowSize = hasLoadedAllChannels ? Int.max : max(channels.count, Self.pageSize)
        let current = Dictionary(uniqueKeysWithValues: channels.map { ($0.cid, $0) })
        let usersChanged = !change.users.isEmpty
        guard let updated = try? client.reader({ reader -> [ChatChannel] in
            let ids = try reader.channelListIds(limit: windowSize == .max ? -1 : windowSize, offset: 0)
            let rebuild = ids.filter { usersChanged || touched.contains($0) || current[$0] == nil }
            var built: [ChannelId: ChatChannel] = [:]
            for channel in try reader.channels(rebuild) { built[channel.cid] = channel }
            return ids.compactMap { built[$0] ?? current[$0] }
        }) else { return }
        replace(updated)
    }

    private func replace(_ new: [ChatChannel]) {
        let change = ListChange<ChannelId>.between(channels, new)
        channels = new
        guard !change.isEmpty else { return }
        delegate?.channelListController(self, didChangeChannels: change)
        fanOut.send(Change(changes: change, snapshot: new))
    }
}
