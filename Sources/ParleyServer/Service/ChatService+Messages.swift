import Foundation
import ParleyChat
import ParleyProtocol

// The message, reaction, read-state and typing operations of the chat service.
extension ChatService {
    // MARK: Messages

    /// Accepts a message; idempotent on its id (a retry answers the stored message and appends
    /// nothing; the id used by another user or in another channel is `duplicate_id`).
    func sendMessage(_ cidString: String, _ request: SendMessageRequest, by actorId: UserId) async throws -> WriteResponse {
        try await sendMessageWritten(cidString, request, by: actorId).response
    }

    /// ``sendMessage(_:_:by:)``, with the events' JSON as stored: the answer the HTTP route sends.
    func sendMessageWritten(_ cidString: String, _ request: SendMessageRequest, by actorId: UserId) async throws -> Written {
        let cid = try Self.parse(cidString)
        guard !request.id.isEmpty, request.id.count <= 128 else { throw WireError.badRequest("A message id is 1 to 128 characters.") }
        let length = request.text.count
        if length > limits.maxMessageLength {
            throw ChatError.messageTooLong(length: length, limit: limits.maxMessageLength)
        }
        let maxLength = limits.maxMessageLength
        // Read in this order: the channel, the actor's membership, and the id (a retry's message).
        let expecting: [ExpectedRead] = [.channel(cid), .member(cid, actorId), .message(request.id)]
        let written = try await performWrite(actorId, in: cid, expecting: expecting) { tx, actor in
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
            try Self.validateAttachments(request.attachments, rules: rules, in: cid)
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
        startLinkPreview(of: request, response: written.response)
        return written
    }

    /// Replaces a message's text (its author with `update-own-message`, or `update-any-message`).
    func editMessage(_ id: MessageId, text: String, by actorId: UserId) async throws -> WriteResponse {
        if text.count > limits.maxMessageLength {
            throw ChatError.messageTooLong(length: text.count, limit: limits.maxMessageLength)
        }
        let maxLength = limits.maxMessageLength
        return try await perform(actorId, expecting: [.message(id)]) { tx, actor in
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
    /// An operation id the actor used before applies nothing (see ``appliedBefore(_:_:by:messageId:)``).
    func addReaction(_ id: MessageId, _ request: AddReactionRequest, by actorId: UserId) async throws -> WriteResponse {
        try ChatRules.validateReaction(MessageReactionType(rawValue: request.type), score: request.score)
        try Self.validateOperationId(request.operationId)
        return try await perform(actorId, expecting: [.message(id)]) { tx, actor in
            let (message, channel, member) = try Self.visibleMessage(tx, id, actor: actor)
            if let answer = try Self.appliedBefore(tx, request.operationId, by: actor.id, messageId: id) {
                return Outcome(response: answer)
            }
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
            if let operationId = request.operationId {
                try tx.recordReactionOperation(operationId, userId: actor.id, messageId: id)
            }
            let wire = try tx.wireMessage(message)
            events.append(try Self.append(
                tx, channel.cid, .reactionNew, actor: actor.id, message: wire, reaction: Self.wire(reaction)))
            return Outcome(response: WriteResponse(events: events, message: wire))
        }
    }

    /// Removes the actor's reaction of `type` (no event when there is none). An operation id the
    /// actor used before applies nothing.
    func removeReaction(
        _ id: MessageId, type: String, operationId: String? = nil, by actorId: UserId
    ) async throws -> WriteResponse {
        try Self.validateOperationId(operationId)
        return try await perform(actorId, expecting: [.message(id)]) { tx, actor in
            let (message, channel, _) = try Self.visibleMessage(tx, id, actor: actor)
            if let answer = try Self.appliedBefore(tx, operationId, by: actor.id, messageId: id) {
                return Outcome(response: answer)
            }
            if let operationId { try tx.recordReactionOperation(operationId, userId: actor.id, messageId: id) }
            guard let existing = try tx.reactions(id).first(where: { $0.userId == actor.id && $0.type == type }),
                  try tx.deleteReaction(id, userId: actor.id, type: type)
            else { return Outcome(response: WriteResponse(events: [], message: try tx.wireMessage(message))) }
            let wire = try tx.wireMessage(message)
            let event = try Self.append(
                tx, channel.cid, .reactionDeleted, actor: actor.id, message: wire, reaction: Self.wire(existing))
            return Outcome(response: WriteResponse(events: [event], message: wire))
        }
    }

    /// The answer to a reaction operation the actor already applied: no events, the message as it
    /// is now (as a retried send answers the stored message). `nil` when the operation is new (or
    /// has no id); the same id on another message is `duplicate_id`.
    static func appliedBefore(
        _ tx: any ServerTransaction, _ operationId: String?, by actorId: UserId, messageId: MessageId
    ) throws -> WriteResponse? {
        guard let operationId, let appliedTo = try tx.reactionOperation(operationId, userId: actorId) else { return nil }
        guard appliedTo == messageId, let message = try tx.message(messageId) else {
            throw ChatError.duplicateId(operationId)
        }
        return WriteResponse(events: [], message: try tx.wireMessage(message))
    }

    /// An operation id is 1 to ``WirePath/maxOperationIdLength`` characters.
    static func validateOperationId(_ operationId: String?) throws {
        guard let operationId else { return }
        guard !operationId.isEmpty, operationId.count <= WirePath.maxOperationIdLength else {
            throw WireError.badRequest("An operation id is 1 to \(WirePath.maxOperationIdLength) characters.")
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
        return try await perform(actorId, in: cid, expecting: [.channel(cid), .member(cid, actorId)]) { tx, actor in
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
}
