import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// A factory with its own trailing area (the SDK's signature): one "Archive" button.
final class ArchiveSwipeFactory: ViewFactory {
    func makeTrailingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        leftButtonTapped: @escaping (ChatChannel) -> Void,
        rightButtonTapped: @escaping (ChatChannel) -> Void
    ) -> some View {
        HStack(spacing: 0) {
            Spacer()
            Button {
                swipedChannelId.wrappedValue = nil
            } label: {
                Text("Archive")
                    .font(.footnote.bold())
                    .foregroundColor(.white)
                    .frame(width: buttonWidth * 2)
                    .frame(maxHeight: .infinity)
                    .background(Color.orange)
            }
        }
    }

    func makeLeadingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        buttonTapped: @escaping (ChatChannel) -> Void
    ) -> some View {
        HStack {
            ActionItemButton(imageName: "pin") {
                buttonTapped(channel)
            }
            .frame(width: buttonWidth)
            .foregroundColor(Color.white)
            .background(Color.yellow)
            Spacer()
        }
    }
}

/// ChatChannelListView's rows swiped by a horizontal drag (the SwiftUI chat SDK's swipeable rows).
@MainActor
@Suite(.serialized) struct ChannelListSwipeTests {
    @MainActor
    struct World {
        let data: ChannelListSceneData
        let backend: HeadlessBackend
        let window: UIWindow
        let list: ChatChannelListView

        /// The frame of `key`'s row in the window.
        func rowFrame(_ key: String) throws -> CGRect {
            let cid = try #require(data.channels[key])
            let frame = try #require(list.listView.frame(id: cid.rawValue))
            return list.listView.convert(frame, to: window)
        }

        /// Drags `key`'s row horizontally by `dx` from near its trailing end (or leading end, for
        /// a drag to the right).
        func drag(_ key: String, by dx: CGFloat) throws {
            let row = try rowFrame(key)
            let start = CGPoint(x: dx < 0 ? row.maxX - 40 : row.minX + 40, y: row.midY)
            backend.drag(from: start, to: CGPoint(x: start.x + dx, y: start.y + 2), duration: 0.4, steps: 12)
            backend.advance(by: 0.1)
        }

        func tap(at point: CGPoint) {
            backend.tap(at: point)
            backend.advance(by: 0.1)
        }

        /// The window frames of the labels showing `text`.
        func labels(_ text: String) -> [CGRect] {
            func find(_ view: UIView) -> [CGRect] {
                let own = (view as? UILabel)?.text == text && !view.isHidden ? [view.convert(view.bounds, to: window)] : []
                return own + view.subviews.flatMap(find)
            }
            return find(window)
        }
    }

