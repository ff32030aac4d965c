import Foundation

/// The "server" a ``ChatClient`` talks to: the seam where a network backend will plug in.
///
/// Every operation names the acting user (`by`): the embedded backend acts for anyone (the
/// simulated peers use that); a network backend would check it against its authenticated user.
/// Implementations enforce the chat rules and throw ``ChatError`` values that say which rule.
public protocol ChatBackend: Sendable {
    /// Creates or updates users.
    func upsertUsers(_ users: [ChatUser]) async throws(ChatError)

    /// Creates a channel; the creator becomes its owner.
    func createChannel(_ request: ChannelCreationRequest, by userId: UserId) async throws(ChatError)

    /// Renames the channel or changes its image (`nil` keeps the current value); a rename posts
    /// a system message.
    func updateChannel(_ cid: ChannelId, name: String?, imageURL: URL?, by userId: UserId) async throws(ChatError)

    /// Freezes or unfreezes the channel.
    func setFrozen(_ isFrozen: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError)

    /// Mutes or unmutes the channel for the user (a member; needs the `mute-channel` capability).
    func setMuted(_ isMuted: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError)

    /// Deletes the channel with its members and messages (owners, moderators and admins).
    func deleteChannel(_ cid: ChannelId, by userId: UserId) async throws(ChatError)

    /// Adds members (a user may add themselves to a livestream: joining); posts system messages.
    func addMembers(_ userIds: [UserId], to cid: ChannelId, by userId: UserId) async throws(ChatError)

    /// Removes members (anyone may remove themselves: leaving); posts system messages.
    func removeMembers(_ userIds: [UserId], from cid: ChannelId, by userId: UserId) async throws(ChatError)

    /// The largest attached file this backend accepts, in bytes; `nil` when it is not known (yet).
    /// ``ChatClient/sendMessage(_:in:parentMessageId:showReplyInChannel:quotedMessageId:mentionedUserIds:attachments:)``
    /// refuses larger files before the message is kept.
    var maxAttachmentSize: Int64? { get }

    /// Accepts a message. Idempotent by id: sending the same id again after a success changes
    /// nothing, so retries never duplicate.
    func sendMessage(_ message: OutgoingMessage, by userId: UserId) async throws(ChatError)

    /// Replaces the text of a message.
    func editMessage(_ id: MessageId, text: String, by userId: UserId) async throws(ChatError)

    /// Soft-deletes a message: the row stays, as type `deleted`.
    func deleteMessage(_ id: MessageId, by userId: UserId) async throws(ChatError)

    /// Adds a reaction; repeating a reaction adds `score` to it; `enforceUnique` first removes
    /// the user's reactions of other types on that message.
    func addReaction(
        _ type: MessageReactionType, score: Int, enforceUnique: Bool, to messageId: MessageId, by userId: UserId
    ) async throws(ChatError)

    /// Removes the user's reaction of `type` (nothing happens if there is none).
    func removeReaction(_ type: MessageReactionType, from messageId: MessageId, by userId: UserId) async throws(ChatError)

    /// Marks the channel read up to now.
    func markRead(_ cid: ChannelId, by userId: UserId) async throws(ChatError)

    /// Says the user is typing (in a thread when `parentMessageId` is set); expires on its own.
    func startTyping(in cid: ChannelId, parentMessageId: MessageId?, by userId: UserId) async throws(ChatError)

    /// Says the user stopped typing.
    func stopTyping(in cid: ChannelId, by userId: UserId) async throws(ChatError)

    /// Called once by the ``ChatClient`` that uses this backend, with its store's sync handle:
    /// a backend that talks to a server applies the server's events through it, drains its
    /// queued messages and publishes the connection status. The default does nothing (the
    /// embedded backend writes the store itself).
    func attach(to sync: ChatSyncStore)

    /// Called once, when the ``ChatClient`` that attached this backend goes away: a backend that
    /// keeps a connection closes it and stops reconnecting (nothing else would: its connection
    /// loop is what keeps it alive). The default does nothing.
    func detach()

    /// Closes the connection and stops reconnecting, waiting for the close
    /// (``ChatClient/disconnect(completion:)``). The default calls ``detach()``.
    func disconnect() async

