import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The defaults of the slots the SwiftUI chat SDK's factories have beyond Parley's first ones.
// Where the SDK's signature differs from an older Parley slot of the same part, the SDK's slot
// defaults to Parley's, so overriding either one changes the part.

// MARK: - Channel list

extension ViewFactory {
    /// The injected client (set up by ``StreamChat``).
    public var chatClient: ChatClient { InjectedValues[\.chatClient] }

    /// Inline titles.
    public func navigationBarDisplayMode() -> NavigationBarItem.TitleDisplayMode { .inline }

    /// A ``DefaultChannelListHeaderModifier``: the title.
    public func makeChannelListHeaderViewModifier(title: String) -> some ChannelListHeaderViewModifier {
        DefaultChannelListHeaderModifier(title: title)
    }

    /// The factory's ``makeChannelListItem(channel:channelName:currentUserId:onItemTap:)``, faded
    /// when `disabled`.
    public func makeChannelListItem(
        channel: ChatChannel,
        channelName: String,
        avatar: UIImage,
        onlineIndicatorShown: Bool,
        disabled: Bool,
        selectedChannel: Binding<ChannelSelectionInfo?>,
        swipedChannelId: Binding<String?>,
        channelDestination: @escaping (ChannelSelectionInfo) -> ChannelDestination,
        onItemTap: @escaping (ChatChannel) -> Void,
        trailingSwipeRightButtonTapped: @escaping (ChatChannel) -> Void,
        trailingSwipeLeftButtonTapped: @escaping (ChatChannel) -> Void,
        leadingSwipeButtonTapped: @escaping (ChatChannel) -> Void
    ) -> some View {
        let tap = onMain(onItemTap)
        return makeChannelListItem(channel: channel, channelName: channelName, currentUserId: ChatViews.client?.currentUserId,
                                   onItemTap: { channel in if !disabled { tap(channel) } })
            .opacity(disabled ? 0.5 : 1)
    }

    /// The factory's ``makeChannelAvatarView(for:currentUserId:size:)`` at the options' width.
    public func makeChannelAvatarView(for channel: ChatChannel, with options: ChannelAvatarViewOptions) -> some Component {
        makeChannelAvatarView(for: channel, currentUserId: ChatViews.client?.currentUserId, size: options.size.width)
    }

    /// An ``ActionListView`` of the channel's ``supportedMoreChannelActions(for:onDismiss:onError:)``,
    /// titled with the channel's name.
    public func makeMoreChannelActionsView(
        for channel: ChatChannel,
        swipedChannelId: Binding<String?>,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void
    ) -> some View {
        let actions = supportedMoreChannelActions(for: channel, onDismiss: onDismiss, onError: onError)
        let dismiss = onMain(onDismiss)
        return ActionListView(title: channel.name ?? channel.cid.rawValue, rows: actions.map { action in
            let run = action.action
            return ActionListView.Row(id: action.id, title: action.title, iconName: action.iconName, isDestructive: action.isDestructive) {
                swipedChannelId.wrappedValue = nil
                run()
                dismiss()
            }
        })
    }

    /// ``ChannelAction/defaultActions(for:chatClient:onDismiss:onError:)`` (none without a client).
    public func supportedMoreChannelActions(
        for channel: ChatChannel,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void
    ) -> [ChannelAction] {
        guard let client = ChatViews.client else { return [] }
        return ChannelAction.defaultActions(for: channel, chatClient: client, onDismiss: onDismiss, onError: onError)
    }

