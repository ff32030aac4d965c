import Foundation
import ParleyChat
import ParleyProtocol

/// Conversions between the wire (ParleyProtocol) and ParleyChat's models. Every value from the
/// server passes through here, so a malformed field is dropped or defaulted in one place.
enum WireMapping {
    // MARK: From the wire

    static func user(_ wire: WireUser) -> ChatUser {
        ChatUser(
            id: wire.id, name: wire.name, imageURL: wire.imageURL, avatarColor: wire.avatarColor.map(ChatAvatarColor.init(rgb:)),
            role: UserRole(rawValue: wire.role), createdAt: wire.createdAt ?? Date(timeIntervalSince1970: 0))
    }

    static func config(_ wire: WireChannelConfig) -> ChannelConfig {
        ChannelConfig(
            reactionsEnabled: wire.reactionsEnabled, repliesEnabled: wire.repliesEnabled, quotesEnabled: wire.quotesEnabled,
            typingEventsEnabled: wire.typingEventsEnabled, readEventsEnabled: wire.readEventsEnabled,
            uploadsEnabled: wire.uploadsEnabled, mutesEnabled: wire.mutesEnabled, maxMessageLength: wire.maxMessageLength,
            commands: wire.commands.map { $0.map(Command.init) } ?? Command.defaultCommands)
    }

    static func channel(_ wire: WireChannel) -> SyncedChannel? {
        guard let cid = try? ChannelId(cid: wire.cid) else { return nil }
        return SyncedChannel(
            cid: cid, name: wire.name, imageURL: wire.imageURL, config: config(wire.config), isFrozen: wire.isFrozen,
            createdBy: wire.createdBy, createdAt: wire.createdAt, updatedAt: wire.updatedAt)
    }

    static func member(_ wire: WireMember) -> SyncedMember {
        SyncedMember(
            user: user(wire.user), role: MemberRole(rawValue: wire.role), createdAt: wire.createdAt,
            lastReadAt: wire.lastReadAt, lastReadMessageId: wire.lastReadMessageId, isMuted: wire.isMuted)
    }

    static func reaction(_ wire: WireReaction) -> SyncedReaction {
        SyncedReaction(
            messageId: wire.messageId, userId: wire.userId, type: MessageReactionType(rawValue: wire.type), score: wire.score,
            createdAt: wire.createdAt, updatedAt: wire.updatedAt)
    }

    /// An attachment from the wire. An image or file uploaded to a server (its URL an upload's
    /// `/v1/uploads/{id}`) has that URL as both `remoteURL` and, until it is downloaded, `localURL`;
    /// a link's picture likewise as `remoteImageURL` and `imageURL`.
    static func attachment(_ wire: WireAttachment) -> ChatMessageAttachment? {
        let type = AttachmentType(rawValue: wire.type)
        if !type.isBuiltIn {
            // A type this SDK does not draw: kept with its JSON (empty when the server sent none),
            // for the app's typed reads and injectors; one it cannot decode is skipped by them.
            return ChatMessageAttachment(payload: .custom(CustomAttachmentPayload(received: type, data: Data((wire.json ?? "{}").utf8))))
        }
        guard let url = wire.url else { return nil }
        let remote = WirePath.uploadId(in: url) == nil ? nil : url
        switch wire.type {
        case "image":
            return ChatMessageAttachment(payload: .image(ImageAttachmentPayload(
                localURL: url, title: wire.title, width: wire.width, height: wire.height, remoteURL: remote)))
        case "file":
            return ChatMessageAttachment(payload: .file(FileAttachmentPayload(
                localURL: url, title: wire.title ?? url.lastPathComponent, fileSize: wire.fileSize ?? 0,
                mimeType: wire.mimeType, remoteURL: remote)))
        case "link":
            // The picture only when it is an upload: the cache downloads it from this client's server.
            let picture = wire.imageURL.flatMap { WirePath.uploadId(in: $0) == nil ? nil : $0 }
            return ChatMessageAttachment(payload: .link(LinkAttachmentPayload(
                url: url, title: wire.title, text: wire.text, siteName: wire.siteName, imageURL: picture,
                remoteImageURL: picture)))
        default:
            return nil
        }
    }

