import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyTesting
import ParleyUIKit

/// A list controller configured by `configure`, with `rows` and fixed UTC formatters, in a
/// 390-pt-wide view of `height`, laid out.
@MainActor
func hostedFeatureList(_ source: StaticMessageListSource, rows: ChatMessageContentView.Type, height: CGFloat,
                       _ configure: (inout Components) -> Void) -> (ChatMessageListVC, UIView) {
    typealias F = MessageListFixtures
    let vc = ChatMessageListVC()
    configure(&vc.components)
    vc.components.messageContentView = rows
    vc.appearance.formatters.messageDateSeparator = DefaultMessageDateSeparatorFormatter(
        environment: FormattingEnvironment(calendar: F.utc, now: { F.day.addingTimeInterval(12 * 3_600) }))
    vc.appearance.formatters.messageTimestamp = DefaultMessageTimestampFormatter(environment: FormattingEnvironment(calendar: F.utc))
    vc.dataSource = source
    vc.delegate = source
    let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: height))
    let root: UIView = vc.view
    root.frame = host.bounds
    host.addSubview(root)
    host.layoutIfNeeded()
    return (vc, host)
}

/// The message-list flags of `Components` (issue 18): each is honoured by the list or the row.
@MainActor
@Suite struct MessageListFeatureFlagTests {
    typealias F = MessageListFixtures

    /// Six messages twelve hours apart: three days.
    static func threeDays() -> [ChatMessage] { F.messages(6, step: 12 * 3_600) }

    func visible<V: UIView>(_ type: V.Type, in vc: ChatMessageListVC) -> [V] {
        let area = CGRect(origin: vc.listView.contentOffset, size: vc.listView.bounds.size)
        return vc.listView.visibleViews.compactMap { $0 as? V }.filter { !$0.isHidden && $0.frame.intersects(area) }
    }

    func list(_ source: StaticMessageListSource, _ configure: (inout Components) -> Void) -> (ChatMessageListVC, UIView) {
        hostedFeatureList(source, rows: FixedHeightMessageView.self, height: 640, configure)
    }

    @Test func dateSeparatorsFollowTheFlag() {
        let on = list(StaticMessageListSource(channel: F.channel(), messages: Self.threeDays())) { _ in }.0
        #expect(visible(ChatMessageListDateSeparatorView.self, in: on).count == 3)
        let source = StaticMessageListSource(channel: F.channel(), messages: Self.threeDays())
        let (off, _) = list(source) { $0.messageListDateSeparatorEnabled = false }
        #expect(visible(ChatMessageListDateSeparatorView.self, in: off).isEmpty)
        #expect(off.idsOnScreen == source.messages.map(\.id), "every message still shows")
        // A message of a fourth day arriving in place adds no separator either.
        let next = ChatMessage(id: "msg-next", cid: F.cid, text: "tomorrow", author: F.alice,
                               createdAt: source.messages.last!.createdAt.addingTimeInterval(86_400))
        source.messages.append(next)
        off.updateMessages(with: ListChange(inserted: [next.id]))
        off.view.layoutIfNeeded()
        #expect(visible(ChatMessageListDateSeparatorView.self, in: off).isEmpty)
        #expect(off.idsOnScreen.last == next.id)
    }

    @Test func unreadSeparatorFollowsTheFlag() {
        let messages = F.messages(12)
        let on = list(StaticMessageListSource(channel: F.channel(unread: 3), messages: messages)) { _ in }.0
        let firstUnread = on.firstUnreadMessageId(in: messages, channel: F.channel(unread: 3))
        #expect(firstUnread != nil && on.unreadSeparatorMessageId == firstUnread)
        #expect(visible(ChatMessageListUnreadSeparatorView.self, in: on).count == 1)
        let off = list(StaticMessageListSource(channel: F.channel(unread: 3), messages: messages)) {
            $0.isUnreadMessagesSeparatorEnabled = false
        }.0
        #expect(off.unreadSeparatorMessageId == nil)
        #expect(visible(ChatMessageListUnreadSeparatorView.self, in: off).isEmpty)
    }

    @Test func editedLabelFollowsTheFlag() {
        typealias R = MessageRowFixtures
        let edited = [R.message("x", "fixed", by: R.ana, edited: true)]
        #expect(R.row(0, in: edited).timestampLabel?.text == "22:13 · Edited")
        var components = Components()
        components.isMessageEditedLabelEnabled = false
        #expect(R.row(0, in: edited, components: components).timestampLabel?.text == "22:13")
    }

    // MARK: Jump to unread

