import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The channel list's slots of ``ViewFactory``: its rows, avatars, header, swipe actions,
/// search results and empty and loading states, and the screens a row opens.
///
/// A custom factory conforms to ``ViewFactory``, which refines this protocol, and implements
/// only the slots it changes: every slot has a default in an extension of ``ViewFactory``.
@preconcurrency @MainActor
public protocol ChannelListViewFactory: AnyObject {
    // MARK: Channel list

    /// The row of a channel in the channel list.
    associatedtype ChannelListItemType: Component
    /// The row of `channel` in ``ChatChannelListView``; `onItemTap` opens the channel.
    ///
    /// - Parameters:
    ///   - channel: the channel.
    ///   - channelName: its display name (a direct message's partner, a group's name).
    ///   - currentUserId: the user the list is for.
    ///   - onItemTap: call it when the row is tapped.
    func makeChannelListItem(
        channel: ChatChannel, channelName: String, currentUserId: UserId?, onItemTap: @escaping @MainActor (ChatChannel) -> Void
    ) -> ChannelListItemType

    /// A channel's avatar.
    associatedtype ChannelAvatarViewType: Component
    /// The avatar of `channel` (the partner's in a direct message), `size` points square.
    func makeChannelAvatarView(for channel: ChatChannel, currentUserId: UserId?, size: CGFloat) -> ChannelAvatarViewType

    /// The line between two channel rows.
    associatedtype ChannelListDividerItemType: Component
    /// The divider ``ChatChannelListView`` puts between two rows (return `EmptyView()` for none).
    func makeChannelListDividerItem() -> ChannelListDividerItemType

    /// What a channel row is drawn over.
    associatedtype ChannelListItemBackground: Component
    /// The background of `channel`'s row in ``ChatChannelListView``, laid out at the row's size
    /// behind it; `isSelected` is whether the row is the selected one (Parley's list has no
    /// selection on a phone: `false`).
    func makeChannelListItemBackground(channel: ChatChannel, isSelected: Bool) -> ChannelListItemBackground

    /// What the channel list shows above its rows.
    associatedtype ChannelListTopViewType: Component
    /// The view above the rows of ``ChatChannelListView`` (a search bar): writing `searchText`
    /// shows only the channels whose name contains it. Empty by default.
    func makeChannelListTopView(searchText: Binding<String>) -> ChannelListTopViewType

    /// What the channel list shows after its rows.
    associatedtype ChannelListFooterViewType: Component
    /// The view after the last row of ``ChatChannelListView``. Empty by default.
    func makeChannelListFooterView() -> ChannelListFooterViewType

    /// What the channel list shows without channels.
    associatedtype NoChannelsViewType: Component
    /// What ``ChatChannelListView`` shows when the user has no channels.
    func makeNoChannelsView() -> NoChannelsViewType

    /// What a screen shows while loading.
    associatedtype LoadingViewType: Component
    /// What ``ChatChannelListView`` shows while its first page loads.
    func makeLoadingView() -> LoadingViewType

    // MARK: Channel list: the SwiftUI chat SDK's further slots

    /// The title display mode of the screens' navigation bars.
    func navigationBarDisplayMode() -> NavigationBarItem.TitleDisplayMode

    /// Decorates the channel list's navigation item.
    associatedtype HeaderViewModifier: ChannelListHeaderViewModifier
    /// The header of ``ChatChannelListView``, titled `title`.
    func makeChannelListHeaderViewModifier(title: String) -> HeaderViewModifier

    /// A channel row with every argument of the SwiftUI chat SDK's slot.
    associatedtype ChannelListItemFullType: Component
    /// The row of `channel` (the SDK's full signature); by default the factory's
    /// ``makeChannelListItem(channel:channelName:currentUserId:onItemTap:)``.
    ///
    /// - Parameters:
    ///   - channel: the channel.
    ///   - channelName: its display name.
    ///   - avatar: its avatar image (Parley draws initials: an empty image).
    ///   - onlineIndicatorShown: whether the avatar shows the online dot.
    ///   - disabled: whether taps are ignored.
    ///   - selectedChannel: the selected channel.
    ///   - swipedChannelId: the id of the row swiped open.
    ///   - channelDestination: makes the screen the row opens.
    ///   - onItemTap: call it when the row is tapped.
    ///   - trailingSwipeRightButtonTapped: the trailing swipe area's right button.
    ///   - trailingSwipeLeftButtonTapped: the trailing swipe area's left button.
    ///   - leadingSwipeButtonTapped: the leading swipe area's button.
    func makeChannelListItem(
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
    ) -> ChannelListItemFullType