    static func message(_ wire: WireMessage) -> SyncedMessage? {
        guard let cid = try? ChannelId(cid: wire.cid) else { return nil }
        return SyncedMessage(
            id: wire.id, cid: cid, type: MessageType(rawValue: wire.type) ?? .regular, text: wire.text, author: user(wire.user),
            createdAt: wire.createdAt, updatedAt: wire.updatedAt, textUpdatedAt: wire.textUpdatedAt, deletedAt: wire.deletedAt,
            parentId: wire.parentId, showReplyInChannel: wire.showReplyInChannel, quotedMessageId: wire.quotedMessageId,
            mentionedUserIds: wire.mentionedUserIds, attachments: wire.attachments.compactMap(attachment),
            replyCount: wire.replyCount,
            reactionScores: Dictionary(uniqueKeysWithValues: wire.reactionScores.map { (MessageReactionType(rawValue: $0.key), $0.value) }),
            reactionCounts: Dictionary(uniqueKeysWithValues: wire.reactionCounts.map { (MessageReactionType(rawValue: $0.key), $0.value) }),
            latestReactions: wire.latestReactions.map(reaction))
    }

    /// What an event changes; ``ChannelSyncChange/unknown`` for a kind (or a payload) this
    /// version does not understand.
    static func change(_ event: ChannelEvent) -> ChannelSyncChange {
        switch event.type {
        case .messageNew, .messageUpdated, .messageDeleted:
            if let message = event.message.flatMap(message) { return .message(message) }
        case .reactionNew, .reactionDeleted:
            if let reaction = event.reaction.map(reaction), let message = event.message.flatMap(message) {
                return event.type == .reactionNew ? .reactionAdded(reaction, message: message) : .reactionRemoved(reaction, message: message)
            }
        case .messageRead:
            if let read = event.read {
                return .read(userId: read.userId, at: read.lastReadAt, lastReadMessageId: read.lastReadMessageId)
            }
        case .memberAdded, .memberUpdated:
            if let member = event.member.map(member) {
                return event.type == .memberAdded ? .memberAdded(member) : .memberUpdated(member)
            }
        case .memberRemoved:
            if let member = event.member { return .memberRemoved(member.user.id) }
        case .channelUpdated:
            if let channel = event.channel.flatMap(channel) { return .channel(channel) }
        case .channelDeleted:
            return .channelDeleted
        default:
            break
        }
        return .unknown
    }

    static func event(_ wire: ChannelEvent) -> ChannelSyncEvent? {
        guard let cid = try? ChannelId(cid: wire.cid) else { return nil }
        return ChannelSyncEvent(cid: cid, sequence: wire.seq, epoch: wire.epoch, change: change(wire))
    }

    static func snapshot(_ state: ChannelStateResponse) -> ChannelSnapshot? {
        guard let channel = channel(state.channel) else { return nil }
        return ChannelSnapshot(
            channel: channel, members: state.members.map(member), messages: state.messages.compactMap(message),
            isMuted: state.isMuted,
            cursor: ChannelSyncCursor(cid: channel.cid, epoch: state.channel.epoch, sequence: state.channel.lastSeq))
    }

