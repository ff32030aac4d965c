import Foundation
import GRDB

/// The backend that runs the chat rules in-process, on the client's own database: the "server"
/// a single machine needs.
///
/// Each operation is one IMMEDIATE transaction: the rules are checked against the rows it reads
/// and the writes keep every store invariant, or nothing is written at all.
public final class EmbeddedChatBackend: ChatBackend {
    /// How long a typing event lasts unless renewed.
    public static let typingTimeout: TimeInterval = 5

    let store: ChatStore
    let clock: any ChatClock
    let ids: IdentifierSource
    private let typingExpiry: TypingExpiry
    /// Fetches link previews of sent messages; nil leaves them out (see ``waitForLinkPreviews()``).
    let linkPreviewFetcher: (any LinkPreviewFetching)?
    /// The previews being fetched.
    let linkPreviewTasks = PthreadMutex<[Task<Void, Never>]>([])
    /// The largest attached file accepted, in bytes (``ChatClientConfig/maxAttachmentSize``).
    public let maxAttachmentSize: Int64?

    init(
        store: ChatStore, clock: any ChatClock, ids: IdentifierSource, linkPreviewFetcher: (any LinkPreviewFetching)? = nil,
        maxAttachmentSize: Int64? = ChatRules.defaultMaxAttachmentSize
    ) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.linkPreviewFetcher = linkPreviewFetcher
        self.maxAttachmentSize = maxAttachmentSize
        self.typingExpiry = TypingExpiry(store: store, clock: clock)
    }

    // MARK: Users

    /// Creates or updates users.
    public func upsertUsers(_ users: [ChatUser]) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            let writer = StoreWriter(db: db, now: now)
            for user in users {
                guard !user.id.isEmpty else { throw ChatError.userNotFound(user.id) }
                try writer.upsertUser(user)
            }
        }
    }

    // MARK: Channels

    /// Creates a channel; the creator becomes its owner and the listed users its members.
    ///
    /// - Throws: ``ChatError/invalidChannelId(_:)``, ``ChatError/duplicateId(_:)`` if the channel
    ///   exists, ``ChatError/userNotFound(_:)``.
    public func createChannel(_ request: ChannelCreationRequest, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            guard request.cid.isWellFormed else { throw ChatError.invalidChannelId(request.cid.rawValue) }
            let reader = StoreReader(db: db, currentUserId: userId, now: now)
            guard try reader.user(userId) != nil else { throw ChatError.userNotFound(userId) }
            guard try reader.channelRow(request.cid) == nil else { throw ChatError.duplicateId(request.cid.rawValue) }
            let memberIds = request.memberIds.filter { $0 != userId }
            let known = try reader.users(memberIds)
            if let missing = memberIds.first(where: { known[$0] == nil }) { throw ChatError.userNotFound(missing) }
            let writer = StoreWriter(db: db, now: now)
            try writer.insertChannel(
                cid: request.cid, name: request.name, imageURL: request.imageURL, createdBy: userId,
                config: request.config ?? .default(for: request.cid.type), isFrozen: request.isFrozen)
            try writer.addMember(cid: request.cid, userId: userId, role: .owner)
            for memberId in memberIds {
                try writer.addMember(cid: request.cid, userId: memberId, role: .member)
            }
        }
    }

    /// Renames the channel or changes its image; a rename posts "X renamed the channel to Y".
    public func updateChannel(_ cid: ChannelId, name: String?, imageURL: URL?, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { [ids] db in
            let (reader, channel, rules) = try Self.context(db, cid: cid, userId: userId, now: now)
            try rules.checkUpdateChannel()
            let writer = StoreWriter(db: db, now: now)
            try db.execute(
                sql: "UPDATE channel SET name = coalesce(?, name), image_url = coalesce(?, image_url), updated_at = ? WHERE cid = ?",
                arguments: [name, imageURL?.absoluteString, writer.now, cid.rawValue])
            if let name, name != channel.name, let actor = try reader.user(userId) {
                try Self.postSystemMessage(
                    "\(actor.name) renamed the channel to \(name)", in: channel, by: userId, writer: writer,
                    ids: ids)
            }
        }
    }

    /// Freezes or unfreezes the channel (moderators, owners and admins).
    public func setFrozen(_ isFrozen: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            try Self.context(db, cid: cid, userId: userId, now: now).rules.checkFreeze()
            try db.execute(
                sql: "UPDATE channel SET is_frozen = ?, updated_at = ? WHERE cid = ?",
                arguments: [isFrozen, now.millisecondsSince1970, cid.rawValue])
        }
    }

    /// Mutes or unmutes the channel for a member.
    public func setMuted(_ isMuted: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            try Self.context(db, cid: cid, userId: userId, now: now).rules.checkMute()
            try db.execute(
                sql: "UPDATE member SET muted = ? WHERE cid = ? AND user_id = ?",
                arguments: [isMuted, cid.rawValue, userId])
        }
    }

    /// Deletes the channel; its members, messages, reactions and typing rows go with it.
    public func deleteChannel(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            try Self.context(db, cid: cid, userId: userId, now: now).rules.checkDeleteChannel()
            try db.execute(sql: "DELETE FROM channel WHERE cid = ?", arguments: [cid.rawValue])
        }
    }

    /// Adds members and posts "X added Y" (or "Y joined" when users add themselves).
    ///
    /// A user may add themselves to a livestream without the `update-channel-members`
    /// capability; everything else needs it.
    public func addMembers(_ userIds: [UserId], to cid: ChannelId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { [ids] db in
            let (reader, channel, rules) = try Self.context(db, cid: cid, userId: userId, now: now)
            try rules.checkAddMembers(userIds)
            let users = try reader.users(userIds + [userId])
            if let missing = (userIds + [userId]).first(where: { users[$0] == nil }) {
                throw ChatError.userNotFound(missing)
            }
            let writer = StoreWriter(db: db, now: now)
            for memberId in userIds {
                guard try writer.addMember(cid: cid, userId: memberId, role: .member),
                      let member = users[memberId], let actor = users[userId]
                else { continue }
                let text = memberId == userId ? "\(member.name) joined the channel" : "\(actor.name) added \(member.name)"
                try Self.postSystemMessage(text, in: channel, by: userId, writer: writer, ids: ids)
            }
        }
    }

    /// Removes members and posts "X removed Y" (or "Y left").
    public func removeMembers(_ userIds: [UserId], from cid: ChannelId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { [ids] db in
            let (reader, channel, rules) = try Self.context(db, cid: cid, userId: userId, now: now)
            try rules.checkRemoveMembers(userIds)
            let users = try reader.users(userIds + [userId])
            let writer = StoreWriter(db: db, now: now)
            for memberId in userIds {
                guard let member = users[memberId] else { throw ChatError.userNotFound(memberId) }
                guard try writer.removeMember(cid: cid, userId: memberId) else {
                    throw ChatError.notAMember(memberId, cid: cid)
                }
                let actorName = users[userId]?.name ?? userId
                let text = memberId == userId ? "\(member.name) left the channel" : "\(actorName) removed \(member.name)"
                try Self.postSystemMessage(text, in: channel, by: userId, writer: writer, ids: ids)
            }
        }
    }

    // MARK: Messages

    /// Accepts a message after checking every rule; idempotent by id. The files of its image and
    /// file attachments are first copied into ``attachmentsDirectory``; a link in its text gets a
    /// preview afterwards when a ``ChatClientConfig/linkPreviewFetcher`` is set.
    ///
    /// - Throws: ``ChatError/emptyMessage``, ``ChatError/messageTooLong(length:limit:)``,
    ///   ``ChatError/channelNotFound(_:)``, ``ChatError/channelFrozen(_:)``,
    ///   ``ChatError/featureDisabled(_:cid:)`` (replies, quotes, uploads),
    ///   ``ChatError/missingCapability(_:cid:)``, ``ChatError/invalidThreadParent(_:)``,
    ///   ``ChatError/invalidQuotedMessage(_:)``, ``ChatError/messageNotFound(_:)``,
    ///   ``ChatError/messageDeleted(_:)``, ``ChatError/attachmentFileMissing(_:)``,
    ///   ``ChatError/attachmentTooLarge(fileName:size:limit:)`` (over ``maxAttachmentSize``),
    ///   ``ChatError/userNotFound(_:)``, ``ChatError/duplicateId(_:)``.
    public func sendMessage(_ message: OutgoingMessage, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try ChatRules.checkAttachmentSizes(message.attachments, limit: maxAttachmentSize)
        let message = try storingAttachmentFiles(of: message)
        try await store.write { db in
            try Self.acceptMessage(message, by: userId, db: db, now: now)
        }
        startLinkPreview(for: message)
    }

    /// The body of ``sendMessage(_:by:)``, usable inside a larger transaction.
    static func acceptMessage(
        _ message: OutgoingMessage, by userId: UserId, db: Database, now: Date
    ) throws {
        let (reader, channel, rules) = try context(db, cid: message.cid, userId: userId, now: now)
        let parent = try message.parentMessageId.flatMap { try reader.messageRow(id: $0)?.syncedFacts }
        let quoted = try message.quotedMessageId.flatMap { try reader.messageRow(id: $0)?.syncedFacts }
        try rules.checkSend(message, parent: parent, quoted: quoted)
        for attachment in message.attachments {
            if let url = attachment.localURL, !FileManager.default.fileExists(atPath: url.path) {
                throw ChatError.attachmentFileMissing(url)
            }
        }
        let type: MessageType = message.parentMessageId == nil ? .regular : .reply
        let mentioned = try reader.users(message.mentionedUserIds)
        if let missing = message.mentionedUserIds.first(where: { mentioned[$0] == nil }) {
            throw ChatError.userNotFound(missing)
        }

        let writer = StoreWriter(db: db, now: now)
        let row = StoreWriter.NewMessage(
            id: message.id, cid: message.cid, type: type, text: message.text, userId: userId,
            createdAt: message.createdAt.millisecondsSince1970, parentId: message.parentMessageId,
            showInChannel: message.parentMessageId != nil && message.showReplyInChannel,
            quotedId: message.quotedMessageId, mentionedIds: message.mentionedUserIds,
            attachments: message.attachments.enumerated().map { offset, attachment in
                var attachment = attachment
                attachment.id = offset
                return attachment
            },
            localState: .synced)
        if let existing = try reader.messageRow(id: message.id) {
            try rules.checkRetry(message, existing: existing.facts)
            if existing.localState == .synced { return }  // a retry of a message already accepted
            try writer.syncLocalMessage(row, readEventsEnabled: channel.config.readEventsEnabled)
        } else {
            try writer.insertSyncedMessage(row, readEventsEnabled: channel.config.readEventsEnabled)
        }
        try writer.stopTyping(cid: message.cid, userId: userId)
    }

    /// Replaces the text of a message (its author, or a moderator).
    ///
    /// - Throws: ``ChatError/messageNotFound(_:)``, ``ChatError/messageDeleted(_:)``,
    ///   ``ChatError/messageNotEditable(_:_:)``, ``ChatError/notOwnMessage(_:)``,
    ///   ``ChatError/emptyMessage``, ``ChatError/messageTooLong(length:limit:)``.
    public func editMessage(_ id: MessageId, text: String, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            let (row, _, rules) = try Self.messageContext(db, id: id, userId: userId, now: now)
            try rules.checkEdit(row.facts, text: text)
            try StoreWriter(db: db, now: now).editMessage(row, text: text)
        }
    }

    /// Soft-deletes a message (its author, or a moderator).
    ///
    /// - Throws: ``ChatError/messageNotFound(_:)``, ``ChatError/messageDeleted(_:)`` if already
    ///   deleted, ``ChatError/notOwnMessage(_:)``.
    public func deleteMessage(_ id: MessageId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            let (row, channel, rules) = try Self.messageContext(db, id: id, userId: userId, now: now)
            try rules.checkDelete(row.facts)
            try StoreWriter(db: db, now: now).softDeleteMessage(
                row, readEventsEnabled: channel.config.readEventsEnabled)
        }
    }

    // MARK: Reactions

    /// Adds a reaction (see ``ChatBackend/addReaction(_:score:enforceUnique:to:by:)``).
    ///
    /// - Throws: ``ChatError/invalidReactionType(_:)``, ``ChatError/invalidReactionScore(_:)``,
    ///   ``ChatError/messageNotFound(_:)``, ``ChatError/messageDeleted(_:)``,
    ///   ``ChatError/messageNotEditable(_:_:)``, ``ChatError/featureDisabled(_:cid:)``,
    ///   ``ChatError/channelFrozen(_:)``, ``ChatError/missingCapability(_:cid:)``.
    public func addReaction(
        _ type: MessageReactionType, score: Int = 1, enforceUnique: Bool = false, to messageId: MessageId,
        by userId: UserId
    ) async throws(ChatError) {
        try ChatRules.validateReaction(type, score: score)
        let now = clock.now()
        try await store.write { db in
            let (row, _, rules) = try Self.messageContext(db, id: messageId, userId: userId, now: now)
            try rules.checkReaction(on: row.facts)
            let writer = StoreWriter(db: db, now: now)
            if enforceUnique {
                for other in try writer.reactionTypes(of: userId, on: messageId) where other != type {
                    try writer.removeReaction(other, userId: userId, from: row)
                }
            }
            try writer.addReaction(type, score: score, userId: userId, to: row)
        }
    }

    /// Removes the user's reaction of `type`; nothing happens if there is none.
    ///
    /// - Throws: ``ChatError/messageNotFound(_:)``.
    public func removeReaction(_ type: MessageReactionType, from messageId: MessageId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            let (row, _, rules) = try Self.messageContext(db, id: messageId, userId: userId, now: now)
            try rules.checkRemoveReaction()
            try StoreWriter(db: db, now: now).removeReaction(type, userId: userId, from: row)
        }
    }

    // MARK: Read states and typing

    /// Marks the channel read up to now for a member.
    ///
    /// - Throws: ``ChatError/featureDisabled(_:cid:)`` where read events are off,
    ///   ``ChatError/notAMember(_:cid:)``.
    public func markRead(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            let (reader, _, rules) = try Self.context(db, cid: cid, userId: userId, now: now)
            try rules.checkMarkRead()
            let latest = try reader.channelRows(cid: cid, before: nil, limit: 1).last
            let at = max(now.millisecondsSince1970, latest?.createdAt ?? 0)
            try StoreWriter(db: db, now: now).markRead(cid: cid, userId: userId, at: at, lastMessageId: latest?.id)
        }
    }

    /// Says the user is typing for the next ``typingTimeout`` seconds.
    ///
    /// - Throws: ``ChatError/featureDisabled(_:cid:)`` where typing events are off,
    ///   ``ChatError/channelFrozen(_:)``, ``ChatError/missingCapability(_:cid:)``.
    public func startTyping(in cid: ChannelId, parentMessageId: MessageId? = nil, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(Self.typingTimeout)
        try await store.write { db in
            try Self.context(db, cid: cid, userId: userId, now: now).rules.checkTyping()
            _ = try StoreWriter(db: db, now: now).startTyping(
                cid: cid, userId: userId, parentId: parentMessageId, expiresAt: expiresAt.millisecondsSince1970)
        }
        typingExpiry.schedule(at: expiresAt)
    }

    /// Says the user stopped typing.
    public func stopTyping(in cid: ChannelId, by userId: UserId) async throws(ChatError) {
        let now = clock.now()
        try await store.write { db in
            try StoreWriter(db: db, now: now).stopTyping(cid: cid, userId: userId)
        }
    }

    // MARK: Rules shared by the operations

    /// The acting user, the channel and the rules for the user there.
    static func context(
        _ db: Database, cid: ChannelId, userId: UserId, now: Date
    ) throws -> (reader: StoreReader, channel: ChannelRow, rules: ChatRules) {
        let reader = StoreReader(db: db, currentUserId: userId, now: now)
        guard let user = try reader.user(userId) else { throw ChatError.userNotFound(userId) }
        guard let channel = try reader.channelRow(cid) else { throw ChatError.channelNotFound(cid) }
        let rules = ChatRules(
            cid: cid, config: channel.config, isFrozen: channel.isFrozen,
            memberRole: try reader.membership(cid, userId: userId)?.role, userId: userId, userRole: user.role)
        return (reader, channel, rules)
    }

    /// A synced message (the backend does not know other devices' unsent ones), its channel and
    /// the rules for the user there.
    static func messageContext(_ db: Database, id: MessageId, userId: UserId, now: Date) throws -> (MessageRow, ChannelRow, ChatRules) {
        let reader = StoreReader(db: db, currentUserId: userId, now: now)
        guard let row = try reader.messageRow(id: id), row.localState == .synced else {
            throw ChatError.messageNotFound(id)
        }
        let (_, channel, rules) = try context(db, cid: row.cid, userId: userId, now: now)
        return (row, channel, rules)
    }

    static func postSystemMessage(
        _ text: String, in channel: ChannelRow, by userId: UserId, writer: StoreWriter, ids: IdentifierSource
    ) throws {
        let message = StoreWriter.NewMessage(
            id: ids.messageId(at: Date(millisecondsSince1970: writer.now)), cid: channel.cid,
            type: .system, text: text, userId: userId, createdAt: writer.now, parentId: nil, showInChannel: false,
            quotedId: nil, mentionedIds: [], attachments: [], localState: .synced)
        try writer.insertSyncedMessage(message, readEventsEnabled: channel.config.readEventsEnabled)
    }
}

extension MessageRow {
    var isDeleted: Bool { type == .deleted || deletedAt != nil }

    /// What the chat rules need to know about this message.
    var facts: ChatRules.Message {
        ChatRules.Message(
            id: id, cid: cid, authorId: userId, type: type, isDeleted: isDeleted, parentId: parentId,
            hasAttachments: !attachments.isEmpty)
    }

    /// ``facts`` for a synced message; `nil` for another device's unsent one (the backend does not
    /// know it, so it does not exist for the rules).
    var syncedFacts: ChatRules.Message? { localState == .synced ? facts : nil }
}
