import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct ChatChannelListVCTests {
    // MARK: Rows

    @Test func rowsShowNamesPreviewsBadgesAndTimestamps() throws {
        let data = try ChannelListSceneData.make()
        let list = makeChannelList(data, size: CGSize(width: 390, height: 2000))
        #expect(list.title == "Channels")
        #expect(list.navigationItem.title == "Channels")
        #expect(list.state == .loaded)
        #expect(list.channels.count == 10)

        func row(_ key: String) throws -> ChatChannelListItemView {
            try #require(visibleCell(list, data.channels[key]), "row \(key)").itemView
        }
        // Most recent first.
        #expect(visibleCells(list).map { $0.content!.channel.cid.id }
            == ["dm-ana", "design", "dm-ben", "family", "reading", "hiking", "launch", "dm-yuki", "books", "random"])

        let ana = try row("ana")
        #expect(ana.titleLabel.text == "Ana Lopez")                               // a DM: the other member
        #expect(ana.subtitleLabel.text == "Are we still on for lunch tomorrow? 🌮")  // a DM: no author prefix
        #expect(ana.timestampLabel.text == "13:52")
        #expect(!ana.unreadCountView.isHidden && ana.unreadCountView.unreadCountLabel.text == "1")
        #expect(!ana.avatarView.onlineIndicatorView.isHidden)

        let design = try row("design")
        #expect(design.subtitleLabel.text == "Chloé Martin: I pushed the new mockups to the shared folder")
        #expect(design.unreadCountView.unreadCountLabel.text == "12")
        #expect(design.subtitleLabel.isTruncated)

        let ben = try row("ben")
        #expect(ben.subtitleLabel.text == "You: Sounds good, I'll take a look tonight!")
        #expect(ben.unreadCountView.isHidden)
        #expect(ben.avatarView.onlineIndicatorView.isHidden)

        let family = try row("family")
        #expect(family.subtitleLabel.text == "Sam Rivera is typing…")
        #expect(family.subtitleLabel.font.isItalic)

        let hiking = try row("hiking")
        #expect(hiking.unreadCountView.unreadCountLabel.text == "99+")
        #expect(hiking.titleLabel.isTruncated)
        #expect(hiking.timestampLabel.text == "Yesterday")
        #expect(!hiking.timestampLabel.isTruncated && !hiking.unreadCountView.unreadCountLabel.isTruncated)

        let reading = try row("reading")
        #expect(reading.titleLabel.text == "نادي القراءة")
        // Right-to-left author and text in a left-to-right list: one isolated right-to-left part.
        #expect(reading.subtitleLabel.text == "\u{2068}عمر الفاروق: 📚 الفصل الثالث\u{2069}")
        #expect(reading.timestampLabel.text == "09:12")

        let launch = try row("launch")
        #expect(launch.subtitleLabel.text == "Jordan Lee added Sam Rivera")          // a system message
        #expect(launch.subtitleLabel.font.isItalic)
        #expect(launch.timestampLabel.text == "Mon")

        #expect(try row("yuki").subtitleLabel.text == "🎉🎉🎉")
        #expect(try row("yuki").timestampLabel.text == "Sat")
        #expect(try row("books").subtitleLabel.text == "Message deleted")
        #expect(try row("books").timestampLabel.text == "03/03/25")
        let random = try row("random")
        #expect(random.subtitleLabel.text == "No messages")
        #expect(random.timestampLabel.isHidden)
        #expect(!random.subtitleLabel.font.isItalic)

        // Rows are as tall as a measured row (avatar 48 + margins), and the texts sit inside it.
        let cell = try #require(visibleCell(list, data.channels["ana"]))
        #expect(cell.bounds.height >= 64 && cell.bounds.height <= 76)
        let avatar = ana.avatarView.convert(ana.avatarView.bounds, to: cell)
        #expect(avatar.size == CGSize(width: 48, height: 48))
        #expect(abs(avatar.midY - cell.bounds.midY) < 1)
        let timestamp = ana.timestampLabel.convert(ana.timestampLabel.bounds, to: cell)
        #expect(timestamp.maxX <= cell.bounds.maxX - 15 && timestamp.maxX >= cell.bounds.maxX - 17)
    }

    @Test func rectAvatarsReplaceEveryAvatarInTheList() throws {
        let saved = Components.default
        defer { Components.default = saved }
        Components.default.avatarView = RectAvatarView.self

        let list = makeChannelList(try ChannelListSceneData.make())
        let cells = visibleCells(list)
        #expect(cells.count >= 9)
        for cell in cells {
            let avatar = cell.itemView.avatarView.avatarView
            #expect(avatar is RectAvatarView)
            #expect(avatar.imageView.layer.cornerRadius == 3)
        }
        // In pixels: the top-left corner of a rectangular avatar is painted.
        let avatar = cells[0].itemView.avatarView.avatarView
        let pixels = try #require(avatar.renderPixels(scale: 1))
        #expect(pixels[1, 1].a == 255)
    }

    /// A row subclass with a third line: the list must size its rows for it from the start.
    final class ThreeLineItemView: ChatChannelListItemView {
        let memberCountLabel = UILabel()
        override func setUpLayout() {
            super.setUpLayout()
            rightContainer.addArrangedSubview(memberCountLabel)
        }
        override func updateContent() {
            super.updateContent()
            memberCountLabel.text = "\(content?.channel.memberCount ?? 0) members"
            memberCountLabel.font = appearance.fonts.footnote
        }
    }

    @Test func customRowsWithATallerLayoutGetTallerRowsBeforeAnyScrolling() throws {
        let data = try ChannelListSceneData.make()
        let standard = try #require(visibleCells(makeChannelList(data)).first).bounds.height

        let saved = Components.default
        defer { Components.default = saved }
        Components.default.channelContentView = ThreeLineItemView.self
        let list = makeChannelList(data)
        let cell = try #require(visibleCells(list).first)
        let item = try #require(cell.itemView as? ThreeLineItemView)
        #expect(cell.bounds.height > standard + 10)
        // The extra line fits inside the row, above its bottom margin.
        let extra = item.memberCountLabel.convert(item.memberCountLabel.bounds, to: cell)
        #expect(extra.height > 10 && extra.maxY <= cell.bounds.height - 8)
    }

    // MARK: Live updates

    @Test func aNewMessageMovesItsChannelToTheTopWithItsPreviewAndBadge() async throws {
        let data = try ChannelListSceneData.make()
        let list = makeChannelList(data)
        let books = try #require(data.channels["books"])
        #expect(list.channels.first?.cid != books)

        try await data.send("See you all on Thursday 📖", in: books, as: "chloe")
        try await waitUntilTrue("books at the top") { list.channels.first?.cid == books }
        list.view.layoutIfNeeded()
        let top = try #require(visibleCells(list).first)
        #expect(top.content?.channel.cid == books)
        #expect(top.frame.minY == 0)
        #expect(top.itemView.subtitleLabel.text == "Chloé Martin: See you all on Thursday 📖")
        #expect(top.itemView.timestampLabel.text == "14:00")
        #expect(!top.itemView.unreadCountView.isHidden)
        #expect(top.itemView.unreadCountView.unreadCountLabel.text == "1")
        // Every channel is still there, once.
        #expect(Set(list.channels.map(\.cid)).count == 10)
    }

    @Test func anUpdateInPlaceShowsTheUnreadBadgeOnTheSameView() async throws {
        let data = try ChannelListSceneData.make()
        let list = makeChannelList(data)
        let ben = try #require(data.channels["ben"])
        let cell = try #require(visibleCell(list, ben))
        #expect(cell.itemView.unreadCountView.isHidden)

        try await data.send("Thanks!", in: ben, as: "ben")
        try await waitUntilTrue("ben on top") { list.channels.first?.cid == ben }
        list.view.layoutIfNeeded()
        #expect(visibleCell(list, ben) === cell)              // the same view, updated in place
        #expect(!cell.itemView.unreadCountView.isHidden)
        #expect(cell.itemView.subtitleLabel.text == "Thanks!")
    }

    @Test func updatesAboveTheViewportDoNotMoveWhatTheUserSees() async throws {
        let (client, clock) = try await makeClientWithChannels(20)
        let list = ChatChannelListVC.make(with: client.channelListController())
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 500)
        list.view.layoutIfNeeded()
        let rowHeight = try #require(visibleCells(list).first).bounds.height
        list.listView.contentOffset = CGPoint(x: 0, y: rowHeight * 5 + 10)
        list.view.layoutIfNeeded()
        let first = try #require(visibleCells(list).dropFirst().first)   // a fully visible row
        let firstCid = try #require(first.content?.channel.cid)
        let screenY = first.frame.minY - list.listView.contentOffset.y
        let offsetBefore = list.listView.contentOffset.y

        // A channel far below (the 18th) gets a message and jumps to the top, above the viewport.
        clock.advance(by: 60)
        let jumping = ChannelId(type: .messaging, id: "c18")
        try await client.embeddedBackend!.sendMessage(
            OutgoingMessage(id: "live-1", cid: jumping, text: "Back to the top", createdAt: clock.now()), by: "pat")
        try await waitUntilTrue("c18 on top") { list.channels.first?.cid == jumping }
        list.view.layoutIfNeeded()
        let after = try #require(visibleCell(list, firstCid))
        #expect(after.frame.minY - list.listView.contentOffset.y == screenY)
        // The row moved down in the content by one row (the jumper is above it now) and the
        // offset followed it.
        #expect(abs(list.listView.contentOffset.y - offsetBefore - rowHeight) < 0.5)
    }

    // MARK: Paging

    @Test func scrollingToTheEndLoadsTheNextPages() async throws {
        let (client, _) = try await makeClientWithChannels(45)
        let list = ChatChannelListVC.make(with: client.channelListController())
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 600)
        list.view.layoutIfNeeded()
        #expect(list.channels.count == 20)
        // Only rows near the screen have views.
        #expect(list.listView.subviews.filter { $0 is ChatChannelListCollectionViewCell }.count <= 12)

        // Scrolling a little does not page.
        list.listView.contentOffset = CGPoint(x: 0, y: 100)
        list.view.layoutIfNeeded()
        #expect(list.channels.count == 20)

        func scrollToEnd() {
            list.listView.contentOffset = CGPoint(x: 0, y: max(0, list.listView.contentSize.height - list.listView.bounds.height))
            list.view.layoutIfNeeded()
        }
        scrollToEnd()
        #expect(list.channels.count == 40)
        list.view.layoutIfNeeded()
        scrollToEnd()
        #expect(list.channels.count == 45)
        #expect(list.controller.hasLoadedAllChannels)
        list.view.layoutIfNeeded()
        scrollToEnd()
        let last = try #require(visibleCells(list).last)
        #expect(last.itemView.titleLabel.text == "Channel 45")
        // Views were reused on the way down: far fewer cells than rows.
        #expect(list.listView.subviews.filter { $0 is ChatChannelListCollectionViewCell }.count <= 24)
    }

    // MARK: Selection

    @Test func tappingARowPushesTheChannelAndPressingHighlightsIt() throws {
        let data = try ChannelListSceneData.make()
        let backend = HeadlessBackend.install()
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        let navigation = UINavigationController(rootViewController: list)
        let window = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: navigation)
        backend.advance(by: 0.05)
        let design = try #require(data.channels["design"])
        let cell = try #require(visibleCell(list, design))
        let center = cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: window)

        backend.pointerDown(at: center)
        #expect(cell.isHighlighted)
        #expect(cell.backgroundColor == list.appearance.colorPalette.highlightedBackground)
        backend.pointerUp(at: center)
        #expect(!cell.isHighlighted)
        backend.advance(by: 0.6)

        let channelVC = try #require(navigation.topViewController as? ChatChannelVC)
        #expect(navigation.viewControllers.count == 2)
        #expect(channelVC.channelController?.cid == design)
        #expect(channelVC.channelController?.client === data.client)
    }

    @Test func theRouterComesFromComponentsAndPresentsWithoutANavigationController() throws {
        final class RecordingRouter: ChatChannelListRouter {
            nonisolated(unsafe) static var shown: [ChannelId] = []
            override func showChannel(for cid: ChannelId) -> ChatChannelVC? {
                Self.shown.append(cid)
                return nil
            }
        }
        let data = try ChannelListSceneData.make()
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        list.components.channelListRouter = RecordingRouter.self
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        list.view.layoutIfNeeded()
        let cell = try #require(visibleCells(list).first)
        cell.sendActions(for: .touchUpInside)
        #expect(RecordingRouter.shown == [data.channels["ana"]!])

        // The default router presents when there is no navigation controller: in a
        // `components.navigationVC`, whose chat bar shows the appearance's back image.
        final class AppNavigationVC: NavigationVC {}
        let backend = HeadlessBackend.install()
        let plain = ChatChannelListVC.make(with: data.client.channelListController())
        plain.components.navigationVC = AppNavigationVC.self
        _ = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: plain)
        let shown = plain.router.showChannel(for: data.channels["ben"]!)
        backend.advance(by: 0.6)
        let navigation = try #require(plain.presentedViewController as? AppNavigationVC)
        #expect(shown != nil && navigation.topViewController === shown)
        #expect(shown?.channelController?.cid == data.channels["ben"])
        let bar = try #require(navigation.navigationBar as? ChatNavigationBar)
        #expect(bar.backIndicatorImage === plain.appearance.images.back)
    }

    // MARK: States

    @Test func aUserWithoutChannelsSeesTheEmptyState() throws {
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "loner", clock: ManualChatClock()))
        let list = ChatChannelListVC.make(with: client.channelListController())
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        list.view.layoutIfNeeded()
        #expect(list.state == .loaded)
        #expect(!list.emptyView.isHidden)
        #expect(list.emptyView.titleLabel.text == "No channels yet")
        #expect(list.listView.isHidden && list.loadingView.isHidden && list.errorView.isHidden)
        Snapshot.assert(list.view, named: "channel-list-empty", size: CGSize(width: 390, height: 500), style: .light)
        Snapshot.assert(list.view, named: "channel-list-empty-dark", size: CGSize(width: 390, height: 500), style: .dark)
    }

    @Test func loadingAndErrorStatesAndRetry() throws {
        let data = try ChannelListSceneData.make()
        let list = makeChannelList(data)
        list.setState(.loading)
        #expect(!list.loadingView.isHidden)
        #expect(list.loadingView.titleLabel.text == "Loading channels…")

        // An error with channels already shown keeps the list; without channels it shows the error.
        let error = ChatError.channelNotFound(ChannelId(type: .messaging, id: "gone"))
        list.setState(.failed(error))
        #expect(list.errorView.isHidden && !list.listView.isHidden)

        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "loner", clock: ManualChatClock()))
        let empty = ChatChannelListVC.make(with: client.channelListController())
        empty.view.frame = CGRect(x: 0, y: 0, width: 390, height: 500)
        empty.view.layoutIfNeeded()
        empty.setState(.failed(error))
        #expect(!empty.errorView.isHidden && empty.emptyView.isHidden && empty.loadingView.isHidden)
        #expect(empty.errorView.titleLabel.text == "Couldn't load channels")
        #expect(empty.errorView.messageLabel.text == "This conversation no longer exists.")
        #expect(empty.errorView.actionButton.title(for: .normal) == "Try again")
        Snapshot.assert(empty.view, named: "channel-list-error", size: CGSize(width: 390, height: 500), style: .light)

        empty.errorView.actionButton.sendActions(for: .touchUpInside)
        #expect(empty.state == .loaded)
        #expect(empty.errorView.isHidden && !empty.emptyView.isHidden)
    }

    // MARK: Goldens

    @Test(arguments: ["channel-list", "channel-list-imessage", "channel-list-rect-avatars"])
    func sceneGoldens(name: String) throws {
        let scene = try #require(SceneCatalog.scene(named: name))
        let light = SceneCatalog.makeView(scene)
        Snapshot.assert(light, named: name, scale: 2, style: .light)
        let dark = SceneCatalog.makeView(scene)
        Snapshot.assert(dark, named: name + "-dark", scale: 2, style: .dark)
    }
}
}
