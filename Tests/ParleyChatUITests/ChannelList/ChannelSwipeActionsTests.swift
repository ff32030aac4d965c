import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// Channel list rows swiped to their mute and delete actions (`Components.channelActionsView`).
@MainActor
@Suite(.serialized) struct ChannelSwipeActionsTests {
    func open(_ client: ChatClient) -> (HeadlessBackend, ChatChannelListVC, UIWindow) {
        let backend = HeadlessBackend.install()
        let list = ChatChannelListVC.make(with: client.channelListController())
        let window = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: list)
        backend.advance(by: 0.05)
        return (backend, list, window)
    }

    func swipe(_ backend: HeadlessBackend, _ cell: ChatChannelListCollectionViewCell, _ window: UIWindow, by dx: CGFloat) {
        let start = cell.convert(CGPoint(x: cell.bounds.maxX - 40, y: cell.bounds.midY), to: window)
        backend.drag(from: start, to: CGPoint(x: start.x + dx, y: start.y + 2), duration: 0.4, steps: 12)
        backend.advance(by: 0.3)
    }

    @Test func swipingARowRevealsMuteAndDeleteAndDeleteDeletesTheChannel() async throws {
        let (client, _) = try await makeClientWithChannels(3)
        let (backend, list, window) = open(client)
        defer { backend.close(window) }
        let cid = ChannelId(type: .messaging, id: "c1")
        let cell = try #require(visibleCell(list, cid))
        #expect(!cell.swipeableView.isOpen)

        swipe(backend, cell, window, by: -200)
        #expect(cell.swipeableView.isOpen)
        let titles = cell.swipeableView.actionViews.compactMap { ($0 as? CellActionView)?.titleLabel.text }
        #expect(titles == ["Mute", "Delete"])
        #expect(cell.itemView.transform.tx == -cell.swipeableView.idealWidth, "the row slid by the buttons' width")
        let delete = try #require(cell.swipeableView.actionViews.last)
        #expect(delete.convert(delete.bounds, to: cell).maxX == cell.bounds.maxX)
        #expect(list.listView.contentOffset.y == 0, "a horizontal swipe does not scroll")

        let point = delete.convert(CGPoint(x: delete.bounds.midX, y: delete.bounds.midY), to: window)
        backend.tap(at: point)
        try await waitUntilTrue("deleted") { !list.channels.contains { $0.cid == cid } }
        #expect(try client.channel(cid) == nil)
        #expect(list.channels.count == 2)
    }

    @Test func muteTogglesAndAShortSwipeSnapsBack() async throws {
        let (client, _) = try await makeClientWithChannels(2)
        let (backend, list, window) = open(client)
        defer { backend.close(window) }
        let cid = ChannelId(type: .messaging, id: "c1")
        let cell = try #require(visibleCell(list, cid))
        swipe(backend, cell, window, by: -40)
        #expect(!cell.swipeableView.isOpen, "less than half the buttons: closes")
        #expect(cell.itemView.transform.isIdentity)
        swipe(backend, cell, window, by: 200)
        #expect(!cell.swipeableView.isOpen, "a swipe to the trailing side does not open")

        swipe(backend, cell, window, by: -200)
        let mute = try #require(cell.swipeableView.actionViews.first as? CellActionView)
        mute.sendActions(for: .primaryActionTriggered)
        try await waitUntilTrue("muted") { list.channels.first { $0.cid == cid }?.isMuted == true }
        backend.advance(by: 0.3)
        #expect(!cell.swipeableView.isOpen, "the row closes")
        let row = try #require(visibleCell(list, cid))
        swipe(backend, row, window, by: -200)
        #expect((row.swipeableView.actionViews.first as? CellActionView)?.titleLabel.text == "Unmute")
    }

    /// In Arabic the row mirrors: a swipe to the right opens it, the row slides right and the
    /// actions fill the left edge, Delete outermost (they stayed on the right, opened by a swipe
    /// to the left, covering the avatar).
    @Test func rightToLeftRowsSwipeToTheRightAndShowTheActionsOnTheLeft() async throws {
        let (client, _) = try await makeClientWithChannels(2)
        try withLanguage("ar") {
            let (backend, list, window) = open(client)
            defer { backend.close(window) }
            let cell = try #require(visibleCell(list, ChannelId(type: .messaging, id: "c1")))
            #expect(cell.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            let start = cell.convert(CGPoint(x: cell.bounds.minX + 40, y: cell.bounds.midY), to: window)
            backend.drag(from: start, to: CGPoint(x: start.x - 200, y: start.y + 2), duration: 0.4, steps: 12)
            backend.advance(by: 0.3)
            #expect(!cell.swipeableView.isOpen, "a swipe to the left is toward the leading side here")
            backend.drag(from: start, to: CGPoint(x: start.x + 200, y: start.y + 2), duration: 0.4, steps: 12)
            backend.advance(by: 0.3)
            #expect(cell.swipeableView.isOpen)
            #expect(cell.itemView.transform.tx == cell.swipeableView.idealWidth, "the row slid right by the buttons' width")
            let delete = try #require(cell.swipeableView.actionViews.last)
            let mute = try #require(cell.swipeableView.actionViews.first)
            #expect(delete.convert(delete.bounds, to: cell).minX == 0)
            #expect(mute.convert(mute.bounds, to: cell).minX == delete.convert(delete.bounds, to: cell).maxX)
        }
    }

    /// A delete the store refuses (here: the channel is already gone) tells the user instead of
    /// doing nothing.
    @Test func aRefusedDeleteShowsAnAlert() async throws {
        let (client, _) = try await makeClientWithChannels(3)
        let (backend, list, window) = open(client)
        defer { backend.close(window) }
        // Two presses before the first delete lands: the second finds no channel to delete.
        list.deleteButtonPressedForCell(at: IndexPath(item: 0, section: 0))
        list.deleteButtonPressedForCell(at: IndexPath(item: 0, section: 0))
        try await waitUntilTrue("alert shown") { list.alertsRouter.presentedAlert != nil }
        #expect(list.alertsRouter.presentedAlert?.message == "The channel could not be deleted.")
        try await waitUntilTrue("one channel deleted, once") { list.channels.count == 2 }
    }

    /// "Mark as read" from the channel actions tells the user when the store refuses it (it was
    /// dropped with `try?`).
    @Test func aRefusedMarkReadShowsAnAlert() async throws {
        let (client, _) = try await makeClientWithChannels(2)
        let (backend, list, window) = open(client)
        defer { backend.close(window) }
        list.markChannelRead(ChannelId(type: .messaging, id: "gone"))
        try await waitUntilTrue("alert shown") { list.alertsRouter.presentedAlert != nil }
        #expect(list.alertsRouter.presentedAlert?.message == "The channel could not be marked as read.")
    }

    @Test func rowsWithoutCapabilitiesOfferNothing() throws {
        let data = try ChannelListSceneData.make()
        let (backend, list, window) = open(data.client)
        defer { backend.close(window) }
        // Scene channels where the current user is a plain member of a livestream-like channel
        // still offer mute; a channel that allows neither offers no actions and never opens.
        for cell in visibleCells(list) {
            guard let channel = cell.content?.channel else { continue }
            let expected = (channel.can(.muteChannel) ? 1 : 0) + (channel.can(.deleteChannel) ? 1 : 0)
            cell.swipeableView.open()
            #expect(cell.swipeableView.actionViews.count == expected)
            #expect(cell.swipeableView.isOpen == (expected > 0))
            cell.swipeableView.close()
        }
    }
}
}

