import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The default implementation of every slot. Parts ask `self` for their nested parts, so a custom
// factory's overrides reach inside the defaults.
extension ViewFactory {
    /// A ``ChatChannelListItem`` whose avatar comes from this factory.
    public func makeChannelListItem(
        channel: ChatChannel, channelName: String, currentUserId: UserId?, onItemTap: @escaping @MainActor (ChatChannel) -> Void
    ) -> some View {
        ChatChannelListItem(factory: self, channel: channel, channelName: channelName, currentUserId: currentUserId, onItemTap: onItemTap)
    }

    /// A ``ChannelAvatarView``.
    public func makeChannelAvatarView(for channel: ChatChannel, currentUserId: UserId?, size: CGFloat) -> some View {
        ChannelAvatarView(channel: channel, currentUserId: currentUserId, size: size)
    }

    /// A hairline in the palette's border colour, inset past the rows' avatars.
    public func makeChannelListDividerItem() -> some View {
        Divider(color: Appearance.default.colorPalette.border).padding(.leading, 76)
    }

    /// Nothing: rows are drawn over the list's background.
    public func makeChannelListItemBackground(channel: ChatChannel, isSelected: Bool) -> some View {
        Color.clear
    }

    /// Nothing (a custom factory puts a search bar here).
    public func makeChannelListTopView(searchText: Binding<String>) -> some View { EmptyView() }

    /// Nothing.
    public func makeChannelListFooterView() -> some View { EmptyView() }

    /// A ``NoChannelsView``.
    public func makeNoChannelsView() -> some View { NoChannelsView() }

    /// A ``LoadingView``.
    public func makeLoadingView() -> some View { LoadingView() }

    /// A ``DefaultChannelHeaderModifier``: the UIKit-style `ChatChannelHeaderView` as title view.
    public func makeChannelHeaderViewModifier(for channel: ChatChannel?) -> some ChatChannelHeaderViewModifier {
        DefaultChannelHeaderModifier()
    }

    /// A ``MessageContainerView`` whose parts come from this factory.
    public func makeMessageContainerView(
        channel: ChatChannel,
        message: ChatMessage,
        width: CGFloat?,
        showsAllInfo: Bool,
        isInThread: Bool,
        scrolledId: Binding<String?>,
        quotedMessage: Binding<ChatMessage?>,
        onLongPress: @escaping (MessageDisplayInfo) -> (),
        isLast: Bool
    ) -> some View {
        MessageContainerView(factory: self, channel: channel, message: message, width: width, showsAllInfo: showsAllInfo,
                             isInThread: isInThread, scrolledId: scrolledId, quotedMessage: quotedMessage,
                             onLongPress: onLongPress, isLast: isLast)
    }

    /// A ``SystemMessageView`` of the message's text.
    public func makeSystemMessageView(message: ChatMessage) -> some View {
        SystemMessageView(message: message.text)
    }

