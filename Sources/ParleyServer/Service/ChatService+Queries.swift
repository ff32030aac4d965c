import Foundation
import ParleyChat
import ParleyProtocol

// The queries of the chat service: channel state, lists, pages, search, sync and subscriptions.
extension ChatService {
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
