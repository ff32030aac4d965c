import Foundation
import ParleyProtocol

/// Where a ``RemoteChatBackend`` connects and how it retries.
public struct RemoteChatConfiguration: Sendable {
    /// The server, for example `http://127.0.0.1:8080`.
    public var serverURL: URL
    /// The JWT every request and the socket carry; its subject is the user the client acts for.
    public var token: String
    /// The first wait before reconnecting; each failed attempt doubles it.
    public var initialReconnectDelay: Duration
    /// The longest wait between attempts.
    public var maximumReconnectDelay: Duration
    /// How many of a channel's latest messages a reload brings.
    public var channelMessageLimit: Int
    /// The longest a connection attempt may take from the TCP connect to the end of the WebSocket
    /// upgrade before it is abandoned and retried (a server or network that accepts and then goes
    /// quiet, or closes in the middle of the upgrade: the WebSocket client would wait forever).
    public var handshakeTimeout: Duration
    /// How often the socket is pinged once open. A connection that the network dropped without
    /// a word (or that the server closed while the client only listens) is noticed at the next
    /// ping, and one whose pong does not come back within an interval is closed and retried.
    public var pingInterval: Duration
    /// The longest an HTTP request may take, connecting included (an unreachable server is
    /// retried within it).
    public var requestTimeout: Duration
    /// Where downloaded attachments are kept; `nil`: `$XDG_CACHE_HOME/parley/attachments/<server>`
    /// (or `~/.cache/…`).
    public var attachmentCacheDirectory: URL?
    /// The most bytes the attachment cache keeps (512 MB); the least recently used go first.
    public var attachmentCacheByteLimit: Int = 512 << 20
    /// The largest attachment downloaded (100 MB); a larger one fails before it is read.
    public var maxAttachmentDownloadBytes: Int = 100 << 20
    /// The server's upload limit in bytes, if the app knows it (`parley serve --max-upload-bytes`):
    /// larger files are refused before the message is kept or anything is uploaded. The server's
    /// own word wins once connected (its welcome frame, or a refusal, names its limit); `nil` (the
    /// default) until then.
    public var maxAttachmentSize: Int64?

    /// Describes a server connection.
    public init(
        serverURL: URL, token: String, initialReconnectDelay: Duration = .milliseconds(250),
        maximumReconnectDelay: Duration = .seconds(30), channelMessageLimit: Int = 100,
        handshakeTimeout: Duration = .seconds(10), pingInterval: Duration = .seconds(15),
        requestTimeout: Duration = .seconds(15)
    ) {
        self.serverURL = serverURL
        self.token = token
        self.initialReconnectDelay = initialReconnectDelay
        self.maximumReconnectDelay = maximumReconnectDelay
        self.channelMessageLimit = channelMessageLimit
        self.handshakeTimeout = handshakeTimeout
        self.pingInterval = pingInterval
        self.requestTimeout = requestTimeout
    }

    /// The wait before reconnect attempt `attempt` (0 for the first retry): exponential backoff,
    /// capped, with "equal jitter" (between half and all of the step) so that clients cut off
    /// together do not come back together.
    public func reconnectDelay(attempt: Int, random: Double = Double.random(in: 0...1)) -> Duration {
        let step = initialReconnectDelay * Int(1 << min(max(attempt, 0), 20))
        let capped = min(step, maximumReconnectDelay)
        return capped / 2 + (capped / 2) * min(max(random, 0), 1)
    }

    /// The WebSocket URL (`ws://…/v1/ws?token=…`).
    var webSocketURL: String {
        var base = serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasPrefix("https://") {
            base = "wss://" + base.dropFirst("https://".count)
        } else if base.hasPrefix("http://") {
            base = "ws://" + base.dropFirst("http://".count)
        }
        let token = self.token.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? self.token
        return base + WirePath.webSocket + "?token=" + token
    }
}
