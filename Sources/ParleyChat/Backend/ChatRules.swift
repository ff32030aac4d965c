import Foundation

/// The chat rules: who may do what in a channel, checked against the state each operation needs.
///
/// The rules exist once. ``ChatChannel/ownCapabilities``, the embedded backend and a server all
/// take their answers from here, so the UI, the in-process backend and `parley serve` never
/// disagree. `ChatRules` is a pure value: it reads no database and does no I/O. The caller loads
/// what an operation needs (the actor's roles, the channel, the messages it names) and asks;
/// every check throws the ``ChatError`` that names the rule it broke.
///
/// ```swift
/// let rules = ChatRules(cid: cid, config: config, isFrozen: false, memberRole: .member, userId: "alice", userRole: .user)
/// try rules.checkSend(outgoing, parent: nil, quoted: nil)
/// try rules.checkEdit(message, text: "fixed")
/// ```
public struct ChatRules: Sendable, Hashable {
    /// The channel.
    public var cid: ChannelId
    /// The channel's config (feature switches and the length limit).
    public var config: ChannelConfig
    /// Whether the channel is frozen.
    public var isFrozen: Bool
    /// The acting user's role in the channel, `nil` when not a member.
    public var memberRole: MemberRole?
    /// The acting user.
    public var userId: UserId
    /// The acting user's app-wide role.
    public var userRole: UserRole

    /// The rules for `userId` acting in a channel.
    public init(
        cid: ChannelId, config: ChannelConfig, isFrozen: Bool, memberRole: MemberRole?, userId: UserId,
        userRole: UserRole
    ) {
        self.cid = cid
        self.config = config
        self.isFrozen = isFrozen
        self.memberRole = memberRole
        self.userId = userId
        self.userRole = userRole
    }

    /// The channel type.
    public var type: ChannelType { cid.type }

    /// Whether the acting user is a member of the channel.
    public var isMember: Bool { memberRole != nil }

    /// Whether the user moderates this channel (bypasses freezes, edits and deletes anything).
    public var isPrivileged: Bool {
        userRole == .admin || memberRole == .moderator || memberRole == .owner
    }

    /// What the user may do before config gates and freezes are applied.
    public var baseCapabilities: Set<ChannelCapability> {
        if userRole == .admin { return Self.everything }
        var capabilities: Set<ChannelCapability> = []
        let posting: Set<ChannelCapability> = [
            .sendMessage, .sendReply, .quoteMessage, .uploadFile, .updateOwnMessage, .deleteOwnMessage,
        ]
        if let memberRole {
            capabilities = [.sendReaction, .sendTypingEvents, .readEvents, .muteChannel]
            if userRole != .guest { capabilities.formUnion(posting) }
            if memberRole == .moderator || memberRole == .owner {
                capabilities.formUnion([
                    .updateAnyMessage, .deleteAnyMessage, .updateChannel, .updateChannelMembers, .freezeChannel,
                    .deleteChannel,
                ])
            } else if type == .messaging || type == .team {
                // Small conversations: any member may rename the channel or add people.
                capabilities.formUnion([.updateChannel, .updateChannelMembers])
            }
        } else if type == .livestream {
            // Livestreams are public: anyone may post and react without joining.
            capabilities = [.sendReaction]
            if userRole != .guest { capabilities.formUnion(posting) }
        }
        return capabilities
    }

    /// What the user may do now: base capabilities minus disabled features and, in a frozen
    /// channel, minus posting (unless privileged). This is ``ChatChannel/ownCapabilities``.
    public var capabilities: Set<ChannelCapability> {
        var capabilities = baseCapabilities
        for (capability, feature) in Self.gates where !config.isEnabled(feature) {
            capabilities.remove(capability)
        }
        if isFrozen && !isPrivileged { capabilities.subtract(Self.blockedByFreeze) }
        return capabilities
    }

    /// Whether `capability` is allowed now (the non-throwing form of ``require(_:)``).
    public func allows(_ capability: ChannelCapability) -> Bool { capabilities.contains(capability) }

