import Foundation
import GRDB

/// The local store as a remote backend sees it: it applies a server's events (once each, by
/// sequence), reloads channels, keeps the per-channel cursors, lists the messages waiting to be
/// sent and publishes the connection status.
///
/// A ``ChatClient`` hands one to its backend through ``ChatBackend/attach(to:)``. Nothing here
/// touches the network: ParleyChat has none.
public final class ChatSyncStore: Sendable {
    let store: ChatStore
    /// The user the client acts for (``ChatClient/connectUser(userInfo:token:completion:)`` may
    /// change it).
    public var currentUserId: UserId { user.withLock { $0 } }
    private let user: PthreadMutex<UserId>
    let clock: any ChatClock
    private let status = PthreadMutex<ConnectionStatus>(.initialized)
    private let statusObservers = PthreadMutex<[Int: @Sendable (ConnectionStatus) -> Void]>([:])
    private let nextObserver = PthreadMutex(0)
    private let typingExpiry: TypingExpiry

    init(store: ChatStore, currentUserId: UserId, clock: any ChatClock) {
        self.store = store
        self.user = PthreadMutex(currentUserId)
        self.clock = clock
        self.typingExpiry = TypingExpiry(store: store, clock: clock)
    }

    /// Acts for `userId` from now on.
    func setCurrentUserId(_ userId: UserId) {
        user.withLock { $0 = userId }
    }

    // MARK: Cursors and events

    /// Every channel's cursor.
    public func cursors() throws(ChatError) -> [ChannelSyncCursor] {
        try store.read { db in
            try Row.fetchAll(db, sql: "SELECT cid, epoch, sequence FROM sync_cursor ORDER BY cid").compactMap { row in
                guard let cid = try? ChannelId(cid: row[0]) else { return nil }
                return ChannelSyncCursor(cid: cid, epoch: row[1], sequence: row[2])
            }
        }
    }

    /// One channel's cursor, `nil` if the channel was never loaded.
    public func cursor(for cid: ChannelId) throws(ChatError) -> ChannelSyncCursor? {
        let now = clock.now()
        return try store.read { db in try StoreWriter(db: db, now: now).cursor(cid) }
    }

    /// Applies events in one transaction, in order. An event at or below its channel's cursor is
    /// skipped (a duplicate); an event of a channel never loaded, or of another epoch, is not
    /// applied and its channel is listed in ``SyncApplyResult/needsReset``.
    @discardableResult
    public func apply(_ events: [ChannelSyncEvent]) async throws(ChatError) -> SyncApplyResult {
        guard !events.isEmpty else { return SyncApplyResult() }
        let now = clock.now()
        let userId = currentUserId
        return try await store.write { db in
            let writer = StoreWriter(db: db, now: now)
            var result = SyncApplyResult()
            for event in events {
                if result.needsReset.contains(event.cid) { continue }
                guard let cursor = try writer.cursor(event.cid), cursor.epoch == event.epoch else {
                    result.needsReset.insert(event.cid)
                    continue
                }
                guard event.sequence > cursor.sequence else {
                    result.duplicates += 1
                    continue
                }
                try writer.apply(event.change, in: event.cid, currentUserId: userId)
                if event.change != .channelDeleted, event.change != .memberRemoved(userId) {
                    try writer.setCursor(ChannelSyncCursor(cid: event.cid, epoch: event.epoch, sequence: event.sequence))
                }
                result.applied += 1
            }
            return result
        }
    }

    /// Applies changes a write answered with, without moving any cursor: the same events come
    /// again in sequence over the socket or a sync, and message changes older than the stored
    /// state are ignored, so nothing applies twice or backwards.
    public func applyUnsequenced(_ changes: [ChannelSyncChange], in cid: ChannelId) async throws(ChatError) {
        guard !changes.isEmpty else { return }
        let now = clock.now()
        let userId = currentUserId
        try await store.write { db in
            let writer = StoreWriter(db: db, now: now)
            for change in changes {
                switch change {
                case .message, .reactionAdded, .reactionRemoved, .read:
                    try writer.apply(change, in: cid, currentUserId: userId)
                default:
                    break  // membership and channel changes wait for their turn in the stream
                }
            }
        }
    }

    /// Replaces the local channel with `snapshot` (a reload, after a "reset" or for a channel
    /// seen for the first time) and continues its stream from ``ChannelSnapshot/cursor``.
    public func reset(_ snapshot: ChannelSnapshot) async throws(ChatError) {
        let now = clock.now()
        let userId = currentUserId
        try await store.write { db in
            try StoreWriter(db: db, now: now).reset(to: snapshot, currentUserId: userId)
        }
    }

    /// Stores messages older than any the store holds (a page of history fetched from the
    /// server) without moving the cursor, the unread counts or anyone's read state.
    public func storeOlderMessages(_ messages: [SyncedMessage]) async throws(ChatError) {
        guard !messages.isEmpty else { return }
        let now = clock.now()
        try await store.write { db in
            let writer = StoreWriter(db: db, now: now)
            for message in messages {
                try writer.upsert(message, isHistory: true)
                for reaction in message.latestReactions { try writer.upsertReactionRow(reaction) }
            }
        }
    }

