import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// The demo's split view driven like a desktop app, with synthetic keys and pointer events
/// through the window: the shortcuts (Ctrl+K, Alt+arrows, Ctrl+F, Ctrl+/, Up to edit, Page
/// Up/Down), focus moving with Tab and the arrows, right-click menus, hover actions, the selected
/// channel's highlight; and the goldens of the hover bar, the focus ring, the shortcuts sheet and
/// the quick switcher.
@MainActor
@Suite(.serialized) struct DesktopInteractionTests {
    /// The demo's first screen (the team channel beside the list) in a 1,100 × 720 window, with
    /// the fixture's clock-pinned appearance.
    @MainActor struct Demo {
        let backend: HeadlessBackend
        let window: UIWindow
        let split: UISplitViewController
        let list: ChatChannelListVC
        let client: ChatClient

        var channelVC: ChatChannelVC? { split.viewController(for: .secondary) as? ChatChannelVC }
        var focus: UIFocusSystem? { UIFocusSystem.focusSystem(for: window) }

        /// The window point at the centre of `view`.
        func center(of view: UIView) -> CGPoint {
            let frame = view.convert(view.bounds, to: window)
            return CGPoint(x: frame.midX, y: frame.midY)
        }

        /// The cell of `cid` in the channel list, if on screen.
        func cell(of cid: ChannelId) -> ChatChannelListCollectionViewCell? {
            list.listView.visibleViews.compactMap { $0 as? ChatChannelListCollectionViewCell }.first { $0.content?.channel.cid == cid }
        }

        func settle() { backend.advance(by: 0.6) }

        /// Presses Tab (at most six times) until the focused view is a `T`.
        @discardableResult
        func tab<T: UIView>(to type: T.Type) -> T? {
            for _ in 0..<6 where !(focus?.focusedItem is T) { backend.press(.keyboardTab) }
            return focus?.focusedItem as? T
        }
    }

    static func withDemo(_ body: (Demo) throws -> Void) throws {
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        try body(try makeDemo())
    }

    /// ``withDemo(_:)`` for a body that awaits (search results, say).
    static func withDemoAsync(_ body: (Demo) async throws -> Void) async throws {
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        try await body(try makeDemo())
    }

