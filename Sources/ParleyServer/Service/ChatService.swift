import Foundation
import ParleyChat
import ParleyProtocol

/// The server's chat operations: every ChatBackend operation and query, for an actor that is
/// always the token's subject. Each write is one storage transaction that checks the rules of
/// ParleyChat (``ChatRules``), writes, and appends its events; the events then reach the
/// subscribed sockets in commit order.
///
/// Visibility comes first and leaks nothing: a channel the actor is not a member of (unless an
/// app admin) is `channel_not_found`, exactly like a channel that does not exist, and a message
/// in such a channel is `message_not_found`.
final class ChatService: Sendable {
    let storage: any ServerStorage
    let hub: EventHub
    let limits: WireLimits
    /// Users created with the admin role when they first write themselves.
    let adminUserIds: Set<UserId>

    init(storage: any ServerStorage, hub: EventHub, limits: WireLimits, adminUserIds: Set<UserId>) {
        self.storage = storage
        self.hub = hub
        self.limits = limits
        self.adminUserIds = adminUserIds
    }

    /// What a write hands to the fan-out after its commit.
    struct Outcome: Sendable {
        var response: WriteResponse
        var feed: [FeedItem] = []
        var disconnect: [UserId] = []
    }

    /// One feed event for one user.
    struct FeedItem: Sendable {
        var userId: UserId
        var event: UserFeedEvent
    }