    /// Two buttons, `buttonWidth` points each: more (the left) and delete (the right).
    public func makeTrailingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        leftButtonTapped: @escaping (ChatChannel) -> Void,
        rightButtonTapped: @escaping (ChatChannel) -> Void
    ) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack(spacing: 0) {
            Spacer()
            Button(action: onMain(leftButtonTapped, channel)) {
                Image(systemName: "ellipsis").foregroundColor(Color(palette.text))
                    .frame(width: buttonWidth).frame(maxHeight: .infinity)
                    .background(Color(palette.background1))
            }
            Button(action: onMain(rightButtonTapped, channel)) {
                Image(systemName: "trash").foregroundColor(.white)
                    .frame(width: buttonWidth).frame(maxHeight: .infinity)
                    .background(Color(palette.alert))
            }
        }
    }

    /// Nothing (as in the SDK).
    public func makeLeadingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        buttonTapped: @escaping (ChatChannel) -> Void
    ) -> some View {
        EmptyView()
    }

    /// Nothing (as in the SDK).
    public func makeChannelListStickyFooterView() -> some View { EmptyView() }

    /// "Searching…" while loading, "No results" without any, else one
    /// ``makeChannelListSearchResultItem(searchResult:onlineIndicatorShown:channelName:avatar:onSearchResultTap:channelDestination:)``
    /// per result.
    @ViewBuilder
    public func makeSearchResultsView(
        selectedChannel: Binding<ChannelSelectionInfo?>,
        searchResults: [ChannelSelectionInfo],
        loadingSearchResults: Bool,
        onlineIndicatorShown: @escaping (ChatChannel) -> Bool,
        channelNaming: @escaping (ChatChannel) -> String,
        imageLoader: @escaping (ChatChannel) -> UIImage,
        onSearchResultTap: @escaping (ChannelSelectionInfo) -> Void,
        onItemAppear: @escaping (Int) -> Void
    ) -> some View {
        if loadingSearchResults {
            SymbolLine(symbol: "magnifyingglass", text: "Searching…").padding(16)
        } else if searchResults.isEmpty {
            SymbolLine(symbol: "magnifyingglass", text: "No results").padding(16)
        } else {
            let destination = makeChannelDestination()
            VStack(alignment: .leading, spacing: 0) {
                ForEach(searchResults) { result in
                    makeChannelListSearchResultItem(searchResult: result, onlineIndicatorShown: onlineIndicatorShown(result.channel),
                                                    channelName: channelNaming(result.channel), avatar: imageLoader(result.channel),
                                                    onSearchResultTap: onSearchResultTap, channelDestination: destination)
                }
            }
        }
    }

    /// The channel's avatar, its name and the message found (or the channel's preview).
    public func makeChannelListSearchResultItem(
        searchResult: ChannelSelectionInfo,
        onlineIndicatorShown: Bool,
        channelName: String,
        avatar: UIImage,
        onSearchResultTap: @escaping (ChannelSelectionInfo) -> Void,
        channelDestination: @escaping (ChannelSelectionInfo) -> ChannelDestination
    ) -> some View {
        let palette = Appearance.default.colorPalette
        let detail = searchResult.message?.text ?? searchResult.channel.previewMessage?.text ?? ""
        return HStack(alignment: .center, spacing: 12) {
            makeChannelAvatarView(for: searchResult.channel, with: ChannelAvatarViewOptions(size: CGSize(width: 40, height: 40)))
            VStack(alignment: .leading, spacing: 2) {
                Text(channelName).font(.body.bold())
                Text(detail).font(.subheadline).foregroundColor(Color(palette.subtitleText))
            }
            Spacer()
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 8)
        .onTapGesture(perform: onMain(onSearchResultTap, searchResult))
    }

    /// An ``EmptyViewModifier``.
    public func makeChannelListContentModifier() -> some ViewModifier { EmptyViewModifier() }

    /// An ``EmptyViewModifier``.
    public func makeChannelListModifier() -> some ViewModifier { EmptyViewModifier() }
}

// MARK: - Navigation

extension ViewFactory {
    /// A ``ChatChannelScreen`` of the channel, with this factory's parts.
    public func makeChannelDestination() -> (ChannelSelectionInfo) -> ChatChannelScreen<Self> {
        { [self] info in ChatChannelScreen(factory: self, cid: info.channel.cid) }
    }