    /// The server's error as the ``ChatError`` a local backend would have thrown.
    static func error(_ wire: WireError) -> ChatError {
        let cid = wire.cid.flatMap { try? ChannelId(cid: $0) }
        let messageId = wire.messageId ?? ""
        switch wire.code {
        case .emptyMessage: return .emptyMessage
        case .messageTooLong: return .messageTooLong(length: wire.length ?? 0, limit: wire.limit ?? 0)
        case .invalidChannelId: return .invalidChannelId(wire.cid ?? "")
        case .invalidReactionType: return .invalidReactionType(wire.message)
        case .invalidReactionScore: return .invalidReactionScore(wire.length ?? 0)
        case .invalidThreadParent: return .invalidThreadParent(messageId)
        case .invalidQuotedMessage: return .invalidQuotedMessage(messageId)
        case .messageNotEditable:
            return .messageNotEditable(messageId, wire.messageType.flatMap(MessageType.init(rawValue:)) ?? .system)
        case .duplicateId: return .duplicateId(wire.messageId ?? wire.cid ?? "")
        case .messageNotFound: return .messageNotFound(messageId)
        case .userNotFound: return .userNotFound(wire.userId ?? "")
        case .messageDeleted: return .messageDeleted(messageId)
        case .notOwnMessage: return .notOwnMessage(messageId)
        case .payloadTooLarge:
            if let type = wire.attachmentType, let limit = wire.limit {
                return .attachmentPayloadTooLarge(type: AttachmentType(rawValue: type), size: wire.length ?? 0, limit: limit)
            }
        default: break
        }
        if let cid {
            switch wire.code {
            case .channelNotFound: return .channelNotFound(cid)
            case .notAMember: return .notAMember(wire.userId ?? "", cid: cid)
            case .missingCapability: return .missingCapability(ChannelCapability(rawValue: wire.capability ?? ""), cid: cid)
            case .featureDisabled:
                if let feature = wire.feature.flatMap(ChannelFeature.init(rawValue:)) { return .featureDisabled(feature, cid: cid) }
            case .channelFrozen: return .channelFrozen(cid)
            default: break
            }
        }
        return .serverError(code: wire.code.rawValue, message: wire.message)
    }

    // MARK: To the wire

    static func attachment(_ attachment: ChatMessageAttachment) -> WireAttachment {
        switch attachment.payload {
        case .image(let image):
            WireAttachment(
                type: "image", url: image.remoteURL ?? image.localURL, title: image.title, width: image.width, height: image.height)
        case .file(let file):
            WireAttachment(
                type: "file", url: file.remoteURL ?? file.localURL, title: file.title, fileSize: file.fileSize, mimeType: file.mimeType)
        case .link(let link):
            WireAttachment(
                type: "link", url: link.url, title: link.title, text: link.text, siteName: link.siteName,
                imageURL: link.remoteImageURL)
        case .custom(let custom):
            WireAttachment(type: custom.type.rawValue, url: nil, json: String(decoding: custom.data, as: UTF8.self))
        }
    }

    static func sendRequest(_ message: OutgoingMessage) -> SendMessageRequest {
        SendMessageRequest(
            id: message.id, text: message.text, parentId: message.parentMessageId,
            showReplyInChannel: message.showReplyInChannel, quotedMessageId: message.quotedMessageId,
            mentionedUserIds: message.mentionedUserIds, attachments: message.attachments.map(attachment),
            createdAt: message.createdAt)
    }

    static func user(_ user: ChatUser) -> WireUser {
        WireUser(id: user.id, name: user.name, imageURL: user.imageURL, avatarColor: user.avatarColor.rgb, role: user.role.rawValue)
    }

    static func config(_ config: ChannelConfig) -> WireChannelConfig {
        WireChannelConfig(
            reactionsEnabled: config.reactionsEnabled, repliesEnabled: config.repliesEnabled, quotesEnabled: config.quotesEnabled,
            typingEventsEnabled: config.typingEventsEnabled, readEventsEnabled: config.readEventsEnabled,
            uploadsEnabled: config.uploadsEnabled, mutesEnabled: config.mutesEnabled, maxMessageLength: config.maxMessageLength,
            commands: config.commands.map(\.wire))
    }
}

extension Command {
    /// The wire form sent to the server.
    var wire: WireCommand { WireCommand(name: name, description: description, set: set, args: args) }

    /// The command the server describes.
    init(_ wire: WireCommand) {
        self.init(name: wire.name, description: wire.description, set: wire.set, args: wire.args)
    }
}
