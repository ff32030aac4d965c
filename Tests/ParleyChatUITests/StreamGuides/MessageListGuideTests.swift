import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message List": the channel screen makes its list from
// `Components.messageListVC`, so a `ChatMessageListVC` subclass changes the list (here the space
// between message groups); the scroll-to-bottom button is `Components.scrollToBottomButton`, a
// subclass of `ScrollToBottomButton` restyled in `setUpAppearance`.

final class RoomyMessageListVC: ChatMessageListVC {
    override var spacingBetweenGroups: CGFloat { 24 }
}

final class SquareScrollToBottomButton: ScrollToBottomButton {
    override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.background6
    }

    // The SDK's button rounds itself into a circle on every layout pass.
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = 4
    }
}

@MainActor
@Suite struct MessageListGuideTests {
    typealias H = StreamGuideHarness

    /// A channel screen over `cid` whose list is `listType`; returns the space between the first
    /// message's view and the second's.
    private func gapBetweenGroups(_ listType: ChatMessageListVC.Type, client: ChatClient, cid: ChannelId) async throws -> (ChatChannelVC, CGFloat) {
        // As the guide does, through `Components.default` (restored before anything else runs).
        let saved = Components.default
        Components.default.messageListVC = listType
        let (vc, _, host) = makeHostedChannelVC(client, cid)
        Components.default = saved
        await waitUntil("the messages load") {
            host.layoutIfNeeded()
            return vc.messageListVC.listView.frame(id: "m0001") != nil
        }
        let list = vc.messageListVC
        let first = try #require(list.contentView(forMessageId: "m0000"))
        let second = try #require(list.contentView(forMessageId: "m0001"))
        let gap = second.convert(second.bounds, to: list.listView).minY - first.convert(first.bounds, to: list.listView).maxY
        return (vc, gap)
    }

    @Test func theChannelScreenUsesTheListSubclass() async throws {
        // m0000 is carol's, m0001 bob's: two groups.
        let (client, cid, _) = try await makeChatChannel(messageCount: 4)
        let (roomy, roomyGap) = try await gapBetweenGroups(RoomyMessageListVC.self, client: client, cid: cid)
        let (plain, plainGap) = try await gapBetweenGroups(ChatMessageListVC.self, client: client, cid: cid)
        #expect(roomy.messageListVC is RoomyMessageListVC)
        #expect(!(plain.messageListVC is RoomyMessageListVC))
        #expect(abs(roomyGap - 24) < 0.5)
        #expect(abs(plainGap - plain.messageListVC.spacingBetweenGroups) < 0.5)
    }

    @Test func theScrollToBottomButtonIsTheSubclassAndShowsWhenScrolledUp() throws {
        let (vc, _, host) = H.list(MessageListFixtures.messages(60)) { $0.scrollToBottomButton = SquareScrollToBottomButton.self }
        let button = try #require(vc.scrollToBottomButton as? SquareScrollToBottomButton)
        #expect(button.isDescendant(of: vc.view))
        #expect(button.layer.cornerRadius == 4 && button.backgroundColor == vc.appearance.colorPalette.background6)
        #expect(button.isHidden, "at the bottom")
        vc.listView.contentOffset = CGPoint(x: 0, y: vc.listView.contentOffset.y - 600)
        host.layoutIfNeeded()
        #expect(!button.isHidden)
        // (The button's tap scrolls with an animation, which a headless test does not run.)
        vc.scrollToBottom(animated: false)
        host.layoutIfNeeded()
        #expect(vc.isScrolledToBottom && button.isHidden)
    }
}
