/// The chat rules about who may do what in a channel. ``ChatChannel/ownCapabilities`` and the
/// embedded backend's checks both come from here, so the UI and the backend never disagree.
struct ChannelPermissions: Sendable {
    var type: ChannelType
    var config: ChannelConfig
    var isFrozen: Bool
    /// The user's role in the channel, `nil` when not a member.
    var memberRole: MemberRole?
    /// The user's app-wide role.
    var userRole: UserRole

    /// Whether the user moderates this channel (bypasses freezes, edits and deletes anything).
    var isPrivileged: Bool {
        userRole == .admin || memberRole == .moderator || memberRole == .owner
    }

    /// What the user may do before config gates and freezes are applied.
    var baseCapabilities: Set<ChannelCapability> {
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
    /// channel, minus posting (unless privileged).
    var capabilities: Set<ChannelCapability> {
        var capabilities = baseCapabilities
        for (capability, feature) in Self.gates where !config.isEnabled(feature) {
            capabilities.remove(capability)
        }
        if isFrozen && !isPrivileged { capabilities.subtract(Self.blockedByFreeze) }
        return capabilities
    }

    /// Throws the most specific error when `capability` is not allowed: a disabled feature first
    /// (nobody may), then a missing capability (this user may not), then a freeze (this user
    /// could, but not now).
    func require(_ capability: ChannelCapability, in cid: ChannelId) throws(ChatError) {
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

    /// Whether `capability` is allowed (the non-throwing form of ``require(_:in:)``).
    func allows(_ capability: ChannelCapability) -> Bool { capabilities.contains(capability) }

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