    /// Throws the most specific error when `capability` is not allowed: a disabled feature first
    /// (nobody may), then a missing capability (this user may not), then a freeze (this user
    /// could, but not now).
    public func require(_ capability: ChannelCapability) throws(ChatError) {
        if let feature = Self.gates[capability], !config.isEnabled(feature) {
            throw ChatError.featureDisabled(feature, cid: cid)
        }
        guard baseCapabilities.contains(capability) else {
            throw ChatError.missingCapability(capability, cid: cid)
        }
        if isFrozen && !isPrivileged && Self.blockedByFreeze.contains(capability) {
            throw ChatError.channelFrozen(cid)
        }
    }

    // MARK: Reading

    /// Whether the user may read the channel (its messages, members, events): members, anyone
    /// in a public livestream, and admins.
    public var canRead: Bool { isMember || type == .livestream || userRole == .admin }

    /// Reading, subscribing to, syncing or searching the channel. A channel the user may not read
    /// answers ``ChatError/channelNotFound(_:)``, exactly as one that does not exist: guessing
    /// ids learns nothing.
    public func checkRead() throws(ChatError) {
        guard canRead else { throw ChatError.channelNotFound(cid) }
    }

    // MARK: Channels

    /// Renaming the channel or changing its image.
    public func checkUpdateChannel() throws(ChatError) { try require(.updateChannel) }

    /// Freezing or unfreezing (a freeze does not stop the people allowed to lift it).
    public func checkFreeze() throws(ChatError) {
        guard baseCapabilities.contains(.freezeChannel) else { throw ChatError.missingCapability(.freezeChannel, cid: cid) }
    }

    /// Muting or unmuting the channel for oneself.
    public func checkMute() throws(ChatError) { try require(.muteChannel) }

    /// Deleting the channel.
    public func checkDeleteChannel() throws(ChatError) { try require(.deleteChannel) }

    /// Adding `userIds`: needs `update-channel-members`, except a user joining a livestream alone.
    public func checkAddMembers(_ userIds: [UserId]) throws(ChatError) {
        let joiningSelf = userIds == [userId] && type == .livestream
        if !joiningSelf { try require(.updateChannelMembers) }
    }

    /// Removing `userIds`: needs `update-channel-members`, except a member leaving alone.
    public func checkRemoveMembers(_ userIds: [UserId]) throws(ChatError) {
        if userIds != [userId] { try require(.updateChannelMembers) }
    }

    // MARK: Messages

    /// What the rules need to know about a message an operation names.
    public struct Message: Sendable, Hashable {
        /// Its id.
        public var id: MessageId
        /// Its channel.
        public var cid: ChannelId
        /// Its author.
        public var authorId: UserId
        /// Its type (`deleted` once soft-deleted).
        public var type: MessageType
        /// Whether it was deleted.
        public var isDeleted: Bool
        /// Its thread root, for a reply.
        public var parentId: MessageId?
        /// Whether it has attachments (a message with attachments may have no text).
        public var hasAttachments: Bool

        /// Describes a message for the rules.
        public init(
            id: MessageId, cid: ChannelId, authorId: UserId, type: MessageType, isDeleted: Bool = false,
            parentId: MessageId? = nil, hasAttachments: Bool = false
        ) {
            self.id = id
            self.cid = cid
            self.authorId = authorId
            self.type = type
            self.isDeleted = isDeleted || type == .deleted
            self.parentId = parentId
            self.hasAttachments = hasAttachments
        }

        /// Regular messages and replies can be edited and reacted to; system, ephemeral and
        /// error messages cannot.
        public var isEditable: Bool { type == .regular || type == .reply }
    }

    /// The input rules on text, for any channel: something to send (or attachments), within the
    /// config's length limit (5,000 characters by default, as Stream).
    public static func validate(text: String, hasAttachments: Bool, config: ChannelConfig) throws(ChatError) {
        if !hasAttachments && text.allSatisfy({ $0.isWhitespace || $0.isNewline }) { throw ChatError.emptyMessage }
        let length = text.count
        if length > config.maxMessageLength {
            throw ChatError.messageTooLong(length: length, limit: config.maxMessageLength)
        }
    }

