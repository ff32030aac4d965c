import Foundation

/// A machine-readable error code. New codes may appear within a protocol version; a client
/// treats an unknown code as a failure of the request with the given message.
public struct WireErrorCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code, for example `channel_not_found`.
    public let rawValue: String
    /// Creates a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a code from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The code.
    public var description: String { rawValue }

    /// Decodes the code from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the code as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    // MARK: Authentication and protocol (HTTP 400, 401, 404, 413, 429)

    /// No token, a malformed token, a wrong signature or an unaccepted algorithm (401).
    public static let unauthorized: WireErrorCode = "unauthorized"
    /// The token has expired (401).
    public static let tokenExpired: WireErrorCode = "token_expired"
    /// The request could not be decoded or names an invalid value (400).
    public static let badRequest: WireErrorCode = "bad_request"
    /// The actor may not do this outside any channel rule, such as writing another user (403).
    public static let forbidden: WireErrorCode = "forbidden"
    /// No such endpoint (404).
    public static let notFound: WireErrorCode = "not_found"
    /// The body or frame is larger than ``WireLimits/maxFrameBytes`` (413).
    public static let payloadTooLarge: WireErrorCode = "payload_too_large"
    /// The user made too many requests; ``WireError/retryAfterMilliseconds`` says when to retry (429).
    public static let rateLimited: WireErrorCode = "rate_limited"
    /// A sync carried more than ``WireLimits/maxSyncCursors`` cursors (400).
    public static let tooManyCursors: WireErrorCode = "too_many_cursors"
    /// The peer speaks an unsupported protocol version (400).
    public static let unsupportedVersion: WireErrorCode = "unsupported_version"
    /// The server failed; nothing about the request is implied (500).
    public static let internalError: WireErrorCode = "internal_error"

    // MARK: Chat rules (the cases of ParleyChat's ChatError)

    /// The message has no text and no attachments (400).
    public static let emptyMessage: WireErrorCode = "empty_message"
    /// The text is longer than the channel allows; ``WireError/length`` and ``WireError/limit`` (400).
    public static let messageTooLong: WireErrorCode = "message_too_long"
    /// A channel id is not `type:id` (400).
    public static let invalidChannelId: WireErrorCode = "invalid_channel_id"
    /// A reaction type is not a short lowercase name (400).
    public static let invalidReactionType: WireErrorCode = "invalid_reaction_type"
    /// A reaction score is below one (400).
    public static let invalidReactionScore: WireErrorCode = "invalid_reaction_score"
    /// The thread parent is not a top-level message of the same channel (400).
    public static let invalidThreadParent: WireErrorCode = "invalid_thread_parent"
    /// The quoted message is in another channel (400).
    public static let invalidQuotedMessage: WireErrorCode = "invalid_quoted_message"
    /// The message's type cannot be edited or reacted to (400).
    public static let messageNotEditable: WireErrorCode = "message_not_editable"
    /// The id is taken (by another user, another channel or an existing channel) (409).
    public static let duplicateId: WireErrorCode = "duplicate_id"
    /// No such channel, or one the user may not see: the two are indistinguishable (404).
    public static let channelNotFound: WireErrorCode = "channel_not_found"
    /// No such message, or one in a channel the user may not see (404).
    public static let messageNotFound: WireErrorCode = "message_not_found"
    /// No such user, or a deleted one (404).
    public static let userNotFound: WireErrorCode = "user_not_found"
    /// The user is not a member of the channel (403).
    public static let notAMember: WireErrorCode = "not_a_member"
    /// The user lacks ``WireError/capability`` in the channel (403).
    public static let missingCapability: WireErrorCode = "missing_capability"
    /// The channel's config turns ``WireError/feature`` off (403).
    public static let featureDisabled: WireErrorCode = "feature_disabled"
    /// The channel is frozen (403).
    public static let channelFrozen: WireErrorCode = "channel_frozen"
    /// The message is deleted (409).
    public static let messageDeleted: WireErrorCode = "message_deleted"
    /// The message is someone else's and the user may not change it (403).
    public static let notOwnMessage: WireErrorCode = "not_own_message"
}

/// The body of every failed HTTP response and of ``ServerFrame/error(_:)``:
/// `{"error": {"code": "...", "message": "...", ...}}`.
///
/// The optional fields carry what the code refers to, so a client can rebuild its own error.
public struct WireError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong, for programs.
    public var code: WireErrorCode
    /// What went wrong, for people (English).
    public var message: String
    /// The HTTP status this error is sent with.
    public var status: Int
    /// The channel the error is about.
    public var cid: String?
    /// The message the error is about.
    public var messageId: String?
    /// The user the error is about.
    public var userId: String?
    /// The capability missing (``WireErrorCode/missingCapability``).
    public var capability: String?
    /// The feature turned off (``WireErrorCode/featureDisabled``): a `ChannelFeature` raw value.
    public var feature: String?
    /// The message type that cannot be edited (``WireErrorCode/messageNotEditable``).
    public var messageType: String?
    /// The length found (``WireErrorCode/messageTooLong``, ``WireErrorCode/payloadTooLarge``,
    /// ``WireErrorCode/tooManyCursors``).
    public var length: Int?
    /// The limit exceeded.
    public var limit: Int?
    /// When to retry (``WireErrorCode/rateLimited``).
    public var retryAfterMilliseconds: Int?
    /// The attachment type whose payload is too large (``WireErrorCode/payloadTooLarge`` for a
    /// custom attachment's JSON over its cap).
    public var attachmentType: String?

    /// Creates an error.
    public init(
        code: WireErrorCode, message: String, status: Int, cid: String? = nil, messageId: String? = nil,
        userId: String? = nil, capability: String? = nil, feature: String? = nil, messageType: String? = nil,
        length: Int? = nil, limit: Int? = nil, retryAfterMilliseconds: Int? = nil, attachmentType: String? = nil
    ) {
        self.code = code
        self.message = message
        self.status = status
        self.cid = cid
        self.messageId = messageId
        self.userId = userId
        self.capability = capability
        self.feature = feature
        self.messageType = messageType
        self.length = length
        self.limit = limit
        self.retryAfterMilliseconds = retryAfterMilliseconds
        self.attachmentType = attachmentType
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}

/// The JSON envelope of a failed HTTP response: `{"error": {...}}`.
public struct WireErrorResponse: Sendable, Hashable, Codable {
    /// The error.
    public var error: WireError

    /// Wraps an error.
    public init(error: WireError) { self.error = error }
}
