import Foundation
import ParleyChat
import ParleyProtocol

// The channel and membership operations of the chat service.
extension ChatService {
    // MARK: Channels

    /// Creates a channel; the actor becomes its owner.
    func createChannel(_ request: CreateChannelRequest, by actorId: UserId) async throws -> WriteResponse {
        let cid = try Self.parse(request.cid)
        let config = Self.effectiveConfig(
            request.config.map(ChannelConfig.init) ?? .default(for: cid.type), maxLength: limits.maxMessageLength)
        return try await perform(actorId, in: cid) { tx, actor in
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
        return try await perform(actorId, in: cid) { tx, actor in
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
        return try await perform(actorId, in: cid) { tx, actor in
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
        return try await perform(actorId, in: cid) { tx, actor in
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
        return try await perform(actorId, in: cid) { tx, actor in
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
        return try await perform(actorId, in: cid) { tx, actor in
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
        return try await perform(actorId, in: cid) { tx, actor in
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
}
