import Foundation
import GRDB

/// The entry point of ParleyChat: one user's view of the chat, backed by a SQLite store and a
/// ``ChatBackend``.
///
/// ```swift
/// // As Stream's: the user comes with connectUser (on a server when config.baseURL names one).
/// let client = ChatClient(config: ChatClientConfig(apiKey: .init("my-app")))
/// client.connectUser(userInfo: .init(id: "alice"), token: .development(userId: "alice")) { error in … }
///
/// // Parley's shortcut: acting for alice at once, on the embedded backend.
/// let client = try ChatClient(opening: .init(currentUserId: "alice", databaseURL: url))
/// let channels = client.channelListController()
/// try channels.synchronize()
/// ```
///
/// Sending is local-first: a message is stored as `pending` (and shown at once), then handed to
/// the backend with its client-chosen id. If the backend refuses it, it stays as `sendingFailed`;
/// if the store itself refuses it (read-only or full disk), it is kept in memory as
/// `sendingFailed`. Either way ``resendMessage(id:)`` retries with the same id, and the backend
/// accepts each id once, so nothing is lost and nothing is duplicated.
public final class ChatClient: Sendable {
    /// The configuration the client was created with.
    public let config: ChatClientConfig
    /// Set when the database file could not be read and was moved aside
    /// (``UnreadableDatabasePolicy/moveAsideAndStartFresh``): the original error, whose
    /// `movedTo` says where the old file is.
    public let recoveredFromUnreadableDatabase: ChatError?
    /// Set when ``init(config:)`` could not open the store file at all: the client works on a
    /// store in memory instead, and ``connectUser(userInfo:token:completion:)`` reports this error.
    public let localStorageError: ChatError?

    let store: ChatStore
    let outbox = Outbox()
    let ids: IdentifierSource
    /// The store as the backend syncs it (see ``ChatBackend/attach(to:)``).
    let syncStore: ChatSyncStore
    /// The embedded backend on this client's store, whether or not it is the one in use.
    let localBackend: EmbeddedChatBackend
    /// Who the client acts for and through which backend: set at start, then by
    /// ``connectUser(userInfo:token:completion:)`` and ``logout(completion:)``.
    let session: PthreadMutex<Session>

    /// The user and backend of the moment.
    struct Session {
        var userId: UserId
        var backend: any ChatBackend
        var isEmbedded: Bool
        /// Bumped by every connect and logout, so that a connection that finishes late does not
        /// undo a newer one.
        var generation = 0
        /// Set when a logout could not empty the store: the next connect empties it first (and
        /// fails if it still cannot), so one user's data never shows to the next.
        var needsLocalDataRemoval = false
    }

    /// The backend the client talks to (the embedded one until a server connection replaces it).
    public var backend: any ChatBackend { session.withLock { $0.backend } }

    /// The embedded backend, when the client runs on one (it is also how demos act as other
    /// users).
    public var embeddedBackend: EmbeddedChatBackend? { session.withLock { $0.isEmbedded } ? localBackend : nil }

    /// The state of the connection to the server, as Stream's `ChatClient.connectionStatus`.
    /// Always ``ConnectionStatus/connected`` with the embedded backend once a user is set; a
    /// ``ChatConnectionController`` reports its changes.
    public var connectionStatus: ConnectionStatus { syncStore.connectionStatus }

    /// The user this client acts for: the configuration's, or the one
    /// ``connectUser(userInfo:token:completion:)`` connected (empty before that, where Stream's is
    /// `nil`).
    public var currentUserId: UserId { session.withLock { $0.userId } }

    /// The client's clock.
    public var clock: any ChatClock { config.clock }

    /// Opens the store and starts the embedded backend, as Stream's `ChatClient(config:)`: it
    /// never throws. A store file that cannot be opened leaves the client on a store in memory,
    /// with the error in ``localStorageError`` (and reported by
    /// ``connectUser(userInfo:token:completion:)``); ``init(opening:)`` throws it instead.
    ///
    /// Messages of the current user left `pending` or `sending` by a previous run (the process
    /// died mid-send) are marked `sendingFailed`, ready for ``resendMessage(id:)``.
    public convenience init(config: ChatClientConfig) {
        let opened: (ChatStore, ChatError?)
        var failure: ChatError?
        do {
            opened = try ChatStore.open(for: config)
        } catch {
            failure = error
            do {
                opened = (try ChatStore(url: nil), nil)
            } catch {
                preconditionFailure("an in-memory SQLite database could not be opened: \(error)")
            }
        }
        self.init(config: config, opened: opened, backend: nil, localStorageError: failure)
    }

