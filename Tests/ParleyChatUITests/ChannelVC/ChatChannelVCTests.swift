import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyUIKit

@MainActor
@Suite struct ChatChannelVCTests {
    @Test func aLongChannelOpensAtItsNewestMessage() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 300)
        let (vc, _, _) = makeHostedChannelVC(client, cid)
        let list = vc.messageListVC
        #expect(vc.channelController.messages.count == 25)
        #expect(list.messages.last?.id == "m0299")
        #expect(list.isScrolledToBottom)
        #expect(list.idsOnScreen.last == "m0299")
        #expect(list.listView.bounds.height > 500, "the list takes the screen above the composer")
        #expect(vc.navigationItem.titleView === vc.headerView)
        #expect(vc.headerView.titleLabel.text == "General")
        #expect(vc.headerView.subtitleLabel.text == "3 members, 2 online")
    }

    /// A bounded window keeps its count while paging (a page in at one end, a page out at the
    /// other): the list still pages back to the oldest message, pages forward again on the way
    /// down, and the scroll-to-bottom button jumps back to the newest.
    @Test func aBoundedWindowPagesBothWaysThroughTheWholeChannel() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 400)
        let (vc, _, host) = makeHostedChannelVC(client, cid)
        vc.channelController.maxLoadedMessages = 100
        let list = vc.messageListVC
        for _ in 0..<400 where list.messages.first?.id != "m0000" {
            list.listView.contentOffset.y = -list.listView.adjustedContentInset.top
            host.layoutIfNeeded()
        }
        #expect(list.messages.first?.id == "m0000", "paged back to the oldest message")
        #expect(vc.channelController.messages.count <= 100)
        #expect(!vc.channelController.hasLoadedAllNextMessages)
        for _ in 0..<400 where !vc.channelController.hasLoadedAllNextMessages {
            list.listView.contentOffset.y = list.listView.contentSize.height - list.listView.bounds.height
            host.layoutIfNeeded()
        }
        #expect(list.messages.last?.id == "m0399", "paged forward to the newest message again")
        // Back up, then the button: the newest page, at the bottom.
        for _ in 0..<40 {
            list.listView.contentOffset.y = -list.listView.adjustedContentInset.top
            host.layoutIfNeeded()
        }
        #expect(!vc.channelController.hasLoadedAllNextMessages)
        list.scrollToBottom(animated: false)
        host.layoutIfNeeded()
        #expect(list.messages.last?.id == "m0399")
        #expect(list.idsOnScreen.last == "m0399")
    }

    @Test func scrollingUpPagesOlderMessagesWithoutMovingWhatIsOnScreen() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 300)
        let (vc, _, host) = makeHostedChannelVC(client, cid, type: PagingRecordingChannelVC.self)
        let list = vc.messageListVC
        var pages = 0
        // Scroll up 120 pt at a time, as a wheel would, through several pages.
        for _ in 0..<200 where pages < 4 {
            let before = vc.channelController.messages.count
            list.listView.contentOffset = CGPoint(x: 0, y: max(0, list.listView.contentOffset.y - 120))
            host.layoutIfNeeded()
            guard vc.channelController.messages.count > before else { continue }
            pages += 1
            // What was on screen when the list asked for the page is where it was.
            let seen = try #require(vc.recorded.last)
            let y = try #require(list.screenY(of: seen.id))
            #expect(abs(y - seen.y) <= 0.5, "page \(pages): \(seen.id) moved from \(seen.y) to \(y)")
            // Also after the rows above are measured over the next frames.
            for _ in 0..<8 { list.listView.setNeedsRender(); host.layoutIfNeeded() }
            #expect(abs(try #require(list.screenY(of: seen.id)) - seen.y) <= 0.5)
        }
        #expect(pages == 4)
        #expect(vc.recorded.count == 4)
        #expect(vc.channelController.messages.count == 125)
        #expect(list.messages.first?.id == "m0175")
    }

    @Test func aMessageFromSomeoneElseWhileScrolledUpDoesNotMoveTheListAndCountsOnTheButton() async throws {
        let (client, cid, clock) = try await makeChatChannel(messageCount: 60)
        let (vc, _, host) = makeHostedChannelVC(client, cid)
        let list = vc.messageListVC
        settle(host, list)
        list.listView.contentOffset = CGPoint(x: 0, y: list.listView.contentOffset.y - 300)
        settle(host, list)
        let anchor = try #require(list.firstVisibleMessageId())
        let before = try #require(list.screenY(of: anchor))
        try await sendAs("bob", "Are you there?", id: "incoming", in: client, cid: cid, clock: clock)
        await waitUntil("the message arrives") { list.messages.last?.id == "incoming" }
        settle(host, list)
        #expect(abs(try #require(list.screenY(of: anchor)) - before) <= 0.5)
        #expect(!list.isScrolledToBottom)
        #expect(!list.scrollToBottomButton.isHidden)
        #expect(list.scrollToBottomButton.content.messages == 1)
        try await sendAs("carol", "Hello?", id: "incoming-2", in: client, cid: cid, clock: clock)
        await waitUntil("the second message arrives") { list.messages.last?.id == "incoming-2" }
        settle(host, list)
        #expect(list.scrollToBottomButton.content.messages == 2)
        #expect(abs(try #require(list.screenY(of: anchor)) - before) <= 0.5)
    }

    @Test func atTheBottomANewMessageAppearsAndStaysInView() async throws {
        let (client, cid, clock) = try await makeChatChannel(messageCount: 60)
        let (vc, _, host) = makeHostedChannelVC(client, cid)
        let list = vc.messageListVC
        try await sendAs("bob", "Fresh news with a bit more text", id: "fresh", in: client, cid: cid, clock: clock)
        await waitUntil("the message arrives") { list.messages.last?.id == "fresh" }
        host.layoutIfNeeded()
        #expect(list.isScrolledToBottom)
        #expect(list.idsOnScreen.last == "fresh")
        #expect(list.scrollToBottomButton.isHidden)
        // Seen at the bottom: the channel is marked read.
        await waitUntil("the channel is marked read") { vc.channelController.channel?.unreadCount.messages == 0 }
    }

    @Test func aMessageArrivingAtTheBottomIsMarkedReadWithoutAnotherFrame() async throws {
        let (client, cid, clock) = try await makeChatChannel(messageCount: 60)
        let (vc, _, _) = makeHostedChannelVC(client, cid)
        #expect(vc.messageListVC.isScrolledToBottom)
        // The message diff comes first, the channel with its new unread count right after; no
        // layout pass runs in between or after.
        try await sendAs("bob", "Fresh news", id: "fresh", in: client, cid: cid, clock: clock)
        await waitUntil("the channel is marked read") {
            vc.channelController.messages.last?.id == "fresh" && (try? client.channel(cid))?.unreadCount.messages == 0
        }
    }

    @Test func theUnreadSeparatorSitsAboveTheFirstUnreadMessage() async throws {
        let (client, cid, clock) = try await makeChatChannel(messageCount: 20)
        for index in 0..<3 {
            try await sendAs("bob", "Unread \(index)", id: "u\(index)", in: client, cid: cid, clock: clock, advance: 60)
        }
        let (vc, _, _) = makeHostedChannelVC(client, cid)
        let list = vc.messageListVC
        #expect(list.unreadSeparatorMessageId == "u0")
        let ids = try #require(list.listView.list).ids
        let index = try #require(ids.firstIndex(of: "unread-separator"))
        #expect(ids[index + 1] == "u0")
        #expect(ids.filter { $0.hasPrefix("date-") }.count == 1, "one day: one date separator")
        // The day's separator sits above its first message.
        let separator = try #require(ids.firstIndex { $0.hasPrefix("date-") })
        #expect(ids[separator + 1] == "m0000")
        // Opened at the newest message: the channel is marked read; the separator stays.
        await waitUntil("the channel is marked read") { vc.channelController.channel?.unreadCount.messages == 0 }
        #expect(list.unreadSeparatorMessageId == "u0")
    }

    @Test func aTypingPeerShowsInTheListAndTheHeader() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 10)
        let (vc, _, host) = makeHostedChannelVC(client, cid)
        try await client.embeddedBackend!.startTyping(in: cid, by: "bob")
        await waitUntil("typing arrives") { !(vc.channelController.channel?.currentlyTypingUsers.isEmpty ?? true) }
        host.layoutIfNeeded()
        #expect(vc.headerView.subtitleLabel.text == "Bob is typing…")
        #expect(vc.messageListVC.listView.frame(id: "typing-indicator") != nil)
        let indicator = vc.messageListVC.listView.visibleViews.compactMap { $0 as? TypingIndicatorView }.first
        #expect(indicator?.textLabel.text == "Bob is typing…")
    }

    @Test func tappingTheThreadInfoPushesTheThreadWithItsReplies() async throws {
        let (client, cid, clock) = try await makeChatChannel(messageCount: 10)
        for index in 0..<3 {
            try await sendAs(index == 1 ? "carol" : "bob", "Reply \(index)", id: "r\(index)", in: client, cid: cid, clock: clock, parent: "m0005")
        }
        let (vc, navigation, host) = makeHostedChannelVC(client, cid)
        let root = try #require(vc.messageListVC.messages.first { $0.id == "m0005" })
        #expect(root.replyCount == 3)
        // What the row reports when its "3 replies" is tapped.
        vc.messageListVC.messageContentViewDidTapOnThread(root)
        host.layoutIfNeeded()
        let thread = try #require(navigation.viewControllers.last as? ChatThreadVC)
        #expect(thread.messageController.messageId == "m0005")
        #expect(thread.messageListVC.messages.map(\.id) == ["m0005", "r0", "r1", "r2"])
        #expect(thread.messageComposerVC.content.threadMessage?.id == "m0005")
        #expect(thread.messageListVC.dataSource === thread)
        #expect(thread.headerView.titleLabel.text == "Thread")
        #expect(thread.headerView.subtitleLabel.text == "with General")
        // A new reply arrives in the open thread.
        try await sendAs("bob", "Reply 3", id: "r3", in: client, cid: cid, clock: clock, parent: "m0005")
        await waitUntil("the reply arrives") { thread.messageListVC.messages.last?.id == "r3" }
    }

    @Test func swipeToReplyPutsTheComposerInQuoteMode() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 10)
        let (vc, _, _) = makeHostedChannelVC(client, cid)
        let message = try #require(vc.messageListVC.messages.last)
        vc.messageListVC.delegate?.chatMessageListVC(vc.messageListVC, didSwipeToReplyTo: message)
        #expect(vc.messageComposerVC.content.quotingMessage?.id == message.id)
    }

    @Test func headerSubtitles() {
        let header = ChatChannelHeaderView()
        let host = UIView()
        host.addSubview(header)
        let now = Date(timeIntervalSince1970: 1_741_789_800)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let environment = FormattingEnvironment(calendar: utc, now: { now })
        header.appearance.formatters.messageDateSeparator = DefaultMessageDateSeparatorFormatter(environment: environment)
        header.appearance.formatters.messageTimestamp = DefaultMessageTimestampFormatter(environment: environment)
        header.appearance.formatters.userLastActivity = DefaultUserLastActivityFormatter(environment: environment)
        header.currentUserId = "me"
        let me = ChatUser(id: "me", name: "Me", isOnline: true)
        let ana = ChatUser(id: "ana", name: "Ana Lopez", isOnline: false, lastActiveAt: now.addingTimeInterval(-3_600))
        let ben = ChatUser(id: "ben", name: "Ben", isOnline: true)
        func member(_ user: ChatUser) -> ChatChannelMember { ChatChannelMember(user: user, role: .member, memberCreatedAt: now) }
        let cid = ChannelId(type: .messaging, id: "h")
        header.content = ChatChannel(cid: cid, members: [member(me), member(ana)], memberCount: 2)
        #expect(header.titleLabel.text == "Ana Lopez")
        #expect(header.subtitleLabel.text == "Last seen today at 13:30")
        header.content = ChatChannel(cid: cid, members: [member(me), member(ben)], memberCount: 2)
        #expect(header.subtitleLabel.text == "Online")
        header.content = ChatChannel(cid: cid, name: "Team", members: [member(me), member(ana), member(ben)], memberCount: 5)
        #expect(header.titleLabel.text == "Team")
        #expect(header.subtitleLabel.text == "5 members, 2 online")
        header.content = ChatChannel(cid: cid, name: "Team", members: [member(me), member(ana), member(ben)], memberCount: 5,
                                     currentlyTypingUsers: [ana])
        #expect(header.subtitleLabel.text == "Ana is typing…")
        header.content = nil
        #expect(header.titleLabel.text == nil)
        #expect(header.intrinsicContentSize.width >= 0)
    }
}

