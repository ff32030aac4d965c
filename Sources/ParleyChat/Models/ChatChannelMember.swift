import Foundation

/// A user's membership of a channel: the user, their role there and their read state.
@dynamicMemberLookup
public struct ChatChannelMember: Sendable, Hashable, Identifiable {
    /// The member.
    public var user: ChatUser
    /// The member's role in this channel.
    public var role: MemberRole
    /// When the user joined the channel.
    public var memberCreatedAt: Date
    /// When the member last marked the channel read; `nil` if never.
    public var lastReadAt: Date?

    /// Creates a member value.
    public init(user: ChatUser, role: MemberRole, memberCreatedAt: Date, lastReadAt: Date? = nil) {
        self.user = user
        self.role = role
        self.memberCreatedAt = memberCreatedAt
        self.lastReadAt = lastReadAt
    }

    /// The user's id.
    public var id: UserId { user.id }

    /// The user's properties, so `member.name` reads `member.user.name`.
    public subscript<T>(dynamicMember keyPath: KeyPath<ChatUser, T>) -> T { user[keyPath: keyPath] }
}

/// A member's role in one channel.
public struct MemberRole: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    /// The role's name.
    public let rawValue: String
    /// Creates a role from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a role from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A regular member.
    public static let member: MemberRole = "member"
    /// A moderator: may edit and delete any message, manage members, freeze the channel.
    public static let moderator: MemberRole = "moderator"
    /// The channel's creator: everything a moderator may do, and update the channel.
    public static let owner: MemberRole = "owner"

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
