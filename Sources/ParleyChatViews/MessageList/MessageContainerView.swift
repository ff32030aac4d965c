import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The default message row: the current user's messages on the right in a tinted bubble, others'
/// on the left with their avatar beside the last message of a group, the quoted message, the
/// text, the reactions, "N replies" and the time. System messages become the factory's
/// ``ViewFactory/makeSystemMessageView(message:)``.
///
/// Every part comes from `factory`, so a factory that overrides only the avatar keeps this row
/// and changes its avatars.
public struct MessageContainerView<Factory: ViewFactory>: View {
    /// The factory the parts come from.
    public let factory: Factory
    /// The channel.
    public let channel: ChatChannel
    /// The message.
    public let message: ChatMessage
    /// The row's width (`nil`: the constraint's).
    public let width: CGFloat?
    /// Whether the message is the last of its group (avatar, name and time show).
    public let showsAllInfo: Bool
    /// Whether the row is in a thread (no "N replies" there).
    public let isInThread: Bool
    /// The list's scrolled id (the quoted message sets it when tapped).
    public let scrolledId: Binding<String?>
    /// The composer's quoted message.
    public let quotedMessage: Binding<ChatMessage?>
    /// Called on a long press.
    public let onLongPress: (MessageDisplayInfo) -> ()
    /// Whether this is the newest message.
    public let isLast: Bool
    /// Opens the message's thread ("N replies" tapped).
    public var onThreadTap: @MainActor (ChatMessage) -> Void

    /// The avatar's size.
    public static var avatarSize: CGFloat { 32 }

    /// The row of `message`, its parts from `factory`.
    public init(
        factory: Factory, channel: ChatChannel, message: ChatMessage, width: CGFloat?, showsAllInfo: Bool, isInThread: Bool,
        scrolledId: Binding<String?>, quotedMessage: Binding<ChatMessage?>, onLongPress: @escaping (MessageDisplayInfo) -> (), isLast: Bool,
        onThreadTap: @escaping @MainActor (ChatMessage) -> Void = { ChatChannelView.showThread(of: $0) }
    ) {
        self.factory = factory
        self.channel = channel
        self.message = message
        self.width = width
        self.showsAllInfo = showsAllInfo
        self.isInThread = isInThread
        self.scrolledId = scrolledId
        self.quotedMessage = quotedMessage
        self.onLongPress = onLongPress
        self.isLast = isLast
        self.onThreadTap = onThreadTap
    }

    /// The factory's views of the message's attachments, as the SDK's message view picks them:
    /// its images, its files, its link previews, its custom attachments (an app's own types,
    /// `makeCustomAttachmentViewType`; each kind once, above the text). Each is typed
    /// as the factory's slot type, so the call is the factory's slot, not the default's.
    func attachmentViews(availableWidth: CGFloat) -> [any Component] {
        let types = Set(message.attachments.map(\.type))
        var views: [any Component] = []
        if types.contains(.image) {
            let view: Factory.ImageAttachmentViewType = factory.makeImageAttachmentView(
                for: message, isFirst: showsAllInfo, availableWidth: availableWidth, scrolledId: scrolledId)
            views.append(view)
        }
        if types.contains(.file) {
            let view: Factory.FileAttachmentViewType = factory.makeFileAttachmentView(
                for: message, isFirst: showsAllInfo, availableWidth: availableWidth, scrolledId: scrolledId)
            views.append(view)
        }
        if types.contains(.link) {
            let view: Factory.LinkAttachmentViewType = factory.makeLinkAttachmentView(
                for: message, isFirst: showsAllInfo, availableWidth: availableWidth, scrolledId: scrolledId)
            views.append(view)
        }
        if types.contains(where: { !$0.isBuiltIn }) {
            let view: Factory.CustomAttachmentViewType = factory.makeCustomAttachmentViewType(
                for: message, isFirst: showsAllInfo, availableWidth: availableWidth, scrolledId: scrolledId)
            views.append(view)
        }
        return views
    }

    /// The widest the bubble may be in a row `width` points wide (80 % of what the avatar leaves).
    func bubbleMaxWidth(rowWidth: CGFloat) -> CGFloat {
        let config = ChatViews.utils.messageListConfig
        let gutter: CGFloat = message.isSentByCurrentUser || !config.messageDisplayOptions.showAvatars ? 0 : Self.avatarSize + 8
        return max(60, ((rowWidth - 2 * config.messagePaddings.horizontal - gutter) * 0.8).rounded(.down))
    }

    /// The message's bubble: the quoted message, the attachments and the text, with the factory's
    /// message modifier, at most `maxWidth` points wide. The reactions overlay raises this bubble,
    /// laid out at the width the row's had.
    public func bubble(maxWidth: CGFloat) -> some Component {
        let isOwn = message.isSentByCurrentUser
        let textMax = maxWidth - 24
        var bubbleParts: [any Component] = []
        if let quoted = message.quotedMessage {
            bubbleParts.append(factory.makeQuotedMessageView(quotedMessage: quoted, isSentByCurrentUser: isOwn, scrolledId: scrolledId))
        }
        if message.isDeleted {
            bubbleParts.append(factory.makeDeletedMessageView(for: message, isFirst: showsAllInfo, availableWidth: textMax))
        } else {
            bubbleParts += attachmentViews(availableWidth: textMax)
        }
        if !message.isDeleted, !message.text.isEmpty {
            // With attachments the text is the SDK's attachment text slot (its default is the message text view).
            bubbleParts.append(message.attachments.isEmpty
                ? factory.makeMessageTextView(for: message, isFirst: showsAllInfo, availableWidth: textMax, scrolledId: scrolledId)
                : factory.makeAttachmentTextView(options: AttachmentTextViewOptions(message: message, availableWidth: textMax, scrolledId: scrolledId)))
        }
        return VStack(spacing: 6, children: bubbleParts)
            .modifier(factory.makeMessageViewModifier(for: MessageModifierInfo(message: message, isFirst: showsAllInfo)))
    }

