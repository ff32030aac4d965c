/// The kind of a reaction: `love`, `haha`, `like`, `sad`, `wow` by default; any non-empty name of
/// at most ``maximumLength`` characters without whitespace is accepted.
///
/// ```swift
/// let fire: MessageReactionType = "fire"
/// ```
public struct MessageReactionType: RawRepresentable, Hashable, Sendable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The reaction's name.
    public let rawValue: String

    /// Creates a reaction type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a reaction type from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// ❤️
    public static let love: MessageReactionType = "love"
    /// 😂
    public static let haha: MessageReactionType = "haha"
    /// 👍
    public static let like: MessageReactionType = "like"
    /// 😢
    public static let sad: MessageReactionType = "sad"
    /// 😮
    public static let wow: MessageReactionType = "wow"

    /// The default reaction set, in the default (alphabetical) order.
    public static let defaultSet: [MessageReactionType] = [.haha, .like, .love, .sad, .wow]

    /// The longest name accepted.
    public static let maximumLength = 30

    /// Whether the name is acceptable: non-empty, at most ``maximumLength`` characters, no
    /// whitespace.
    public var isValid: Bool {
        !rawValue.isEmpty && rawValue.count <= Self.maximumLength
            && !rawValue.contains(where: { $0.isWhitespace || $0.isNewline })
    }

    /// Alphabetical order of the names (the default reactions sorting).
    public static func < (lhs: MessageReactionType, rhs: MessageReactionType) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The reaction's name.
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
