import Foundation
import Parley
import ParleyScenes
import Testing

// The seed's `iMessageChannelListItemView` is in Examples/Seed000Examples.swift.

@MainActor
@Suite(.serialized) struct Seed000UnreadTests {
    /// The channel list of the scene data, laid out at 390 × 700 without a window.
    func makeList() throws -> (ChatChannelListVC, ChannelListSceneData) {
        let data = try ChannelListSceneData.make()
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        list.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        list.view.layoutIfNeeded()
        return (list, data)
    }

    func cells(_ list: ChatChannelListVC) -> [ChatChannelListCollectionViewCell] {
        list.listView.visibleViews.compactMap { $0 as? ChatChannelListCollectionViewCell }
    }

    @Test func iMessageRowsShowALeftMostDotInsteadOfTheBadge() throws {
        let saved = Components.default
        defer { Components.default = saved }
        Components.default.channelContentView = iMessageChannelListItemView.self

        let (list, data) = try makeList()
        let cells = cells(list)
        #expect(cells.count >= 8)
        for cell in cells {
            let item = try #require(cell.itemView as? iMessageChannelListItemView)
            let dot = try #require(item.mainContainer.arrangedSubviews.first)
            #expect(dot !== item.avatarView)
            #expect(item.mainContainer.arrangedSubviews[1] === item.avatarView)
            #expect(abs(dot.bounds.width - 10) < 0.01 && abs(dot.bounds.height - 10) < 0.01)
            // Left-most: nothing of the row starts before the dot.
            let dotFrame = dot.convert(dot.bounds, to: item)
            let avatarFrame = item.avatarView.convert(item.avatarView.bounds, to: item)
            #expect(dotFrame.maxX < avatarFrame.minX)
            #expect(abs(dotFrame.midY - avatarFrame.midY) < 0.5)
            #expect(item.unreadCountView.superview == nil)
            #expect(!item.topContainer.arrangedSubviews.contains { $0 === item.unreadCountView })
            let unread = item.content!.channel.unreadCount != .noUnread
            #expect(dot.alpha == (unread ? 1 : 0), "\(item.titleLabel.text ?? "")")
        }
        // The scene data has unread and read channels, so both alphas were checked.
        let ana = try #require(cells.first { $0.content?.channel.cid == data.channels["ana"] })
        let anaItem = try #require(ana.itemView as? iMessageChannelListItemView)
        #expect(anaItem.mainContainer.arrangedSubviews[0].alpha == 1)
        let ben = try #require(cells.first { $0.content?.channel.cid == data.channels["ben"] })
        let benItem = try #require(ben.itemView as? iMessageChannelListItemView)
        #expect(benItem.mainContainer.arrangedSubviews[0].alpha == 0)
    }

    @Test func defaultRowsKeepTheBadgeInTheTopContainer() throws {
        let (list, _) = try makeList()
        let cell = try #require(cells(list).first)
        #expect(type(of: cell.itemView) == ChatChannelListItemView.self)
        #expect(cell.itemView.topContainer.arrangedSubviews.contains { $0 === cell.itemView.unreadCountView })
        #expect(cell.itemView.mainContainer.arrangedSubviews.first === cell.itemView.avatarView)
    }
}
