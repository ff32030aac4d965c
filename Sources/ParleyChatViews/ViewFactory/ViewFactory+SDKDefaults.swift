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

    /// A ``ChatChannelSwipeableListItem`` of the factory's
    /// ``makeChannelListItem(channel:channelName:currentUserId:onItemTap:)`` (so a drag opens the
    /// factory's swipe actions), faded when `disabled`.
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
        let row = ChatChannelSwipeableListItem(
            factory: self, currentChannelId: swipedChannelId, channel: channel, channelName: channelName, avatar: avatar,
            onlineIndicatorShown: onlineIndicatorShown, disabled: disabled, selectedChannel: .constant(nil),
            channelDestination: { channelDestination(ChannelSelectionInfo(channel: $0)) }, onItemTap: onItemTap,
            trailingRightButtonTapped: trailingSwipeRightButtonTapped, trailingLeftButtonTapped: trailingSwipeLeftButtonTapped,
            leadingSwipeButtonTapped: leadingSwipeButtonTapped)
        return disabled ? AnyComponent(AnyComponent(row).opacity(0.5)) : AnyComponent(row)
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

    /// ``ChannelAction/defaultActions(for:chatClient:onDismiss:onError:)`` through the client of
    /// the list asking (else `ChatViews.client`; none without a client).
    public func supportedMoreChannelActions(
        for channel: ChatChannel,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void
    ) -> [ChannelAction] {
        guard let client = ChannelListRowContext.client ?? ChatViews.client else { return [] }
        return ChannelAction.defaultActions(for: channel, chatClient: client, onDismiss: onDismiss, onError: onError)
    }

    /// Two buttons, `buttonWidth` points each: more (the left) and delete (the right, when the
    /// current user may delete the channel).
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
            if channel.ownCapabilities.contains(.deleteChannel) {
                Button(action: onMain(rightButtonTapped, channel)) {
                    Image(systemName: symbol("trash")).foregroundColor(Color(palette.textInverted))
                        .frame(width: buttonWidth).frame(maxHeight: .infinity)
                        .background(Color(palette.alert))
                }
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

    /// localized("factory.searching") while loading, localized("factory.noResults") without any, else one
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
            SymbolLine(symbol: symbol("magnifyingglass"), text: localized("factory.searching")).padding(16)
        } else if searchResults.isEmpty {
            SymbolLine(symbol: symbol("magnifyingglass"), text: localized("factory.noResults")).padding(16)
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
