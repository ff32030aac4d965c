import Foundation
import Parley
import ParleyScenes
import Testing

// Stream v4 UIKit guide "Channel List": the list's states are views from `Components` (an app
// subclasses `ChatChannelListEmptyView` for its own empty state), and the swipe actions of a row
// come from the list controller's `swipeableViewActionViews(for:)`, which a subclass extends with
// actions of its own made by `makeActionView(image:title:color:action:)`.

final class InviteFriendsEmptyView: ChatChannelListEmptyView {
    override func updateContent() {
        super.updateContent()
        titleLabel.text = "Invite your friends"
        messageLabel.text = "Your conversations will show up here."
    }
}

final class PinningChannelListVC: ChatChannelListVC {
    var pinned: [ChannelId] = []

    override func swipeableViewActionViews(for indexPath: IndexPath) -> [UIView] {
        var views = super.swipeableViewActionViews(for: indexPath)
        let cid = channels[indexPath.item].cid
        views.insert(makeActionView(image: appearance.images.threadIcon, title: "Pin", color: .systemBlue) { [weak self] in
            self?.pinned.append(cid)
        }, at: 0)
        return views
    }
}

@MainActor
@Suite struct ChannelListGuideTests {
    @Test func anEmptyListShowsTheAppsEmptyView() throws {
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "loner", clock: ManualChatClock()))
        let list = ChatChannelListVC.make(with: client.channelListController())
        list.components.channelListEmptyView = InviteFriendsEmptyView.self
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        list.view.layoutIfNeeded()
        #expect(list.state == .loaded)
        let empty = try #require(list.emptyView as? InviteFriendsEmptyView)
        #expect(empty.isDescendant(of: list.view) && !empty.isHidden)
        #expect(empty.titleLabel.text == "Invite your friends")
        #expect(empty.messageLabel.text == "Your conversations will show up here." && !empty.messageLabel.isHidden)
        #expect(empty.frame.width > 0 && empty.frame.height > 0)
    }

    @Test func aSwipedRowOffersTheAppsActionFirst() throws {
        let data = try ChannelListSceneData.make()
        let list = PinningChannelListVC.make(with: data.client.channelListController())
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        list.view.layoutIfNeeded()
        let cell = try #require(visibleCells(list).first { $0.content?.channel.can(.muteChannel) == true })
        let cid = try #require(cell.content?.channel.cid)
        cell.swipeableView.open()
        #expect(cell.swipeableView.isOpen)
        let actions = cell.swipeableView.actionViews.compactMap { $0 as? CellActionView }
        let titles = actions.map { $0.titleLabel.text }
        #expect(titles.first == "Pin")
        #expect(titles.contains("Mute"), "the SDK's actions stay")
        #expect(cell.swipeableView.idealWidth == cell.swipeableView.actionWidth * CGFloat(actions.count))
        actions[0].sendActions(for: .primaryActionTriggered)
        #expect(list.pinned == [cid])
    }
}