    /// The demo in its window, set up with the appearance in effect.
    static func makeDemo() throws -> Demo {
        let backend = HeadlessBackend.install()
        let client = try DemoScreen.makeFixedClient()
        var listVC: ChatChannelListVC?
        let split = DemoScreen.makeSplit(client: client, firstChannel: DemoConversations.channelIds.first) { list in
            list.appearance = Appearance.default
            listVC = list
        }
        let window = backend.openWindow(size: CGSize(width: 1100, height: 720), rootViewController: split)
        backend.advance(by: 0.3)
        return Demo(backend: backend, window: window, split: split, list: try #require(listVC), client: client)
    }

    static var engineering: ChannelId { DemoConversations.channelIds[0] }

    @Test func theOpenChannelIsHighlightedAndAltArrowsMoveThroughTheList() throws {
        try Self.withDemo { demo in
            let list = demo.list
            #expect(list.selectedChannelId == Self.engineering)
            #expect(demo.cell(of: Self.engineering)?.isSelected == true)
            let second = list.channels[1].cid
            #expect(demo.cell(of: second)?.isSelected == false)

            demo.backend.press(.keyboardDownArrow, modifiers: .alternate)
            demo.settle()
            #expect(list.selectedChannelId == second)
            #expect(demo.channelVC?.channelController?.cid == second)
            #expect(demo.cell(of: second)?.isSelected == true)
            #expect(demo.cell(of: Self.engineering)?.isSelected == false)
            demo.backend.press(.keyboardUpArrow, modifiers: .alternate)
            demo.settle()
            #expect(list.selectedChannelId == Self.engineering)

            // Alt+Shift+Down skips channels without unread messages.
            let nextUnread = try #require(list.channels.dropFirst().first { $0.unreadCount.messages > 0 })
            #expect(list.channels[1].unreadCount.messages == 0, "the demo's second channel is read, so the skip is tested")
            demo.backend.press(.keyboardDownArrow, modifiers: [.alternate, .shift])
            demo.settle()
            #expect(list.selectedChannelId == nextUnread.cid)
        }
    }

    @Test func ctrlKFindsAChannelByAFuzzyNameAndEnterOpensIt() throws {
        try Self.withDemo { demo in
            demo.backend.press(.letter("k")!, modifiers: .control)
            demo.settle()
            let switcher = try #require(demo.split.presentedViewController as? ChatChannelQuickSwitcherVC)
            #expect(switcher.results.count == min(8, demo.list.channels.count))
            demo.backend.type("tfam")
            #expect(switcher.results.first.map { switcher.displayName(of: $0) } == "Taylor family")
            demo.backend.press(.keyboardReturnOrEnter)
            demo.settle()
            #expect(demo.split.presentedViewController == nil)
            #expect(demo.channelVC?.channelController?.channel?.name == "Taylor family")

            // Escape closes it without opening anything.
            demo.backend.press(.letter("k")!, modifiers: .control)
            demo.settle()
            #expect(demo.split.presentedViewController is ChatChannelQuickSwitcherVC)
            demo.backend.press(.keyboardEscape)
            demo.settle()
            #expect(demo.split.presentedViewController == nil)
            #expect(demo.channelVC?.channelController?.channel?.name == "Taylor family")
        }
    }

    @Test func fuzzyScoresPreferWordStartsAndRejectOutOfOrderLetters() {
        #expect(ChatChannelQuickSwitcherVC.fuzzyScore(of: "bc", in: "Book club") != nil)
        #expect(ChatChannelQuickSwitcherVC.fuzzyScore(of: "bko", in: "Book club") == nil)
        #expect(ChatChannelQuickSwitcherVC.fuzzyScore(of: "lis", in: "Lisbon trip")! > ChatChannelQuickSwitcherVC.fuzzyScore(of: "lis", in: "Olivia's list")!)
        #expect(ChatChannelQuickSwitcherVC.fuzzyScore(of: "tomas", in: "Tomás Ortega") != nil)
    }

    @Test func tabReachesTheListArrowsMoveAndEnterOpens() throws {
        try Self.withDemo { demo in
            let focus = try #require(demo.focus)
            // Tab: the light/dark button, the search field, then the channel list.
            let first = try #require(demo.tab(to: ChatChannelListCollectionViewCell.self))
            #expect(focus.isRingVisible)
            #expect(first.content?.channel.cid == demo.list.channels[0].cid)
            demo.backend.press(.keyboardDownArrow)
            demo.backend.press(.keyboardDownArrow)
            let third = try #require(focus.focusedItem as? ChatChannelListCollectionViewCell)
            #expect(third.content?.channel.cid == demo.list.channels[2].cid)
            demo.backend.press(.keyboardReturnOrEnter)
            demo.settle()
            #expect(demo.channelVC?.channelController?.cid == demo.list.channels[2].cid)

            // On to the messages: one Tab stop, landing on the newest message on screen.
            let row = try #require(demo.tab(to: ChatMessageContentView.self))
            #expect(row.content?.id == demo.channelVC?.channelController?.messages.last?.id)
            demo.backend.press(.keyboardUpArrow)
            let above = try #require(focus.focusedItem as? ChatMessageContentView)
            #expect(above !== row)
            // Enter opens the message's actions.
            demo.backend.press(.keyboardReturnOrEnter)
            demo.settle()
            #expect(demo.channelVC?.presentedMessagePopup != nil)
            demo.backend.press(.keyboardEscape)
            demo.settle()
            #expect(demo.channelVC?.presentedMessagePopup == nil)
        }
    }

    @Test func upInTheEmptyComposerEditsTheLastOwnMessageAndPageKeysScroll() throws {
        try Self.withDemo { demo in
            let channelVC = try #require(demo.channelVC)
            let composer = channelVC.messageComposerVC
            composer.composerView.inputTextView.becomeFirstResponder()
            demo.backend.press(.keyboardUpArrow)
            let editing = try #require(composer.content.editingMessage)
            #expect(editing.author.id == demo.client.currentUserId)
            #expect(editing.text.hasPrefix("iPad pass done"))
            demo.backend.press(.keyboardEscape)
            #expect(composer.content.editingMessage == nil)

            let listView = channelVC.messageListVC.listView
            let bottom = listView.contentOffset.y
            demo.backend.press(.keyboardPageUp)
            let afterUp = listView.contentOffset.y
            #expect(afterUp < bottom - 200)
            demo.backend.press(.keyboardPageDown)
            #expect(listView.contentOffset.y > afterUp + 200)
        }
    }

    @Test func ctrlFPutsTheCaretInSearchAndCtrlSlashListsTheShortcuts() throws {
        try Self.withDemo { demo in
            demo.backend.press(.letter("f")!, modifiers: .control)
            #expect(demo.list.searchField.isFirstResponder)
            demo.backend.press(.keyboardSlash, modifiers: .control, characters: "/")
            demo.settle()
            let sheet = try #require(demo.split.presentedViewController as? ChatKeyboardShortcutsVC)
            let keys = sheet.shortcuts.map(\.keys)
            for expected in ["Ctrl+K", "Alt+↑", "Alt+↓", "Alt+Shift+↑", "Alt+Shift+↓", "Ctrl+F", "Ctrl+/", "Tab", "Shift+Tab", "Enter", "Esc"] {
                #expect(keys.contains(expected), "\(expected) is listed")
            }
            demo.backend.press(.keyboardEscape)
            demo.settle()
            #expect(demo.split.presentedViewController == nil)
        }
    }

    @Test func rightClickOpensMessageAndChannelActions() throws {
        try Self.withDemo { demo in
            let channelVC = try #require(demo.channelVC)
            let lastId = try #require(channelVC.channelController?.messages.last?.id)
            let row = try #require(channelVC.messageListVC.contentView(forMessageId: lastId))
            demo.backend.rightClick(at: demo.center(of: row))
            demo.settle()
            let popup = try #require(channelVC.presentedMessagePopup)
            #expect(popup.message?.id == lastId)
            demo.backend.press(.keyboardEscape)
            demo.settle()

            let cell = try #require(demo.cell(of: demo.list.channels[1].cid))
            demo.backend.rightClick(at: demo.center(of: cell))
            demo.settle()
            let sheet = try #require(demo.split.presentedViewController as? UIAlertController)
            #expect(sheet.actions.count >= 2)
            #expect(sheet.actions.last?.style == .cancel)
        }
    }

    @Test func hoveringAMessageShowsQuickActionsWithTooltipsAndReplyQuotesIt() throws {
        try Self.withDemo { demo in
            let channelVC = try #require(demo.channelVC)
            let listVC = channelVC.messageListVC
            let message = try #require(channelVC.channelController?.messages.last)
            let row = try #require(listVC.contentView(forMessageId: message.id))
            demo.backend.pointerMove(to: demo.center(of: row))
            #expect(listVC.hoveredMessage?.id == message.id)
            #expect(!listVC.hoverActionsView.isHidden)
            let reply = listVC.hoverActionsView.replyButton
            demo.backend.pointerMove(to: demo.center(of: reply))
            #expect(listVC.hoveredMessage?.id == message.id, "moving onto the bar keeps it")
            #expect(reply.isHovered)
            demo.backend.advance(by: 0.7)
            #expect(UIApplication.shared.visibleToolTip == "Reply")
            demo.backend.tap(at: demo.center(of: reply))
            #expect(channelVC.messageComposerVC.content.quotingMessage?.id == message.id)
            demo.backend.pointerExit()
            #expect(listVC.hoveredMessage == nil)
        }
    }

    // MARK: Goldens

    @Test func hoverActionsGoldens() throws {
        for style in [UIUserInterfaceStyle.light, .dark] {
            try Self.withDemo { demo in
                let channelVC = try #require(demo.channelVC)
                let listVC = channelVC.messageListVC
                let message = try #require(channelVC.channelController?.messages.dropLast(2).last)
                let row = try #require(listVC.contentView(forMessageId: message.id))
                demo.backend.pointerMove(to: demo.center(of: row))
                demo.backend.pointerMove(to: demo.center(of: listVC.hoverActionsView.threadButton))
                demo.backend.advance(by: 0.7)
                Snapshot.assert(demo.window, named: "desktop-hover-actions-\(style == .dark ? "dark" : "light")", scale: 1, style: style)
            }
        }
    }

    @Test func focusRingGoldens() throws {
        for style in [UIUserInterfaceStyle.light, .dark] {
            try Self.withDemo { demo in
                try #require(demo.tab(to: ChatChannelListCollectionViewCell.self) != nil)
                demo.backend.press(.keyboardDownArrow)
                Snapshot.assert(demo.window, named: "desktop-focus-ring-\(style == .dark ? "dark" : "light")", scale: 1, style: style)
            }
        }
    }

    @Test func shortcutsSheetGoldens() throws {
        for style in [UIUserInterfaceStyle.light, .dark] {
            try Self.withDemo { demo in
                demo.backend.press(.keyboardSlash, modifiers: .control, characters: "/")
                demo.settle()
                Snapshot.assert(demo.window, named: "desktop-shortcuts-\(style == .dark ? "dark" : "light")", scale: 1, style: style)
            }
        }
    }

    @Test func quickSwitcherGoldens() throws {
        for style in [UIUserInterfaceStyle.light, .dark] {
            try Self.withDemo { demo in
                demo.backend.press(.letter("k")!, modifiers: .control)
                demo.settle()
                demo.backend.type("t")
                demo.backend.press(.keyboardDownArrow)
                demo.settle()
                Snapshot.assert(demo.window, named: "desktop-quick-switcher-\(style == .dark ? "dark" : "light")", scale: 1, style: style)
            }
        }
    }
}
}