    func makeWorld(factory: some ViewFactory = DefaultViewFactory.shared) throws -> World {
        let backend = HeadlessBackend.install()
        let data = try ChannelListSceneData.make()
        let list = ChatChannelListView(viewFactory: factory, controller: data.client.channelListController())
        let window = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: UINavigationController(rootViewController: list))
        backend.advance(by: 0.1)
        return World(data: data, backend: backend, window: window, list: list)
    }

    @Test func draggingARowLeftSlidesItOverTheTrailingActionsAndItSnapsOpen() throws {
        let world = try makeWorld()
        defer { world.backend.close(world.window) }
        let design = try #require(world.data.channels["design"])
        let title = try #require(world.labels("Design Team").first)
        #expect(world.list.swipedChannelId == nil && world.list.swipeOffset == 0)
        try world.drag("design", by: -200)
        #expect(world.list.swipedChannelId == design.rawValue)
        // Open: slid by the two 60-point buttons and the SDK's 8-point margin.
        #expect(world.list.swipeOffset == -128)
        let slid = try #require(world.labels("Design Team").first)
        #expect(slid.minX == title.minX - 128, "the row's content slides: \(title) -> \(slid)")
        #expect(world.list.listView.contentOffset.y == 0, "a horizontal drag does not scroll")
    }

    @Test func aShortDragSnapsBackAndADragToASideWithoutActionsDoesNothing() throws {
        let world = try makeWorld()
        defer { world.backend.close(world.window) }
        try world.drag("design", by: -40)
        #expect(world.list.swipedChannelId == nil && world.list.swipeOffset == 0, "short of the trigger: closes")
        try world.drag("design", by: 200)
        #expect(world.list.swipedChannelId == nil && world.list.swipeOffset == 0, "the default has no leading actions")
    }

    @Test func openingARowClosesTheOneOpenBeforeAndADragBackClosesIt() throws {
        let world = try makeWorld()
        defer { world.backend.close(world.window) }
        let (design, books) = (try #require(world.data.channels["design"]), try #require(world.data.channels["launch"]))
        try world.drag("design", by: -200)
        #expect(world.list.swipedChannelId == design.rawValue)
        try world.drag("launch", by: -200)
        #expect(world.list.swipedChannelId == books.rawValue)
        #expect(world.list.swipeOffset == -128)
        let designTitle = try #require(world.labels("Design Team").first)
        #expect(designTitle.minX > 0, "the first row closed")
        // Dragging the open row back to the right closes it.
        try world.drag("launch", by: 150)
        #expect(world.list.swipedChannelId == nil && world.list.swipeOffset == 0)
    }

    @Test func aFactorysOwnTrailingAndLeadingAreasAreTheSwipedRows() throws {
        let world = try makeWorld(factory: ArchiveSwipeFactory())
        defer { world.backend.close(world.window) }
        #expect(world.labels("Archive").isEmpty)
        try world.drag("design", by: -200)
        let archive = try #require(world.labels("Archive").first)
        let row = try world.rowFrame("design")
        #expect(archive.maxX <= row.maxX && archive.minX >= row.maxX - 128, "in the revealed area: \(archive)")
        // Its button closes the row through the binding.
        world.tap(at: CGPoint(x: archive.midX, y: archive.midY))
        #expect(world.list.swipedChannelId == nil && world.list.swipeOffset == 0)
        // The leading area opens a drag to the right, one button wide.
        try world.drag("design", by: 150)
        #expect(world.list.swipeOffset == 60)
    }

    @Test func theDeleteButtonAsksThenDeletesTheChannelThroughItsController() async throws {
        let world = try makeWorld()
        defer { world.backend.close(world.window) }
        let design = try #require(world.data.channels["design"])
        try world.drag("design", by: -200)
        let row = try world.rowFrame("design")
        // The right button (delete) fills the last 64 points.
        world.tap(at: CGPoint(x: row.maxX - 30, y: row.midY))
        let alert = try #require(world.list.presentedViewController as? UIAlertController)
        #expect(alert.title == "Delete conversation")
        #expect(world.list.swipedChannelId == nil, "the row closes")
        #expect(try world.data.client.channel(design) != nil, "nothing deleted before the confirmation")
        let delete = try #require(buttons(in: alert.view).first { $0.title(for: .normal) == "Delete" })
        delete.sendActions(for: .touchUpInside)
        world.backend.advance(by: 0.3)
        await world.list.pendingSwipeAction?.value
        #expect(try world.data.client.channel(design) == nil)
        await eventually("the row gone") { !world.list.channels.contains { $0.cid == design } }
    }

    @Test func theMoreButtonShowsTheFactorysMoreActionsOfTheChannel() throws {
        let world = try makeWorld()
        defer { world.backend.close(world.window) }
        try world.drag("design", by: -200)
        let row = try world.rowFrame("design")
        world.tap(at: CGPoint(x: row.maxX - 94, y: row.midY))
        let sheet = try #require(world.list.presentedViewController)
        // The default sheet: the channel's name over its actions, acting through the list's client.
        let texts = guideLabelTexts(in: sheet.view)
        #expect(texts == ["Design Team", "Mark as read", "Mute channel", "Delete conversation"], "\(texts)")
    }

    @Test func tappingAMoreActionsRowRunsItThroughTheChannelsController() async throws {
        let world = try makeWorld()
        defer { world.backend.close(world.window) }
        let design = try #require(world.data.channels["design"])
        #expect(try world.data.client.channel(design)?.isMuted == false)
        try world.drag("design", by: -200)
        let row = try world.rowFrame("design")
        world.tap(at: CGPoint(x: row.maxX - 94, y: row.midY))
        let sheet = try #require(world.list.presentedViewController)
        // The sheet slides up for 0.3 s; a finger lifted on a row that moved away meanwhile is no tap.
        world.backend.advance(by: 0.4)
        #expect(!sheet.isBeingPresented)
        let mute = try #require(world.labels("Mute channel").first)
        world.tap(at: CGPoint(x: mute.midX, y: mute.midY))
        await eventually("the channel muted") { (try? world.data.client.channel(design)?.isMuted) == true }
        world.backend.advance(by: 0.5)
        #expect(world.list.presentedViewController == nil, "the sheet closes after the action")
        #expect(world.list.swipedChannelId == nil, "the row closes")
    }

    @Test func anOpenRowLooksAsTheSDKsDoes() throws {
        let appearance = Appearance.default
        defer { Appearance.default = appearance }
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            let host = DeclarativeScenes.makeChannelList(size: CGSize(width: 390, height: 420), factory: DefaultViewFactory.shared)
            host.layoutIfNeeded()
            let list = try #require(guideViews(of: ChatChannelListView.self, in: host).first)
            let design = try #require(list.channels.first { $0.name == "Design Team" })
            list.swipedChannelId = design.cid.rawValue
            host.layoutIfNeeded()
            #expect(list.swipeOffset == -128)
            Snapshot.assert(host, named: "channel-list-open-row" + suffix, scale: 2, style: style)
        }
    }

    func buttons(in view: UIView) -> [UIButton] {
        ((view as? UIButton).map { [$0] } ?? []) + view.subviews.flatMap { buttons(in: $0) }
    }
}