    /// Runs a write for `actorId` and publishes what it appended.
    private func perform(
        _ actorId: UserId, _ body: @escaping @Sendable (any ServerTransaction, UserRecord) throws -> Outcome
    ) async throws -> WriteResponse {
        let hub = self.hub
        let outcome = try await storage.write({ tx in
            try body(tx, try Self.actor(tx, actorId))
        }, afterCommit: { outcome in
            hub.publish(outcome.response.events, feed: outcome.feed.map { ($0.userId, $0.event) })
            for userId in outcome.disconnect { hub.disconnect(userId: userId) }
        })
        return outcome.response
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

    /// The channel and the actor's membership, or `channel_not_found` when the actor may not see it.
    static func visibleChannel(
        _ tx: any ServerTransaction, _ cid: ChannelId, actor: UserRecord
    ) throws -> (ChannelRecord, MemberRecord?) {
        guard let channel = try tx.channel(cid) else { throw ChatError.channelNotFound(cid) }
        let member = try tx.member(cid, userId: actor.id)
        guard member != nil || actor.role == .admin else { throw ChatError.channelNotFound(cid) }
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

    static func rules(_ channel: ChannelRecord, _ member: MemberRecord?, _ actor: UserRecord) -> ChatRules {
        ChatRules(
            channelType: channel.cid.type, config: channel.config, isFrozen: channel.isFrozen, memberRole: member?.role,
            userRole: actor.role)
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

    // MARK: Channels

    /// Creates a channel; the actor becomes its owner.
    func createChannel(_ request: CreateChannelRequest, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(request.cid)
        let config = Self.effectiveConfig(
            request.config.map(ChannelConfig.init) ?? .default(for: cid.type), maxLength: limits.maxMessageLength)
        return try await perform(actorId) { tx, actor in
            guard try tx.channel(cid) == nil else { throw ChatError.duplicateId(cid.rawValue) }
            let memberIds = request.memberIds.filter { $0 != actor.id }
            let users = try tx.users(memberIds)
            if let missing = memberIds.first(where: { users[$0] == nil || users[$0]?.deletedAt != nil }) {
                throw ChatError.userNotFound(missing)
            }
            let channel = ChannelRecord(
                cid: cid, name: request.name, imageURL: request.imageURL, config: config, isFrozen: request.isFrozen,
                createdBy: actor.id, createdAt: tx.now, updatedAt: tx.now, lastMessageAt: nil,
                epoch: UUID().uuidString.lowercased(), lastSeq: 0)
            try tx.insertChannel(channel)
            var events: [ChannelEvent] = []
            for (userId, role) in [(actor.id, MemberRole.owner)] + memberIds.map({ ($0, MemberRole.member) }) {
                let member = MemberRecord(
                    cid: cid, userId: userId, role: role, createdAt: tx.now, lastReadAt: nil, lastReadMessageId: nil,
                    isMuted: false)
                try tx.upsertMember(member)
                events.append(try Self.append(
                    tx, cid, .memberAdded, actor: actor.id,
                    member: tx.wireMember(member, user: userId == actor.id ? actor : users[userId], viewer: "")))
            }
            let stored = try tx.channel(cid) ?? channel
            let wire = try tx.wireChannel(stored)
            let feed = ([actor.id] + memberIds).map {
                FeedItem(userId: $0, event: UserFeedEvent(kind: .channelJoined, cid: cid.rawValue, channel: wire))
            }
            return Outcome(response: WriteResponse(events: events, channel: wire), feed: feed)
        }
    }

    /// Renames the channel or changes its image; a rename posts a system message.
    func updateChannel(_ cidString: String, _ request: UpdateChannelRequest, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        return try await perform(actorId) { tx, actor in
            let (visible, member) = try Self.visibleChannel(tx, cid, actor: actor)
            var channel = visible
            try Self.rules(channel, member, actor).require(.updateChannel, in: cid)
            let renamed = request.name.map { $0 != channel.name } ?? false
            channel.name = request.name ?? channel.name
            channel.imageURL = request.imageURL ?? channel.imageURL
            channel.updatedAt = tx.now
            try tx.updateChannel(channel)
            var events: [ChannelEvent] = []
            if renamed, let name = request.name {
                events.append(try Self.postSystemMessage(
                    tx, "\(actor.name) renamed the channel to \(name)", in: &channel, by: actor.id))
            }
            let wire = try tx.wireChannel(try tx.channel(cid) ?? channel)
            events.insert(try Self.append(tx, cid, .channelUpdated, actor: actor.id, channel: wire), at: 0)
            return Outcome(response: WriteResponse(events: events, channel: try tx.wireChannel(try tx.channel(cid) ?? channel)))
        }
    }

    /// Freezes or unfreezes the channel.
    func setFrozen(_ cidString: String, _ isFrozen: Bool, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        return try await perform(actorId) { tx, actor in
            let (visible, member) = try Self.visibleChannel(tx, cid, actor: actor)
            var channel = visible
            try Self.rules(channel, member, actor).requireFreeze(in: cid)
            channel.isFrozen = isFrozen
            channel.updatedAt = tx.now
            try tx.updateChannel(channel)
            let wire = try tx.wireChannel(channel)
            let event = try Self.append(tx, cid, .channelUpdated, actor: actor.id, channel: wire)
            return Outcome(response: WriteResponse(events: [event], channel: wire))
        }
    }

    /// Mutes or unmutes the channel for the actor (an event only the actor receives).
    func setMuted(_ cidString: String, _ isMuted: Bool, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        return try await perform(actorId) { tx, actor in
            let (channel, member) = try Self.visibleChannel(tx, cid, actor: actor)
            try Self.rules(channel, member, actor).require(.muteChannel, in: cid)
            guard var member else { throw ChatError.notAMember(actor.id, cid: cid) }
            member.isMuted = isMuted
            try tx.upsertMember(member)
            let event = try Self.append(
                tx, cid, .memberUpdated, actor: actor.id, member: tx.wireMember(member, user: actor, viewer: actor.id),
                onlyFor: actor.id)
            return Outcome(response: WriteResponse(events: [event]))
        }
    }

    /// Deletes the channel with everything in it; its stream ends with `channel.deleted`.
    func deleteChannel(_ cidString: String, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        return try await perform(actorId) { tx, actor in
            let (channel, member) = try Self.visibleChannel(tx, cid, actor: actor)
            try Self.rules(channel, member, actor).require(.deleteChannel, in: cid)
            let memberIds = try tx.members(cid).map(\.userId)
            try tx.deleteChannel(cid)
            // The stream's rows are gone with the channel: this last event is delivered, not stored.
            let event = ChannelEvent(
                cid: cid.rawValue, seq: channel.lastSeq + 1, epoch: channel.epoch, type: .channelDeleted,
                actorId: actor.id, createdAt: tx.now)
            let feed = memberIds.map {
                FeedItem(userId: $0, event: UserFeedEvent(kind: .channelDeleted, cid: cid.rawValue))
            }
            return Outcome(response: WriteResponse(events: [event]), feed: feed)
        }
    }

    /// Adds members (a user may add only themselves to a livestream without the capability);
    /// each addition posts a system message.
    func addMembers(_ cidString: String, _ userIds: [UserId], by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        return try await perform(actorId) { tx, actor in
            guard var channel = try tx.channel(cid) else { throw ChatError.channelNotFound(cid) }
            let joiningSelf = userIds == [actor.id] && cid.type == .livestream
            var member = try tx.member(cid, userId: actor.id)
            if !joiningSelf {
                (channel, member) = try Self.visibleChannel(tx, cid, actor: actor)
            }
            try Self.rules(channel, member, actor).requireAddMembers(userIds, by: actor.id, in: cid)
            let users = try tx.users(userIds)
            if let missing = userIds.first(where: { users[$0] == nil || users[$0]?.deletedAt != nil }) {
                throw ChatError.userNotFound(missing)
            }
            var events: [ChannelEvent] = []
            var added: [UserId] = []
            for userId in userIds where try tx.member(cid, userId: userId) == nil {
                guard let user = users[userId] else { continue }
                let record = MemberRecord(
                    cid: cid, userId: userId, role: .member, createdAt: tx.now, lastReadAt: nil, lastReadMessageId: nil,
                    isMuted: false)
                try tx.upsertMember(record)
                events.append(try Self.append(
                    tx, cid, .memberAdded, actor: actor.id, member: tx.wireMember(record, user: user, viewer: "")))
                let text = userId == actor.id ? "\(user.name) joined the channel" : "\(actor.name) added \(user.name)"
                events.append(try Self.postSystemMessage(tx, text, in: &channel, by: actor.id))
                added.append(userId)
            }
            let wire = try tx.wireChannel(try tx.channel(cid) ?? channel)
            let feed = added.map {
                FeedItem(userId: $0, event: UserFeedEvent(kind: .channelJoined, cid: cid.rawValue, channel: wire))
            }
            return Outcome(response: WriteResponse(events: events, channel: wire), feed: feed)
        }
    }

    /// Removes members (anyone may remove only themselves: leaving); a removed member's sockets
    /// stop receiving the channel right after the `member.removed` event.
    func removeMembers(_ cidString: String, _ userIds: [UserId], by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        return try await perform(actorId) { tx, actor in
            let (visible, member) = try Self.visibleChannel(tx, cid, actor: actor)
            var channel = visible
            try Self.rules(channel, member, actor).requireRemoveMembers(userIds, by: actor.id, in: cid)
            let users = try tx.users(userIds)
            var events: [ChannelEvent] = []
            for userId in userIds {
                guard let record = try tx.member(cid, userId: userId), try tx.removeMember(cid, userId: userId) else {
                    throw ChatError.notAMember(userId, cid: cid)
                }
                events.append(try Self.append(
                    tx, cid, .memberRemoved, actor: actor.id, member: tx.wireMember(record, user: users[userId], viewer: "")))
                let name = users[userId]?.name ?? userId
                let text = userId == actor.id ? "\(name) left the channel" : "\(actor.name) removed \(name)"
                events.append(try Self.postSystemMessage(tx, text, in: &channel, by: actor.id))
            }
            let feed = userIds.map { FeedItem(userId: $0, event: UserFeedEvent(kind: .channelLeft, cid: cid.rawValue)) }
            return Outcome(response: WriteResponse(events: events), feed: feed)
        }
    }

    // MARK: Messages

    /// Accepts a message; idempotent on its id (a retry answers the stored message and appends
    /// nothing; the id used by another user or in another channel is `duplicate_id`).
    func sendMessage(_ cidString: String, _ request: SendMessageRequest, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        guard !request.id.isEmpty, request.id.count <= 128 else { throw WireError.badRequest("A message id is 1 to 128 characters.") }
        let length = request.text.count
        if length > limits.maxMessageLength {
            throw ChatError.messageTooLong(length: length, limit: limits.maxMessageLength)
        }
        let maxLength = limits.maxMessageLength
        return try await perform(actorId) { tx, actor in
            let (visible, member) = try Self.visibleChannel(tx, cid, actor: actor)
            var channel = visible
            if let existing = try tx.message(request.id) {
                guard existing.userId == actor.id, existing.cid == cid else { throw ChatError.duplicateId(request.id) }
                return Outcome(response: WriteResponse(events: [], message: try tx.wireMessage(existing)))
            }
            let rules = Self.rules(channel, member, actor)
            try ChatRules.validate(
                text: request.text, hasAttachments: !request.attachments.isEmpty, config: Self.effectiveConfig(channel.config, maxLength: maxLength))
            var parent: MessageRecord?
            if let parentId = request.parentId {
                try rules.require(.sendReply, in: cid)
                let (found, _, _) = try Self.visibleMessage(tx, parentId, actor: actor)
                try ChatRules.requireThreadParent(
                    id: parentId, parentCid: found.cid, parentOfParent: found.parentId,
                    type: found.isDeleted ? .deleted : found.type, in: cid)
                parent = found
            } else {
                try rules.require(.sendMessage, in: cid)
            }
            if let quotedId = request.quotedMessageId {
                try rules.require(.quoteMessage, in: cid)
                let (quoted, _, _) = try Self.visibleMessage(tx, quotedId, actor: actor)
                try ChatRules.requireQuotable(id: quotedId, quotedCid: quoted.cid, isDeleted: quoted.isDeleted, in: cid)
            }
            for attachment in request.attachments {
                guard ["image", "file", "link"].contains(attachment.type) else {
                    throw WireError.badRequest("Unknown attachment type \(attachment.type).")
                }
                if attachment.type != "link" { try rules.require(.uploadFile, in: cid) }
            }
            let mentioned = try tx.users(request.mentionedUserIds)
            if let missing = request.mentionedUserIds.first(where: { mentioned[$0] == nil }) {
                throw ChatError.userNotFound(missing)
            }
            let message = MessageRecord(
                id: request.id, cid: cid, userId: actor.id, type: parent == nil ? .regular : .reply, text: request.text,
                createdAt: request.createdAt.map { Date.ms($0.ms) } ?? tx.now, updatedAt: tx.now, parentId: parent?.id,
                showInChannel: parent != nil && request.showReplyInChannel, quotedId: request.quotedMessageId,
                mentionedIds: request.mentionedUserIds, attachments: request.attachments, replyCount: 0)
            try tx.insertMessage(message)
            // Just inserted: written by the actor, no reactions yet (nothing to read back).
            let wire = tx.wireMessage(message, author: actor, reactions: [])
            var events = [try Self.append(tx, cid, .messageNew, actor: actor.id, message: wire)]
            if var parent {
                parent.replyCount += 1
                parent.updatedAt = tx.now
                try tx.updateMessage(parent)
                events.append(try Self.append(tx, cid, .messageUpdated, actor: actor.id, message: try tx.wireMessage(parent)))
            }
            if parent == nil || message.showInChannel {
                channel.lastMessageAt = max(channel.lastMessageAt ?? message.createdAt, message.createdAt)
                try tx.updateChannel(channel)
            }
            return Outcome(response: WriteResponse(events: events, message: wire))
        }
    }

    /// Replaces a message's text (its author with `update-own-message`, or `update-any-message`).
    func editMessage(_ id: MessageId, text: String, by actorId: UserId) async throws -> WriteResponse {
        if text.count > limits.maxMessageLength {
            throw ChatError.messageTooLong(length: text.count, limit: limits.maxMessageLength)
        }
        let maxLength = limits.maxMessageLength
        return try await perform(actorId) { tx, actor in
            let (found, channel, member) = try Self.visibleMessage(tx, id, actor: actor)
            var message = found
            try ChatRules.requireChangeable(id: id, type: message.type, isDeleted: message.isDeleted)
            try Self.rules(channel, member, actor).requireOwnOrAny(
                own: .updateOwnMessage, any: .updateAnyMessage, authorId: message.userId, actorId: actor.id,
                messageId: id, cid: channel.cid)
            try ChatRules.validate(
                text: text, hasAttachments: !message.attachments.isEmpty, config: Self.effectiveConfig(channel.config, maxLength: maxLength))
            message.text = text
            message.textUpdatedAt = tx.now
            message.updatedAt = tx.now
            try tx.updateMessage(message)
            let wire = try tx.wireMessage(message)
            let event = try Self.append(tx, channel.cid, .messageUpdated, actor: actor.id, message: wire)
            return Outcome(response: WriteResponse(events: [event], message: wire))
        }
    }

    /// Soft-deletes a message (its author with `delete-own-message`, or `delete-any-message`).
    func deleteMessage(_ id: MessageId, by actorId: UserId) async throws -> WriteResponse {
        try await perform(actorId) { tx, actor in
            let (found, channel, member) = try Self.visibleMessage(tx, id, actor: actor)
            var message = found
            if message.isDeleted { throw ChatError.messageDeleted(id) }
            try Self.rules(channel, member, actor).requireOwnOrAny(
                own: .deleteOwnMessage, any: .deleteAnyMessage, authorId: message.userId, actorId: actor.id,
                messageId: id, cid: channel.cid)
            message.type = .deleted
            message.text = ""
            message.attachments = []
            message.deletedAt = tx.now
            message.updatedAt = tx.now
            try tx.updateMessage(message)
            let wire = try tx.wireMessage(message)
            let event = try Self.append(tx, channel.cid, .messageDeleted, actor: actor.id, message: wire)
            return Outcome(response: WriteResponse(events: [event], message: wire))
        }
    }

    // MARK: Reactions

    /// Adds a reaction (repeating adds to its score; `enforceUnique` first removes the actor's others).
    func addReaction(_ id: MessageId, _ request: AddReactionRequest, by actorId: UserId) async throws -> WriteResponse {
        try ChatRules.validateReaction(MessageReactionType(rawValue: request.type), score: request.score)
        return try await perform(actorId) { tx, actor in
            let (message, channel, member) = try Self.visibleMessage(tx, id, actor: actor)
            try ChatRules.requireChangeable(id: id, type: message.type, isDeleted: message.isDeleted)
            try Self.rules(channel, member, actor).require(.sendReaction, in: channel.cid)
            var events: [ChannelEvent] = []
            let own = try tx.reactions(id).filter { $0.userId == actor.id }
            if request.enforceUnique {
                for other in own where other.type != request.type {
                    _ = try tx.deleteReaction(id, userId: actor.id, type: other.type)
                    events.append(try Self.append(
                        tx, channel.cid, .reactionDeleted, actor: actor.id, message: try tx.wireMessage(message),
                        reaction: Self.wire(other)))
                }
            }
            let previous = own.first { $0.type == request.type }
            let reaction = ReactionRecord(
                messageId: id, userId: actor.id, type: request.type, score: (previous?.score ?? 0) + request.score,
                createdAt: previous?.createdAt ?? tx.now, updatedAt: tx.now)
            try tx.upsertReaction(reaction)
            let wire = try tx.wireMessage(message)
            events.append(try Self.append(
                tx, channel.cid, .reactionNew, actor: actor.id, message: wire, reaction: Self.wire(reaction)))
            return Outcome(response: WriteResponse(events: events, message: wire))
        }
    }

    /// Removes the actor's reaction of `type` (no event when there is none).
    func removeReaction(_ id: MessageId, type: String, by actorId: UserId) async throws -> WriteResponse {
        try await perform(actorId) { tx, actor in
            let (message, channel, _) = try Self.visibleMessage(tx, id, actor: actor)
            guard let existing = try tx.reactions(id).first(where: { $0.userId == actor.id && $0.type == type }),
                  try tx.deleteReaction(id, userId: actor.id, type: type)
            else { return Outcome(response: WriteResponse(events: [], message: try tx.wireMessage(message))) }
            let wire = try tx.wireMessage(message)
            let event = try Self.append(
                tx, channel.cid, .reactionDeleted, actor: actor.id, message: wire, reaction: Self.wire(existing))
            return Outcome(response: WriteResponse(events: [event], message: wire))
        }
    }

    static func wire(_ reaction: ReactionRecord) -> WireReaction {
        WireReaction(
            messageId: reaction.messageId, userId: reaction.userId, type: reaction.type, score: reaction.score,
            createdAt: reaction.createdAt, updatedAt: reaction.updatedAt)
    }

    // MARK: Read state and typing

    /// Marks the channel read up to now (or its latest message, if later) for the actor.
    func markRead(_ cidString: String, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(cidString)
        return try await perform(actorId) { tx, actor in
            let (channel, member) = try Self.visibleChannel(tx, cid, actor: actor)
            guard channel.config.readEventsEnabled else { throw ChatError.featureDisabled(.readEvents, cid: cid) }
            guard var member else { throw ChatError.notAMember(actor.id, cid: cid) }
            let latest = try tx.messages(cid, parentId: nil, before: nil, limit: 1).last
            member.lastReadAt = max(tx.now, latest?.createdAt ?? tx.now)
            member.lastReadMessageId = latest?.id
            try tx.upsertMember(member)
            let read = WireReadState(
                userId: actor.id, lastReadAt: member.lastReadAt ?? tx.now, lastReadMessageId: latest?.id)
            let event = try Self.append(tx, cid, .messageRead, actor: actor.id, read: read)
            return Outcome(response: WriteResponse(events: [event]))
        }
    }

    /// Relays a typing indicator to the channel's other subscribers (never stored).
    func typing(_ cidString: String, parentMessageId: MessageId?, isTyping: Bool, by actorId: UserId) async throws {
        let cid = try Self.parse(cidString)
        try await storage.read { tx in
            let actor = try Self.actor(tx, actorId)
            let (channel, member) = try Self.visibleChannel(tx, cid, actor: actor)
            if isTyping { try Self.rules(channel, member, actor).require(.sendTypingEvents, in: cid) }
        }
        hub.publishTyping(
            TypingEvent(cid: cid.rawValue, userId: actorId, parentMessageId: parentMessageId, isTyping: isTyping))
    }

    // MARK: Queries

    /// One channel as the actor sees it, with its latest `messageLimit` messages.
    func channelState(_ cidString: String, messageLimit: Int, by actorId: UserId) async throws -> ChannelStateResponse {
        let cid = try Self.parse(cidString)
        let limit = max(0, min(messageLimit, 200))
        return try await storage.read { tx in
            let actor = try Self.actor(tx, actorId)
            let (channel, member) = try Self.visibleChannel(tx, cid, actor: actor)
            return try Self.state(tx, channel, member, actor, messageLimit: limit)
        }
    }

    static func state(
        _ tx: any ServerTransaction, _ channel: ChannelRecord, _ member: MemberRecord?, _ actor: UserRecord,
        messageLimit: Int
    ) throws -> ChannelStateResponse {
        let members = try tx.members(channel.cid)
        let users = try tx.users(members.map(\.userId))
        let messages = messageLimit == 0 ? [] : try tx.messages(channel.cid, parentId: nil, before: nil, limit: messageLimit)
        return ChannelStateResponse(
            channel: try tx.wireChannel(channel),
            members: members.map { tx.wireMember($0, user: users[$0.userId], viewer: actor.id) },
            messages: try messages.map { try tx.wireMessage($0) },
            ownCapabilities: rules(channel, member, actor).capabilities.map(\.rawValue).sorted(),
            isMuted: member?.isMuted ?? false)
    }

    /// The actor's channels, most recently active first.
    func channelList(messageLimit: Int, by actorId: UserId) async throws -> ChannelListResponse {
        let limit = max(0, min(messageLimit, 100))
        return try await storage.read { tx in
            let actor = try Self.actor(tx, actorId)
            let channels = try tx.channels(ofUser: actor.id, limit: 500)
            return ChannelListResponse(channels: try channels.map { channel in
                try Self.state(tx, channel, try tx.member(channel.cid, userId: actor.id), actor, messageLimit: limit)
            })
        }
    }

    /// A page of messages (or of a thread's replies) before `before`, oldest first.
    func messages(
        _ cidString: String, before: MessageId?, parentId: MessageId?, limit: Int, by actorId: UserId
    ) async throws -> MessagesResponse {
        let cid = try Self.parse(cidString)
        let limit = max(1, min(limit, 200))
        return try await storage.read { tx in
            let actor = try Self.actor(tx, actorId)
            _ = try Self.visibleChannel(tx, cid, actor: actor)
            if let parentId {
                let (parent, _, _) = try Self.visibleMessage(tx, parentId, actor: actor)
                guard parent.cid == cid else { throw ChatError.messageNotFound(parentId) }
            }
            let page = try tx.messages(cid, parentId: parentId, before: before, limit: limit + 1)
            return MessagesResponse(
                messages: try page.suffix(limit).map { try tx.wireMessage($0) }, reachedStart: page.count <= limit)
        }
    }

    /// Messages containing `text` in one channel, or in all the actor's channels; newest first.
    func search(_ text: String, cid cidString: String?, limit: Int, by actorId: UserId) async throws -> MessagesResponse {
        guard !text.isEmpty, text.count <= 200 else { throw WireError.badRequest("A search needs 1 to 200 characters.") }
        let cid = try cidString.map(Self.parse)
        let limit = max(1, min(limit, 100))
        return try await storage.read { tx in
            let actor = try Self.actor(tx, actorId)
            let cids: [ChannelId]
            if let cid {
                _ = try Self.visibleChannel(tx, cid, actor: actor)
                cids = [cid]
            } else {
                cids = try tx.channels(ofUser: actor.id, limit: 500).map(\.cid)
            }
            let hits = try tx.search(text, in: cids, limit: limit)
            return MessagesResponse(messages: try hits.map { try tx.wireMessage($0) }, reachedStart: hits.count < limit)
        }
    }

    /// The events after each cursor. Every cursor must name a channel the actor sees; a cursor
    /// from another epoch, ahead of the stream, or more than ``WireLimits/maxSyncEvents`` behind
    /// gets a reset instead of events.
    func sync(_ request: SyncRequest, by actorId: UserId) async throws -> SyncResponse {
        guard request.cursors.count <= limits.maxSyncCursors else {
            throw WireError(
                code: .tooManyCursors, message: "A sync carries at most \(limits.maxSyncCursors) cursors.", status: 400,
                length: request.cursors.count, limit: limits.maxSyncCursors)
        }
        let cursors = try request.cursors.map { (try Self.parse($0.cid), $0) }
        let maxEvents = limits.maxSyncEvents
        return try await storage.read { tx in
            let actor = try Self.actor(tx, actorId)
            var results: [ChannelSyncResult] = []
            for (cid, cursor) in cursors {
                let (channel, _) = try Self.visibleChannel(tx, cid, actor: actor)
                var result = ChannelSyncResult(cid: cid.rawValue, epoch: channel.epoch, lastSeq: channel.lastSeq, events: [])
                if cursor.epoch != channel.epoch && !(cursor.epoch == nil && cursor.seq == 0) {
                    result.reset = .unknownEpoch
                } else if cursor.seq > channel.lastSeq || cursor.seq < 0 {
                    result.reset = .cursorAhead
                } else if try channel.lastSeq - cursor.seq > Int64(maxEvents)
                    || (tx.oldestEventSeq(cid)).map({ $0 > cursor.seq + 1 }) == true
                {
                    result.reset = .gapTooLarge
                } else {
                    result.events = try tx.events(cid, after: cursor.seq, limit: maxEvents)
                        .filter { $0.onlyForUserId == nil || $0.onlyForUserId == actor.id }
                }
                results.append(result)
            }
            return SyncResponse(requestId: request.requestId, channels: results)
        }
    }

    /// Subscribes a socket to the channels the actor sees (checked in a write transaction so a
    /// removal cannot fall between the check and the subscription); refuses the others.
    func subscribe(_ connection: ClientConnection, to cids: [String]) async throws -> SubscribedFrame {
        guard cids.count <= limits.maxSyncCursors else {
            throw WireError(
                code: .tooManyCursors, message: "A subscribe names at most \(limits.maxSyncCursors) channels.",
                status: 400, length: cids.count, limit: limits.maxSyncCursors)
        }
        let hub = self.hub
        return try await storage.write({ tx in
            let actor = try Self.actor(tx, connection.userId)
            var frame = SubscribedFrame(cids: [], refused: [])
            for raw in cids {
                if let cid = try? Self.parse(raw), (try? Self.visibleChannel(tx, cid, actor: actor)) != nil {
                    frame.cids.append(cid.rawValue)
                } else {
                    frame.refused.append(raw)
                }
            }
            return frame
        }, afterCommit: { frame in
            for cid in frame.cids { hub.subscribe(connection, to: cid) }
        })
    }
}