    /// A ``MessageTextView``.
    public func makeMessageTextView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat, scrolledId: Binding<String?>) -> some View {
        MessageTextView(message: message).frame(maxWidth: availableWidth)
    }

    /// A 32-point ``MessageAvatarView``.
    public func makeMessageAvatarView(for user: ChatUser) -> some View {
        MessageAvatarView(user: user, size: 32)
    }

    /// A ``MessageDateView``.
    public func makeMessageDateView(for message: ChatMessage) -> some View {
        MessageDateView(message: message)
    }

    /// A ``DateIndicatorView``.
    public func makeDateIndicatorView(date: Date) -> some View {
        DateIndicatorView(date: date)
    }

    /// The factory's ``ViewFactory/makeDateIndicatorView(date:)``.
    public func makeMessageListDateIndicator(date: Date) -> some Component {
        makeDateIndicatorView(date: date)
    }

    /// "Message deleted", in the italic body font and the low-emphasis colour.
    public func makeDeletedMessageView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat) -> some View {
        let appearance = Appearance.default
        return Text(appearance.l10n.tr("message.deleted"), font: appearance.fonts.bodyItalic,
                    textColor: appearance.colorPalette.textLowEmphasis)
    }

    /// Nothing.
    public func makeLastInGroupHeaderView(for message: ChatMessage) -> some View { EmptyView() }

    /// The factory's ``ViewFactory/makeMessageDateView(for:)``.
    public func makeMessageAuthorAndDateView(for message: ChatMessage) -> some Component {
        makeMessageDateView(for: message)
    }

    /// A ``QuotedMessageView``.
    public func makeQuotedMessageView(quotedMessage: ChatMessage, isSentByCurrentUser: Bool, scrolledId: Binding<String?>) -> some View {
        QuotedMessageView(quotedMessage: quotedMessage, scrolledId: scrolledId)
    }

    /// A ``MessageRepliesView``.
    public func makeMessageRepliesView(channel: ChatChannel, message: ChatMessage, replyCount: Int, onTap: @escaping @MainActor () -> Void) -> some View {
        MessageRepliesView(replyCount: replyCount, onTap: onTap)
    }

    /// A ``ReactionsView``.
    public func makeMessageReactionView(message: ChatMessage, onTapGesture: @escaping @MainActor () -> Void) -> some View {
        ReactionsView(message: message, onTap: onTapGesture)
    }

    /// A ``ReactionsOverlayView`` over the factory's
    /// ``makeReactionsBackgroundView(currentSnapshot:popInAnimationInProgress:)`` (given the key
    /// window as the overlay opens), with the
    /// factory's ``makeReactionsContentView(message:contentRect:onReactionTap:)`` as its picker
    /// and the default row's bubble of the message (``MessageContainerView/bubble(maxWidth:)``,
    /// the factory's parts) as the raised message.
    public func makeReactionsOverlayView(
        channel: ChatChannel,
        messageDisplayInfo: MessageDisplayInfo,
        onReaction: @escaping @MainActor (MessageReactionType) -> Void,
        onReply: @escaping @MainActor () -> Void,
        onBackgroundTap: @escaping @MainActor () -> Void
    ) -> some Component {
        let message = messageDisplayInfo.message
        let react = onReaction
        // What the screen shows as the overlay opens (a factory's background may draw it).
        let snapshot = UIApplication.shared.keyWindow?.renderImage(scale: 1)
            ?? UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), scale: 1).image { _ in }
        return ReactionsOverlayView(
            channel: channel, messageDisplayInfo: messageDisplayInfo,
            background: makeReactionsBackgroundView(currentSnapshot: snapshot, popInAnimationInProgress: false),
            reactions: makeReactionsContentView(message: message, contentRect: messageDisplayInfo.frame, onReactionTap: { type in
                MainActor.assumeIsolated { react(type) }
            }),
            preview: MessageContainerView(factory: self, channel: channel, message: message, width: nil, showsAllInfo: messageDisplayInfo.showsAllInfo,
                                          isInThread: false, scrolledId: .constant(nil), quotedMessage: .constant(nil), onLongPress: { _ in }, isLast: false)
                .bubble(maxWidth: messageDisplayInfo.contentWidth > 0 ? messageDisplayInfo.contentWidth : messageDisplayInfo.frame.width),
            actions: makeMessageActionsView(for: message, channel: channel, onFinish: { info in
                MainActor.assumeIsolated { info.identifier == MessageActionIdentifier.inlineReply ? onReply() : onBackgroundTap() }
            }, onError: { error in
                MainActor.assumeIsolated { MessageActionAlerts.show(error) }
            }),
            users: message.latestReactions.isEmpty ? nil : makeReactionsUsersView(message: message, maxHeight: 280),
            onReaction: onReaction, onReply: onReply, onBackgroundTap: onBackgroundTap)
    }

    /// A ``TypingIndicatorBottomView``.
    public func makeTypingIndicatorBottomView(channel: ChatChannel, currentUserId: UserId?) -> some View {
        TypingIndicatorBottomView(channel: channel, currentUserId: currentUserId)
    }

    /// An ``EmptyMessagesView``.
    public func makeEmptyMessagesView(for channel: ChatChannel, colors: ColorPalette) -> some View {
        EmptyMessagesView()
    }

    /// The palette's background colour.
    public func makeMessageListBackground(colors: ColorPalette, isInThread: Bool) -> some View {
        Color(colors.background)
    }

    /// A ``MessageComposerView`` whose send button comes from this factory.
    public func makeMessageComposerViewType(
        with channelController: ChatChannelController,
        quotedMessage: Binding<ChatMessage?>,
        onMessageSent: @escaping @MainActor () -> Void
    ) -> some Component {
        MessageComposerView(factory: self, channelController: channelController, quotedMessage: quotedMessage, onMessageSent: onMessageSent)
    }

    /// A ``TextField`` bound to `text` (cut to `maxMessageLength`), greyed when not editable.
    public func makeComposerTextInputView(
        text: Binding<String>,
        height: Binding<CGFloat>,
        selectedRangeLocation: Binding<Int>,
        placeholder: String,
        editable: Bool,
        maxMessageLength: Int?,
        currentHeight: CGFloat
    ) -> some View {
        let limited = Binding<String>(get: { text.wrappedValue }, set: { newValue in
            guard editable else { return }
            text.wrappedValue = maxMessageLength.map { String(newValue.prefix($0)) } ?? newValue
        })
        return TextField(placeholder, text: limited)
            .padding(.horizontal, 12)
            .padding(.vertical, 8)
            .opacity(editable ? 1 : 0.5)
    }

    /// The factory's send button (``makeSendMessageButton(enabled:onTap:)``).
    public func makeTrailingComposerView(enabled: Bool, cooldownDuration: Int, onTap: @escaping () -> Void) -> some Component {
        // Stream's signature takes a plain closure; the composer calls it on the main actor.
        nonisolated(unsafe) let tap = onTap
        return makeSendMessageButton(enabled: enabled, onTap: { tap() })
    }

    /// The palette's background colour.
    public func makeChannelListBackground(colors: ColorPalette) -> some View {
        Color(colors.background)
    }

    /// A ``SendMessageButton``.
    public func makeSendMessageButton(enabled: Bool, onTap: @escaping @MainActor () -> Void) -> some View {
        SendMessageButton(enabled: enabled, onTap: onTap)
    }
}

/// The default channel header: a `Components.default.channelHeaderView` (name and member count or
/// online status) as the navigation item's title view.
public struct DefaultChannelHeaderModifier: ChatChannelHeaderViewModifier {
    /// The default header.
    public init() {}

    /// Puts a header view showing `channel` in the title view (reusing the one already there).
    public func apply(to navigationItem: UINavigationItem, channel: ChatChannel?, currentUserId: UserId?) {
        let header = navigationItem.titleView as? ChatChannelHeaderView ?? Components.default.channelHeaderView.init(frame: .zero)
        header.currentUserId = currentUserId
        header.content = channel
        header.invalidateIntrinsicContentSize()
        navigationItem.titleView = header
        navigationItem.title = header.titleText
    }
}
