import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The messages of one reload and the decisions made about them, shared by the rows.
///
/// Layout options come from `components.messageLayoutOptionsResolver`, asked only for rows that
/// are measured or shown (as UIKit asks for cells), and remembered for the reload.
@MainActor
final class MessageListSnapshot {
    let messages: [ChatMessage]
    let channel: ChatChannel?
    /// The channel the resolver sees (a stand-in with the messages' cid while the channel is unknown).
    let resolverChannel: ChatChannel?
    let resolver: ChatMessageLayoutOptionsResolver
    let appearance: Appearance
    private var options: [Int: ChatMessageLayoutOptions] = [:]
    private var indexById: [MessageId: Int]?

    init(messages: [ChatMessage], channel: ChatChannel?, resolver: ChatMessageLayoutOptionsResolver, appearance: Appearance) {
        self.messages = messages
        self.channel = channel
        self.resolverChannel = channel ?? messages.first.map { ChatChannel(cid: $0.cid) }
        self.resolver = resolver
        self.appearance = appearance
    }

    /// The options of the message at `index` (asked once per reload).
    func options(at index: Int) -> ChatMessageLayoutOptions {
        guard messages.indices.contains(index), let resolverChannel else { return [] }
        if let known = options[index] { return known }
        let resolved = resolver.optionsForMessage(at: index, in: resolverChannel, with: messages, appearance: appearance)
        options[index] = resolved
        return resolved
    }

    /// The message with `id` and its options.
    func message(id: MessageId) -> (message: ChatMessage, options: ChatMessageLayoutOptions)? {
        if indexById == nil {
            var built: [MessageId: Int] = [:]
            built.reserveCapacity(messages.count)
            for (index, message) in messages.enumerated() { built[message.id] = index }
            indexById = built
        }
        guard let index = indexById?[id] else { return nil }
        return (messages[index], options(at: index))
    }

    /// What the row of the message at `index` depends on: the message, its neighbours (grouping
    /// and the side decide the options) and the channel's size (author names). A change
    /// re-measures the row.
    func revision(at index: Int, startsGroup: Bool) -> Int {
        var hasher = Hasher()
        Self.combine(messages[index], into: &hasher)
        for neighbour in [index - 1, index + 1] where messages.indices.contains(neighbour) {
            let other = messages[neighbour]
            hasher.combine(other.id)
            hasher.combine(other.author.id)
            hasher.combine(other.createdAt)
            hasher.combine(other.type)
            hasher.combine(other.isDeleted)
        }
        hasher.combine(startsGroup)
        hasher.combine(channel?.memberCount)
        hasher.combine(channel?.config.reactionsEnabled)
        hasher.combine(channel?.config.repliesEnabled)
        return hasher.finalize()
    }

    private static func combine(_ message: ChatMessage, into hasher: inout Hasher) {
        hasher.combine(message.id)
        hasher.combine(message.text.utf8.count)
        hasher.combine(message.text.utf8.first)
        hasher.combine(message.text.utf8.last)
        hasher.combine(message.type)
        hasher.combine(message.updatedAt)
        hasher.combine(message.textUpdatedAt)
        hasher.combine(message.deletedAt)
        hasher.combine(message.replyCount)
        hasher.combine(message.localState)
        hasher.combine(message.isSentByCurrentUser)
        hasher.combine(message.readBy.count)
        hasher.combine(message.attachments.count)
        hasher.combine(message.mentionedUsers.count)
        hasher.combine(message.author.name)
        hasher.combine(message.author.imageURL)
        hasher.combine(message.quotedMessage?.id)
        hasher.combine(message.quotedMessage?.text.utf8.count)
        hasher.combine(message.reactionGroups.count)
        // A sum, so the dictionary's unstable order does not matter.
        var reactions = 0
        for (type, data) in message.reactionGroups {
            var group = Hasher()
            group.combine(type)
            group.combine(data.count)
            group.combine(data.score)
            group.combine(data.isChosenByCurrentUser)
            reactions &+= group.finalize()
        }
        hasher.combine(reactions)
    }
}

/// The lazy row of one message: the resolver and the measurement run when it comes near the
/// screen; the spacing above it (2 pt within a group, more between groups) comes from the
/// previous message's options.
@MainActor
struct ChatMessageListMessageRow: Component {
    weak var list: ChatMessageListVC?
    let snapshot: MessageListSnapshot
    let index: Int
    /// A separator sits right above: the message starts a group whatever the options say.
    let startsGroup: Bool

    func layout(_ constraint: Constraint) -> InsetRenderNode {
        guard let list, snapshot.messages.indices.contains(index) else {
            return Space(height: 0).inset(top: 0).layout(constraint)
        }
        let options = snapshot.options(at: index)
        let continuesGroup = index > 0 && !startsGroup && snapshot.options(at: index - 1).contains(.continuousBubble)
        let spacing = index == 0 ? 0 : (continuesGroup ? list.spacingInGroup : list.spacingBetweenGroups)
        return list.messageRow(snapshot.messages[index], channel: snapshot.channel, options: options)
            .inset(top: spacing)
            .layout(constraint)
    }
}
