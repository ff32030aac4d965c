import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The current user of the channel list whose rows are being made, for the SDK's row slot,
/// which has no `currentUserId:`: its default hands this one to Parley's slot.
@preconcurrency @MainActor
enum ChannelListRowContext {
    /// The list's current user while its rows are made (`nil`: `ChatViews.client`'s).
    private(set) static var currentUserId: UserId??

    /// `make()` with `currentUserId` as the rows' current user.
    static func with<Result>(currentUserId: UserId?, _ make: () -> Result) -> Result {
        let previous = self.currentUserId
        self.currentUserId = .some(currentUserId)
        defer { self.currentUserId = previous }
        return make()
    }

    /// The current user rows made now are for.
    static var rowsCurrentUserId: UserId? {
        currentUserId ?? ChatViews.client?.currentUserId
    }
}

extension ChatChannelListView {
    /// The row of `channel`: the factory's SDK row slot (whose default is Parley's
    /// ``ViewFactory/makeChannelListItem(channel:channelName:currentUserId:onItemTap:)``), with the
    /// list's swiped row, its selection opening the channel, and the swipe buttons.
    func makeRow<Factory: ViewFactory>(_ factory: Factory, channel: ChatChannel, name: String) -> some Component {
        let selection = Binding<ChannelSelectionInfo?>(get: { nil }, set: { [weak self] info in
            if let info { self?.showChannel(info.channel.cid) }
        })
        let swiped = Binding<String?>(get: { [weak self] in self?.swipedChannelId }, set: { [weak self] in self?.swipedChannelId = $0 })
        let close: (ChatChannel) -> Void = { _ in MainActor.assumeIsolated { [weak self] in self?.swipedChannelId = nil } }
        return factory.makeChannelListItem(
            channel: channel, channelName: name, avatar: appearance.images.channelAvatarPlaceholder, onlineIndicatorShown: false,
            disabled: false, selectedChannel: selection, swipedChannelId: swiped, channelDestination: factory.makeChannelDestination(),
            onItemTap: { channel in MainActor.assumeIsolated { [weak self] in _ = self?.showChannel(channel.cid) } },
            trailingSwipeRightButtonTapped: close, trailingSwipeLeftButtonTapped: close, leadingSwipeButtonTapped: close)
    }
}
