import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// A channel row swiped open (or being swiped): whose, how far, and its buttons' width.
struct ChannelRowSwipe: Equatable {
    /// The channel's id (`cid.rawValue`).
    var channelId: String
    /// How far the row's content is slid: negative to the left (the trailing actions show),
    /// positive to the right (the leading ones).
    var offsetX: CGFloat
    /// The width of each button in the revealed area.
    var buttonWidth: CGFloat
}

/// The current user of the channel list whose rows are being made, for the SDK's row slot,
/// which has no `currentUserId:`: its default hands this one to Parley's slot.
@preconcurrency @MainActor
enum ChannelListRowContext {
    /// The list's current user while its rows are made (`nil`: `ChatViews.client`'s).
    private(set) static var currentUserId: UserId??

    /// The list's swiped row while its rows are made: the channel id, how far its content is
    /// slid (negative: to the left, showing the trailing actions) and its buttons' width.
    private(set) static var swipe: ChannelRowSwipe?

    /// `make()` with `currentUserId` as the rows' current user and `swipe` as the swiped row.
    static func with<Result>(currentUserId: UserId?, swipe: ChannelRowSwipe? = nil, _ make: () -> Result) -> Result {
        let previous = (self.currentUserId, self.swipe)
        self.currentUserId = .some(currentUserId)
        self.swipe = swipe
        defer { (self.currentUserId, self.swipe) = previous }
        return make()
    }

    /// The client of the list whose channel actions are being made (nil: `ChatViews.client`).
    private(set) static var client: ChatClient?

    /// `make()` with `client` as the client the factory's channel actions act through.
    static func with<Result>(client: ChatClient?, _ make: () -> Result) -> Result {
        let previous = self.client
        self.client = client
        defer { self.client = previous }
        return make()
    }

    /// How far the row of `channelId` is swiped (nil: not swiped).
    static func swipe(of channelId: String) -> ChannelRowSwipe? {
        swipe?.channelId == channelId && swipe?.offsetX != 0 ? swipe : nil
    }

    /// Whether a list is making its rows now.
    static var isMakingRows: Bool { currentUserId != nil }

    /// The current user rows made now are for.
    static var rowsCurrentUserId: UserId? {
        currentUserId ?? ChatViews.client?.currentUserId
    }
}

extension ChatChannelListView {
    /// The row of `channel`: the factory's SDK row slot (whose default is Parley's
    /// ``ViewFactory/makeChannelListItem(channel:channelName:currentUserId:onItemTap:)``), with the
    /// list's swiped row, its selection opening the channel, and the swipe buttons: delete (after
    /// a confirmation) on the right, the more-actions sheet on the left, and the leading button
    /// closing the row.
    func makeRow<Factory: ViewFactory>(_ factory: Factory, channel: ChatChannel, name: String) -> some Component {
        let selection = Binding<ChannelSelectionInfo?>(get: { nil }, set: { [weak self] info in
            if let info { self?.showChannel(info.channel.cid) }
        })
        let swiped = Binding<String?>(get: { [weak self] in self?.swipedChannelId }, set: { [weak self] in self?.swipedChannelId = $0 })
        let close: (ChatChannel) -> Void = { _ in MainActor.assumeIsolated { [weak self] in self?.swipedChannelId = nil } }
        let delete: (ChatChannel) -> Void = { channel in MainActor.assumeIsolated { [weak self] in self?.onDeleteTapped(channel: channel) } }
        let more: (ChatChannel) -> Void = { channel in MainActor.assumeIsolated { [weak self] in self?.onMoreTapped(channel: channel) } }
        return factory.makeChannelListItem(
            channel: channel, channelName: name, avatar: appearance.images.channelAvatarPlaceholder, onlineIndicatorShown: false,
            disabled: false, selectedChannel: selection, swipedChannelId: swiped, channelDestination: factory.makeChannelDestination(),
            onItemTap: { channel in MainActor.assumeIsolated { [weak self] in _ = self?.showChannel(channel.cid) } },
            trailingSwipeRightButtonTapped: delete, trailingSwipeLeftButtonTapped: more, leadingSwipeButtonTapped: close)
    }
}
