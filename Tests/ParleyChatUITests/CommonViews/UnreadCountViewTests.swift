import Foundation
import Parley
import Testing

@MainActor
@Suite struct UnreadCountViewTests {
    @Test func badgeIsHiddenWithoutUnreadAndCapsAt99() {
        let container = UIView()
        let badge = ChatChannelUnreadCountView(frame: .zero)
        container.addSubview(badge)
        #expect(badge.isHidden)
        badge.content = ChannelUnreadCount(messages: 5, mentions: 0)
        #expect(!badge.isHidden)
        #expect(badge.unreadCountLabel.text == "5")
        badge.content = ChannelUnreadCount(messages: 250, mentions: 1)
        #expect(badge.unreadCountLabel.text == "99+")
        #expect(badge.intrinsicContentSize.width >= badge.intrinsicContentSize.height)
        badge.content = .noUnread
        #expect(badge.isHidden)
    }
}