    /// Opens the store and starts the embedded backend; throws when the store cannot be opened.
    ///
    /// Messages of the current user left `pending` or `sending` by a previous run (the process
    /// died mid-send) are marked `sendingFailed`, ready for ``resendMessage(id:)``.
    ///
    /// - Throws: ``ChatError/databaseUnreadable(path:reason:movedTo:)`` when the file cannot be
    ///   read and the policy is ``UnreadableDatabasePolicy/fail``; other storage errors.
    public convenience init(opening config: ChatClientConfig) throws(ChatError) {
        self.init(config: config, opened: try ChatStore.open(for: config), backend: nil, localStorageError: nil)
    }

    /// Opens the store and talks to `backend` instead of the embedded one.
    public convenience init(config: ChatClientConfig, backend: any ChatBackend) throws(ChatError) {
        self.init(config: config, opened: try ChatStore.open(for: config), backend: backend, localStorageError: nil)
    }

    private init(config: ChatClientConfig, opened: (ChatStore, ChatError?), backend: (any ChatBackend)?, localStorageError: ChatError?) {
        let (store, recovered) = opened
        let ids = IdentifierSource(seed: config.randomSeed)
        let local = EmbeddedChatBackend(
            store: store, clock: config.clock, ids: ids, linkPreviewFetcher: config.linkPreviewFetcher,
            maxAttachmentSize: config.maxAttachmentSize)
        self.config = config
        self.store = store
        self.ids = ids
        self.localBackend = local
        self.recoveredFromUnreadableDatabase = recovered
        self.localStorageError = localStorageError
        self.session = PthreadMutex(Session(userId: config.currentUserId, backend: backend ?? local, isEmbedded: backend == nil))
        self.syncStore = ChatSyncStore(store: store, currentUserId: config.currentUserId, clock: config.clock)
        guard !config.currentUserId.isEmpty else { return }
        prepareCurrentUser(config.currentUserId, keepQueued: backend != nil)
        if backend == nil { syncStore.setConnectionStatus(.connected) }
        (backend ?? local).attach(to: syncStore)
    }

    /// The backend stops connecting for a client that is gone (see ``ChatBackend/detach()``).
    deinit { backend.detach() }

