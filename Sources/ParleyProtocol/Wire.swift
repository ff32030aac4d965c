import Foundation

/// The Parley wire protocol: its version, its JSON coding and the limits both sides agree on.
///
/// Every HTTP path starts with `/v1` and every WebSocket session starts with a
/// ``ServerFrame/welcome(_:)`` naming ``version``. Changes within a version are additive only:
/// new optional fields, new event types and new error codes, which old peers ignore or treat as
/// unknown.
///
/// ```swift
/// let data = try Wire.encoder().encode(SendMessageRequest(id: "m1", text: "Hi"))
/// let request = try Wire.decoder().decode(SendMessageRequest.self, from: data)
/// ```
public enum Wire {
    /// The protocol version this build speaks.
    public static let version = 1

    /// The prefix of every HTTP path of this version.
    public static let pathPrefix = "/v1"

    /// The HTTP header that carries ``version`` (requests may send it; responses always do).
    public static let versionHeader = "Parley-Protocol-Version"

    /// An encoder with the wire's conventions: dates as milliseconds since 1970, keys sorted (so
    /// equal values encode to equal bytes).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder with the wire's conventions (see ``encoder()``).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}

/// The limits a server enforces; each one refused with its own ``WireErrorCode``.
public struct WireLimits: Sendable, Hashable, Codable {
    /// The longest message text, in characters (``WireErrorCode/messageTooLong``).
    public var maxMessageLength: Int
    /// The largest HTTP body or WebSocket frame, in bytes (``WireErrorCode/payloadTooLarge``).
    public var maxFrameBytes: Int
    /// The most cursors one sync request may carry (``WireErrorCode/tooManyCursors``).
    public var maxSyncCursors: Int
    /// The most events one sync returns for a channel; a client further behind gets a reset.
    public var maxSyncEvents: Int
    /// Requests (HTTP requests and WebSocket frames) a user may make per second, sustained.
    public var requestsPerSecond: Double
    /// Requests a user may make in a burst above the sustained rate (``WireErrorCode/rateLimited``).
    public var requestBurst: Int
    /// The largest file an upload may carry, in bytes (HTTP 413 beyond it; `parley serve
    /// --max-upload-bytes`); `nil` from a server that does not say (older ones).
    public var maxUploadBytes: Int?

    /// Creates limits; the defaults are the ones `parley serve` uses (its welcome frames fill
    /// ``maxUploadBytes`` in from its upload policy).
    public init(
        maxMessageLength: Int = 5_000, maxFrameBytes: Int = 64 * 1024, maxSyncCursors: Int = 500,
        maxSyncEvents: Int = 5_000, requestsPerSecond: Double = 50, requestBurst: Int = 200, maxUploadBytes: Int? = nil
    ) {
        self.maxMessageLength = maxMessageLength
        self.maxFrameBytes = maxFrameBytes
        self.maxSyncCursors = maxSyncCursors
        self.maxSyncEvents = maxSyncEvents
        self.requestsPerSecond = requestsPerSecond
        self.requestBurst = requestBurst
        self.maxUploadBytes = maxUploadBytes
    }
}