    /// A channel avatar drawn with options.
    associatedtype ChannelAvatarWithOptionsType: Component
    /// The avatar of `channel` as `options` ask (size, online dot, image).
    func makeChannelAvatarView(for channel: ChatChannel, with options: ChannelAvatarViewOptions) -> ChannelAvatarWithOptionsType

    /// The "more" actions of a channel.
    associatedtype MoreActionsView: Component
    /// The sheet of `channel`'s actions (``supportedMoreChannelActions(for:onDismiss:onError:)``).
    func makeMoreChannelActionsView(
        for channel: ChatChannel,
        swipedChannelId: Binding<String?>,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void
    ) -> MoreActionsView

    /// The actions the "more" sheet of `channel` offers.
    func supportedMoreChannelActions(
        for channel: ChatChannel,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void
    ) -> [ChannelAction]

    /// What a row swiped to the left shows.
    associatedtype TrailingSwipeActionsViewType: Component
    /// The buttons behind a row swiped to the left (more, delete), `buttonWidth` points each.
    func makeTrailingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        leftButtonTapped: @escaping (ChatChannel) -> Void,
        rightButtonTapped: @escaping (ChatChannel) -> Void
    ) -> TrailingSwipeActionsViewType

    /// What a row swiped to the right shows.
    associatedtype LeadingSwipeActionsViewType: Component
    /// The button behind a row swiped to the right (empty by default).
    func makeLeadingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        buttonTapped: @escaping (ChatChannel) -> Void
    ) -> LeadingSwipeActionsViewType

    /// What stays under the channel list.
    associatedtype ChannelListStickyFooterViewType: Component
    /// The view pinned under ``ChatChannelListView``'s rows (a tab bar). Empty by default.
    func makeChannelListStickyFooterView() -> ChannelListStickyFooterViewType

    /// The channel list's search results.
    associatedtype ChannelListSearchResultsViewType: Component
    /// The results of a search in the channel list.
    func makeSearchResultsView(
        selectedChannel: Binding<ChannelSelectionInfo?>,
        searchResults: [ChannelSelectionInfo],
        loadingSearchResults: Bool,
        onlineIndicatorShown: @escaping (ChatChannel) -> Bool,
        channelNaming: @escaping (ChatChannel) -> String,
        imageLoader: @escaping (ChatChannel) -> UIImage,
        onSearchResultTap: @escaping (ChannelSelectionInfo) -> Void,
        onItemAppear: @escaping (Int) -> Void
    ) -> ChannelListSearchResultsViewType

    /// One search result.
    associatedtype ChannelListSearchResultItem: Component
    /// The row of one search result.
    func makeChannelListSearchResultItem(
        searchResult: ChannelSelectionInfo,
        onlineIndicatorShown: Bool,
        channelName: String,
        avatar: UIImage,
        onSearchResultTap: @escaping (ChannelSelectionInfo) -> Void,
        channelDestination: @escaping (ChannelSelectionInfo) -> ChannelDestination
    ) -> ChannelListSearchResultItem

    /// Changes the channel list's content (rows, header and footer).
    associatedtype ChannelListContentModifier: ViewModifier
    /// A modifier of the list's content (none by default).
    func makeChannelListContentModifier() -> ChannelListContentModifier

    /// Changes the channel list.
    associatedtype ChannelListModifier: ViewModifier
    /// A modifier of the whole list (none by default).
    func makeChannelListModifier() -> ChannelListModifier

    // MARK: Navigation

    /// The screen a channel row opens.
    associatedtype ChannelDestination: Component
    /// Makes the screen a selected channel opens (by default a ``ChatChannelScreen``).
    func makeChannelDestination() -> (ChannelSelectionInfo) -> ChannelDestination

    /// The screen a thread opens.
    associatedtype MessageThreadDestination: Component
    /// Makes the screen of a message's thread (by default a ``ChatChannelScreen`` of the thread).
    func makeMessageThreadDestination() -> (ChatChannel, ChatMessage) -> MessageThreadDestination
}
