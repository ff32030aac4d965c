import Foundation
import Parley

/// Deterministic users, channels and messages for the message-row tests.
enum MessageRowFixtures {
    static let cid = ChannelId(type: .messaging, id: "general")
    /// 2023-11-14 22:13:20 UTC.
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static let me = ChatUser(id: "me", name: "Mia Moss", avatarColor: ChatAvatarColor(rgb: 0x3F8FD9))
    static let ana = ChatUser(id: "ana", name: "Ana Lopez", avatarColor: ChatAvatarColor(rgb: 0xE55B5B))
    static let ben = ChatUser(id: "ben", name: "Ben Okafor", avatarColor: ChatAvatarColor(rgb: 0x5BB05B))

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static func channel(memberCount: Int = 3, config: ChannelConfig = ChannelConfig()) -> ChatChannel {
        let users = [me, ana, ben].prefix(max(0, min(memberCount, 3)))
        return ChatChannel(
            cid: cid, name: memberCount > 2 ? "General" : nil,
            members: users.map { ChatChannelMember(user: $0, role: .member, memberCreatedAt: start) },
            memberCount: memberCount, config: config
        )
    }

    static func message(
        _ id: String, _ text: String, by author: ChatUser, at seconds: TimeInterval = 0,
        type: MessageType = .regular, localState: LocalMessageState = .synced, replyCount: Int = 0,
        parentMessageId: MessageId? = nil, quoting quoted: ChatMessage? = nil, mentioning mentioned: Set<ChatUser> = [],
        deleted: Bool = false, edited: Bool = false, readBy: Set<ChatUser> = [],
        reactions: [MessageReactionType: ChatMessageReactionData] = [:]
    ) -> ChatMessage {
        let date = start.addingTimeInterval(seconds)
        return ChatMessage(
            id: id, cid: cid, text: text, type: type, author: author, createdAt: date,
            textUpdatedAt: edited ? date.addingTimeInterval(5) : nil,
            deletedAt: deleted ? date.addingTimeInterval(10) : nil,
            parentMessageId: parentMessageId, replyCount: replyCount, quotedMessage: quoted,
            mentionedUsers: mentioned, reactionGroups: reactions, localState: localState,
            isSentByCurrentUser: author.id == me.id, readBy: readBy
        )
    }

    static func reaction(_ type: MessageReactionType, count: Int = 1) -> ChatMessageReactionData {
        ChatMessageReactionData(type: type, score: count, count: count, isChosenByCurrentUser: false,
                                firstReactionAt: start, lastReactionAt: start)
    }

    /// An appearance whose timestamps are in UTC, so goldens do not depend on the machine's zone.
    @MainActor static var appearance: Appearance {
        var appearance = Appearance.default
        appearance.formatters.messageTimestamp = DefaultMessageTimestampFormatter(environment: FormattingEnvironment(calendar: utc))
        return appearance
    }

    /// A row for `message` with the resolver's options for it within `messages`, sized at `width`.
    @MainActor static func row(
        _ index: Int, in messages: [ChatMessage], channel: ChatChannel = channel(), width: CGFloat = 360,
        components: Components = .default
    ) -> ChatMessageContentView {
        let resolver = ChatMessageLayoutOptionsResolver(calendar: utc)
        let options = resolver.optionsForMessage(at: index, in: channel, oldestFirst: messages, appearance: appearance)
        let view = components.messageContentView.init(frame: .zero)
        view.appearance = appearance
        view.components = components
        view.setUpLayoutIfNeeded(options: options)
        view.channel = channel
        view.content = messages[index]
        let height = view.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                  verticalFittingPriority: .fittingSizeLevel).height
        view.frame = CGRect(x: 0, y: 0, width: width, height: height)
        view.layoutIfNeeded()
        return view
    }
}

extension ChatMessageLayoutOptionsResolver {
    /// The options of `messages[index]`, with `messages` oldest first as the tests write them
    /// (the resolver reads them newest first, as Stream's does).
    func optionsForMessage(at index: Int, in channel: ChatChannel, oldestFirst messages: [ChatMessage], appearance: Appearance) -> ChatMessageLayoutOptions {
        optionsForMessage(at: IndexPath(item: messages.count - 1 - index, section: 0), in: channel,
                          with: AnyRandomAccessCollection(messages.reversed()), appearance: appearance)
    }
}
