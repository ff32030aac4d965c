import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message List" (jump to unread and the date overlay): turn the "N unread"
// button on with `Components.isJumpToUnreadEnabled`, restyle it through
// `Components.jumpToUnreadMessagesButton`, and turn the floating date off with
// `Components.messageListDateOverlayEnabled = false`.

final class ArrowJumpToUnreadButton: JumpToUnreadMessagesButton {
    override func updateContent() {
        super.updateContent()
        textLabel.text = "↑ \(content.messages) new"
    }
}

@MainActor
@Suite struct JumpToUnreadGuideTests {
    typealias H = StreamGuideHarness
    typealias L = MessageListFixtures

    @Test func theButtonIsTheAppsAndJumpsToTheFirstUnreadMessage() throws {
        let messages = L.messages(80)
        let (vc, _, host) = H.list(messages, channel: L.channel(unread: 30)) { components in
            components.isJumpToUnreadEnabled = true
            components.jumpToUnreadMessagesButton = ArrowJumpToUnreadButton.self
        }
        let button = try #require(vc.jumpToUnreadMessagesButton as? ArrowJumpToUnreadButton)
        #expect(!button.isHidden && button.isDescendant(of: vc.view))
        #expect(button.textLabel.text == "↑ 30 new")
        let firstUnread = try #require(vc.firstUnreadMessageId(in: messages, channel: L.channel(unread: 30)))
        #expect(!vc.idsOnScreen.contains(firstUnread))
        #expect(vc.jumpToUnreadMessage(animated: false))
        host.layoutIfNeeded()
        #expect(vc.idsOnScreen.contains(firstUnread))
    }

    @Test func withTheOverlayOffScrollingShowsNoFloatingDate() {
        func overlayShownAfterScrolling(_ enabled: Bool) -> Bool {
            let (vc, _, host) = H.list(L.messages(40, step: 3_600)) { $0.messageListDateOverlayEnabled = enabled }
            vc.listView.contentOffset.y -= 500
            host.layoutIfNeeded()
            vc.scrollViewDidScroll(vc.listView)
            host.layoutIfNeeded()
            return vc.dateOverlayView.superview != nil && !vc.dateOverlayView.isHidden
        }
        #expect(overlayShownAfterScrolling(true))
        #expect(!overlayShownAfterScrolling(false))
    }
}
