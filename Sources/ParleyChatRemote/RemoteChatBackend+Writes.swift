import AsyncHTTPClient
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ParleyChat
import ParleyProtocol

// The remote backend's writes: each one HTTP request whose answer the store applies.
extension RemoteChatBackend {
    // MARK: Writes

    func actor(_ userId: UserId) throws(ChatError) -> ChatSyncStore {
        guard let sync else { throw ChatError.notConnected(reason: "the backend is not attached to a client") }
        guard userId == sync.currentUserId else {
            throw ChatError.serverError(code: "unauthorized", message: "a remote backend acts only as its token's user, not \(userId)")
        }
        return sync
    }

    /// Applies what a write answered (without moving cursors: the events come again in order).
    func applyWrite(_ response: WriteResponse, in cid: ChannelId) async throws(ChatError) {
        guard let sync else { return }
        var changes = response.events.map(WireMapping.change)
        if let message = response.message.flatMap(WireMapping.message) { changes.append(.message(message)) }
        try await sync.applyUnsequenced(changes, in: cid)
    }

    func write<Body: Encodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, cid: ChannelId?, by userId: UserId
    ) async throws(ChatError) {
        _ = try actor(userId)
        let response: WriteResponse = try await http.send(method, path, body: body)
        if let cid { try await applyWrite(response, in: cid) }
    }

    /// Creates or updates users on the server and in the store.
    public func upsertUsers(_ users: [ChatUser]) async throws(ChatError) {
        let response: UsersResponse = try await http.send(
            .POST, WirePath.users, body: UpsertUsersRequest(users: users.map(WireMapping.user)))
        try await sync?.upsertUsers(response.users.map(WireMapping.user))
    }

    /// Creates the channel on the server, then loads it and subscribes to it.
    public func createChannel(_ request: ChannelCreationRequest, by userId: UserId) async throws(ChatError) {
        let sync = try actor(userId)
        let body = CreateChannelRequest(
            cid: request.cid.rawValue, name: request.name, imageURL: request.imageURL, memberIds: request.memberIds,
            config: request.config.map(WireMapping.config), isFrozen: request.isFrozen)
        let _: WriteResponse = try await http.send(.POST, WirePath.channels, body: body)
        try await reload(request.cid, sync: sync)
        if let writer = state.withLock({ $0.writer }) {
            try? await send(.subscribe(SubscribeFrame(cids: [request.cid.rawValue])), on: writer)
        }
    }

    /// Renames the channel or changes its image.
    public func updateChannel(_ cid: ChannelId, name: String?, imageURL: URL?, by userId: UserId) async throws(ChatError) {
        try await write(.PATCH, WirePath.channel(cid.rawValue), body: UpdateChannelRequest(name: name, imageURL: imageURL), cid: cid, by: userId)
    }

    /// Freezes or unfreezes the channel.
    public func setFrozen(_ isFrozen: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.PUT, WirePath.frozen(cid.rawValue), body: SetFlagRequest(value: isFrozen), cid: cid, by: userId)
    }

    /// Mutes or unmutes the channel for the user.
    public func setMuted(_ isMuted: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.PUT, WirePath.muted(cid.rawValue), body: SetFlagRequest(value: isMuted), cid: cid, by: userId)
    }

    /// Deletes the channel on the server and here.
    public func deleteChannel(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.DELETE, WirePath.channel(cid.rawValue), body: EmptyResponse?.none, cid: nil, by: userId)
        try await sync?.removeChannel(cid)
    }

    /// Adds members.
    public func addMembers(_ userIds: [UserId], to cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.POST, WirePath.members(cid.rawValue), body: MembersRequest(userIds: userIds), cid: cid, by: userId)
    }

    /// Removes members (the user's own id: leaving).
    public func removeMembers(_ userIds: [UserId], from cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.POST, WirePath.removeMembers(cid.rawValue), body: MembersRequest(userIds: userIds), cid: cid, by: userId)
    }

    /// Sends a message; offline, or while queued messages are still going out (order matters),
    /// throws ``ChatError/notConnected(reason:)`` and the message stays queued.
    public func sendMessage(_ message: OutgoingMessage, by userId: UserId) async throws(ChatError) {
        let sync = try actor(userId)
        let (connected, draining) = state.withLock { ($0.isConnected, $0.isDraining) }
        // An older message still queued (its send failed, the drain has not reached it) goes first.
        // A store that cannot be read says so to the sender rather than letting a message jump the queue.
        let oldest = connected && !draining ? try sync.queuedMessages().first?.id : nil
        let behind = oldest.map { $0 != message.id } ?? false
        guard connected, !draining, !behind else {
            if connected { Task { await self.drain() } }
            throw ChatError.notConnected(reason: connected ? "queued behind earlier messages" : "offline")
        }
        do {
            try await post(message)
        } catch where error.isConnectionFailure {
            // The request failed but the socket may live on: the drain retries it, in order.
            if isConnected { Task { await self.drain() } }
            throw error
        }
    }

    /// Edits a message.
    public func editMessage(_ id: MessageId, text: String, by userId: UserId) async throws(ChatError) {
        let _: WriteResponse = try await sendWrite(.PATCH, WirePath.message(id), body: EditMessageRequest(text: text), by: userId)
    }

    /// Deletes a message.
    public func deleteMessage(_ id: MessageId, by userId: UserId) async throws(ChatError) {
        let _: WriteResponse = try await sendWrite(.DELETE, WirePath.message(id), body: EmptyResponse?.none, by: userId)
    }

    /// Marks the channel read.
    public func markRead(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.POST, WirePath.read(cid.rawValue), body: EmptyResponse?.none, cid: cid, by: userId)
    }

    /// Says the user is typing (relayed live, never stored).
    public func startTyping(in cid: ChannelId, parentMessageId: MessageId?, by userId: UserId) async throws(ChatError) {
        _ = try actor(userId)
        let _: EmptyResponse = try await http.send(
            .POST, WirePath.typing(cid.rawValue), body: TypingRequest(parentMessageId: parentMessageId, isTyping: true))
    }

    /// Says the user stopped typing.
    public func stopTyping(in cid: ChannelId, by userId: UserId) async throws(ChatError) {
        _ = try actor(userId)
        let _: EmptyResponse = try await http.send(.POST, WirePath.typing(cid.rawValue), body: TypingRequest(isTyping: false))
    }

    /// A message write: its answer's events are applied to the message's channel.
    func sendWrite<Body: Encodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, by userId: UserId
    ) async throws(ChatError) -> WriteResponse {
        _ = try actor(userId)
        let response: WriteResponse = try await http.send(method, path, body: body)
        if let cid = (response.message?.cid ?? response.events.first?.cid).flatMap({ try? ChannelId(cid: $0) }) {
            try await applyWrite(response, in: cid)
        }
        return response
    }
}