    /// The row.
    public var body: AnyComponent {
        if message.type == .system {
            return factory.makeSystemMessageView(message: message).eraseToAnyComponent()
        }
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        let isOwn = message.isSentByCurrentUser
        let config = ChatViews.utils.messageListConfig
        let options = config.messageDisplayOptions
        let horizontalPadding = config.messagePaddings.horizontal
        let bubbleMax = bubbleMaxWidth(rowWidth: width ?? 390)
        let bubble = self.bubble(maxWidth: bubbleMax).frame(maxWidth: bubbleMax)

        let message = self.message
        let onLongPress = self.onLongPress
        let showsAllInfo = self.showsAllInfo
        var column: [any Component] = []
        let isGroup = max(channel.memberCount, channel.members.count) > 2
        if showsAllInfo {
            // An empty header takes no row (and no spacing).
            let header = factory.makeLastInGroupHeaderView(for: message)
            if !(header is EmptyView) { column.append(header) }
        }
        if showsAllInfo, !isOwn, isGroup {
            column.append(Text(message.author.name.isEmpty ? message.author.id : message.author.name,
                               font: appearance.fonts.caption1Bold, textColor: palette.textLowEmphasis, numberOfLines: 1)
                .frame(maxWidth: bubbleMax).inset(h: 12, v: 0))
        }
        column.append(bubble.onLongPressGesture { view in
            let frame = view.convert(view.bounds, to: nil)
            onLongPress(MessageDisplayInfo(message: message, frame: frame, contentWidth: bubbleMax, showsAllInfo: showsAllInfo))
        }.id(MessageDisplayInfo.bubbleID(of: message.id)))
        let showsReactions = !message.reactionGroups.isEmpty && channel.config.reactionsEnabled && !message.isDeleted
        // A tap on the reactions opens the overlay with who reacted instead of the actions.
        let openOverlay = { (showsActions: Bool) in
            onLongPress(MessageDisplayInfo(message: message, frame: .zero, contentWidth: bubbleMax, showsAllInfo: showsAllInfo,
                                           showsMessageActions: showsActions))
        }
        if showsReactions, options.reactionsPlacement == .top {
            // The SDK's slot (its default is Parley's two-argument one); a long press opens the overlay with the actions.
            column.append(factory.makeMessageReactionView(message: message, onTapGesture: { openOverlay(false) },
                                                          onLongPressGesture: { openOverlay(true) }).id(message.id + "-reactions"))
        }
        if message.replyCount > 0, !isInThread, message.parentMessageId == nil {
            // The SDK's slot, without a tap handler: its default is Parley's slot with this row's thread opener.
            column.append(ThreadTapContext.with(onThreadTap) {
                factory.makeMessageRepliesView(channel: channel, message: message, replyCount: message.replyCount)
            })
        }
        if showsReactions, options.reactionsPlacement == .bottom {
            // The SDK's bottom slot, after the replies as in its row; both gestures show who reacted.
            // Its own identity: the views of the parts after it (the time) are not handed to it when it appears.
            column.append(factory.makeBottomReactionsView(message: message, showsAllInfo: showsAllInfo, onTap: { openOverlay(false) },
                                                          onLongPress: { openOverlay(false) }).id(message.id + "-bottom-reactions"))
        }
        if showsAllInfo, options.showMessageDate {
            var date: any Component = isGroup && !isOwn
                ? factory.makeMessageAuthorAndDateView(for: message) : factory.makeMessageDateView(for: message)
            if isOwn, channel.config.readEventsEnabled, !message.isDeleted {
                // The read indicator before the time of the current user's messages, as in the SDK's row.
                date = HStack(spacing: 4, alignItems: .center) {
                    factory.makeMessageReadIndicatorView(channel: channel, message: message)
                    AnyComponent(date)
                }
            }
            column.append(AnyComponent(date).inset(h: 4, v: 0))
        }
        let stack = VStack(spacing: 3, alignItems: isOwn ? .end : .start, children: column)

        let row: any Component
        if isOwn || !options.showAvatars {
            row = isOwn ? HStack(alignItems: .end) { Spacer(); stack } : HStack(alignItems: .end) { stack; Spacer() }
        } else {
            let avatar: any Component = showsAllInfo
                ? factory.makeMessageAvatarView(for: message.authorDisplayInfo)
                : Space(width: Self.avatarSize, height: Self.avatarSize)
            // The avatar sits beside the bubble's bottom, above the time.
            let bottom: CGFloat = showsAllInfo ? 18 : 0
            row = HStack(spacing: 8, alignItems: .end) {
                AnyComponent(avatar).inset(bottom: bottom)
                stack
                Spacer()
            }
        }
        // Rows carry their own spacing, as seed 002's container does: more below a group's last message.
        return AnyComponent(row).inset(top: 0, left: horizontalPadding, bottom: showsAllInfo ? 10 : 2, right: horizontalPadding).eraseToAnyComponent()
    }
}

/// The thread opener of the message row being built, for the SDK's "N replies" slot, which has
/// no tap handler: its default hands this one to Parley's slot.
@preconcurrency @MainActor
enum ThreadTapContext {
    /// The row's opener while its parts are made (`nil`: open from the newest channel screen).
    private(set) static var current: (@MainActor (ChatMessage) -> Void)?

    /// `make()` with `onThreadTap` as the current opener.
    static func with<Result>(_ onThreadTap: @escaping @MainActor (ChatMessage) -> Void, _ make: () -> Result) -> Result {
        let previous = current
        current = onThreadTap
        defer { current = previous }
        return make()
    }
}
