import Foundation
import Logging
import ParleyChat
import ParleyProtocol

/// The server's chat operations: every ChatBackend operation and query, for an actor that is
/// always the token's subject. Each write is one storage transaction that checks the rules of
/// ParleyChat (``ChatRules``), writes, and appends its events; the events then reach the
/// subscribed sockets in commit order.
///
/// Visibility comes first and leaks nothing: a channel the actor may not read (by
/// ``ChatRules/checkRead()``: not a member, not an app admin, not a livestream) is
/// `channel_not_found`, exactly like a channel that does not exist, and a message in such a
/// channel is `message_not_found`.
final class ChatService: Sendable {
    let storage: any ServerStorage
    let hub: EventHub
    let limits: WireLimits
    /// Users created with the admin role when they first write themselves.
    let adminUserIds: Set<UserId>
    /// Fetches the pages of links in new messages for their previews; nil makes none.
    let linkPreviewFetcher: (any LinkPreviewFetching)?
    /// Where operations that answer nobody (link previews) report failures.
    let logger: Logger

    init(
        storage: any ServerStorage, hub: EventHub, limits: WireLimits, adminUserIds: Set<UserId>,
        linkPreviewFetcher: (any LinkPreviewFetching)? = nil, logger: Logger = Logger(label: "parley.server")
    ) {
        self.storage = storage
        self.hub = hub
        self.limits = limits
        self.adminUserIds = adminUserIds
        self.linkPreviewFetcher = linkPreviewFetcher
        self.logger = logger
    }

    /// What a write hands to the fan-out after its commit.
    struct Outcome: Sendable {
        var response: WriteResponse
        var feed: [FeedItem] = []
        var disconnect: [UserId] = []
        /// The events' JSON as stored (see ``StoredEventPayloads``), filled by ``perform(_:in:expecting:_:)``.
        var payloads: [String: Data] = [:]
    }

    /// One feed event for one user.
    struct FeedItem: Sendable {
        var userId: UserId
        var event: UserFeedEvent
    }

    /// Runs a write for `actorId` and publishes what it appended. `channel` names the one channel
    /// the write changes, when the operation knows it up front (see ``ServerStorage/write(in:_:afterCommit:)``);
    /// `expecting`, the rows the body reads first, after the actor (see ``ServerTransaction/expect(_:)``).
    func perform(
        _ actorId: UserId, in channel: ChannelId? = nil, expecting: [ExpectedRead] = [],
        _ body: @escaping @Sendable (any ServerTransaction, UserRecord) throws -> Outcome
    ) async throws -> WriteResponse {
        try await performWrite(actorId, in: channel, expecting: expecting, body).response
    }

    /// ``perform(_:in:expecting:_:)``, answering with the events' JSON as stored too (see
    /// ``Written``).
    func performWrite(
        _ actorId: UserId, in channel: ChannelId? = nil, expecting: [ExpectedRead] = [],
        _ body: @escaping @Sendable (any ServerTransaction, UserRecord) throws -> Outcome
    ) async throws -> Written {
        let hub = self.hub
        let outcome = try await storage.write(in: channel, { tx in
            if !expecting.isEmpty { tx.expect([.user(actorId)] + expecting) }
            // What an earlier write of the transaction recorded and did not take (it failed).
            _ = tx.storedPayloads.take()
            var outcome = try body(tx, try Self.actor(tx, actorId))
            outcome.payloads = tx.storedPayloads.take()
            return outcome
        }, afterCommit: { outcome in
            hub.publish(outcome.response.events, feed: outcome.feed.map { ($0.userId, $0.event) }, payloads: outcome.payloads)
            for userId in outcome.disconnect { hub.disconnect(userId: userId) }
        })
        return Written(response: outcome.response, payloads: outcome.payloads)
    }

    // MARK: Lookups shared by the operations

    /// The acting user (the token's subject), read in the operation's own transaction: a deleted
    /// user's token is refused here (the HTTP middleware does not read storage).
    static func actor(_ tx: any ServerTransaction, _ id: UserId) throws -> UserRecord {
        guard let user = try tx.user(id) else { throw ChatError.userNotFound(id) }
        guard user.deletedAt == nil else { throw deletedActor }
        return user
    }

    /// The refusal of a request whose token belongs to a deleted user.
    static let deletedActor = WireError.unauthorized("The token's user was deleted.")

    static func parse(_ cid: String) throws(ChatError) -> ChannelId {
        try ChannelId(cid: cid)
    }

    /// The channel and the actor's membership, or `channel_not_found` when the actor may not read
    /// it. Who may read is ParleyChat's rule (``ChatRules/checkRead()``: members, admins, and
    /// anyone in a livestream), the one the embedded backend and the UI's capabilities use too.
    static func visibleChannel(
        _ tx: any ServerTransaction, _ cid: ChannelId, actor: UserRecord
    ) throws -> (ChannelRecord, MemberRecord?) {
        guard let channel = try tx.channel(cid) else { throw ChatError.channelNotFound(cid) }
        let member = try tx.member(cid, userId: actor.id)
        try rules(channel, member, actor).checkRead()
        return (channel, member)
    }

