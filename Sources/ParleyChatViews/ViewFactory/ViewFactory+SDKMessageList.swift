import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The message list's defaults of the SwiftUI chat SDK's slots (see ViewFactory+SDKDefaults.swift).

// MARK: - Message list

extension ViewFactory {
    /// An ``EmptyViewModifier``.
    public func makeMessageListModifier() -> some ViewModifier { EmptyViewModifier() }

    /// An ``EmptyViewModifier``.
    public func makeMessageListContainerModifier() -> some ViewModifier { EmptyViewModifier() }

    /// A ``MessageBubbleModifier``.
    public func makeMessageViewModifier(for messageModifierInfo: MessageModifierInfo) -> some ViewModifier {
        MessageBubbleModifier(info: messageModifierInfo)
    }

    /// An ``EmptyViewModifier`` (Parley has no bounced messages).
    public func makeBouncedMessageActionsModifier(viewModel: ChatChannelViewModel) -> some ViewModifier { EmptyViewModifier() }

    /// The factory's ``makeMessageAvatarView(for:)`` of the user (a ``UserAvatarView`` when the
    /// info was not made from a user).
    @ViewBuilder
    public func makeMessageAvatarView(for userDisplayInfo: UserDisplayInfo) -> some View {
        if let user = userDisplayInfo.user {
            makeMessageAvatarView(for: user)
        } else {
            UserAvatarView(info: userDisplayInfo, size: userDisplayInfo.size?.width ?? 32)
        }
    }

    /// A ``UserAvatarView`` of `size`.
    public func makeQuotedMessageAvatarView(for userDisplayInfo: UserDisplayInfo, size: CGSize) -> some View {
        UserAvatarView(info: userDisplayInfo, size: size.width)
    }

    /// The factory's ``makeChannelHeaderViewModifier(for:)`` with an optional channel.
    public func makeChannelHeaderViewModifier(for channel: ChatChannel) -> some ChatChannelHeaderViewModifier {
        let optional: ChatChannel? = channel
        return makeChannelHeaderViewModifier(for: optional)
    }

    /// An ``EmptyViewModifier``.
    public func makeChannelBarsVisibilityViewModifier(shouldShow: Bool) -> some ViewModifier { EmptyViewModifier() }

    /// The factory's ``makeLoadingView()``.
    public func makeChannelLoadingView() -> some Component { makeLoadingView() }

    /// A ``DefaultMessageThreadHeaderModifier``.
    public func makeMessageThreadHeaderViewModifier() -> some MessageThreadHeaderViewModifier { DefaultMessageThreadHeaderModifier() }

    /// localized("factory.edited") under an edited message; nothing otherwise (Parley translates nothing).
    @ViewBuilder
    public func makeMessageTranslationFooterView(messageViewModel: MessageViewModel) -> some View {
        if messageViewModel.isEdited {
            Text(localized("factory.edited")).font(.caption).foregroundColor(Color(Appearance.default.colorPalette.textLowEmphasis))
        }
    }