    /// Whether `cid` may have messages older than the oldest the store holds, kept where the
    /// backend keeps the channel's whole history (a server sends a channel's latest messages
    /// first). The default says no: the embedded backend's store holds everything.
    func mayHaveOlderMessages(in cid: ChannelId) -> Bool

    /// Brings up to `limit` messages of `cid` older than the oldest the store holds into the
    /// store (without touching unread counts or read state); returns whether older ones may
    /// remain. ``ChatChannelController/loadPreviousMessages(limit:)`` calls it when the store
    /// runs out. The default fetches nothing.
    func loadOlderMessages(in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool

    /// Whether the thread of `parentId` in `cid` may have replies older than the oldest the store
    /// holds, kept where the backend keeps the whole thread (a server). The default says no.
    func mayHaveOlderReplies(to parentId: MessageId, in cid: ChannelId) -> Bool

    /// Brings up to `limit` replies to `parentId` older than the oldest the store holds into the
    /// store; returns whether older ones may remain. ``ChatMessageController/loadPreviousReplies(limit:)``
    /// calls it when the store runs out. The default fetches nothing.
    func loadOlderReplies(to parentId: MessageId, in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool
}

extension ChatBackend {
    /// `nil`: the backend takes files of any size.
    public var maxAttachmentSize: Int64? { nil }

    /// Does nothing: a backend that writes the store itself needs no sync handle.
    public func attach(to sync: ChatSyncStore) {}

    /// Does nothing: a backend without a connection has nothing to close.
    public func detach() {}

    /// Calls ``detach()``: a backend without a connection has nothing to wait for.
    public func disconnect() async { detach() }

    /// `false`: the store holds the whole history.
    public func mayHaveOlderMessages(in cid: ChannelId) -> Bool { false }

    /// Fetches nothing: the store holds the whole history.
    public func loadOlderMessages(in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool { false }

    /// `false`: the store holds every reply.
    public func mayHaveOlderReplies(to parentId: MessageId, in cid: ChannelId) -> Bool { false }

    /// Fetches nothing: the store holds every reply.
    public func loadOlderReplies(to parentId: MessageId, in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool { false }
}

/// What a new channel looks like.
public struct ChannelCreationRequest: Sendable, Hashable {
    /// The new channel's id.
    public var cid: ChannelId
    /// Its display name.
    public var name: String?
    /// Its image.
    public var imageURL: URL?
    /// Members besides the creator.
    public var memberIds: [UserId]
    /// Its config; the type's default when `nil`.
    public var config: ChannelConfig?
    /// Whether it starts frozen.
    public var isFrozen: Bool

    /// Describes a new channel.
    public init(
        cid: ChannelId, name: String? = nil, imageURL: URL? = nil, memberIds: [UserId] = [],
        config: ChannelConfig? = nil, isFrozen: Bool = false
    ) {
        self.cid = cid
        self.name = name
        self.imageURL = imageURL
        self.memberIds = memberIds
        self.config = config
        self.isFrozen = isFrozen
    }
}

/// A message on its way to the backend. Its id is chosen by the sender, which is what makes
/// sending idempotent.
public struct OutgoingMessage: Sendable, Hashable {
    /// The message id.
    public var id: MessageId
    /// Where it goes.
    public var cid: ChannelId
    /// Its text.
    public var text: String
    /// The thread root, for a reply.
    public var parentMessageId: MessageId?
    /// Whether a reply is also shown in the channel.
    public var showReplyInChannel: Bool
    /// The message it quotes.
    public var quotedMessageId: MessageId?
    /// Users mentioned in the text.
    public var mentionedUserIds: [UserId]
    /// Attachments.
    public var attachments: [ChatMessageAttachment]
    /// When it was written.
    public var createdAt: Date

    /// Describes a message to send.
    public init(
        id: MessageId, cid: ChannelId, text: String, parentMessageId: MessageId? = nil,
        showReplyInChannel: Bool = false, quotedMessageId: MessageId? = nil, mentionedUserIds: [UserId] = [],
        attachments: [ChatMessageAttachment] = [], createdAt: Date
    ) {
        self.id = id
        self.cid = cid
        self.text = text
        self.parentMessageId = parentMessageId
        self.showReplyInChannel = showReplyInChannel
        self.quotedMessageId = quotedMessageId
        self.mentionedUserIds = mentionedUserIds
        self.attachments = attachments
        self.createdAt = createdAt.roundedToMilliseconds
    }
}
