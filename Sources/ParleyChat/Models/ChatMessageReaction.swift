import Foundation

/// One user's reaction of one type to a message. Repeating the same reaction adds to its score.
public struct ChatMessageReaction: Sendable, Hashable, Identifiable {
    /// The reacted-to message.
    public let messageId: MessageId
    /// The reaction's type.
    public let type: MessageReactionType
    /// The accumulated score (1 for a single reaction; more when repeated, like claps).
    public var score: Int
    /// Who reacted.
    public var author: ChatUser
    /// When the user first reacted with this type.
    public var createdAt: Date
    /// When the user last reacted with this type.
    public var updatedAt: Date

    /// Creates a reaction value.
    public init(messageId: MessageId, type: MessageReactionType, score: Int, author: ChatUser, createdAt: Date, updatedAt: Date) {
        self.messageId = messageId
        self.type = type
        self.score = score
        self.author = author
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Identifies the reaction within its message: one per (author, type).
    public var id: String { "\(author.id)/\(type.rawValue)" }

    /// Hashes message, author and type.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(messageId)
        hasher.combine(author.id)
        hasher.combine(type)
    }
}

/// What a reactions bubble shows for one reaction type of a message.
public struct ChatMessageReactionData: Sendable, Hashable {
    /// The reaction type.
    public let type: MessageReactionType
    /// The sum of all users' scores for this type.
    public let score: Int
    /// How many users reacted with this type.
    public let count: Int
    /// Whether the current user is one of them (the UI tints these with the tint colour).
    public let isChosenByCurrentUser: Bool
    /// When the first of these reactions was made.
    public let firstReactionAt: Date?
    /// When the last of these reactions was made or repeated.
    public let lastReactionAt: Date?

    /// Creates reaction data.
    public init(
        type: MessageReactionType,
        score: Int,
        count: Int? = nil,
        isChosenByCurrentUser: Bool,
        firstReactionAt: Date? = nil,
        lastReactionAt: Date? = nil
    ) {
        self.type = type
        self.score = score
        self.count = count ?? (score > 0 ? 1 : 0)
        self.isChosenByCurrentUser = isChosenByCurrentUser
        self.firstReactionAt = firstReactionAt
        self.lastReactionAt = lastReactionAt
    }
}