    /// The message with its channel, or `message_not_found` when the actor may not see it.
    static func visibleMessage(
        _ tx: any ServerTransaction, _ id: MessageId, actor: UserRecord
    ) throws -> (MessageRecord, ChannelRecord, MemberRecord?) {
        guard let message = try tx.message(id) else { throw ChatError.messageNotFound(id) }
        do {
            let (channel, member) = try visibleChannel(tx, message.cid, actor: actor)
            return (message, channel, member)
        } catch {
            throw ChatError.messageNotFound(id)
        }
    }

    /// ParleyChat's rules for the actor in the channel.
    static func rules(_ channel: ChannelRecord, _ member: MemberRecord?, _ actor: UserRecord) -> ChatRules {
        ChatRules(
            cid: channel.cid, config: channel.config, isFrozen: channel.isFrozen, memberRole: member?.role,
            userId: actor.id, userRole: actor.role)
    }

    /// The channel's config with the server's length limit applied.
    static func effectiveConfig(_ config: ChannelConfig, maxLength: Int) -> ChannelConfig {
        var config = config
        config.maxMessageLength = min(config.maxMessageLength, maxLength)
        return config
    }

    static func append(
        _ tx: any ServerTransaction, _ cid: ChannelId, _ type: ChannelEventType, actor: UserId,
        message: WireMessage? = nil, reaction: WireReaction? = nil, member: WireMember? = nil,
        channel: WireChannel? = nil, read: WireReadState? = nil, onlyFor: UserId? = nil
    ) throws -> ChannelEvent {
        try tx.appendEvent(cid) { seq, epoch in
            ChannelEvent(
                cid: cid.rawValue, seq: seq, epoch: epoch, type: type, actorId: actor, createdAt: tx.now,
                message: message, reaction: reaction, member: member, channel: channel, read: read,
                onlyForUserId: onlyFor)
        }
    }

    /// Posts a system message ("Alice added Bob") and appends its event.
    static func postSystemMessage(
        _ tx: any ServerTransaction, _ text: String, in channel: inout ChannelRecord, by actor: UserId
    ) throws -> ChannelEvent {
        let message = MessageRecord(
            id: "system-\(UUID().uuidString.lowercased())", cid: channel.cid, userId: actor, type: .system, text: text,
            createdAt: tx.now, updatedAt: tx.now, parentId: nil, showInChannel: false, quotedId: nil, mentionedIds: [],
            attachments: [], replyCount: 0)
        try tx.insertMessage(message)
        channel.lastMessageAt = tx.now
        try tx.updateChannel(channel)
        return try append(tx, channel.cid, .messageNew, actor: actor, message: try tx.wireMessage(message))
    }

    // MARK: Users

    /// Creates or updates users: the actor themselves, or anyone when the actor is an admin.
    /// Roles change only by an admin (or the server's admin list, for a user's first write).
    func upsertUsers(_ users: [WireUser], by actorId: UserId) async throws -> UsersResponse {
        let admins = adminUserIds
        return try await storage.write({ tx in
            let actor = try tx.user(actorId)
            if let actor, actor.deletedAt != nil { throw Self.deletedActor }
            let isAdmin = actor?.role == .admin
            var stored: [WireUser] = []
            for user in users {
                guard !user.id.isEmpty else { throw WireError.badRequest("A user needs an id.") }
                guard user.id == actorId || isAdmin else {
                    throw WireError(
                        code: .forbidden, message: "Only admins may write other users.", status: 403, userId: user.id)
                }
                let existing = try tx.user(user.id)
                if existing?.deletedAt != nil { throw ChatError.userNotFound(user.id) }
                // Nobody changes their own role; admins set others'; the admin list wins.
                let role: UserRole
                if admins.contains(user.id) {
                    role = .admin
                } else if isAdmin && user.id != actorId {
                    role = UserRole(rawValue: user.role)
                } else if let existing {
                    role = existing.role
                } else {
                    role = user.role == UserRole.guest.rawValue ? .guest : .user
                }
                let record = UserRecord(
                    id: user.id, name: user.name, imageURL: user.imageURL, avatarColor: user.avatarColor, role: role,
                    createdAt: existing?.createdAt ?? tx.now)
                try tx.upsertUser(record)
                stored.append(record.wire)
            }
            return UsersResponse(users: stored)
        }, afterCommit: { _ in })
    }

    /// The users with these ids (deleted ones marked).
    func users(_ ids: [UserId], by actorId: UserId) async throws -> UsersResponse {
        try await storage.read { tx in
            _ = try Self.actor(tx, actorId)
            let found = try tx.users(Array(ids.prefix(500)))
            return UsersResponse(users: ids.compactMap { found[$0]?.wire })
        }
    }

    /// Deletes a user (themselves, or anyone by an admin): their tokens stop working at once and
    /// their sockets close; their messages stay.
    func deleteUser(_ id: UserId, by actorId: UserId) async throws {
        _ = try await perform(actorId) { tx, actor in
            guard id == actorId || actor.role == .admin else {
                throw WireError(code: .forbidden, message: "Only admins may delete other users.", status: 403, userId: id)
            }
            guard var user = try tx.user(id), user.deletedAt == nil else { throw ChatError.userNotFound(id) }
            user.deletedAt = tx.now
            try tx.upsertUser(user)
            return Outcome(response: WriteResponse(events: []), disconnect: [id])
        }
    }
}
