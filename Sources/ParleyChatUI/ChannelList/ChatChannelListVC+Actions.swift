import Foundation
import ParleyChat
import ParleyUIKit

// The channel actions shared by the swipe actions and the right-click menu.
extension ChatChannelListVC {
    /// The index path of the channel's row (item = its index in ``channels``).
    public func indexPath(of cid: ChannelId) -> IndexPath? {
        channels.firstIndex { $0.cid == cid }.map { IndexPath(item: $0, section: 0) }
    }

    /// Mutes the channel of the row (unmutes a muted one) and closes the row.
    public func muteButtonPressedForCell(at indexPath: IndexPath) {
        guard let controller, channels.indices.contains(indexPath.item) else { return }
        let channel = channels[indexPath.item]
        closeSwipedRows()
        let channelController = controller.client.channelController(for: channel.cid)
        Task { @MainActor in
            do {
                if channel.isMuted { try await channelController.unmuteChannel() } else { try await channelController.muteChannel() }
            } catch {
                alertsRouter.showErrorAlert(message: appearance.l10n.tr("channel.swipe.mute-failed"))
            }
        }
    }

    func closeSwipedRows() {
        for cell in listView.visibleViews.compactMap({ $0 as? ChatChannelListCollectionViewCell }) where cell.swipeableView.isOpen {
            cell.swipeableView.close(animated: true)
        }
    }
}
