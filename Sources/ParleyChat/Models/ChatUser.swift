import Foundation

/// A person (or bot) who chats.
///
/// Users have an optional image URL (remote, or a local file rendered by the UI layer) and always
/// an avatar colour and initials, so a UI can draw an avatar without any image.
public struct ChatUser: Sendable, Hashable, Identifiable, Codable {
    /// The user's id.
    public let id: UserId
    /// The display name.
    public var name: String
    /// An avatar image, if the user has one.
    public var imageURL: URL?
    /// The colour of the generated avatar (initials on this colour).
    public var avatarColor: ChatAvatarColor
    /// The user's role across the app.
    public var role: UserRole
    /// Whether the user is connected right now.
    public var isOnline: Bool
    /// When the user was last seen active.
    public var lastActiveAt: Date?
    /// When the user was created.
    public var createdAt: Date

    /// Creates a user.
    ///
    /// When `avatarColor` is `nil` a colour is derived from the id, so the same user always gets
    /// the same colour.
    public init(
        id: UserId,
        name: String,
        imageURL: URL? = nil,
        avatarColor: ChatAvatarColor? = nil,
        role: UserRole = .user,
        isOnline: Bool = false,
        lastActiveAt: Date? = nil,
        createdAt: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
        self.avatarColor = avatarColor ?? ChatAvatarColor.derived(from: id)
        self.role = role
        self.isOnline = isOnline
        self.lastActiveAt = lastActiveAt?.roundedToMilliseconds
        self.createdAt = createdAt.roundedToMilliseconds
    }

    /// Up to two initials from the name (first letters of the first and last words), upper-cased;
    /// the first letter of the id when the name is empty.
    public var initials: String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "_" })
        let letters: [Character]
        switch words.count {
        case 0: letters = id.first.map { [$0] } ?? []
        case 1: letters = words[0].first.map { [$0] } ?? []
        default: letters = [words[0].first, words[words.count - 1].first].compactMap { $0 }
        }
        return String(letters).uppercased()
    }

    /// Hashes the id only: two values of the same user hash alike even when a field changed.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A user's role across the app (channel roles are ``MemberRole``).
public struct UserRole: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    /// The role's name.
    public let rawValue: String
    /// Creates a role from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a role from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A regular user.
    public static let user: UserRole = "user"
    /// An administrator: every capability in every channel.
    public static let admin: UserRole = "admin"
    /// A guest: may read and react, may not send messages outside livestreams.
    public static let guest: UserRole = "guest"

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

/// An sRGB colour for generated avatars, kept free of any UI type.
public struct ChatAvatarColor: Hashable, Sendable, Codable {
    /// The colour as `0xRRGGBB`.
    public let rgb: UInt32

    /// Creates a colour from `0xRRGGBB`; higher bits are ignored.
    public init(rgb: UInt32) { self.rgb = rgb & 0xFF_FFFF }

    /// The red component, 0…255.
    public var red: UInt8 { UInt8((rgb >> 16) & 0xFF) }
    /// The green component, 0…255.
    public var green: UInt8 { UInt8((rgb >> 8) & 0xFF) }
    /// The blue component, 0…255.
    public var blue: UInt8 { UInt8(rgb & 0xFF) }

    /// The palette generated avatars pick from: mid-tone colours that keep white initials legible.
    public static let palette: [ChatAvatarColor] = [
        0xE5_5B_5B, 0xE0_8A_3C, 0xC9_A2_27, 0x5B_B0_5B, 0x2F_A8_9C, 0x3F_8F_D9,
        0x5C_6B_D6, 0x8E_5C_D6, 0xC8_5C_B8, 0x7A_86_94, 0x4E_9A_6E, 0xB8_6E_3C,
    ].map { ChatAvatarColor(rgb: $0) }

    /// A palette colour chosen by a stable hash (FNV-1a) of `id`.
    public static func derived(from id: String) -> ChatAvatarColor {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return palette[Int(hash % UInt64(palette.count))]
    }
}
