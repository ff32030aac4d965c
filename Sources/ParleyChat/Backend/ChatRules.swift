/// The chat rules as pure functions, for backends outside this module (the server): who may do
/// what in a channel, and which messages may be replied to, quoted, edited or reacted to.
///
/// Capabilities come from the same ``ChannelPermissions`` the embedded backend and
/// ``ChatChannel/ownCapabilities`` use, so every backend and the UI agree. Nothing here reads a
/// database: the caller loads the rows and passes their fields.
///
/// ```swift
/// let rules = ChatRules(channelType: .messaging, config: .default(for: .messaging), isFrozen: false,
///                       memberRole: .member, userRole: .user)
/// try rules.require(.sendMessage, in: cid)
/// ```
public struct ChatRules: Sendable, Hashable {
    /// The channel's type.
    public var channelType: ChannelType
    /// The channel's config.
    public var config: ChannelConfig
    /// Whether the channel is frozen.
    public var isFrozen: Bool
    /// The user's role in the channel, `nil` when not a member.
    public var memberRole: MemberRole?
    /// The user's app-wide role.
    public var userRole: UserRole

    /// The rules for one user in one channel.
    public init(
        channelType: ChannelType, config: ChannelConfig, isFrozen: Bool, memberRole: MemberRole?, userRole: UserRole
    ) {
        self.channelType = channelType
        self.config = config
        self.isFrozen = isFrozen
        self.memberRole = memberRole
        self.userRole = userRole
    }

    var permissions: ChannelPermissions {
        ChannelPermissions(
            type: channelType, config: config, isFrozen: isFrozen, memberRole: memberRole, userRole: userRole)
    }

    /// What the user may do now (``ChatChannel/ownCapabilities``).
    public var capabilities: Set<ChannelCapability> { permissions.capabilities }

    /// Whether the user moderates the channel (bypasses freezes, edits and deletes anything).
    public var isPrivileged: Bool { permissions.isPrivileged }

    /// Throws the most specific error when `capability` is not allowed: a disabled feature, a
    /// missing capability, then a freeze.
    public func require(_ capability: ChannelCapability, in cid: ChannelId) throws(ChatError) {
        try permissions.require(capability, in: cid)
    }

    /// Freezing and unfreezing: the capability regardless of the freeze itself.
    public func requireFreeze(in cid: ChannelId) throws(ChatError) {
        guard permissions.baseCapabilities.contains(.freezeChannel) else {
            throw ChatError.missingCapability(.freezeChannel, cid: cid)
        }
    }

    /// Adding members: `update-channel-members`, except a user adding only themselves to a
    /// livestream (joining).
    public func requireAddMembers(_ userIds: [UserId], by actorId: UserId, in cid: ChannelId) throws(ChatError) {
        let joiningSelf = userIds == [actorId] && cid.type == .livestream
        if !joiningSelf { try require(.updateChannelMembers, in: cid) }
    }

    /// Removing members: `update-channel-members`, except a user removing only themselves (leaving).
    public func requireRemoveMembers(_ userIds: [UserId], by actorId: UserId, in cid: ChannelId) throws(ChatError) {
        if userIds != [actorId] { try require(.updateChannelMembers, in: cid) }
    }

    /// Editing or deleting a message: `own` for the author's own message (or `any`), `any` for
    /// someone else's.
    ///
    /// - Throws: ``ChatError/missingCapability(_:cid:)`` for one's own message,
    ///   ``ChatError/notOwnMessage(_:)`` for another's.
    public func requireOwnOrAny(
        own: ChannelCapability, any: ChannelCapability, authorId: UserId, actorId: UserId, messageId: MessageId,
        cid: ChannelId
    ) throws(ChatError) {
        let base = permissions.baseCapabilities
        if authorId == actorId {
            if base.contains(own) || base.contains(any) { return }
            throw ChatError.missingCapability(own, cid: cid)
        }
        guard base.contains(any) else { throw ChatError.notOwnMessage(messageId) }
    }

    /// The input rules on text: something to send, within the channel's length limit.
    public static func validate(text: String, hasAttachments: Bool, config: ChannelConfig) throws(ChatError) {
        if !hasAttachments && text.allSatisfy({ $0.isWhitespace || $0.isNewline }) { throw ChatError.emptyMessage }
        let length = text.count
        if length > config.maxMessageLength {
            throw ChatError.messageTooLong(length: length, limit: config.maxMessageLength)
        }
    }

    /// A reaction's type and score.
    public static func validateReaction(_ type: MessageReactionType, score: Int) throws(ChatError) {
        guard type.isValid else { throw ChatError.invalidReactionType(type.rawValue) }
        guard score >= 1 else { throw ChatError.invalidReactionScore(score) }
    }

    /// A thread parent: a top-level regular message of the same channel, not deleted.
    public static func requireThreadParent(
        id: MessageId, parentCid: ChannelId, parentOfParent: MessageId?, type: MessageType, in cid: ChannelId
    ) throws(ChatError) {
        guard parentCid == cid, parentOfParent == nil, type == .regular || type == .deleted else {
            throw ChatError.invalidThreadParent(id)
        }
        if type == .deleted { throw ChatError.messageDeleted(id) }
    }

    /// A quoted message: in the same channel, not deleted.
    public static func requireQuotable(
        id: MessageId, quotedCid: ChannelId, isDeleted: Bool, in cid: ChannelId
    ) throws(ChatError) {
        guard quotedCid == cid else { throw ChatError.invalidQuotedMessage(id) }
        if isDeleted { throw ChatError.messageDeleted(id) }
    }

    /// A message that is edited or reacted to: not deleted, a regular message or a reply.
    public static func requireChangeable(id: MessageId, type: MessageType, isDeleted: Bool) throws(ChatError) {
        if isDeleted || type == .deleted { throw ChatError.messageDeleted(id) }
        guard type == .regular || type == .reply else { throw ChatError.messageNotEditable(id, type) }
    }
}