    /// Creates the current user's row if missing and marks interrupted sends as failed. With a
    /// remote backend (`keepQueued`), `pending` and `sending` messages stay queued instead: the
    /// backend sends them again, with the same ids, once connected. Storage errors are ignored
    /// here: a read-only store still opens for reading.
    func prepareCurrentUser(_ userId: UserId, keepQueued: Bool) {
        let now = config.clock.now()
        _ = try? store.writeSync { db in
            if try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [userId]) == nil {
                try StoreWriter(db: db, now: now).upsertUser(ChatUser(id: userId, name: userId, createdAt: now))
            }
            let interrupted = try StoreReader(db: db, currentUserId: userId, now: now).messageRows(
                sql: "\(StoreColumns.messageFrom) WHERE m.user_id = ? AND m.local_state IN (\(keepQueued ? "4" : "1, 2, 4"))",
                arguments: [userId])
            for row in interrupted {
                try StoreWriter(db: db, now: now).setLocalState(row, .sendingFailed)
            }
        }
    }

    /// Moves an unreadable database file (and its `-wal`, `-shm` companions) aside, next to it;
    /// never deletes anything.
    ///
    /// - Returns: where the file went.
    public static func moveDatabaseAside(at url: URL) throws(ChatError) -> URL {
        try ChatStore.moveAside(url)
    }

    // MARK: Reading

    func reader<T>(_ body: (StoreReader) throws -> T) throws(ChatError) -> T {
        let now = clock.now()
        let userId = currentUserId
        return try store.read { db in try body(StoreReader(db: db, currentUserId: userId, now: now)) }
    }

    /// The current user, if the store has them.
    public func currentUser() throws(ChatError) -> ChatUser? { try user(id: currentUserId) }

    /// A user by id.
    public func user(id: UserId) throws(ChatError) -> ChatUser? { try reader { try $0.user(id) } }

    /// A channel by id, as the current user sees it.
    public func channel(_ cid: ChannelId) throws(ChatError) -> ChatChannel? { try reader { try $0.channels([cid]).first } }

    /// A message by id (including unsent ones of the current user).
    public func message(id: MessageId) throws(ChatError) -> ChatMessage? {
        if let entry = outbox.entry(id) { return entry.message }
        return try reader { try $0.message(id: id) }
    }

    /// Messages matching `query` in the current user's channels (or in `cid`), best match first.
    ///
    /// Every word must match. The word being typed (the last one, with no space after it)
    /// also matches as a prefix once it has 4 characters ("ligh" finds "lighthouse"; "lig" and
    /// "ligh " do not). Punctuation and FTS syntax in `query` are separators, never operators.
    /// Ranking (BM25's term frequency and length normalisation) covers the 2,000 most recent
    /// matches, which keeps a search for a very common word fast in a store of millions of
    /// messages; rarer queries are ranked exactly.
    public func searchMessages(_ query: String, in cid: ChannelId? = nil, limit: Int = 25, offset: Int = 0) async throws(ChatError) -> [ChatMessage] {
        let now = clock.now()
        let userId = currentUserId
        return try await store.asyncRead { db in
            try StoreReader(db: db, currentUserId: userId, now: now).searchMessages(
                query: query, cid: cid, limit: limit, offset: offset)
        }
    }

    /// The current user's unsent messages (`sendingFailed`), from the store and the outbox.
    public func failedMessages() throws(ChatError) -> [ChatMessage] {
        let stored = try reader { reader in
            try reader.messages(from: reader.messageRows(
                sql: "\(StoreColumns.messageFrom) WHERE m.user_id = ? AND m.local_state = 3", arguments: [reader.currentUserId]))
        }
        let held = outbox.allMessages
        let heldIds = Set(held.map(\.id))
        return (stored.filter { !heldIds.contains($0.id) } + held).sorted { $0.orderKey < $1.orderKey }
    }

    /// Messages by id with the outbox's version first (for controllers).
    func messages(ids: [MessageId]) throws(ChatError) -> [MessageId: ChatMessage] {
        var result: [MessageId: ChatMessage] = [:]
        var missing: [MessageId] = []
        for id in ids {
            if let entry = outbox.entry(id) { result[id] = entry.message } else { missing.append(id) }
        }
        if !missing.isEmpty {
            let found = try reader { reader -> [ChatMessage] in
                let rows = try reader.messageRows(ids: missing).filter {
                    $0.localState == .synced || $0.userId == reader.currentUserId
                }
                return try reader.messages(from: rows)
            }
            for message in found { result[message.id] = message }
        }
        return result
    }

    // MARK: Users and channels

    /// Creates or updates users.
    public func upsertUsers(_ users: [ChatUser]) async throws(ChatError) {
        try await backend.upsertUsers(users)
    }

    /// Creates a channel with the current user as owner.
    @discardableResult
    public func createChannel(_ request: ChannelCreationRequest) async throws(ChatError) -> ChannelId {
        try await backend.createChannel(request, by: currentUserId)
        return request.cid
    }

    /// Renames a channel or changes its image.
    public func updateChannel(_ cid: ChannelId, name: String? = nil, imageURL: URL? = nil) async throws(ChatError) {
        try await backend.updateChannel(cid, name: name, imageURL: imageURL, by: currentUserId)
    }

    /// Freezes or unfreezes a channel.
    public func setFrozen(_ isFrozen: Bool, cid: ChannelId) async throws(ChatError) {
        try await backend.setFrozen(isFrozen, cid: cid, by: currentUserId)
    }

    /// Mutes a channel for the current user.
    public func muteChannel(_ cid: ChannelId) async throws(ChatError) {
        try await backend.setMuted(true, cid: cid, by: currentUserId)
    }

    /// Unmutes a channel for the current user.
    public func unmuteChannel(_ cid: ChannelId) async throws(ChatError) {
        try await backend.setMuted(false, cid: cid, by: currentUserId)
    }

    /// Deletes a channel with its messages (owners, moderators and admins).
    public func deleteChannel(_ cid: ChannelId) async throws(ChatError) {
        try await backend.deleteChannel(cid, by: currentUserId)
    }

    /// Adds members to a channel.
    public func addMembers(_ userIds: [UserId], to cid: ChannelId) async throws(ChatError) {
        try await backend.addMembers(userIds, to: cid, by: currentUserId)
    }

    /// Removes members from a channel (pass the current user's id to leave).
    public func removeMembers(_ userIds: [UserId], from cid: ChannelId) async throws(ChatError) {
        try await backend.removeMembers(userIds, from: cid, by: currentUserId)
    }

    // MARK: Sending

    /// Sends a message as the current user and returns its id once the backend accepted it.
    ///
    /// Input errors (empty text, text over the limit, unknown channel) are thrown before anything
    /// is stored, and so are files over the backend's ``maxAttachmentSize``: a file the server
    /// refuses as too large leaves nothing either (the message could never be sent as it is). Offline (a remote backend that cannot reach its server), the message stays
    /// queued as `pending` and is sent on reconnect; nothing is thrown. Later failures leave the message visible as `sendingFailed` and are rethrown:
    /// ``ChatError/isStorageFailure`` tells a full or read-only disk from a rule the backend
    /// enforced.
    @discardableResult
    public func sendMessage(
        _ text: String,
        in cid: ChannelId,
        parentMessageId: MessageId? = nil,
        showReplyInChannel: Bool = false,
        quotedMessageId: MessageId? = nil,
        mentionedUserIds: [UserId] = [],
        attachments: [ChatMessageAttachment] = []
    ) async throws(ChatError) -> MessageId {
        let now = clock.now()
        let outgoing = OutgoingMessage(
            id: ids.messageId(at: now), cid: cid, text: text, parentMessageId: parentMessageId,
            showReplyInChannel: showReplyInChannel, quotedMessageId: quotedMessageId,
            mentionedUserIds: mentionedUserIds, attachments: attachments, createdAt: now)
        guard let config = try reader({ try $0.channelRow(cid)?.config }) else { throw ChatError.channelNotFound(cid) }
        try ChatRules.validate(text: text, hasAttachments: !attachments.isEmpty, config: config)
        try ChatRules.checkAttachmentSizes(attachments, limit: backend.maxAttachmentSize)
        do {
            try await deliver(outgoing)
        } catch {
            if case .attachmentTooLarge = error { await discardRefused(outgoing.id) }
            throw error
        }
        return outgoing.id
    }

    /// Sends a `sendingFailed` message again, with the same id.
    ///
    /// - Throws: ``ChatError/messageNotFound(_:)``, ``ChatError/messageNotFailed(_:_:)`` for a
    ///   message that is not failed, or the error of the new attempt.
    public func resendMessage(id: MessageId) async throws(ChatError) {
        if let entry = outbox.entry(id) {
            try await deliver(entry.outgoing)
            return
        }
        let userId = currentUserId
        guard let row = try reader({ try $0.messageRow(id: id) }), row.userId == userId || row.localState == .synced else {
            throw ChatError.messageNotFound(id)
        }
        guard row.localState == .sendingFailed else { throw ChatError.messageNotFailed(id, row.localState) }
        try await deliver(OutgoingMessage(
            id: row.id, cid: row.cid, text: row.text, parentMessageId: row.parentId, showReplyInChannel: row.showInChannel,
            quotedMessageId: row.quotedId, mentionedUserIds: row.mentionedIds, attachments: row.attachments,
            createdAt: Date(millisecondsSince1970: row.createdAt)))
    }

    /// Stores the message as pending, hands it to the backend, and records failures.
    private func deliver(_ outgoing: OutgoingMessage) async throws(ChatError) {
        let userId = currentUserId
        let now = clock.now()
        do {
            try await store.write { db in
                let writer = StoreWriter(db: db, now: now)
                let reader = StoreReader(db: db, currentUserId: userId, now: now)
                if let existing = try reader.messageRow(id: outgoing.id) {
                    if existing.localState != .synced { try writer.setLocalState(existing, .pending) }
                } else {
                    try writer.insertMessageRow(Self.localRow(outgoing, userId: userId, state: .pending))
                }
            }
            if outbox.remove(outgoing.id) != nil { publishOutboxChange(outgoing, kind: .updated) }
        } catch {
            hold(outgoing, error: error)
            throw error
        }
        do {
            try await backend.sendMessage(outgoing, by: userId)
            if !session.withLock({ $0.isEmbedded }) { try await markSynced(outgoing) }
        } catch {
            // Offline: the message stays queued (pending) and the backend sends it on reconnect.
            if error.isConnectionFailure { return }
            do {
                try await store.write { db in
                    let reader = StoreReader(db: db, currentUserId: userId, now: now)
                    if let row = try reader.messageRow(id: outgoing.id), row.localState != .synced {
                        try StoreWriter(db: db, now: now).setLocalState(row, .sendingFailed)
                    }
                }
            } catch {
                hold(outgoing, error: error)
            }
            throw error
        }
    }

    /// With a backend other than the embedded one, the store learns of the acceptance here.
    private func markSynced(_ outgoing: OutgoingMessage) async throws(ChatError) {
        let now = clock.now()
        let userId = currentUserId
        try await store.write { db in
            if let row = try StoreReader(db: db, currentUserId: userId, now: now).messageRow(id: outgoing.id),
               row.localState != .synced {
                try StoreWriter(db: db, now: now).setLocalState(row, .synced)
            }
        }
    }

    /// Keeps a message the store would not take in memory, as `sendingFailed`.
    private func hold(_ outgoing: OutgoingMessage, error: ChatError) {
        let author = (try? user(id: currentUserId)) ?? ChatUser(id: currentUserId, name: currentUserId)
        var message = ChatMessage(
            id: outgoing.id, cid: outgoing.cid, text: outgoing.text,
            type: outgoing.parentMessageId == nil ? .regular : .reply, author: author, createdAt: outgoing.createdAt,
            parentMessageId: outgoing.parentMessageId, showReplyInChannel: outgoing.showReplyInChannel,
            attachments: outgoing.attachments, localState: .sendingFailed, isSentByCurrentUser: true)
        if let quotedId = outgoing.quotedMessageId { message.quotedMessage = try? self.message(id: quotedId) }
        let isNew = outbox.entry(outgoing.id) == nil
        outbox.put(.init(outgoing: outgoing, message: message, error: error))
        publishOutboxChange(outgoing, kind: isNew ? .inserted : .updated)
    }

    /// The outbox is memory, not the database, so its changes are the one kind published by hand.
    /// The version is unknown (-1) so that controllers always read the message again: after a
    /// resend the store's row, not the outbox's copy, is what they must show.
    func publishOutboxChange(_ outgoing: OutgoingMessage, kind: StoreChange.Kind) {
        var change = StoreChange()
        let parentId = outgoing.parentMessageId
        change.messages.append(StoreChange.MessageEvent(
            ref: .init(id: outgoing.id, cid: outgoing.cid, parentId: parentId), kind: kind,
            orderKey: MessageOrderKey(createdAt: outgoing.createdAt.millisecondsSince1970, sequence: .max),
            isShownInChannel: parentId == nil || outgoing.showReplyInChannel, version: -1, isSynced: false,
            authorId: currentUserId))
        change.channels.insert(outgoing.cid)
        store.publish(change)
    }

    static func localRow(_ outgoing: OutgoingMessage, userId: UserId, state: LocalMessageState) -> StoreWriter.NewMessage {
        StoreWriter.NewMessage(
            id: outgoing.id, cid: outgoing.cid, type: outgoing.parentMessageId == nil ? .regular : .reply,
            text: outgoing.text, userId: userId, createdAt: outgoing.createdAt.millisecondsSince1970,
            parentId: outgoing.parentMessageId, showInChannel: outgoing.parentMessageId != nil && outgoing.showReplyInChannel,
            quotedId: outgoing.quotedMessageId, mentionedIds: outgoing.mentionedUserIds, attachments: outgoing.attachments,
            localState: state)
    }

    // MARK: Faults (tests)

    /// Injects a storage fault through SQLite (see ``StorageFault``); `nil` clears it.
    func simulateStorageFault(_ fault: StorageFault?) throws(ChatError) {
        try store.simulate(fault)
    }
}