    @Test func theJumpToUnreadButtonShowsWhileTheFirstUnreadMessageIsOffScreen() throws {
        let messages = F.messages(80)
        let source = StaticMessageListSource(channel: F.channel(unread: 40), messages: messages)
        let (vc, _) = list(source) { $0.isJumpToUnreadEnabled = true }
        #expect(vc.isScrolledToBottom)
        #expect(!vc.jumpToUnreadMessagesButton.isHidden)
        #expect(vc.jumpToUnreadMessagesButton.textLabel.text == "40 unread")
        let button = vc.jumpToUnreadMessagesButton.frame
        #expect(abs(button.midX - vc.view.bounds.midX) < 1 && button.minY == 8, "centred at the top")

        #expect(vc.jumpToUnreadMessage(animated: false))
        let separator = try #require(vc.listView.frame(id: "unread-separator"))
        #expect(abs(separator.minY - vc.listView.contentOffset.y) < 1, "the unread separator sits at the top")
        let firstUnread = vc.firstUnreadMessageId(in: messages, channel: F.channel(unread: 40))
        #expect(firstUnread != nil && vc.idsOnScreen.first == firstUnread)
        #expect(vc.jumpToUnreadMessagesButton.isHidden, "seen: the button goes")
        vc.scrollToBottom(animated: false)
        #expect(vc.jumpToUnreadMessagesButton.isHidden, "and stays gone")
    }

    @Test func theJumpToUnreadButtonIsOffByDefaultAndHiddenWhenTheUnreadAreOnScreen() {
        let messages = F.messages(80)
        let off = list(StaticMessageListSource(channel: F.channel(unread: 40), messages: messages)) { _ in }.0
        #expect(off.jumpToUnreadMessagesButton.isHidden)
        let few = list(StaticMessageListSource(channel: F.channel(unread: 2), messages: messages)) { $0.isJumpToUnreadEnabled = true }.0
        #expect(few.jumpToUnreadMessagesButton.isHidden, "the two unread messages are on screen")
    }

    @Test func dismissingTheButtonHidesItAndTellsTheDelegate() {
        final class Discards: ChatMessageListVCDelegate { var count = 0
            func chatMessageListDidDiscardUnreadMessages(_ vc: ChatMessageListVC) { count += 1 } }
        let source = StaticMessageListSource(channel: F.channel(unread: 40), messages: F.messages(80))
        let (vc, _) = list(source) { $0.isJumpToUnreadEnabled = true }
        let delegate = Discards()
        vc.delegate = delegate
        #expect(!vc.jumpToUnreadMessagesButton.isHidden)
        vc.jumpToUnreadMessagesButton.closeButton.sendActions(for: .touchUpInside)
        #expect(vc.jumpToUnreadMessagesButton.isHidden)
        #expect(delegate.count == 1)
        #expect(vc.isScrolledToBottom, "dismissing does not scroll")
    }

    @Test func aChannelOpensAtItsFirstUnreadMessageWhenAsked() {
        let messages = F.messages(80)
        let source = StaticMessageListSource(channel: F.channel(unread: 40), messages: messages)
        let (vc, _) = list(source) { $0.shouldJumpToUnreadWhenOpeningChannel = true }
        #expect(!vc.isScrolledToBottom)
        let firstUnread = vc.firstUnreadMessageId(in: messages, channel: F.channel(unread: 40))
        #expect(firstUnread != nil && vc.idsOnScreen.first == firstUnread)
        #expect(source.bottomReached == 0, "not read yet: the newest message was not shown")
        let plain = StaticMessageListSource(channel: F.channel(unread: 40), messages: messages)
        let (normal, _) = list(plain) { _ in }
        #expect(normal.isScrolledToBottom)
        #expect(plain.bottomReached == 1)
    }
}

/// Golden images of the jump-to-unread button and the date overlay (issue 18), light and dark.
@MainActor
@Suite(.serialized) struct MessageListFeatureSnapshotTests {
    typealias F = MessageListFixtures

    func hosted(_ source: StaticMessageListSource, _ configure: (inout Components) -> Void) -> (ChatMessageListVC, UIView) {
        hostedFeatureList(source, rows: ChatMessageContentView.self, height: 420, configure)
    }

    @Test func jumpToUnreadButton() {
        let source = StaticMessageListSource(channel: F.channel(unread: 20), messages: F.messages(40))
        let (vc, host) = hosted(source) { $0.isJumpToUnreadEnabled = true }
        #expect(!vc.jumpToUnreadMessagesButton.isHidden)
        for style in [UIUserInterfaceStyle.light, .dark] {
            Snapshot.assert(host, named: "message-list-jump-to-unread-\(style == .dark ? "dark" : "light")", size: host.bounds.size, scale: 2, style: style)
        }
        var shown: [ChatMessageListVC] = []  // each list lives as long as its view is rendered
        assertLocalizedSnapshots(named: "message-list-jump-to-unread") {
            let (localized, host) = hosted(source) { $0.isJumpToUnreadEnabled = true }
            shown.append(localized)
            return host
        }
    }

