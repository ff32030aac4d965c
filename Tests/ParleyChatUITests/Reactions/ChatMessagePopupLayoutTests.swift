import Foundation
import Parley
import Testing

/// The popup keeps the picker, the message copy and the bottom part on screen wherever the
/// message was, and never crashes on odd messages.
@MainActor
@Suite struct ChatMessagePopupLayoutTests {
    static let channel = ChatChannel(
        cid: ChannelId(type: .messaging, id: "general"),
        ownCapabilities: [.sendReaction, .sendReply, .quoteMessage, .readEvents, .updateOwnMessage, .deleteOwnMessage])

    func popup(_ message: ChatMessage, at frame: CGRect, authors: Bool = false, size: CGSize = CGSize(width: 390, height: 640)) throws -> ChatMessagePopupVC {
        let root = UIView(frame: CGRect(origin: .zero, size: size))
        let source = UIView(frame: frame)
        source.backgroundColor = .systemGray5
        root.addSubview(source)
        let popup = try #require(ChatMessagePopupVC.make(
            message: message, channel: Self.channel, channelController: nil, messageView: source, showsReactionAuthors: authors))
        popup.loadViewIfNeeded()
        popup.view.frame = root.bounds
        root.addSubview(popup.view)
        popup.view.layoutIfNeeded()
        return popup
    }

    func expectOnScreen(_ popup: ChatMessagePopupVC, sourceLocation: SourceLocation = #_sourceLocation) {
        let bounds = popup.view.bounds
        let layout = popup.computeLayout(in: bounds)
        for frame in [layout.picker, layout.message, layout.bottom] where !frame.isEmpty {
            #expect(bounds.contains(frame), "\(frame) leaves \(bounds)", sourceLocation: sourceLocation)
        }
        if !layout.picker.isEmpty { #expect(layout.picker.maxY <= layout.message.minY, sourceLocation: sourceLocation) }
        if !layout.bottom.isEmpty { #expect(layout.bottom.minY >= layout.message.maxY, sourceLocation: sourceLocation) }
    }

    /// The picker and the actions sit on the message's side: the others' on the leading side,
    /// yours on the trailing one, which is the left one right to left.
    @Test func thePartsFollowTheMessagesSideInBothDirections() throws {
        let frame = CGRect(x: 0, y: 250, width: 390, height: 60)
        let others = ReactionFixtures.mixed
        #expect(!others.isSentByCurrentUser)
        let ltr = try popup(others, at: frame).computeLayout(in: CGRect(x: 0, y: 0, width: 390, height: 640))
        #expect(ltr.picker.minX == 12 && ltr.bottom.minX == 12)
        UIApplication.preferredLayoutDirection = .rightToLeft
        defer { UIApplication.preferredLayoutDirection = .leftToRight }
        let rtl = try popup(others, at: frame).computeLayout(in: CGRect(x: 0, y: 0, width: 390, height: 640))
        #expect(rtl.picker.maxX == 378 && rtl.bottom.maxX == 378)
    }

    /// On a wide window the list is a split view's secondary column: the picker and the actions
    /// line up with the message's column, not with the window's edge over the channel list
    /// (they sat at x = 12, over the channel list, in a driven session).
    @Test func inASplitViewThePartsStayInTheMessagesColumn() throws {
        let window = CGSize(width: 1280, height: 800)
        let row = CGRect(x: 341, y: 560, width: 939, height: 60)
        let others = try popup(ReactionFixtures.mixed, at: row, size: window).computeLayout(in: CGRect(origin: .zero, size: window))
        #expect(others.picker.minX == row.minX + 12 && others.bottom.minX == row.minX + 12)
        let own = ReactionFixtures.message(own: true, groups: [(.love, 1, 1, false)])
        let mine = try popup(own, at: row, size: window).computeLayout(in: CGRect(origin: .zero, size: window))
        #expect(mine.picker.maxX == row.maxX - 12 && mine.bottom.maxX == row.maxX - 12)
        // A column narrower than the actions: they stay inside the window.
        let narrow = try popup(ReactionFixtures.mixed, at: CGRect(x: 1200, y: 300, width: 80, height: 40), size: window)
        expectOnScreen(narrow)
    }

    @Test func aMessageInTheMiddleStaysWhereItWas() throws {
        let frame = CGRect(x: 0, y: 250, width: 390, height: 60)
        let popup = try self.popup(ReactionFixtures.mixed, at: frame)
        #expect(popup.computeLayout(in: popup.view.bounds).message == frame)
        expectOnScreen(popup)
    }

    @Test func messagesAtTheTopAndBottomMoveOnScreen() throws {
        for y in [-40.0, 0, 5, 560, 600, 700] {
            let popup = try self.popup(ReactionFixtures.mixed, at: CGRect(x: 0, y: y, width: 390, height: 60))
            expectOnScreen(popup)
            let authors = try self.popup(ReactionFixtures.mixed, at: CGRect(x: 0, y: y, width: 390, height: 60), authors: true)
            expectOnScreen(authors)
        }
    }

    @Test func aHugeMessageShrinksToFitAndKeepsItsBottom() throws {
        let popup = try self.popup(ReactionFixtures.mixed, at: CGRect(x: 0, y: 20, width: 390, height: 2000))
        expectOnScreen(popup)
        let layout = popup.computeLayout(in: popup.view.bounds)
        #expect(layout.message.height < 640)
        #expect(popup.messageSnapshotView?.contentMode == .bottomLeft)
    }

    @Test func theCurrentUsersMessagesPutThePickerAndActionsOnTheTrailingSide() throws {
        let own = ReactionFixtures.message(own: true, groups: [(.love, 1, 1, false)])
        let popup = try self.popup(own, at: CGRect(x: 0, y: 300, width: 390, height: 50))
        let layout = popup.computeLayout(in: popup.view.bounds)
        #expect(abs(layout.picker.maxX - (390 - popup.margin)) < 0.5)
        #expect(abs(layout.bottom.maxX - (390 - popup.margin)) < 0.5)
        #expect((popup.reactionsController?.reactionsBubble as? DefaultChatReactionPickerBubbleView)?.tailPosition == .trailing)
    }

    @Test func oddMessagesNeverCrash() throws {
        let texts = ["", String(repeating: "long words ", count: 2000), "مرحبا بالعالم", "👍🏽👨‍👩‍👧‍👦", "nul\u{0}byte", "<b>&amp;</b>"]
        for (i, text) in texts.enumerated() {
            let message = ReactionFixtures.message(id: "odd\(i)", text: text, groups: [(.love, 1, 1, false), ("unknown-type", 3, 3, true)])
            let popup = try self.popup(message, at: CGRect(x: 0, y: 100, width: 390, height: 80))
            expectOnScreen(popup)
            // An unknown reaction type (no appearance) is not shown.
            let (_, bubble) = ReactionFixtures.bubble(for: message)
            #expect(ReactionFixtures.types(bubble.reactionsView) == ["love"])
        }
        // Without a channel: no picker, the bubble still shows the message's reactions.
        let bare = try #require(ChatMessagePopupVC.make(message: ReactionFixtures.mixed, channel: nil, channelController: nil, messageView: nil, showsReactionAuthors: false))
        #expect(bare.reactionsController == nil)
        // A message without any reactions shows no bubble.
        let (_, empty) = ReactionFixtures.bubble(for: ReactionFixtures.message(groups: []))
        #expect(empty.isHidden)
        #expect(empty.reactionsView.itemViews.isEmpty)
    }

    @Test func aTinyWindowStillLaysOutWithoutNegativeSizes() throws {
        let popup = try self.popup(ReactionFixtures.mixed, at: CGRect(x: 0, y: 50, width: 200, height: 60), size: CGSize(width: 200, height: 150))
        let layout = popup.computeLayout(in: popup.view.bounds)
        for frame in [layout.picker, layout.message, layout.bottom] {
            #expect(frame.width >= 0 && frame.height >= 0)
        }
        #expect(layout.picker.width <= 200 - 2 * popup.margin)
    }
}