    /// A ``ChatChannelScreen`` of the message's thread, with this factory's parts.
    public func makeMessageThreadDestination() -> (ChatChannel, ChatMessage) -> ChatChannelScreen<Self> {
        { [self] channel, message in ChatChannelScreen(factory: self, cid: channel.cid, threadRoot: message) }
    }

    /// The factory's ``makeMessageThreadDestination()`` for the thread's channel and root.
    public func makeThreadDestination() -> (ChatThread) -> MessageThreadDestination {
        let destination = makeMessageThreadDestination()
        return { thread in destination(thread.channel, thread.parentMessage) }
    }
}

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

    /// "Edited" under an edited message; nothing otherwise (Parley translates nothing).
    @ViewBuilder
    public func makeMessageTranslationFooterView(messageViewModel: MessageViewModel) -> some View {
        if messageViewModel.isEdited {
            Text("Edited").font(.caption).foregroundColor(Color(Appearance.default.colorPalette.textLowEmphasis))
        }
    }

    /// An ``AttachmentLinesView`` of the images.
    public func makeImageAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                        scrolledId: Binding<String?>) -> some View {
        AttachmentLinesView(message: message, types: [.image]).frame(maxWidth: availableWidth, alignment: .leading)
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
            makeGalleryHeaderView(title: message.author.name, subtitle: "\(index + 1) of \(mediaAttachments.count)", shown: isShown)
            ForEach(mediaAttachments) { media in
                SymbolLine(symbol: "photo", text: media.title ?? media.url.lastPathComponent).padding(.horizontal, 16)
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
        SymbolLine(symbol: "photo", text: attachment.title ?? attachment.videoURL.lastPathComponent).padding(16)
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

    /// Nothing (the app draws its attachments).
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

    /// The factory's ``makeMessageRepliesView(channel:message:replyCount:onTap:)``, opening the thread.
    public func makeMessageRepliesView(channel: ChatChannel, message: ChatMessage, replyCount: Int) -> some Component {
        makeMessageRepliesView(channel: channel, message: message, replyCount: replyCount, onTap: { ChatChannelView.showThread(of: message) })
    }

    /// "Replied to a thread" and the root's text; tapping it opens the thread.
    public func makeMessageRepliesShownInChannelView(channel: ChatChannel, message: ChatMessage, parentMessage: ChatMessage,
                                                     replyCount: Int) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .center, spacing: 4) {
            Text("Replied to a thread:").font(.footnote.bold()).foregroundColor(Color(palette.accentPrimary))
            Text(parentMessage.text).font(.footnote).foregroundColor(Color(palette.textLowEmphasis))
        }
        .onTapGesture { ChatChannelView.showThread(of: parentMessage) }
    }

    /// The factory's ``makeMessageComposerViewType(with:quotedMessage:onMessageSent:)``.
    public func makeMessageComposerViewType(
        with channelController: ChatChannelController,
        messageController: ChatMessageController?,
        quotedMessage: Binding<ChatMessage?>,
        editedMessage: Binding<ChatMessage?>,
        onMessageSent: @escaping () -> Void
    ) -> some Component {
        makeMessageComposerViewType(with: channelController, quotedMessage: quotedMessage, onMessageSent: onMain(onMessageSent))
    }

    /// The attachments button: expands the media picker, or collapses it.
    public func makeLeadingComposerView(state: Binding<PickerTypeState>, channelConfig: ChannelConfig?) -> some View {
        let palette = Appearance.default.colorPalette
        let expanded = state.wrappedValue != .collapsed
        return Button(action: { state.wrappedValue = expanded ? .collapsed : .expanded(.media) }) {
            Image(systemName: "paperclip").foregroundColor(Color(expanded ? palette.accentPrimary : palette.inactiveTint))
        }
        .padding(.leading, 8)
    }

    /// The quoted message, the added attachments and the factory's text input.
    public func makeComposerInputView(
        text: Binding<String>,
        selectedRangeLocation: Binding<Int>,
        command: Binding<ComposerCommand?>,
        addedAssets: [AddedAsset],
        addedFileURLs: [URL],
        addedCustomAttachments: [CustomAttachment],
        quotedMessage: Binding<ChatMessage?>,
        maxMessageLength: Int?,
        cooldownDuration: Int,
        onCustomAttachmentTap: @escaping (CustomAttachment) -> Void,
        shouldScroll: Bool,
        removeAttachmentWithId: @escaping (String) -> Void
    ) -> some View {
        let palette = Appearance.default.colorPalette
        return VStack(alignment: .leading, spacing: 4) {
            if let quoted = quotedMessage.wrappedValue {
                makeQuotedMessageView(quotedMessage: quoted, fillAvailableSpace: true, isInComposer: true, scrolledId: .constant(nil))
            }
            ForEach(addedAssets) { asset in
                SymbolLine(symbol: "photo", text: asset.url.lastPathComponent)
                    .onTapGesture(perform: onMain(removeAttachmentWithId, asset.id))
            }
            ForEach(addedFileURLs.map(\.absoluteString), id: \.self) { url in
                SymbolLine(symbol: "paperclip", text: URL(string: url)?.lastPathComponent ?? url)
                    .onTapGesture(perform: onMain(removeAttachmentWithId, url))
            }
            makeCustomAttachmentPreviewView(addedCustomAttachments: addedCustomAttachments, onCustomAttachmentTap: onCustomAttachmentTap)
            makeComposerTextInputView(text: text, height: .constant(36), selectedRangeLocation: selectedRangeLocation,
                                      placeholder: cooldownDuration > 0 ? "Slow mode ON" : "Send a message", editable: cooldownDuration == 0,
                                      maxMessageLength: maxMessageLength, currentHeight: 36)
        }
        .background(RoundedRectangle(cornerRadius: 18).stroke(Color(palette.border), lineWidth: 1))
    }

    /// "Recording…" with a microphone (Parley records no voice).
    public func makeComposerRecordingView(viewModel: MessageComposerViewModel, gestureLocation: CGPoint) -> some View {
        SymbolLine(symbol: "mic", text: "Recording…").padding(12)
    }

    /// "Recording locked" with a lock.
    public func makeComposerRecordingLockedView(viewModel: MessageComposerViewModel) -> some View {
        SymbolLine(symbol: "lock", text: "Recording locked").padding(12)
    }

    /// "Hold to record, release to send."
    public func makeComposerRecordingTipView() -> some View {
        SymbolLine(symbol: "mic", text: "Hold to record, release to send.").padding(12)
    }

    /// An ``EmptyViewModifier``.
    public func makeComposerViewModifier() -> some ViewModifier { EmptyViewModifier() }

    /// Three buttons (photos, files, camera); the selected one in the tint colour.
    public func makeAttachmentSourcePickerView(selected: AttachmentPickerState,
                                               onPickerStateChange: @escaping (AttachmentPickerState) -> Void) -> some View {
        let palette = Appearance.default.colorPalette
        let sources: [(AttachmentPickerState, String)] = [(.photos, "photo"), (.files, "paperclip"), (.camera, "camera")]
        return HStack(alignment: .center, spacing: 24) {
            ForEach(sources.indices, id: \.self) { index in
                let (source, symbol) = sources[index]
                Button(action: onMain(onPickerStateChange, source)) {
                    Image(systemName: symbol).foregroundColor(Color(source == selected ? palette.accentPrimary : palette.inactiveTint))
                }
            }
            Spacer()
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 8)
    }

    /// The files added so far.
    public func makeFilePickerView(filePickerShown: Binding<Bool>, addedFileURLs: Binding<[URL]>) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(addedFileURLs.wrappedValue.map(\.lastPathComponent), id: \.self) { name in
                SymbolLine(symbol: "paperclip", text: name)
            }
        }
    }

    /// "No camera on this device".
    public func makeCameraPickerView(selected: Binding<AttachmentPickerState>, cameraPickerShown: Binding<Bool>,
                                     cameraImageAdded: @escaping (AddedAsset) -> Void) -> some View {
        SymbolLine(symbol: "camera", text: "No camera on this device").padding(16)
    }

    /// Nothing (the app draws its attachments).
    public func makeCustomAttachmentView(addedCustomAttachments: [CustomAttachment],
                                         onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> some View {
        EmptyView()
    }

    /// Nothing (the app draws its attachments).
    public func makeCustomAttachmentPreviewView(addedCustomAttachments: [CustomAttachment],
                                                onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> some View {
        EmptyView()
    }

    /// A note asking for access to the photos.
    public func makeAssetsAccessPermissionView() -> some View {
        SymbolLine(symbol: "photo", text: "Allow access to your photos to send them.").padding(16)
    }

    /// Reply, thread reply (outside threads) and, on the current user's messages, delete.
    public func supportedMessageActions(for message: ChatMessage, channel: ChatChannel,
                                        onFinish: @escaping (MessageActionInfo) -> Void,
                                        onError: @escaping (Error) -> Void) -> [MessageAction] {
        let finish = onMain(onFinish)
        nonisolated(unsafe) let onError = onError
        var actions = [
            MessageAction(id: "inlineReply", title: "Reply", iconName: "arrowshape.turn.up.left", action: {
                finish(MessageActionInfo(message: message, identifier: "inlineReply"))
            }, confirmationPopup: nil, isDestructive: false),
        ]
        if !message.isPartOfThread {
            actions.append(MessageAction(id: "threadReply", title: "Thread Reply", iconName: "bubble.left", action: {
                ChatChannelView.showThread(of: message)
                finish(MessageActionInfo(message: message, identifier: "threadReply"))
            }, confirmationPopup: nil, isDestructive: false))
        }
        if message.isSentByCurrentUser, let client = ChatViews.client {
            actions.append(MessageAction(id: "delete", title: "Delete Message", iconName: "trash", action: {
                let controller = ChatMessageController(cid: message.cid, messageId: message.id, client: client)
                Task { @MainActor in
                    do { try await controller.deleteMessage() } catch { onError(error) }
                    finish(MessageActionInfo(message: message, identifier: "delete"))
                }
            }, confirmationPopup: ConfirmationPopup(title: "Delete Message", message: "Are you sure you want to permanently delete this message?",
                                                    buttonTitle: "Delete"), isDestructive: true))
        }
        return actions
    }

    /// A checkbox: "Also send in channel" (or "as direct message").
    public func makeSendInChannelView(showReplyInChannel: Binding<Bool>, isDirectMessage: Bool) -> some View {
        let palette = Appearance.default.colorPalette
        let on = showReplyInChannel.wrappedValue
        return Button(action: { showReplyInChannel.wrappedValue.toggle() }) {
            HStack(alignment: .center, spacing: 8) {
                Image(systemName: on ? "checkmark.circle.fill" : "circle").foregroundColor(Color(on ? palette.accentPrimary : palette.inactiveTint))
                Text(isDirectMessage ? "Also send as direct message" : "Also send in channel").font(.footnote)
                    .foregroundColor(Color(palette.textLowEmphasis))
                Spacer()
            }
        }
        .padding(.horizontal, 16)
    }

    /// An ``ActionListView`` of ``supportedMessageActions(for:channel:onFinish:onError:)``.
    public func makeMessageActionsView(for message: ChatMessage, channel: ChatChannel,
                                       onFinish: @escaping (MessageActionInfo) -> Void,
                                       onError: @escaping (Error) -> Void) -> some View {
        let actions = supportedMessageActions(for: message, channel: channel, onFinish: onFinish, onError: onError)
        return ActionListView(rows: actions.map {
            ActionListView.Row(id: $0.id, title: $0.title, iconName: $0.iconName, isDestructive: $0.isDestructive, action: $0.action)
        })
    }

    /// The users who reacted, each with their avatar and reaction.
    public func makeReactionsUsersView(message: ChatMessage, maxHeight: CGFloat) -> some View {
        let reactions = message.latestReactions
        return VStack(alignment: .leading, spacing: 8) {
            Text(reactions.count == 1 ? "1 Reaction" : "\(reactions.count) Reactions").font(.headline)
            ForEach(reactions.indices, id: \.self) { index in
                let reaction = reactions[index]
                HStack(alignment: .center, spacing: 8) {
                    makeMessageAvatarView(for: reaction.author)
                    Text(reaction.author.name)
                    Spacer()
                    Text(reaction.type.rawValue).font(.footnote)
                }
            }
        }
        .padding(16)
        .frame(maxHeight: maxHeight, alignment: .top)
    }

    /// The factory's reactions view, with a long press.
    public func makeBottomReactionsView(message: ChatMessage, showsAllInfo: Bool, onTap: @escaping () -> Void,
                                        onLongPress: @escaping () -> Void) -> some View {
        ReactionsView(message: message, onTap: onMain(onTap)).onLongPressGesture(perform: onMain(onLongPress))
    }

    /// The factory's ``makeMessageReactionView(message:onTapGesture:)``, with `onLongPressGesture`
    /// on a long press.
    public func makeMessageReactionView(message: ChatMessage, onTapGesture: @escaping () -> Void,
                                        onLongPressGesture: @escaping () -> Void) -> some View {
        VStack(spacing: 0) { makeMessageReactionView(message: message, onTapGesture: onMain(onTapGesture)) }
            .onLongPressGesture(perform: onMain(onLongPressGesture))
    }

    /// The factory's ``makeReactionsOverlayView(channel:messageDisplayInfo:onReaction:onReply:onBackgroundTap:)``:
    /// a reaction toggles the current user's reaction; reply reports the "inlineReply" action.
    public func makeReactionsOverlayView(
        channel: ChatChannel,
        currentSnapshot: UIImage,
        messageDisplayInfo: MessageDisplayInfo,
        onBackgroundTap: @escaping () -> Void,
        onActionExecuted: @escaping (MessageActionInfo) -> Void
    ) -> some Component {
        let message = messageDisplayInfo.message
        let executed = onMain(onActionExecuted)
        let close = onMain(onBackgroundTap)
        return makeReactionsOverlayView(channel: channel, messageDisplayInfo: messageDisplayInfo, onReaction: { type in
            MessageReactionToggle.toggle(type, on: message)
            close()
        }, onReply: {
            executed(MessageActionInfo(message: message, identifier: "inlineReply"))
        }, onBackgroundTap: close)
    }

    /// The palette's overlay colour over the screen.
    public func makeReactionsBackgroundView(currentSnapshot: UIImage, popInAnimationInProgress: Bool) -> some View {
        Color(Appearance.default.colorPalette.overlayBackground)
    }

    /// The reaction picker of the default overlay.
    public func makeReactionsContentView(message: ChatMessage, contentRect: CGRect,
                                         onReactionTap: @escaping (MessageReactionType) -> Void) -> some Component {
        let info = MessageDisplayInfo(message: message, frame: contentRect, contentWidth: contentRect.width, showsAllInfo: true)
        return ReactionsOverlayView(channel: ChatChannel(cid: message.cid), messageDisplayInfo: info, onReaction: onMain(onReactionTap),
                                    onReply: {}, onBackgroundTap: {}).picker
    }

    /// A ``ComposerHeaderBar``: "Reply to Message", closing clears the quoted message.
    public func makeQuotedMessageHeaderView(quotedMessage: Binding<ChatMessage?>) -> some View {
        ComposerHeaderBar(title: "Reply to Message", onClose: { quotedMessage.wrappedValue = nil })
    }

    /// The factory's ``makeQuotedMessageView(quotedMessage:isSentByCurrentUser:scrolledId:)``.
    public func makeQuotedMessageView(quotedMessage: ChatMessage, fillAvailableSpace: Bool, isInComposer: Bool,
                                      scrolledId: Binding<String?>) -> some Component {
        makeQuotedMessageView(quotedMessage: quotedMessage, isSentByCurrentUser: quotedMessage.isSentByCurrentUser, scrolledId: scrolledId)
    }

    /// The author's avatar, name and text.
    public func makeQuotedMessageContentView(options: QuotedMessageContentViewOptions) -> some View {
        let message = options.quotedMessage
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .top, spacing: 8) {
            makeQuotedMessageAvatarView(for: message.authorDisplayInfo, size: CGSize(width: 24, height: 24))
            VStack(alignment: .leading, spacing: 2) {
                Text(message.author.name).font(.footnote.bold())
                Text(message.text).font(.footnote).foregroundColor(Color(palette.subtitleText))
            }
        }
    }

    /// Nothing (the app draws its attachments).
    public func makeCustomAttachmentQuotedView(for message: ChatMessage) -> some View { EmptyView() }

    /// A ``ComposerHeaderBar``: "Edit Message", closing clears the edited message.
    public func makeEditedMessageHeaderView(editedMessage: Binding<ChatMessage?>) -> some View {
        ComposerHeaderBar(title: "Edit Message", onClose: { editedMessage.wrappedValue = nil })
    }

    /// Nothing (Parley has no commands).
    public func makeCommandsContainerView(suggestions: [String: Any], handleCommand: @escaping ([String: Any]) -> Void) -> some View {
        EmptyView()
    }

    /// On the current user's messages: a tick when sent, two when read by someone.
    @ViewBuilder
    public func makeMessageReadIndicatorView(channel: ChatChannel, message: ChatMessage) -> some View {
        if message.isSentByCurrentUser {
            let palette = Appearance.default.colorPalette
            let read = !message.readBy.isEmpty
            Image(systemName: read ? "checkmark.double" : "checkmark")
                .foregroundColor(Color(read ? palette.accentPrimary : palette.textLowEmphasis))
                .accessibilityLabel(read ? "Read" : "Sent")
        }
    }

    /// "N new messages" across the list.
    public func makeNewMessagesIndicatorView(newMessagesStartId: Binding<String?>, count: Int) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack {
            Spacer()
            Text(count == 1 ? "1 new message" : "\(count) new messages").font(.footnote.bold()).foregroundColor(Color(palette.textLowEmphasis))
            Spacer()
        }
        .padding(.vertical, 6)
        .background(Color(palette.unreadSeparator))
    }

    /// "Jump to unread" and a close button on a capsule.
    public func makeJumpToUnreadButton(channel: ChatChannel, onJumpToMessage: @escaping () -> Void,
                                       onClose: @escaping () -> Void) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .center, spacing: 8) {
            Button("Jump to unread", action: onMain(onJumpToMessage))
            Button(action: onMain(onClose), label: { Image(systemName: "xmark") })
        }
        .foregroundColor(.white)
        .padding(.horizontal, 12)
        .padding(.vertical, 6)
        .background(Capsule().fill(Color(palette.accentPrimary)))
    }

    /// A note: Parley has no polls.
    public func makeComposerPollView(channelController: ChatChannelController,
                                     messageController: ChatMessageController?) -> some View {
        SymbolLine(symbol: "info.circle", text: "Polls are not available").padding(16)
    }

    /// The question and its answers.
    public func makePollView(message: ChatMessage, poll: Poll, isFirst: Bool) -> some View {
        let palette = Appearance.default.colorPalette
        return VStack(alignment: .leading, spacing: 8) {
            Text(poll.name).font(.headline)
            ForEach(poll.options, id: \.self) { option in
                HStack(alignment: .center, spacing: 8) {
                    Circle().stroke(Color(palette.inactiveTint), lineWidth: 1.5).frame(width: 18, height: 18)
                    Text(option)
                }
            }
        }
        .padding(12)
    }
}

