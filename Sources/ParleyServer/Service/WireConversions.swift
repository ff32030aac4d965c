import Foundation
import ParleyChat
import ParleyProtocol

extension ChannelConfig {
    /// The wire form.
    var wire: WireChannelConfig {
        WireChannelConfig(
            reactionsEnabled: reactionsEnabled, repliesEnabled: repliesEnabled, quotesEnabled: quotesEnabled,
            typingEventsEnabled: typingEventsEnabled, readEventsEnabled: readEventsEnabled,
            uploadsEnabled: uploadsEnabled, mutesEnabled: mutesEnabled, maxMessageLength: maxMessageLength,
            commands: commands.map(\.wire))
    }

    /// The config a wire config describes.
    init(_ wire: WireChannelConfig) {
        self.init(
            reactionsEnabled: wire.reactionsEnabled, repliesEnabled: wire.repliesEnabled,
            quotesEnabled: wire.quotesEnabled, typingEventsEnabled: wire.typingEventsEnabled,
            readEventsEnabled: wire.readEventsEnabled, uploadsEnabled: wire.uploadsEnabled,
            mutesEnabled: wire.mutesEnabled, maxMessageLength: wire.maxMessageLength,
            commands: wire.commands.map { $0.map(Command.init) } ?? Command.defaultCommands)
    }
}

extension UserRecord {
    /// The wire form.
    var wire: WireUser {
        WireUser(
            id: id, name: name, imageURL: imageURL, avatarColor: avatarColor, role: role.rawValue, createdAt: createdAt,
            isDeleted: deletedAt == nil ? nil : true)
    }

    /// Stands in for an author whose row is gone.
    static func unknown(_ id: UserId) -> UserRecord {
        UserRecord(id: id, name: id, role: .user, createdAt: Date(timeIntervalSince1970: 0))
    }
}

extension ServerTransaction {
    /// The channel's wire form, with its member count and stream position.
    func wireChannel(_ channel: ChannelRecord) throws -> WireChannel {
        WireChannel(
            cid: channel.cid.rawValue, name: channel.name, imageURL: channel.imageURL, config: channel.config.wire,
            isFrozen: channel.isFrozen, createdBy: channel.createdBy, createdAt: channel.createdAt,
            updatedAt: channel.updatedAt, lastMessageAt: channel.lastMessageAt,
            memberCount: try members(channel.cid).count, epoch: channel.epoch, lastSeq: channel.lastSeq)
    }

    /// A member's wire form; `isMuted` only for the member themselves.
    func wireMember(_ member: MemberRecord, user: UserRecord?, viewer: UserId) -> WireMember {
        WireMember(
            user: (user ?? .unknown(member.userId)).wire, role: member.role.rawValue, createdAt: member.createdAt,
            lastReadAt: member.lastReadAt, lastReadMessageId: member.lastReadMessageId,
            isMuted: member.userId == viewer ? member.isMuted : nil)
    }

    /// The message's whole state: author, reaction totals and latest reactions.
    func wireMessage(_ message: MessageRecord) throws -> WireMessage {
        wireMessage(message, author: try user(message.userId), reactions: try reactions(message.id))
    }

    /// The message's whole state from rows already at hand (a message just sent: its author is
    /// the actor, and it has no reactions yet), without reading them again.
    func wireMessage(_ message: MessageRecord, author: UserRecord?, reactions: [ReactionRecord]) -> WireMessage {
        var scores: [String: Int] = [:]
        var counts: [String: Int] = [:]
        for reaction in reactions {
            scores[reaction.type, default: 0] += reaction.score
            counts[reaction.type, default: 0] += 1
        }
        return WireMessage(
            id: message.id, cid: message.cid.rawValue, type: message.type.rawValue, text: message.text,
            user: (author ?? .unknown(message.userId)).wire, createdAt: message.createdAt,
            updatedAt: message.updatedAt, textUpdatedAt: message.textUpdatedAt, deletedAt: message.deletedAt,
            parentId: message.parentId, showReplyInChannel: message.showInChannel, quotedMessageId: message.quotedId,
            mentionedUserIds: message.mentionedIds, attachments: message.attachments, replyCount: message.replyCount,
            reactionScores: scores, reactionCounts: counts,
            latestReactions: reactions.prefix(10).map {
                WireReaction(
                    messageId: $0.messageId, userId: $0.userId, type: $0.type, score: $0.score, createdAt: $0.createdAt,
                    updatedAt: $0.updatedAt)
            })
    }
}

extension Command {
    /// The wire form.
    var wire: WireCommand { WireCommand(name: name, description: description, set: set, args: args) }

    /// The command a wire command describes.
    init(_ wire: WireCommand) {
        self.init(name: wire.name, description: wire.description, set: wire.set, args: wire.args)
    }
}