    /// Sending `message` in this channel. `parent` and `quoted` are the messages it names, `nil`
    /// when they do not exist (or the caller could not see them: both answer "not found").
    ///
    /// Not checked here, because they need lookups the caller makes: that mentioned users exist
    /// and that local attachment files exist.
    ///
    /// - Throws: ``ChatError/emptyMessage``, ``ChatError/messageTooLong(length:limit:)``,
    ///   ``ChatError/featureDisabled(_:cid:)``, ``ChatError/missingCapability(_:cid:)``,
    ///   ``ChatError/channelFrozen(_:)``, ``ChatError/messageNotFound(_:)``,
    ///   ``ChatError/invalidThreadParent(_:)``, ``ChatError/invalidQuotedMessage(_:)``,
    ///   ``ChatError/messageDeleted(_:)``, ``ChatError/duplicateId(_:)`` for an empty id.
    public func checkSend(_ message: OutgoingMessage, parent: Message?, quoted: Message?) throws(ChatError) {
        guard !message.id.isEmpty else { throw ChatError.duplicateId(message.id) }
        try Self.validate(text: message.text, hasAttachments: !message.attachments.isEmpty, config: config)
        if let parentId = message.parentMessageId {
            try require(.sendReply)
            guard let parent else { throw ChatError.messageNotFound(parentId) }
            try Self.checkThreadParent(parent, in: cid)
        } else {
            try require(.sendMessage)
        }
        if let quotedId = message.quotedMessageId {
            try require(.quoteMessage)
            guard let quoted else { throw ChatError.messageNotFound(quotedId) }
            try Self.checkQuoted(quoted, in: cid)
        }
        if message.attachments.contains(where: { $0.type == .image || $0.type == .file }) { try require(.uploadFile) }
        for attachment in message.attachments {
            // Checked again here: a payload made from received JSON skipped the checks of its initializer.
            if let custom = attachment.customPayload, let problem = CustomAttachmentPayload.problem(type: custom.type, data: custom.data) {
                throw problem
            }
        }
    }

    static func checkThreadParent(_ parent: Message, in cid: ChannelId) throws(ChatError) {
        guard parent.cid == cid, parent.parentId == nil, parent.type == .regular || parent.isDeleted else {
            throw ChatError.invalidThreadParent(parent.id)
        }
        if parent.isDeleted { throw ChatError.messageDeleted(parent.id) }
    }

    static func checkQuoted(_ quoted: Message, in cid: ChannelId) throws(ChatError) {
        guard quoted.cid == cid else { throw ChatError.invalidQuotedMessage(quoted.id) }
        if quoted.isDeleted { throw ChatError.messageDeleted(quoted.id) }
    }

    /// Edits and reactions: not deleted, a regular message or a reply.
    static func checkChangeable(_ message: Message) throws(ChatError) {
        if message.isDeleted { throw ChatError.messageDeleted(message.id) }
        guard message.isEditable else { throw ChatError.messageNotEditable(message.id, message.type) }
    }

    /// A send whose id is already taken by `existing`: a retry of the same user's message in the
    /// same channel is fine (the caller then changes nothing); anyone else's id, or the same id in
    /// another channel, is refused.
    ///
    /// - Throws: ``ChatError/duplicateId(_:)``.
    public func checkRetry(_ message: OutgoingMessage, existing: Message) throws(ChatError) {
        guard existing.authorId == userId, existing.cid == message.cid else { throw ChatError.duplicateId(message.id) }
    }

    /// Replacing the text of `message` with `text`: its author (with `update-own-message`) or
    /// someone with `update-any-message`.
    ///
    /// - Throws: ``ChatError/messageDeleted(_:)``, ``ChatError/messageNotEditable(_:_:)``,
    ///   ``ChatError/notOwnMessage(_:)``, ``ChatError/missingCapability(_:cid:)``,
    ///   ``ChatError/emptyMessage``, ``ChatError/messageTooLong(length:limit:)``.
    public func checkEdit(_ message: Message, text: String) throws(ChatError) {
        try Self.checkChangeable(message)
        try requireOwnOrAny(message, own: .updateOwnMessage, any: .updateAnyMessage)
        try Self.validate(text: text, hasAttachments: message.hasAttachments, config: config)
    }

