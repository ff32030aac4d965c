import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyComponent
import ParleyUIKit

@MainActor
@Suite struct ChatMessageListVCTests {
    typealias F = MessageListFixtures

    @Test func opensAtTheNewestMessage() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(60))
        let (vc, _) = makeHostedList(source)
        let newest = try #require(source.messages.last)
        #expect(vc.isScrolledToBottom)
        #expect(vc.idsOnScreen.last == newest.id)
        let frame = try #require(vc.listView.frame(id: newest.id))
        let visible = CGRect(origin: vc.listView.contentOffset, size: vc.listView.bounds.size)
        #expect(visible.contains(frame), "the newest row \(frame) is inside the viewport \(visible)")
        #expect(vc.scrollToBottomButton.isHidden)
        // Rows are the components' type, configured with the message.
        #expect(vc.contentView(forMessageId: newest.id) is FixedHeightMessageView)
    }

    @Test func shortChatsSitAtTheBottom() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(3))
        let (vc, _) = makeHostedList(source)
        let newest = try #require(vc.listView.frame(id: source.messages[2].id))
        // Content shorter than the view is pushed down: the newest row ends 8 pt above the bottom.
        #expect(abs(newest.maxY - (vc.listView.bounds.height - 8)) < 0.5)
    }

    @Test func dateSeparatorsGoBetweenDaysAndSayTodayAndYesterday() throws {
        // 6 messages 6 hours apart ending today at 12:00 UTC: 06:00, 12:00, 18:00 yesterday; 00:00, 06:00, 12:00 today.
        let messages = F.messages(6, step: 6 * 3_600)
        let source = StaticMessageListSource(channel: F.channel(), messages: messages)
        let (vc, _) = makeHostedList(source)
        let ids = try #require(vc.listView.list).ids
        let separators = ids.filter { $0.hasPrefix("date-") }
        #expect(separators.count == 2)
        // Each separator directly precedes the first message of its day.
        let firstOfYesterday = try #require(ids.firstIndex(of: messages[0].id))
        let firstOfToday = try #require(ids.firstIndex(of: messages[3].id))
        #expect(ids[firstOfYesterday - 1] == separators.first)
        #expect(ids[firstOfToday - 1] == separators.last)
        let texts = vc.listView.visibleViews.compactMap { ($0 as? ChatMessageListDateSeparatorView)?.textLabel.text }
        #expect(texts == ["Yesterday", "Today"])
        // Day boundaries follow the formatter's calendar: 23:59:59 and 00:00 UTC are different days.
        let midnight = F.day
        #expect(MessageListRows.dayNumber(midnight.addingTimeInterval(-1), calendar: F.utc) + 1
                == MessageListRows.dayNumber(midnight, calendar: F.utc))
    }

    @Test func unreadSeparatorSitsAboveTheFirstUnreadMessageAndStays() throws {
        let messages = F.messages(12)
        // Authors go alice, bob, me: read up to message 6 (alice), so 7 (bob) is the first unread.
        let source = StaticMessageListSource(channel: F.channel(unread: 3, lastReadAt: messages[6].createdAt), messages: messages)
        let (vc, host) = makeHostedList(source)
        #expect(vc.unreadSeparatorMessageId == messages[7].id)
        let ids = try #require(vc.listView.list).ids
        let separator = try #require(ids.firstIndex(of: "unread-separator"))
        #expect(ids[separator + 1] == messages[7].id)
        let separatorFrame = try #require(vc.listView.frame(id: "unread-separator"))
        let firstUnread = try #require(vc.listView.frame(id: messages[7].id))
        #expect(separatorFrame.maxY <= firstUnread.minY + 0.5)
        #expect(vc.listView.visibleViews.contains { $0 is ChatMessageListUnreadSeparatorView && !$0.isHidden })
        // Reading the channel does not move or remove it while the list is open.
        source.channel = F.channel(unread: 0, lastReadAt: messages[11].createdAt)
        vc.reloadData()
        host.layoutIfNeeded()
        #expect(vc.unreadSeparatorMessageId == messages[7].id)
        // Without a read date, the count decides: 2 unread → above the second newest from others.
        let counted = StaticMessageListSource(channel: F.channel(unread: 2), messages: messages)
        let (countedVC, _) = makeHostedList(counted)
        #expect(countedVC.unreadSeparatorMessageId == messages[9].id)
        // Nothing unread: no separator.
        let read = StaticMessageListSource(channel: F.channel(), messages: messages)
        let (readVC, _) = makeHostedList(read)
        #expect(readVC.unreadSeparatorMessageId == nil)
        #expect(readVC.listView.frame(id: "unread-separator") == nil)
    }

    @Test func typingIndicatorAppearsAtTheBottomForTypingPeers() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(20))
        let (vc, host) = makeHostedList(source)
        #expect(vc.listView.frame(id: "typing-indicator") == nil)
        source.typing = [F.alice]
        vc.reloadData()
        host.layoutIfNeeded()
        let typing = try #require(vc.listView.frame(id: "typing-indicator"))
        let newest = try #require(vc.listView.frame(id: source.messages.last!.id))
        #expect(typing.minY >= newest.maxY - 0.5, "below the newest message")
        #expect(vc.isScrolledToBottom, "resting at the bottom, the indicator scrolls into view")
        let view = try #require(vc.listView.visibleViews.compactMap { $0 as? TypingIndicatorView }.first)
        #expect(view.textLabel.text == "Alice is typing…")
        source.typing = [F.bob, F.alice]
        vc.reloadData()
        host.layoutIfNeeded()
        #expect(vc.listView.visibleViews.compactMap { ($0 as? TypingIndicatorView)?.textLabel.text } == ["Alice and Bob are typing…"])
        source.typing = []
        vc.reloadData()
        host.layoutIfNeeded()
        #expect(vc.listView.frame(id: "typing-indicator") == nil)
    }

    @Test func typingSentences() {
        let carol = ChatUser(id: "carol", name: "Carol Danvers")
        #expect(TypingUsersFormatter.text(for: []) == nil)
        #expect(TypingUsersFormatter.text(for: [F.bob]) == "Bob is typing…")
        #expect(TypingUsersFormatter.text(for: [F.bob, F.alice]) == "Alice and Bob are typing…")
        #expect(TypingUsersFormatter.text(for: [carol, F.bob, F.alice]) == "Alice and 2 more are typing…")
        #expect(TypingUsersFormatter.text(for: [ChatUser(id: "x1", name: "  ")]) == "x1 is typing…")
    }

    @Test func aHundredThousandMessagesOpenByMeasuringAScreenful() throws {
        let messages = F.messages(100_000, step: 1)
        let source = StaticMessageListSource(channel: F.channel(), messages: messages)
        let (vc, host) = makeHostedList(source)
        // 640 pt of 36–60 pt rows: about 14 on screen, plus a few prefetched per frame.
        #expect(vc.measuredRowCount <= 30, "measured \(vc.measuredRowCount) rows")
        #expect(vc.idsOnScreen.last == messages.last?.id)
        // Prefetching over the next frames stays within a screen or two.
        for _ in 0..<20 { host.setNeedsLayout(); vc.listView.setNeedsRender(); host.layoutIfNeeded() }
        #expect(vc.measuredRowCount <= 60, "measured \(vc.measuredRowCount) rows")
        #expect(vc.listView.visibleViews.count < 60, "only rows near the screen have views")
    }

    /// A row is measured once, in a sizing view outside the window, and the view that shows it
    /// is filled once, set up once with the window's traits (joining the window after filling
    /// used to fill it again), and never filled again when it comes on screen.
    @Test func eachRowIsFilledOnceWhenItComesOnScreen() throws {
        CountingMessageView.fills = [:]
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(40))
        let (vc, host) = makeHostedList(source, contentView: CountingMessageView.self)
        let shown = vc.listView.visibleViews.compactMap { $0 as? CountingMessageView }.filter { !$0.isHidden }
        #expect(shown.count >= 5)
        for view in shown {
            let id = try #require(view.content?.id)
            #expect(CountingMessageView.fills[id] == 2, "\(id) filled \(CountingMessageView.fills[id] ?? 0) times")
            #expect(view.ownFills == 1)
            // Set up once, with the window's traits: not again when it joined the list.
            #expect(view.appearanceSetUps == 1)
        }
        // Scrolling up brings in rows measured ahead, without filling them again.
        vc.listView.contentOffset.y -= 300
        host.layoutIfNeeded()
        for view in vc.listView.visibleViews.compactMap({ $0 as? CountingMessageView }) where !view.isHidden {
            let id = try #require(view.content?.id)
            #expect(CountingMessageView.fills[id] == 2, "\(id) filled \(CountingMessageView.fills[id] ?? 0) times")
        }
        // Measuring added nothing to the window: every message view in it is the list's.
        #expect(vc.view.subviews.allSatisfy { !($0 is ChatMessageContentView) })
    }

    /// Rows measured ahead of the viewport are laid out and composed then: the frame that scrolls
    /// one into view measures, lays out and rasterizes nothing.
    @Test func aRowPreparedAheadComesOnScreenWithoutRasterizing() throws {
        let backend = HeadlessBackend.install()
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(200))
        let vc = ChatMessageListVC()
        vc.components.messageContentView = CountingMessageView.self
        // The date overlay's pill is drawn when it first shows, with the first scroll: rows only here.
        vc.components.messageListDateOverlayEnabled = false
        vc.dataSource = source
        vc.delegate = source
        let window = backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: vc)
        for _ in 0..<30 { backend.advance(by: 1.0 / 60) }
        let shown = Set(vc.idsOnScreen)
        // Each row view set itself up once, in the window: joining the list with other traits
        // and tint than it was set up with used to run setUpAppearance and updateContent again.
        let rows = vc.listView.visibleViews.compactMap { $0 as? CountingMessageView }.filter { !$0.isHidden }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.appearanceSetUps == 1 }, "\(rows.map(\.appearanceSetUps))")
        var appeared = false
        for _ in 0..<10 where !appeared {
            vc.listView.contentOffset.y -= 20
            backend.advance(by: 1.0 / 60)
            appeared = !Set(vc.idsOnScreen).subtracting(shown).isEmpty
            #expect(Compositor.rasterizedLayersInLastFrame == 0)
            #expect(vc.listView.lastRenderStats.measured == 0)
        }
        #expect(appeared, "scrolling up 200 pt brings in a row")
        withExtendedLifetime(window) {}
    }

    @Test func scrollingNearTheTopAsksForOlderMessagesOncePerPage() {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(60))
        let (vc, host) = makeHostedList(source)
        #expect(source.nearTopCount == 0)
        vc.listView.contentOffset = CGPoint(x: 0, y: 100)
        host.layoutIfNeeded()
        #expect(source.nearTopCount == 1)
        vc.listView.contentOffset = CGPoint(x: 0, y: 50)
        host.layoutIfNeeded()
        #expect(source.nearTopCount == 1, "no new page arrived: no second request")
        // A page of older messages arrives; near the top again, the list asks again.
        let page = (0..<25).map { index in
            ChatMessage(id: "older-\(index)", cid: F.cid, text: "Older \(index)", author: F.bob,
                        createdAt: source.messages[0].createdAt.addingTimeInterval(-Double(25 - index) * 30))
        }
        source.messages = page + source.messages
        vc.updateMessages(with: ListChange(inserted: page.map(\.id)))
        host.layoutIfNeeded()
        vc.listView.contentOffset = CGPoint(x: 0, y: 10)
        host.layoutIfNeeded()
        #expect(source.nearTopCount == 2)
    }

    @Test func olderMessagesInsertedAboveDoNotMoveTheVisibleRows() throws {
        let all = F.messages(160)
        let source = StaticMessageListSource(channel: F.channel(), messages: Array(all.suffix(60)))
        let (vc, host) = makeHostedList(source)
        vc.listView.contentOffset = CGPoint(x: 0, y: 400)
        host.layoutIfNeeded()
        let anchor = try #require(vc.firstVisibleMessageId())
        let before = try #require(vc.screenY(of: anchor))
        source.messages = Array(all.suffix(85))
        vc.updateMessages(with: ListChange(inserted: all.dropLast(60).suffix(25).map(\.id)))
        host.layoutIfNeeded()
        let after = try #require(vc.screenY(of: anchor))
        #expect(abs(after - before) <= 0.5, "moved from \(before) to \(after)")
        // And once the rows above are measured (corrections), it still has not moved.
        for _ in 0..<10 { vc.listView.setNeedsRender(); host.layoutIfNeeded() }
        #expect(abs(try #require(vc.screenY(of: anchor)) - before) <= 0.5)
    }

    @Test func newMessagesWhileScrolledUpKeepTheViewAndCountOnTheButton() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(60))
        let (vc, host) = makeHostedList(source)
        vc.listView.contentOffset = CGPoint(x: 0, y: vc.listView.contentOffset.y - 600)
        host.layoutIfNeeded()
        #expect(!vc.isScrolledToBottom)
        #expect(!vc.scrollToBottomButton.isHidden)
        let anchor = try #require(vc.firstVisibleMessageId())
        let before = try #require(vc.screenY(of: anchor))
        let last = source.messages.last!
        let incoming = ChatMessage(id: "incoming-1", cid: F.cid, text: "New!", author: F.bob, createdAt: last.createdAt.addingTimeInterval(5))
        source.messages.append(incoming)
        vc.updateMessages(with: ListChange(inserted: [incoming.id]))
        host.layoutIfNeeded()
        #expect(abs(try #require(vc.screenY(of: anchor)) - before) <= 0.5)
        #expect(vc.newMessagesWhileScrolledUp == 1)
        #expect(vc.scrollToBottomButton.content.messages == 1)
        #expect(!vc.scrollToBottomButton.unreadCountView.isHidden)
        // Scrolling to the bottom shows it and resets the count.
        vc.scrollToBottom(animated: false)
        host.layoutIfNeeded()
        #expect(vc.isScrolledToBottom)
        #expect(vc.idsOnScreen.last == incoming.id)
        #expect(vc.newMessagesWhileScrolledUp == 0)
        #expect(vc.scrollToBottomButton.isHidden)
        #expect(source.bottomReached >= 1)
    }

    @Test func newMessagesAtTheBottomScrollIntoView() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(60))
        let (vc, host) = makeHostedList(source)
        for index in 0..<3 {
            let incoming = ChatMessage(id: "incoming-\(index)", cid: F.cid, text: "New \(index) with a longer text",
                                       author: F.alice, createdAt: source.messages.last!.createdAt.addingTimeInterval(5))
            source.messages.append(incoming)
            vc.updateMessages(with: ListChange(inserted: [incoming.id]))
            host.layoutIfNeeded()
            #expect(vc.isScrolledToBottom)
            #expect(vc.idsOnScreen.last == incoming.id)
        }
        #expect(vc.newMessagesWhileScrolledUp == 0)
    }

    @Test func ownMessagesScrollToTheBottomEvenWhenScrolledUp() {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(60))
        let (vc, host) = makeHostedList(source)
        vc.listView.contentOffset = CGPoint(x: 0, y: 200)
        host.layoutIfNeeded()
        let mine = ChatMessage(id: "mine", cid: F.cid, text: "Mine", author: F.me, createdAt: source.messages.last!.createdAt.addingTimeInterval(5),
                               isSentByCurrentUser: true)
        source.messages.append(mine)
        vc.updateMessages(with: ListChange(inserted: [mine.id]))
        host.layoutIfNeeded()
        #expect(vc.isScrolledToBottom)
        #expect(vc.idsOnScreen.last == mine.id)
    }

    @Test func rowsAreReusedByLayoutOptionsAndOnlyVisibleRowsHaveViews() {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(300))
        let (vc, host) = makeHostedList(source)
        let rowsOnScreen = vc.listView.visibleViews.filter { $0 is ChatMessageContentView && !$0.isHidden }.count
        #expect(rowsOnScreen > 5 && rowsOnScreen < 30)
        var created = 0, reused = 0
        for step in 1...20 {
            vc.listView.contentOffset = CGPoint(x: 0, y: vc.listView.contentOffset.y - 150)
            host.layoutIfNeeded()
            created += vc.listView.lastRenderStats.created
            reused += vc.listView.lastRenderStats.reused
            _ = step
        }
        #expect(reused > created, "scrolling reuses rows (created \(created), reused \(reused))")
    }

    @Test func badDataDoesNotCrash() {
        let weird = [
            ChatMessage(id: "", cid: F.cid, text: "", author: ChatUser(id: "", name: ""), createdAt: .distantPast),
            ChatMessage(id: "nul", cid: F.cid, text: "a\u{0}b", author: F.alice, createdAt: Date(timeIntervalSince1970: 0)),
            ChatMessage(id: "rtl", cid: F.cid, text: "مرحبا بالعالم 👋🏽", author: F.bob, createdAt: .distantFuture),
            ChatMessage(id: "huge", cid: F.cid, text: String(repeating: "long ", count: 20_000), author: F.bob, createdAt: F.day),
        ]
        let source = StaticMessageListSource(channel: nil, messages: weird)
        source.typing = [ChatUser(id: "t", name: "")]
        let (vc, host) = makeHostedList(source)
        #expect(vc.messages.count == 4)
        source.messages = []
        vc.reloadData()
        host.layoutIfNeeded()
        #expect(vc.listView.frame(id: "rtl") == nil)
    }
}

/// The default message view, counting `updateContent()` calls per message shown.
final class CountingMessageView: ChatMessageContentView {
    static var fills: [MessageId: Int] = [:]
    var appearanceSetUps = 0
    /// Fills of this instance.
    var ownFills = 0

    override func setUpAppearance() {
        super.setUpAppearance()
        appearanceSetUps += 1
    }

    override func updateContent() {
        super.updateContent()
        if let id = content?.id {
            Self.fills[id, default: 0] += 1
            ownFills += 1
        }
    }
}
