import Foundation

/// The identifier of a ``ChatUser``.
public typealias UserId = String

/// The identifier of a ``ChatMessage``.
///
/// Ids made by Parley are 26 characters of Crockford base 32: 48 bits of milliseconds followed
/// by 80 random bits, so ids sort by creation time. Any non-empty string is accepted as an id.
public typealias MessageId = String

/// The kind of a channel: decides its default ``ChannelConfig`` and who may do what.
///
/// ```swift
/// let cid = ChannelId(type: .messaging, id: "general")
/// ```
public struct ChannelType: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The type's name, as it appears in a ``ChannelId``: `messaging`, `livestream`, …
    public let rawValue: String

    /// Creates a channel type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a channel type from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Conversations between a few people: every feature enabled.
    public static let messaging: ChannelType = "messaging"
    /// Busy public channels: no typing or read events; anyone may post.
    public static let livestream: ChannelType = "livestream"
    /// Internal team channels: every feature enabled.
    public static let team: ChannelType = "team"
    /// Support conversations between a customer and an agent.
    public static let commerce: ChannelType = "commerce"
    /// In-game chat: no uploads, no read events.
    public static let gaming: ChannelType = "gaming"

    /// The name of the type.
    public var description: String { rawValue }

    /// Decodes the value from a single string.

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the value as a single string.

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The identifier of a ``ChatChannel``: its type and an id unique within that type, written
/// `type:id` (for example `messaging:general`).
public struct ChannelId: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The channel's type.
    public let type: ChannelType
    /// The channel's id within its type.
    public let id: String

    /// Creates a channel id from a type and an id.
    ///
    /// The id must not be empty and must not contain `:`; ``EmbeddedChatBackend`` rejects such
    /// ids when a channel is created.
    public init(type: ChannelType, id: String) {
        self.type = type
        self.id = id
    }

    /// Parses `type:id`.
    ///
    /// - Throws: ``ChatError/invalidChannelId(_:)`` when the string has no `:` or an empty part.
    public init(cid: String) throws(ChatError) {
        guard let colon = cid.firstIndex(of: ":") else { throw ChatError.invalidChannelId(cid) }
        let type = String(cid[..<colon])
        let id = String(cid[cid.index(after: colon)...])
        guard !type.isEmpty, !id.isEmpty, !id.contains(":") else { throw ChatError.invalidChannelId(cid) }
        self.init(type: ChannelType(rawValue: type), id: id)
    }

    /// The `type:id` form.
    public var rawValue: String { "\(type.rawValue):\(id)" }

    /// The `type:id` form.
    public var description: String { rawValue }

    /// Orders ids by their `type:id` form.
    public static func < (lhs: ChannelId, rhs: ChannelId) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes the value from a single string.

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(cid: raw)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the value as a single string.

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether the id can be stored: non-empty parts and no `:` in either.
    var isWellFormed: Bool {
        !type.rawValue.isEmpty && !id.isEmpty && !type.rawValue.contains(":") && !id.contains(":")
    }
}