    /// Soft-deleting `message`: its author (with `delete-own-message`) or someone with
    /// `delete-any-message`.
    ///
    /// - Throws: ``ChatError/messageDeleted(_:)`` if already deleted, ``ChatError/notOwnMessage(_:)``,
    ///   ``ChatError/missingCapability(_:cid:)``.
    public func checkDelete(_ message: Message) throws(ChatError) {
        if message.isDeleted { throw ChatError.messageDeleted(message.id) }
        try requireOwnOrAny(message, own: .deleteOwnMessage, any: .deleteAnyMessage)
    }

    private func requireOwnOrAny(_ message: Message, own: ChannelCapability, any: ChannelCapability) throws(ChatError) {
        if message.authorId == userId {
            if baseCapabilities.contains(own) || baseCapabilities.contains(any) { return }
            throw ChatError.missingCapability(own, cid: cid)
        }
        guard baseCapabilities.contains(any) else { throw ChatError.notOwnMessage(message.id) }
    }

    // MARK: Reactions, read states, typing

    /// The input rules on a reaction, for any channel.
    ///
    /// - Throws: ``ChatError/invalidReactionType(_:)``, ``ChatError/invalidReactionScore(_:)``.
    public static func validateReaction(_ type: MessageReactionType, score: Int) throws(ChatError) {
        guard type.isValid else { throw ChatError.invalidReactionType(type.rawValue) }
        guard score >= 1 else { throw ChatError.invalidReactionScore(score) }
    }

    /// Adding a reaction to `message`.
    ///
    /// - Throws: ``ChatError/messageDeleted(_:)``, ``ChatError/messageNotEditable(_:_:)``,
    ///   ``ChatError/featureDisabled(_:cid:)``, ``ChatError/channelFrozen(_:)``,
    ///   ``ChatError/missingCapability(_:cid:)``.
    public func checkReaction(on message: Message) throws(ChatError) {
        try Self.checkChangeable(message)
        try require(.sendReaction)
    }

    /// Removing one's own reaction: anyone who can read the channel.
    public func checkRemoveReaction() throws(ChatError) { try checkRead() }

    /// Marking the channel read: members, where read events are on.
    ///
    /// - Throws: ``ChatError/featureDisabled(_:cid:)``, ``ChatError/notAMember(_:cid:)``.
    public func checkMarkRead() throws(ChatError) {
        guard config.readEventsEnabled else { throw ChatError.featureDisabled(.readEvents, cid: cid) }
        guard isMember else { throw ChatError.notAMember(userId, cid: cid) }
    }

    /// Starting to type.
    public func checkTyping() throws(ChatError) { try require(.sendTypingEvents) }

    static let gates: [ChannelCapability: ChannelFeature] = [
        .sendReaction: .reactions,
        .sendReply: .replies,
        .quoteMessage: .quotes,
        .sendTypingEvents: .typingEvents,
        .readEvents: .readEvents,
        .uploadFile: .uploads,
        .muteChannel: .mutes,
    ]

    static let blockedByFreeze: Set<ChannelCapability> = [
        .sendMessage, .sendReply, .quoteMessage, .sendReaction, .uploadFile, .sendTypingEvents,
    ]

    static let everything: Set<ChannelCapability> = [
        .sendMessage, .sendReply, .quoteMessage, .sendReaction, .sendTypingEvents, .readEvents, .uploadFile,
        .updateOwnMessage, .updateAnyMessage, .deleteOwnMessage, .deleteAnyMessage, .updateChannel,
        .updateChannelMembers, .freezeChannel, .muteChannel, .deleteChannel,
    ]
}