/// Golden images of a channel list row swiped open (issue 18), light and dark.
@MainActor
@Suite(.serialized) struct ChannelSwipeActionsSnapshotTests {
    @Test func swipedRow() async throws {
        let (client, _) = try await makeClientWithChannels(3)
        let data = try ChannelListSceneData.make()
        var shown: [ChatChannelListVC] = []  // each list lives as long as its view is rendered
        func swiped() throws -> (ChatChannelListCollectionViewCell, UIView) {
            let list = ChatChannelListVC.make(with: client.channelListController())
            list.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
            let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 240))
            let root: UIView = list.view
            root.frame = host.bounds
            host.addSubview(root)
            host.layoutIfNeeded()
            let cell = try #require(visibleCell(list, ChannelId(type: .messaging, id: "c2")))
            cell.swipeableView.open()
            host.layoutIfNeeded()
            shown.append(list)
            return (cell, host)
        }
        let (cell, host) = try swiped()
        #expect(cell.swipeableView.isOpen)
        for style in [UIUserInterfaceStyle.light, .dark] {
            Snapshot.assert(host, named: "channel-list-swiped-row-\(style == .dark ? "dark" : "light")", size: host.bounds.size, scale: 2, style: style)
        }
        try assertLocalizedSnapshots(named: "channel-list-swiped-row") { try swiped().1 }
        #expect(shown.count == 3)
    }
}