    /// An ``AttachmentLinesView`` of the images; a tap opens the factory's gallery
    /// (``ChatChannelView/showGallery(of:at:)``).
    public func makeImageAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                        scrolledId: Binding<String?>) -> some View {
        AttachmentLinesView(message: message, types: [.image]).frame(maxWidth: availableWidth, alignment: .leading)
            .onTapGesture { ChatChannelView.showGallery(of: message) }
    }

    /// An ``AttachmentLinesView`` of the images.
    public func makeGiphyAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                        scrolledId: Binding<String?>) -> some View {
        AttachmentLinesView(message: message, types: [.image]).frame(maxWidth: availableWidth, alignment: .leading)
    }

    /// An ``AttachmentLinesView`` of the links.
    public func makeLinkAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                       scrolledId: Binding<String?>) -> some View {
        AttachmentLinesView(message: message, types: [.link]).frame(maxWidth: availableWidth, alignment: .leading)
    }

    /// An ``AttachmentLinesView`` of the files.
    public func makeFileAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                       scrolledId: Binding<String?>) -> some View {
        AttachmentLinesView(message: message, types: [.file]).frame(maxWidth: availableWidth, alignment: .leading)
    }

    /// An ``AttachmentLinesView`` of the files.
    public func makeVideoAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                        scrolledId: Binding<String?>) -> some View {
        AttachmentLinesView(message: message, types: [.file]).frame(maxWidth: availableWidth, alignment: .leading)
    }

    /// The factory's gallery header, then one line per image.
    public func makeGalleryView(mediaAttachments: [MediaAttachment], message: ChatMessage, isShown: Binding<Bool>,
                                options: MediaViewsOptions) -> some View {
        let index = min(max(0, options.selectedIndex), max(0, mediaAttachments.count - 1))
        return VStack(alignment: .leading, spacing: 8) {
            makeGalleryHeaderView(title: message.author.name, subtitle: "\(index + 1) " + localized("factory.of") + " \(mediaAttachments.count)", shown: isShown)
            ForEach(mediaAttachments) { media in
                SymbolLine(symbol: symbol("photo"), text: media.title ?? media.url.lastPathComponent).padding(.horizontal, 16)
            }
        }
    }

    /// A ``MediaHeaderView``.
    public func makeGalleryHeaderView(title: String, subtitle: String, shown: Binding<Bool>) -> some View {
        MediaHeaderView(title: title, subtitle: subtitle, shown: shown)
    }

    /// The factory's video player header and footer (Parley plays no video).
    public func makeVideoPlayerView(attachment: ChatMessageVideoAttachment, message: ChatMessage, isShown: Binding<Bool>,
                                    options: MediaViewsOptions) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            makeVideoPlayerHeaderView(title: message.author.name, subtitle: attachment.videoURL.lastPathComponent, shown: isShown)
            Spacer()
            makeVideoPlayerFooterView(attachment: attachment, shown: isShown)
        }
    }

    /// A ``MediaHeaderView``.
    public func makeVideoPlayerHeaderView(title: String, subtitle: String, shown: Binding<Bool>) -> some View {
        MediaHeaderView(title: title, subtitle: subtitle, shown: shown)
    }

    /// The video's title.
    public func makeVideoPlayerFooterView(attachment: ChatMessageVideoAttachment, shown: Binding<Bool>) -> some View {
        SymbolLine(symbol: symbol("photo"), text: attachment.title ?? attachment.videoURL.lastPathComponent).padding(16)
    }

    /// The text at 50 points, without a bubble.
    public func makeEmojiTextView(message: ChatMessage, scrolledId: Binding<String?>, isFirst: Bool) -> some View {
        Text(message.text).font(.system(size: 50))
    }

    /// An ``AttachmentLinesView`` of the files.
    public func makeVoiceRecordingView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                       scrolledId: Binding<String?>) -> some View {
        AttachmentLinesView(message: message, types: [.file]).frame(maxWidth: availableWidth, alignment: .leading)
    }

    /// Nothing: the row asks for this view when a message has an attachment of an app's own type
    /// (``ParleyChat/CustomAttachmentPayload``); an app's factory draws it, reading it with
    /// `message.attachments(payloadType:)`.
    public func makeCustomAttachmentViewType(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                             scrolledId: Binding<String?>) -> some View {
        EmptyView()
    }

    /// A ``ScrollToBottomButtonView``.
    public func makeScrollToBottomButton(unreadCount: Int, onScrollToBottom: @escaping () -> Void) -> some View {
        ScrollToBottomButtonView(unreadCount: unreadCount, onScrollToBottom: onMain(onScrollToBottom))
    }

    /// `dateString` on a capsule, in the footnote font.
    public func makeDateIndicatorView(dateString: String) -> some View {
        let palette = Appearance.default.colorPalette
        return Text(dateString)
            .font(.footnote)
            .foregroundColor(Color(palette.textLowEmphasis))
            .padding(.horizontal, 10)
            .padding(.vertical, 4)
            .background(Capsule().fill(Color(palette.background2)))
    }

    /// Nothing (Parley has no GIFs).
    public func makeGiphyBadgeViewType(for message: ChatMessage, availableWidth: CGFloat) -> some View { EmptyView() }

    /// The factory's ``makeMessageRepliesView(channel:message:replyCount:onTap:)``, opening the
    /// thread as the row asking for it does (else from the newest screen showing the channel).
    public func makeMessageRepliesView(channel: ChatChannel, message: ChatMessage, replyCount: Int) -> some Component {
        let open = ThreadTapContext.current ?? { ChatChannelView.showThread(of: $0) }
        return makeMessageRepliesView(channel: channel, message: message, replyCount: replyCount, onTap: { open(message) })
    }

    /// "Replied to a thread" and the root's text; tapping it opens the thread.
    public func makeMessageRepliesShownInChannelView(channel: ChatChannel, message: ChatMessage, parentMessage: ChatMessage,
                                                     replyCount: Int) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .center, spacing: 4) {
            Text(localized("factory.repliedToThread")).font(.footnote.bold()).foregroundColor(Color(palette.accentPrimary))
            Text(parentMessage.text).font(.footnote).foregroundColor(Color(palette.textLowEmphasis))
        }
        .onTapGesture { ChatChannelView.showThread(of: parentMessage) }
    }
}