extension ChannelConfig {
    /// Whether `feature` is on.
    func isEnabled(_ feature: ChannelFeature) -> Bool {
        switch feature {
        case .reactions: reactionsEnabled
        case .replies: repliesEnabled
        case .quotes: quotesEnabled
        case .typingEvents: typingEventsEnabled
        case .readEvents: readEventsEnabled
        case .uploads: uploadsEnabled
        case .mutes: mutesEnabled
        }
    }
}

// MARK: - Field-by-field forms

/// The same rules for callers that hold plain fields rather than a ``ChatRules/Message`` or an
/// acting user (the server's storage rows): each form only rearranges its arguments and asks the
/// checks above, so there is still one implementation of every rule.
extension ChatRules {
    /// The rules for one user in a channel of `channelType`, for checks that name the channel
    /// and the actor at each call (``require(_:in:)`` and the other `in:` forms).
    public init(
        channelType: ChannelType, config: ChannelConfig, isFrozen: Bool, memberRole: MemberRole?, userRole: UserRole
    ) {
        self.init(
            cid: ChannelId(type: channelType, id: ""), config: config, isFrozen: isFrozen, memberRole: memberRole,
            userId: "", userRole: userRole)
    }

    /// The channel's type (``ChatRules/type``).
    public var channelType: ChannelType { type }

    private func acting(_ userId: UserId? = nil, in cid: ChannelId) -> ChatRules {
        var rules = self
        rules.cid = cid
        if let userId { rules.userId = userId }
        return rules
    }

    /// ``require(_:)`` in `cid`.
    public func require(_ capability: ChannelCapability, in cid: ChannelId) throws(ChatError) {
        try acting(in: cid).require(capability)
    }

    /// ``checkFreeze()`` in `cid`.
    public func requireFreeze(in cid: ChannelId) throws(ChatError) { try acting(in: cid).checkFreeze() }

    /// ``checkAddMembers(_:)`` by `actorId` in `cid`.
    public func requireAddMembers(_ userIds: [UserId], by actorId: UserId, in cid: ChannelId) throws(ChatError) {
        try acting(actorId, in: cid).checkAddMembers(userIds)
    }

    /// ``checkRemoveMembers(_:)`` by `actorId` in `cid`.
    public func requireRemoveMembers(_ userIds: [UserId], by actorId: UserId, in cid: ChannelId) throws(ChatError) {
        try acting(actorId, in: cid).checkRemoveMembers(userIds)
    }

    /// Editing (`own`: `update-own-message`) or deleting (`delete-own-message`) a message of
    /// `authorId` by `actorId`: ``checkEdit(_:text:)`` and ``checkDelete(_:)`` without their
    /// message checks.
    public func requireOwnOrAny(
        own: ChannelCapability, any: ChannelCapability, authorId: UserId, actorId: UserId, messageId: MessageId,
        cid: ChannelId
    ) throws(ChatError) {
        let message = Message(id: messageId, cid: cid, authorId: authorId, type: .regular)
        try acting(actorId, in: cid).requireOwnOrAny(message, own: own, any: any)
    }

    /// A thread parent: a top-level message of the same channel, not deleted (as in
    /// ``checkSend(_:parent:quoted:)``).
    public static func requireThreadParent(
        id: MessageId, parentCid: ChannelId, parentOfParent: MessageId?, type: MessageType, in cid: ChannelId
    ) throws(ChatError) {
        try checkThreadParent(Message(id: id, cid: parentCid, authorId: "", type: type, parentId: parentOfParent), in: cid)
    }

    /// A quoted message: in the same channel, not deleted (as in ``checkSend(_:parent:quoted:)``).
    public static func requireQuotable(id: MessageId, quotedCid: ChannelId, isDeleted: Bool, in cid: ChannelId) throws(ChatError) {
        try checkQuoted(Message(id: id, cid: quotedCid, authorId: "", type: .regular, isDeleted: isDeleted), in: cid)
    }

    /// A message that is edited or reacted to: not deleted, a regular message or a reply.
    public static func requireChangeable(id: MessageId, type: MessageType, isDeleted: Bool) throws(ChatError) {
        try checkChangeable(Message(id: id, cid: ChannelId(type: .messaging, id: ""), authorId: "", type: type, isDeleted: isDeleted))
    }
}