@MainActor
@Suite struct LargeChannelTests {
    @Test func aChannelOfAHundredThousandMessagesOpensWithAPageAndMeasuresAScreenful() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 1, readAll: false)
        // Written off the main actor: the other tests keep running meanwhile.
        let written = try await Task.detached {
            try DemoDataGenerator(parameters: DemoDataParameters(seed: 5)).appendMessages(100_000, to: cid, in: client)
        }.value
        #expect(written >= 100_000)
        let start = ContinuousClock.now
        let (vc, _, _) = makeHostedChannelVC(client, cid)
        let elapsed = ContinuousClock.now - start
        let list = vc.messageListVC
        #expect(list.messages.count <= 50, "one or two pages, not the channel")
        #expect(list.measuredRowCount <= 30, "measured \(list.measuredRowCount) rows")
        #expect(list.isScrolledToBottom)
        #expect(list.idsOnScreen.last == vc.channelController.messages.last?.id)
        #expect(elapsed < .seconds(2), "opened in \(elapsed) (debug build)")
    }
}

@MainActor
@Suite struct ChannelScreensWithBadInputTests {
    @Test func aChannelScreenWithoutAControllerOrChannelShowsNothingAndDoesNotCrash() async throws {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let empty = ChatChannelVC()
        let emptyView: UIView = empty.view
        emptyView.frame = host.bounds
        host.addSubview(emptyView)
        host.layoutIfNeeded()
        #expect(empty.messageListVC.messages.isEmpty)
        #expect(empty.headerView.titleLabel.text == nil)

        let (client, _, _) = try await makeChatChannel(messageCount: 0)
        let missing = ChatChannelVC()
        missing.channelController = client.channelController(for: ChannelId(type: .messaging, id: "nope"))
        let missingView: UIView = missing.view
        missingView.frame = host.bounds
        host.addSubview(missingView)
        host.layoutIfNeeded()
        #expect(missing.lastError == .channelNotFound(ChannelId(type: .messaging, id: "nope")))
        #expect(missing.messageListVC.messages.isEmpty)
    }

    @Test func aThreadOfAMissingMessageShowsNothingAndDoesNotCrash() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 3)
        let thread = ChatThreadVC()
        thread.messageController = client.messageController(cid: cid, messageId: "missing")
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let threadView: UIView = thread.view
        threadView.frame = host.bounds
        host.addSubview(threadView)
        host.layoutIfNeeded()
        #expect(thread.lastError == .messageNotFound("missing"))
        #expect(thread.messageListVC.messages.isEmpty)
        #expect(thread.messageComposerVC.content.threadMessage == nil)
    }
}
