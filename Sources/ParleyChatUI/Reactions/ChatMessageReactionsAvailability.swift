import Foundation
import ParleyChat

/// When the chat UI shows reactions and offers the reaction picker.
///
/// - No reaction UI at all (bubble, picker, authors) in a channel whose config disables
///   reactions.
/// - The picker also needs the `send-reaction` capability and a message that can take
///   reactions: synced (not pending, sending or failed), not deleted, not a system, error or
///   ephemeral message.
public enum ChatMessageReactionsAvailability {
    /// Whether reactions are shown in `channel` (without a channel, whether the message has any).
    public static func showsReactions(of message: ChatMessage, in channel: ChatChannel?) -> Bool {
        if let channel, !channel.config.reactionsEnabled { return false }
        return !message.isDeleted && !message.reactionGroups.isEmpty
    }

    /// Whether the reaction authors may be shown for the message.
    public static func showsReactionAuthors(of message: ChatMessage, in channel: ChatChannel?) -> Bool {
        showsReactions(of: message, in: channel)
    }

    /// Whether the current user may pick a reaction for the message in `channel`.
    public static func allowsPickingReaction(for message: ChatMessage, in channel: ChatChannel?) -> Bool {
        guard let channel, channel.config.reactionsEnabled, channel.can(.sendReaction) else { return false }
        guard message.localState == .synced, !message.isDeleted else { return false }
        return message.type == .regular || message.type == .reply
    }
}