// MARK: - Threads and users

extension ViewFactory {
    /// A ``ThreadListItemView``; tapping it selects the thread.
    public func makeThreadListItem(thread: ChatThread, threadDestination: @escaping (ChatThread) -> ThreadDestination,
                                   selectedThread: Binding<ThreadSelectionInfo?>) -> some View {
        ThreadListItemView(factory: self, thread: thread) { thread in selectedThread.wrappedValue = ThreadSelectionInfo(thread: thread) }
    }

    /// "No threads yet" under a large symbol.
    public func makeNoThreadsView() -> some View {
        let palette = Appearance.default.colorPalette
        return VStack(alignment: .center, spacing: 12) {
            Image(systemName: "bubble.left.and.bubble.right").resizable().foregroundColor(Color(palette.inactiveTint)).frame(width: 48, height: 40)
            Text("No threads yet").font(.headline).foregroundColor(Color(palette.textLowEmphasis))
        }
    }

    /// "Error loading threads" and a retry button, on the alert colour.
    public func makeThreadsListErrorBannerView(onRefreshAction: @escaping () -> Void) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .center, spacing: 8) {
            Text("Error loading threads").foregroundColor(.white)
            Spacer()
            Button(action: onMain(onRefreshAction), label: { Image(systemName: "arrow.clockwise").foregroundColor(.white) })
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .background(Color(palette.alert))
    }

    /// The factory's ``makeLoadingView()``.
    public func makeThreadListLoadingView() -> some Component { makeLoadingView() }

    /// An ``EmptyViewModifier``.
    public func makeThreadListContainerViewModifier(viewModel: ChatThreadListViewModel) -> some ViewModifier { EmptyViewModifier() }

    /// A ``TitledHeaderModifier``.
    public func makeThreadListHeaderViewModifier(title: String) -> some ViewModifier { TitledHeaderModifier(title: title) }

    /// A spinner while loading; "N new threads" when some arrived; nothing otherwise.
    @ViewBuilder
    public func makeThreadListHeaderView(viewModel: ChatThreadListViewModel) -> some View {
        if viewModel.isLoading {
            ProgressView()
        } else if viewModel.newThreadsCount > 0 {
            let count = viewModel.newThreadsCount
            Button(count == 1 ? "1 new thread" : "\(count) new threads", action: { viewModel.loadThreads() })
                .padding(.vertical, 8)
        }
    }

    /// Nothing.
    public func makeThreadListFooterView(viewModel: ChatThreadListViewModel) -> some View { EmptyView() }

    /// The palette's background colour.
    public func makeThreadListBackground(colors: ColorPalette) -> some View { Color(colors.background) }

    /// The highlighted background when selected; nothing otherwise.
    public func makeThreadListItemBackground(thread: ChatThread, isSelected: Bool) -> some View {
        isSelected ? Color(Appearance.default.colorPalette.highlightedBackground) : Color.clear
    }

    /// A hairline in the palette's border colour.
    public func makeThreadListDividerItem() -> some View { Divider(color: Appearance.default.colorPalette.border) }

    /// "No users to add" (Parley's client lists no users outside channels), for a custom
    /// factory to replace with its own directory.
    public func makeAddUsersView(options: AddUsersOptions, onUserTap: @escaping (ChatUser) -> Void) -> some View {
        SymbolLine(symbol: "person.2", text: "No users to add").padding(16)
    }

    /// The factory's message text.
    public func makeAttachmentTextView(options: AttachmentTextViewOptions) -> some Component {
        makeMessageTextView(for: options.message, isFirst: true, availableWidth: .infinity, scrolledId: .constant(nil))
    }
}

/// Toggles the current user's reaction on a message (through a message controller).
@MainActor
enum MessageReactionToggle {
    static func toggle(_ type: MessageReactionType, on message: ChatMessage) {
        guard let client = ChatViews.client else { return }
        let chosen = message.currentUserReactions.contains { $0.type == type }
            || message.reactionGroups[type]?.isChosenByCurrentUser == true
        let controller = ChatMessageController(cid: message.cid, messageId: message.id, client: client)
        Task { @MainActor in
            if chosen { try? await controller.removeReaction(type) } else { try? await controller.addReaction(type) }
        }
    }
}