    /// The id of the oldest message of `cid` in the channel's list that the server knows (what
    /// a page of older history is asked for before); `nil` when there is none.
    public func oldestSyncedMessageId(in cid: ChannelId) throws(ChatError) -> MessageId? {
        try store.read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT id FROM message WHERE cid = ? AND local_state = 0 AND (parent_id IS NULL OR show_in_channel = 1)
                    ORDER BY created_at, pk LIMIT 1
                    """,
                arguments: [cid.rawValue])
        }
    }

    /// The id of the oldest reply to `parentId` that the server knows (what a page of older
    /// replies is asked for before); `nil` when the store holds none.
    public func oldestSyncedReplyId(to parentId: MessageId) throws(ChatError) -> MessageId? {
        try store.read { db in
            try String.fetchOne(
                db, sql: "SELECT id FROM message WHERE parent_id = ? AND local_state = 0 ORDER BY created_at, pk LIMIT 1",
                arguments: [parentId])
        }
    }

    /// Removes a channel the user can no longer see (left, removed, deleted) with its cursor.
    public func removeChannel(_ cid: ChannelId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in try StoreWriter(db: db, now: now).deleteChannelLocally(cid) }
    }

    /// Stores users (authors, members) the server told about.
    public func upsertUsers(_ users: [ChatUser]) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            let writer = StoreWriter(db: db, now: now)
            for user in users { try writer.upsertUser(user) }
        }
    }

    /// Records a typing indicator relayed by the server; it expires after
    /// ``EmbeddedChatBackend/typingTimeout`` unless renewed.
    public func applyTyping(in cid: ChannelId, userId: UserId, parentMessageId: MessageId?, isTyping: Bool) async throws(ChatError) {
        let now = clock.now()
        let expiry = now.addingTimeInterval(EmbeddedChatBackend.typingTimeout)
        let expiresAt = expiry.millisecondsSince1970
        try await store.write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM channel WHERE cid = ?", arguments: [cid.rawValue]) != nil,
                  try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [userId]) != nil
            else { return }
            let writer = StoreWriter(db: db, now: now)
            if isTyping {
                _ = try writer.startTyping(cid: cid, userId: userId, parentId: parentMessageId, expiresAt: expiresAt)
            } else {
                try writer.stopTyping(cid: cid, userId: userId)
            }
        }
        if isTyping { typingExpiry.schedule(at: expiry) }
    }

    // MARK: Outbox

    /// The current user's messages waiting to be sent (`pending` or `sending`), oldest first:
    /// what a backend drains, in order per channel, once connected. `limit` caps how many (the
    /// oldest) are read: a long outbox is drained a page at a time, not read whole per message.
    public func queuedMessages(limit: Int? = nil) throws(ChatError) -> [OutgoingMessage] {
        let now = clock.now()
        let userId = currentUserId
        let page = limit.map { " LIMIT \(max(1, $0))" } ?? ""
        return try store.read { db in
            try StoreReader(db: db, currentUserId: userId, now: now).messageRows(
                sql: "\(StoreColumns.messageFrom) WHERE m.user_id = ? AND m.local_state IN (1, 2) ORDER BY m.created_at, m.pk\(page)",
                arguments: [userId]
            ).map(\.outgoing)
        }
    }

    /// Marks a queued message `sendingFailed` (the server refused it for good): the UI offers
    /// to resend or delete it.
    public func markSendFailed(_ id: MessageId) async throws(ChatError) {
        let now = clock.now()
        let userId = currentUserId
        try await store.write { db in
            if let row = try StoreReader(db: db, currentUserId: userId, now: now).messageRow(id: id),
               row.userId == userId, row.localState != .synced {
                try StoreWriter(db: db, now: now).setLocalState(row, .sendingFailed)
            }
        }
    }

    // MARK: Connection status

    /// The connection's state.
    public var connectionStatus: ConnectionStatus { status.withLock { $0 } }

    /// Sets the connection's state and tells the observers (on the caller's thread).
    public func setConnectionStatus(_ newValue: ConnectionStatus) {
        let changed = status.withLock { current -> Bool in
            guard current != newValue else { return false }
            current = newValue
            return true
        }
        guard changed else { return }
        for observer in statusObservers.withLock({ Array($0.values) }) { observer(newValue) }
    }

    /// Calls `observer` with every new connection status; returns a token for
    /// ``removeConnectionObserver(_:)``.
    func addConnectionObserver(_ observer: @escaping @Sendable (ConnectionStatus) -> Void) -> Int {
        let token = nextObserver.withLock { next -> Int in
            next += 1
            return next
        }
        statusObservers.withLock { $0[token] = observer }
        return token
    }

    func removeConnectionObserver(_ token: Int) {
        _ = statusObservers.withLock { $0.removeValue(forKey: token) }
    }
}

extension MessageRow {
    /// The message as it goes to a backend.
    var outgoing: OutgoingMessage {
        OutgoingMessage(
            id: id, cid: cid, text: text, parentMessageId: parentId, showReplyInChannel: showInChannel,
            quotedMessageId: quotedId, mentionedUserIds: mentionedIds, attachments: attachments,
            createdAt: Date(millisecondsSince1970: createdAt))
    }
}
