/// What a channel allows. The embedded backend enforces every flag: a reaction in a channel with
/// `reactionsEnabled == false` is ``ChatError/featureDisabled(_:cid:)``, and so on.
public struct ChannelConfig: Hashable, Sendable, Codable {
    /// Whether members may react to messages.
    public var reactionsEnabled: Bool
    /// Whether members may reply in threads.
    public var repliesEnabled: Bool
    /// Whether messages may quote other messages.
    public var quotesEnabled: Bool
    /// Whether typing indicators are sent.
    public var typingEventsEnabled: Bool
    /// Whether read states (and so unread counts and "read by") are kept.
    public var readEventsEnabled: Bool
    /// Whether image and file attachments may be sent (links are always allowed).
    public var uploadsEnabled: Bool
    /// Whether members may mute the channel.
    public var mutesEnabled: Bool
    /// The longest message text accepted, in characters.
    public var maxMessageLength: Int
    /// The `/` commands the composer offers (Stream's `ChannelConfig.commands`); by default
    /// ``Command/defaultCommands`` (giphy, mute, unmute).
    public var commands: [Command]

    /// The default limit on message length, in characters.
    public static let defaultMaxMessageLength = 5000

    /// Creates a config; every feature is enabled by default.
    public init(
        reactionsEnabled: Bool = true,
        repliesEnabled: Bool = true,
        quotesEnabled: Bool = true,
        typingEventsEnabled: Bool = true,
        readEventsEnabled: Bool = true,
        uploadsEnabled: Bool = true,
        mutesEnabled: Bool = true,
        maxMessageLength: Int = ChannelConfig.defaultMaxMessageLength,
        commands: [Command] = Command.defaultCommands
    ) {
        self.reactionsEnabled = reactionsEnabled
        self.repliesEnabled = repliesEnabled
        self.quotesEnabled = quotesEnabled
        self.typingEventsEnabled = typingEventsEnabled
        self.readEventsEnabled = readEventsEnabled
        self.uploadsEnabled = uploadsEnabled
        self.mutesEnabled = mutesEnabled
        self.maxMessageLength = maxMessageLength
        self.commands = commands
    }

    /// The config a new channel of `type` gets unless the creator passes one.
    ///
    /// Livestreams have no typing or read events (their member lists are large); gaming channels
    /// have no uploads and no read events; every other type has every feature.
    public static func `default`(for type: ChannelType) -> ChannelConfig {
        switch type {
        case .livestream:
            ChannelConfig(typingEventsEnabled: false, readEventsEnabled: false)
        case .gaming:
            ChannelConfig(readEventsEnabled: false, uploadsEnabled: false)
        default:
            ChannelConfig()
        }
    }
}

extension ChannelConfig {
    private enum CodingKeys: String, CodingKey {
        case reactionsEnabled, repliesEnabled, quotesEnabled, typingEventsEnabled, readEventsEnabled, uploadsEnabled,
             mutesEnabled, maxMessageLength, commands
    }

    /// Decodes a config; one stored before configs had commands gets the default commands.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            reactionsEnabled: try container.decode(Bool.self, forKey: .reactionsEnabled),
            repliesEnabled: try container.decode(Bool.self, forKey: .repliesEnabled),
            quotesEnabled: try container.decode(Bool.self, forKey: .quotesEnabled),
            typingEventsEnabled: try container.decode(Bool.self, forKey: .typingEventsEnabled),
            readEventsEnabled: try container.decode(Bool.self, forKey: .readEventsEnabled),
            uploadsEnabled: try container.decode(Bool.self, forKey: .uploadsEnabled),
            mutesEnabled: try container.decode(Bool.self, forKey: .mutesEnabled),
            maxMessageLength: try container.decode(Int.self, forKey: .maxMessageLength),
            commands: try container.decodeIfPresent([Command].self, forKey: .commands) ?? Command.defaultCommands)
    }
}

/// A feature a ``ChannelConfig`` can turn off; named in ``ChatError/featureDisabled(_:cid:)``.
public enum ChannelFeature: String, Sendable, Hashable, Codable, CaseIterable {
    /// ``ChannelConfig/reactionsEnabled``.
    case reactions
    /// ``ChannelConfig/repliesEnabled``.
    case replies
    /// ``ChannelConfig/quotesEnabled``.
    case quotes
    /// ``ChannelConfig/typingEventsEnabled``.
    case typingEvents
    /// ``ChannelConfig/readEventsEnabled``.
    case readEvents
    /// ``ChannelConfig/uploadsEnabled``.
    case uploads
    /// ``ChannelConfig/mutesEnabled``.
    case mutes

    /// The feature's name in a sentence, plural: "Reactions", "Typing events", …
    public var displayName: String {
        switch self {
        case .reactions: "Reactions"
        case .replies: "Replies"
        case .quotes: "Quotes"
        case .typingEvents: "Typing events"
        case .readEvents: "Read events"
        case .uploads: "Uploads"
        case .mutes: "Mutes"
        }
    }

    /// The name of the config flag that enables the feature.
    public var configFlag: String {
        switch self {
        case .reactions: "reactionsEnabled"
        case .replies: "repliesEnabled"
        case .quotes: "quotesEnabled"
        case .typingEvents: "typingEventsEnabled"
        case .readEvents: "readEventsEnabled"
        case .uploads: "uploadsEnabled"
        case .mutes: "mutesEnabled"
        }
    }
}
