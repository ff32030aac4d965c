import Foundation

/// A frame a client sends over the WebSocket (JSON text frames, `{"type": "...", "data": {...}}`).
///
/// On connect (after the server's ``ServerFrame/welcome(_:)``), a client subscribes to its
/// channels first and then syncs after its cursors, so nothing falls between the two.
public enum ClientFrame: Sendable, Hashable, Codable {
    /// Starts live delivery of these channels' events (answered by ``ServerFrame/subscribed(_:)``).
    case subscribe(SubscribeFrame)
    /// Stops live delivery of these channels.
    case unsubscribe(SubscribeFrame)
    /// Asks for the events after the cursors (answered by ``ServerFrame/syncResult(_:)``).
    case sync(SyncRequest)
    /// Says the actor is typing or stopped, in ``TypingFrame/cid``.
    case typing(TypingFrame)
    /// Asks for a ``ServerFrame/pong(_:)``.
    case ping(PingFrame)

    private enum CodingKeys: String, CodingKey { case type, data }

    /// Decodes `{"type": ..., "data": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "subscribe": self = .subscribe(try container.decode(SubscribeFrame.self, forKey: .data))
        case "unsubscribe": self = .unsubscribe(try container.decode(SubscribeFrame.self, forKey: .data))
        case "sync": self = .sync(try container.decode(SyncRequest.self, forKey: .data))
        case "typing": self = .typing(try container.decode(TypingFrame.self, forKey: .data))
        case "ping": self = .ping(try container.decode(PingFrame.self, forKey: .data))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "Unknown client frame type \(other)")
        }
    }

    /// Encodes `{"type": ..., "data": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .subscribe(let data): try container.encode("subscribe", forKey: .type); try container.encode(data, forKey: .data)
        case .unsubscribe(let data): try container.encode("unsubscribe", forKey: .type); try container.encode(data, forKey: .data)
        case .sync(let data): try container.encode("sync", forKey: .type); try container.encode(data, forKey: .data)
        case .typing(let data): try container.encode("typing", forKey: .type); try container.encode(data, forKey: .data)
        case .ping(let data): try container.encode("ping", forKey: .type); try container.encode(data, forKey: .data)
        }
    }
}

/// A frame the server sends over the WebSocket (`{"type": "...", "data": {...}}`).
public enum ServerFrame: Sendable, Hashable, Codable {
    /// The first frame of a session: who the server took the token for.
    case welcome(WelcomeFrame)
    /// One event of a subscribed channel's stream.
    case event(ChannelEvent)
    /// A typing indicator in a subscribed channel.
    case typing(TypingEvent)
    /// A change to the actor's set of channels.
    case feed(UserFeedEvent)
    /// The answer to a subscribe: the channels now delivered and those refused.
    case subscribed(SubscribedFrame)
    /// The answer to a sync.
    case syncResult(SyncResponse)
    /// The server stopped delivering a channel's events to this connection (it fell behind):
    /// reload the channel, or sync it, and subscribe again.
    case reset(ResetFrame)
    /// A frame failed; ``ErrorFrame/requestId`` pairs it with a sync.
    case error(ErrorFrame)
    /// The answer to a ping.
    case pong(PingFrame)

    private enum CodingKeys: String, CodingKey { case type, data }