    @Test func dateOverlay() {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(40, step: 3_600))
        func scrolledUp() -> (ChatMessageListVC, UIView) {
            let (vc, host) = hosted(source) { $0.messageListDateSeparatorEnabled = false }
            vc.listView.contentOffset.y -= 500
            host.layoutIfNeeded()
            vc.scrollViewDidScroll(vc.listView)
            host.layoutIfNeeded()
            return (vc, host)
        }
        let (vc, host) = scrolledUp()
        #expect(!vc.dateOverlayView.isHidden)
        #expect(vc.dateOverlayView.content == vc.topmostVisibleMessage().map { vc.appearance.formatters.messageDateSeparator.format($0.createdAt) })
        for style in [UIUserInterfaceStyle.light, .dark] {
            Snapshot.assert(host, named: "message-list-date-overlay-\(style == .dark ? "dark" : "light")", size: host.bounds.size, scale: 2, style: style)
        }
        var shown: [ChatMessageListVC] = []  // each list lives as long as its view is rendered
        assertLocalizedSnapshots(named: "message-list-date-overlay") {
            let (localized, host) = scrolledUp()
            shown.append(localized)
            return host
        }
    }
}

extension HeadlessWindowTests {
/// The date overlay and swipe-to-reply flags in a headless window.
@MainActor
@Suite struct MessageListFeatureWindowTests {
    typealias F = MessageListFixtures

    func openList(_ source: StaticMessageListSource, _ backend: HeadlessBackend, _ configure: (inout Components) -> Void) -> (ChatMessageListVC, UIWindow) {
        let vc = ChatMessageListVC()
        configure(&vc.components)
        vc.components.messageContentView = FixedHeightMessageView.self
        vc.appearance.formatters.messageDateSeparator = DefaultMessageDateSeparatorFormatter(
            environment: FormattingEnvironment(calendar: F.utc, now: { F.day.addingTimeInterval(12 * 3_600) }))
        vc.dataSource = source
        vc.delegate = source
        let window = backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: vc)
        backend.runUntilIdle()
        return (vc, window)
    }

    @Test func swipeToReplyFollowsTheFlag() throws {
        let backend = HeadlessBackend.install()
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(30))
        let (vc, window) = openList(source, backend) { $0.messageSwipeToReplyEnabled = false }
        defer { backend.close(window) }
        let row = try #require(vc.contentView(forMessageId: source.messages[27].id))
        let frame = row.convert(row.bounds, to: nil)
        let start = CGPoint(x: frame.minX + 40, y: frame.midY)
        backend.drag(from: start, to: CGPoint(x: start.x + 90, y: start.y + 4), duration: 0.3, steps: 12, release: false)
        #expect(row.transform.isIdentity, "the row does not follow the finger")
        #expect(vc.swipeToReplyIconView.isHidden)
        backend.pointerUp(at: CGPoint(x: start.x + 90, y: start.y + 4))
        backend.runUntilIdle()
        #expect(source.swipedToReply.isEmpty)
    }

    @Test func theDateOverlayShowsTheTopmostDayWhileScrollingAndHidesAfter() {
        let backend = HeadlessBackend.install()
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(60, step: 3_600))
        let (vc, window) = openList(source, backend) { _ in }
        #expect(vc.dateOverlayView.isHidden, "not while resting")
        for _ in 0..<12 { backend.scroll(by: CGPoint(x: 0, y: -150), at: CGPoint(x: 200, y: 300)) }
        backend.advance(by: 0.1)
        #expect(!vc.isScrolledToBottom)
        #expect(!vc.dateOverlayView.isHidden && vc.dateOverlayView.alpha == 1)
        let top = vc.topmostVisibleMessage()
        #expect(top != nil)
        #expect(vc.dateOverlayView.content == top.map { vc.appearance.formatters.messageDateSeparator.format($0.createdAt) })
        #expect(vc.dateOverlayView.dateSeparatorView.textLabel.text == vc.dateOverlayView.content)
        backend.advance(by: 0.5)
        #expect(!vc.dateOverlayView.isHidden, "still there half a second after")
        backend.advance(by: 1.5)
        #expect(vc.dateOverlayView.isHidden, "gone after the delay")
        backend.close(window)

        let (off, second) = openList(source, backend) { $0.messageListDateOverlayEnabled = false }
        defer { backend.close(second) }
        for _ in 0..<12 { backend.scroll(by: CGPoint(x: 0, y: -150), at: CGPoint(x: 200, y: 300)) }
        backend.advance(by: 0.1)
        #expect(!off.isScrolledToBottom)
        #expect(off.dateOverlayView.superview == nil, "disabled: never added")
    }
}
}
