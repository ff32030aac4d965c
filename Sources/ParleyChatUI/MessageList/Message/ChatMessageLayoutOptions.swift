import Foundation
import ParleyChat
import ParleyUIKit

/// What a message's row shows and how: which side, bubble, avatar, name, timestamp and so on.
public struct ChatMessageLayoutOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// Decides the layout options of each message in a list: grouping, which side, what to show.
///
/// Subclass it and set an instance to `Components.default.messageLayoutOptionsResolver` to change
/// the decisions.
@MainActor
open class ChatMessageLayoutOptionsResolver {
    /// A resolver.
    public init() {}
}