    /// Decodes `{"type": ..., "data": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "welcome": self = .welcome(try container.decode(WelcomeFrame.self, forKey: .data))
        case "event": self = .event(try container.decode(ChannelEvent.self, forKey: .data))
        case "typing": self = .typing(try container.decode(TypingEvent.self, forKey: .data))
        case "feed": self = .feed(try container.decode(UserFeedEvent.self, forKey: .data))
        case "subscribed": self = .subscribed(try container.decode(SubscribedFrame.self, forKey: .data))
        case "sync_result": self = .syncResult(try container.decode(SyncResponse.self, forKey: .data))
        case "reset": self = .reset(try container.decode(ResetFrame.self, forKey: .data))
        case "error": self = .error(try container.decode(ErrorFrame.self, forKey: .data))
        case "pong": self = .pong(try container.decode(PingFrame.self, forKey: .data))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "Unknown server frame type \(other)")
        }
    }

    /// Encodes `{"type": ..., "data": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .welcome(let data): try container.encode("welcome", forKey: .type); try container.encode(data, forKey: .data)
        case .event(let data): try container.encode("event", forKey: .type); try container.encode(data, forKey: .data)
        case .typing(let data): try container.encode("typing", forKey: .type); try container.encode(data, forKey: .data)
        case .feed(let data): try container.encode("feed", forKey: .type); try container.encode(data, forKey: .data)
        case .subscribed(let data): try container.encode("subscribed", forKey: .type); try container.encode(data, forKey: .data)
        case .syncResult(let data): try container.encode("sync_result", forKey: .type); try container.encode(data, forKey: .data)
        case .reset(let data): try container.encode("reset", forKey: .type); try container.encode(data, forKey: .data)
        case .error(let data): try container.encode("error", forKey: .type); try container.encode(data, forKey: .data)
        case .pong(let data): try container.encode("pong", forKey: .type); try container.encode(data, forKey: .data)
        }
    }
}

/// The channels of a subscribe or unsubscribe.
public struct SubscribeFrame: Sendable, Hashable, Codable {
    /// `type:id` of each channel.
    public var cids: [String]
    /// Creates the frame.
    public init(cids: [String]) { self.cids = cids }
}

/// A typing indicator sent by the client.
public struct TypingFrame: Sendable, Hashable, Codable {
    /// `type:id` of the channel.
    public var cid: String
    /// The thread, when typing a reply.
    public var parentMessageId: String?
    /// `true` to start, `false` to stop.
    public var isTyping: Bool
    /// Creates the frame.
    public init(cid: String, parentMessageId: String? = nil, isTyping: Bool) {
        self.cid = cid
        self.parentMessageId = parentMessageId
        self.isTyping = isTyping
    }
}

/// A ping or its pong.
public struct PingFrame: Sendable, Hashable, Codable {
    /// Echoed back.
    public var nonce: String
    /// Creates the frame.
    public init(nonce: String) { self.nonce = nonce }
}

/// The first server frame.
public struct WelcomeFrame: Sendable, Hashable, Codable {
    /// The protocol version the server speaks.
    public var protocolVersion: Int
    /// The token's subject: the user this connection acts for.
    public var userId: String
    /// The connection's id on the server (for logs).
    public var connectionId: String
    /// The server's limits.
    public var limits: WireLimits
    /// Creates the frame.
    public init(protocolVersion: Int, userId: String, connectionId: String, limits: WireLimits) {
        self.protocolVersion = protocolVersion
        self.userId = userId
        self.connectionId = connectionId
        self.limits = limits
    }
}

/// The answer to a subscribe.
public struct SubscribedFrame: Sendable, Hashable, Codable {
    /// Channels now delivered live.
    public var cids: [String]
    /// Channels refused (not found or not a member: the two look the same).
    public var refused: [String]
    /// Creates the frame.
    public init(cids: [String], refused: [String]) {
        self.cids = cids
        self.refused = refused
    }
}

/// The server stopped delivering a channel to this connection.
public struct ResetFrame: Sendable, Hashable, Codable {
    /// `type:id` of the channel.
    public var cid: String
    /// Why.
    public var reason: ResetReason
    /// Creates the frame.
    public init(cid: String, reason: ResetReason) {
        self.cid = cid
        self.reason = reason
    }
}

/// A failed client frame.
public struct ErrorFrame: Sendable, Hashable, Codable {
    /// The sync's request id, when the failed frame was a sync.
    public var requestId: String?
    /// What went wrong.
    public var error: WireError
    /// Creates the frame.
    public init(requestId: String? = nil, error: WireError) {
        self.requestId = requestId
        self.error = error
    }
}
