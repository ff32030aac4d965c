import Foundation
import Parley
import ParleyTesting
import Testing

/// A channel screen in a headless window: alice (the current user), bob and carol; bob's message
/// "Lunch at noon?" with carol's love, and alice's "Count me in!".
@MainActor
final class ReactionsHarness {
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)
    let backend: HeadlessBackend
    let clock = ManualChatClock(now: ReactionsHarness.epoch)
    let client: ChatClient
    let cid: ChannelId
    let channelVC: ChatChannelVC
    let window: UIWindow
    let bobMessage: MessageId = "msg-bob-lunch"
    let aliceMessage: MessageId = "msg-alice-in"

    init(reactionsEnabled: Bool = true, extraMembers: [ChatUser] = []) async throws {
        backend = HeadlessBackend.install()
        client = try ChatClient(opening: ChatClientConfig(currentUserId: "alice", clock: clock, randomSeed: 1))
        try await client.upsertUsers([
            ChatUser(id: "alice", name: "Alice Liddell"), ChatUser(id: "bob", name: "Bob Builder"),
            ChatUser(id: "carol", name: "Carol Danvers"),
        ] + extraMembers)
        cid = try await client.createChannel(ChannelCreationRequest(
            cid: ChannelId(type: .messaging, id: "general"), name: "General",
            memberIds: ["bob", "carol"] + extraMembers.map(\.id), config: ChannelConfig(reactionsEnabled: reactionsEnabled)))
        let backend = try #require(client.embeddedBackend)
        clock.advance(by: 1)
        try await backend.sendMessage(OutgoingMessage(id: bobMessage, cid: cid, text: "Lunch at noon?", createdAt: clock.now()), by: "bob")
        if reactionsEnabled { try await backend.addReaction(.love, to: bobMessage, by: "carol") }
        clock.advance(by: 1)
        try await backend.sendMessage(OutgoingMessage(id: aliceMessage, cid: cid, text: "Count me in!", createdAt: clock.now()), by: "alice")
        channelVC = ChatChannelVC()
        channelVC.channelController = client.channelController(for: cid)
        window = self.backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: channelVC)
        self.backend.runUntilIdle()
    }

    var channelController: ChatChannelController { channelVC.channelController }

    func message(_ id: MessageId) -> ChatMessage? { channelController.messages.first { $0.id == id } }

    func row(_ id: MessageId) -> ChatMessageContentView? { channelVC.messageListVC.contentView(forMessageId: id) }

    /// The centre of `view` in window coordinates.
    func center(of view: UIView) -> CGPoint {
        let frame = view.convert(view.bounds, to: nil)
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    /// Runs frames and lets the store's changes arrive until `condition` holds (fails after 5 s).
    func eventually(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if condition() { return }
            backend.advance(by: 1.0 / 60)
            try? await Task.sleep(for: .milliseconds(2))
        }
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
    }

    /// Long-presses the message's bubble and returns the popup.
    func longPress(_ id: MessageId, duration: TimeInterval = 0.5) throws -> ChatMessagePopupVC? {
        let view = try #require(self.row(id))
        backend.longPress(at: center(of: view.bubbleView!), duration: duration)
        backend.runUntilIdle()
        return channelVC.presentedMessagePopup
    }

    /// Taps the picker's item for `type`, waits for the request and the popup to close.
    func pick(_ type: MessageReactionType, in popup: ChatMessagePopupVC) async throws {
        let picker = try #require(popup.reactionsController)
        let item = try #require(picker.reactionsBubble.reactionsView.itemViews.first { $0.content?.reaction.type == type })
        backend.tap(at: center(of: item))
        await picker.pendingToggle?.value
        backend.runUntilIdle()
    }

    func itemTypes(_ id: MessageId) -> [MessageReactionType] {
        guard let bubble = row(id)?.reactionsBubbleView, bubble.superview != nil, !bubble.isHidden else { return [] }
        return bubble.reactionsView.itemViews.compactMap { $0.content?.reaction.type }
    }
}

@MainActor
@Suite(.serialized) struct ReactionsInteractionTests {
    @Test func longPressOpensThePopupWithPickerMessageAndActions() async throws {
        let h = try await ReactionsHarness()
        #expect(h.itemTypes(h.bobMessage) == [.love])
        // A short press (under 0.33 s) does nothing.
        #expect(try h.longPress(h.bobMessage, duration: 0.2) == nil)

        let popup = try #require(try h.longPress(h.bobMessage))
        #expect(popup.message?.id == h.bobMessage)
        let picker = try #require(popup.reactionsController)
        #expect(picker.reactionsBubble.reactionsView.itemViews.count == 5)
        let actions = try #require(popup.actionsController)
        let titles = actions.actionControls.compactMap { $0.content?.title }
        // alice owns the channel: like Stream, edit and delete appear for anyone's message then.
        #expect(titles == ["Reply", "Thread Reply", "Copy Message", "Mark Unread", "Edit Message", "Delete Message", "Flag Message", "Mute User"])
        #expect(popup.reactionAuthorsController == nil)
        // Everything on screen, the picker above the message copy, the actions below it.
        let layout = popup.computeLayout(in: popup.view.bounds)
        #expect(layout.picker.maxY <= layout.message.minY)
        #expect(layout.bottom.minY >= layout.message.maxY)
        #expect(popup.view.bounds.contains(layout.picker) && popup.view.bounds.contains(layout.bottom))
        // The listed message hides behind its copy.
        let source = try #require(popup.sourceMessageView)
        #expect(source.isHidden)

        // A tap on the backdrop closes it; the message shows again.
        h.backend.tap(at: CGPoint(x: 380, y: 630))
        h.backend.runUntilIdle()
        #expect(h.channelVC.presentedMessagePopup == nil)
        #expect(!source.isHidden)
    }

    @Test func pickingAddsTheReactionAndPickingItAgainRemovesIt() async throws {
        let h = try await ReactionsHarness()
        let popup = try #require(try h.longPress(h.bobMessage))
        try await h.pick(.like, in: popup)
        await h.eventually("like added") { h.message(h.bobMessage)?.reactionGroups[.like]?.isChosenByCurrentUser == true }
        #expect(h.channelVC.presentedMessagePopup == nil)
        await h.eventually("the bubble shows like") { h.itemTypes(h.bobMessage) == [.like, .love] }
        let like = try #require(h.row(h.bobMessage)?.reactionsBubbleView.reactionsView.itemViews.first { $0.content?.reaction.type == .like })
        #expect(like.reactionImageTint == like.tintColor)

        // The picker highlights it now; picking it again removes it.
        let again = try #require(try h.longPress(h.bobMessage))
        let likeInPicker = try #require(again.reactionsController?.reactionsBubble.reactionsView.itemViews.first { $0.content?.reaction.type == .like })
        #expect(likeInPicker.content?.reaction.isChosenByCurrentUser == true)
        try await h.pick(.like, in: again)
        await h.eventually("like removed") { h.message(h.bobMessage)?.reactionGroups[.like] == nil }
        await h.eventually("the bubble drops like") { h.itemTypes(h.bobMessage) == [.love] }
    }

    @Test func uniqueModeReplacesYourOtherReaction() async throws {
        let saved = Components.default
        defer { Components.default = saved }
        Components.default.isUniqueReactionsEnabled = true
        let h = try await ReactionsHarness()

        try await h.pick(.wow, in: try #require(try h.longPress(h.bobMessage)))
        await h.eventually("wow added") { h.message(h.bobMessage)?.reactionGroups[.wow]?.isChosenByCurrentUser == true }
        try await h.pick(.haha, in: try #require(try h.longPress(h.bobMessage)))
        await h.eventually("haha replaces wow") {
            let message = h.message(h.bobMessage)
            return message?.reactionGroups[.haha]?.isChosenByCurrentUser == true && message?.reactionGroups[.wow] == nil
        }
        #expect(h.message(h.bobMessage)?.currentUserReactions.map(\.type) == [.haha])
        // carol's love stays.
        #expect(h.message(h.bobMessage)?.reactionGroups[.love]?.count == 1)
        await h.eventually("the bubble shows haha and love") { h.itemTypes(h.bobMessage) == [.haha, .love] }
    }

    @Test func withoutUniqueModeReactionsAddUp() async throws {
        let h = try await ReactionsHarness()
        try await h.pick(.wow, in: try #require(try h.longPress(h.bobMessage)))
        await h.eventually("wow added") { h.message(h.bobMessage)?.reactionGroups[.wow] != nil }
        try await h.pick(.haha, in: try #require(try h.longPress(h.bobMessage)))
        await h.eventually("haha added, wow kept") {
            Set(h.message(h.bobMessage)?.currentUserReactions.map(\.type) ?? []) == [.wow, .haha]
        }
    }

    @Test func tappingTheBubbleShowsTheReactionAuthors() async throws {
        let h = try await ReactionsHarness()
        let bubble = try #require(h.row(h.bobMessage)?.reactionsBubbleView)
        h.backend.tap(at: h.center(of: bubble))
        h.backend.runUntilIdle()
        let popup = try #require(h.channelVC.presentedMessagePopup)
        let authors = try #require(popup.reactionAuthorsController)
        #expect(popup.actionsController == nil)
        #expect(popup.reactionsController != nil)
        #expect(authors.topLabel.text == "1 reaction")
        let cells = authors.collectionView.visibleViews.compactMap { $0 as? ChatMessageReactionAuthorViewCell }
        #expect(cells.map { $0.content?.reaction.author.name } == ["Carol Danvers"])
        #expect(cells.first?.authorNameLabel.text == "Carol Danvers")
    }

    @Test func reactionsDisabledShowNoReactionUIAndLongPressShowsOnlyActions() async throws {
        let h = try await ReactionsHarness(reactionsEnabled: false)
        #expect(h.itemTypes(h.bobMessage).isEmpty)
        #expect(h.row(h.bobMessage)?.reactionsBubbleView.superview == nil)
        let popup = try #require(try h.longPress(h.bobMessage))
        #expect(popup.reactionsController == nil)
        #expect(popup.reactionAuthorsController == nil)
        #expect(popup.actionsController?.messageActions.isEmpty == false)
        #expect(popup.computeLayout(in: popup.view.bounds).picker == .zero)

        // Even a message carrying reaction data shows no bubble, and no authors popup is made.
        let channel = try #require(h.channelController.channel)
        let message = ReactionFixtures.mixed
        #expect(!ChatMessageReactionsAvailability.showsReactions(of: message, in: channel))
        #expect(ChatMessagePopupVC.make(message: message, channel: channel, channelController: nil, messageView: nil, showsReactionAuthors: true) == nil)
        let row = ChatMessageContentView(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
        let options = Components.default.messageLayoutOptionsResolver.optionsForMessage(at: 0, in: channel, oldestFirst: [message], appearance: .default)
        #expect(!options.contains(.reactions))
        row.setUpLayoutIfNeeded(options: options)
        row.channel = channel
        row.content = message
        #expect(row.reactionsBubbleView.superview == nil)
    }

    @Test func thePickerNeedsASyncedRegularMessageAndTheCapability() throws {
        let cid = ChannelId(type: .messaging, id: "general")
        let capable = ChatChannel(cid: cid, ownCapabilities: [.sendReaction])
        let incapable = ChatChannel(cid: cid, ownCapabilities: [.sendMessage])
        let message = ReactionFixtures.mixed
        #expect(ChatMessageReactionsAvailability.allowsPickingReaction(for: message, in: capable))
        #expect(!ChatMessageReactionsAvailability.allowsPickingReaction(for: message, in: incapable))
        #expect(!ChatMessageReactionsAvailability.allowsPickingReaction(for: message, in: nil))
        var failed = message
        failed.localState = .sendingFailed
        var pending = message
        pending.localState = .pending
        var system = message
        system.type = .system
        var ephemeral = message
        ephemeral.type = .ephemeral
        var deleted = message
        deleted.deletedAt = ReactionFixtures.epoch
        for message in [failed, pending, system, ephemeral, deleted] {
            #expect(!ChatMessageReactionsAvailability.allowsPickingReaction(for: message, in: capable))
        }
        // A failed message's popup has actions (resend, edit, delete) but no picker.
        var own = failed
        own.isSentByCurrentUser = true
        let popup = try #require(ChatMessagePopupVC.make(message: own, channel: capable, channelController: nil, messageView: nil, showsReactionAuthors: false))
        #expect(popup.reactionsController == nil)
        let titles = popup.actionsController?.messageActions.map { $0.title } ?? []
        #expect(titles == ["Resend", "Edit Message", "Delete Message"])
    }

    @Test func reactionsFromOthersAnimateInWithoutMovingTheList() async throws {
        let h = try await ReactionsHarness()
        let before = try #require(h.row(h.aliceMessage)).convert(h.row(h.aliceMessage)!.bounds, to: nil)
        let bobRowHeight = try #require(h.row(h.bobMessage)).bounds.height
        try await h.client.embeddedBackend!.addReaction(.wow, to: h.bobMessage, by: "bob")
        await h.eventually("wow arrives") { h.itemTypes(h.bobMessage).contains(.wow) }
        let wow = try #require(h.row(h.bobMessage)?.reactionsBubbleView.reactionsView.itemViews.first { $0.content?.reaction.type == .wow })
        // It starts faded and small, and ends opaque at full size.
        #expect(wow.alpha < 1)
        h.backend.advance(by: 0.5)
        #expect(wow.alpha == 1)
        #expect(wow.transform == .identity)
        // Nothing moved: the same row heights and positions.
        #expect(h.row(h.bobMessage)?.bounds.height == bobRowHeight)
        let after = try #require(h.row(h.aliceMessage)).convert(h.row(h.aliceMessage)!.bounds, to: nil)
        #expect(after == before)
    }

    @Test func deleteAsksForConfirmationThenDeletes() async throws {
        let h = try await ReactionsHarness()
        let popup = try #require(try h.longPress(h.aliceMessage))
        let actions = try #require(popup.actionsController)
        let titles: [String] = actions.actionControls.compactMap { $0.content?.title }
        #expect(titles.contains("Edit Message"))
        let delete = try #require(actions.actionControls.first { $0.content?.title == "Delete Message" })
        h.backend.tap(at: h.center(of: delete))
        h.backend.runUntilIdle()
        let alert = try #require(actions.deleteConfirmation)
        #expect(h.message(h.aliceMessage)?.isDeleted == false)
        func button(_ title: String, in view: UIView) -> UIView? {
            if view.accessibilityIdentifier == title { return view }
            for subview in view.subviews { if let found = button(title, in: subview) { return found } }
            return nil
        }
        let confirm = try #require(button("Delete", in: alert.view))
        h.backend.tap(at: h.center(of: confirm))
        h.backend.runUntilIdle()
        await actions.pendingRequest?.value
        await h.eventually("deleted") { h.message(h.aliceMessage)?.isDeleted == true }
        await h.eventually("the popup closed") { h.channelVC.presentedViewController == nil }
    }

    @Test func escapeClosesTheAlertThenThePopupWhileTheComposerKeepsItsText() async throws {
        let h = try await ReactionsHarness()
        let composer = h.channelVC.messageComposerVC
        h.backend.tap(at: h.center(of: composer.composerView.inputTextView))
        h.backend.type("draft")
        h.backend.runUntilIdle()
        #expect(composer.composerView.inputTextView.isFirstResponder)

        let popup = try #require(try h.longPress(h.aliceMessage))
        let actions = try #require(popup.actionsController)
        let delete = try #require(actions.actionControls.first { $0.content?.title == "Delete Message" })
        h.backend.tap(at: h.center(of: delete))
        h.backend.runUntilIdle()
        #expect(actions.deleteConfirmation != nil)

        // Escape answers the alert with Cancel; the popup stays.
        h.backend.press(.keyboardEscape)
        h.backend.runUntilIdle()
        #expect(actions.deleteConfirmation == nil)
        #expect(h.channelVC.presentedMessagePopup === popup)
        #expect(h.message(h.aliceMessage)?.isDeleted == false)

        // Typing while the popup covers the composer goes nowhere.
        h.backend.type("x")
        #expect(composer.content.text == "draft")

        // A second Escape closes the popup, not the composer's draft.
        h.backend.press(.keyboardEscape)
        h.backend.runUntilIdle()
        #expect(h.channelVC.presentedMessagePopup == nil)
        #expect(composer.content.text == "draft")
        #expect(composer.composerView.inputTextView.isFirstResponder)
        h.backend.type("!")
        #expect(composer.content.text == "draft!", "typing goes to the composer again")
    }

    @Test func replyAndEditGoToTheComposerAndCopyFillsThePasteboard() async throws {
        let h = try await ReactionsHarness()
        let popup = try #require(try h.longPress(h.bobMessage))
        let reply = try #require(popup.actionsController?.actionControls.first { $0.content?.title == "Reply" })
        h.backend.tap(at: h.center(of: reply))
        h.backend.runUntilIdle()
        #expect(h.channelVC.messageComposerVC.content.quotingMessage?.id == h.bobMessage)
        #expect(h.channelVC.presentedMessagePopup == nil)

        let copyPopup = try #require(try h.longPress(h.bobMessage))
        let copy = try #require(copyPopup.actionsController?.actionControls.first { $0.content?.title == "Copy Message" })
        h.backend.tap(at: h.center(of: copy))
        h.backend.runUntilIdle()
        #expect(UIPasteboard.general.string == "Lunch at noon?")

        let editPopup = try #require(try h.longPress(h.aliceMessage))
        let edit = try #require(editPopup.actionsController?.actionControls.first { $0.content?.title == "Edit Message" })
        h.backend.tap(at: h.center(of: edit))
        h.backend.runUntilIdle()
        #expect(h.channelVC.messageComposerVC.content.editingMessage?.id == h.aliceMessage)
    }

    @Test func reactionAuthorsPageFromTheStoreAsTheGridScrolls() async throws {
        let extra = (0..<40).map { ChatUser(id: "fan\($0)", name: "Fan \($0)") }
        let h = try await ReactionsHarness(extraMembers: extra)
        for user in extra {
            h.clock.advance(by: 1)
            try await h.client.embeddedBackend!.addReaction(.like, to: h.bobMessage, by: user.id)
        }
        await h.eventually("41 reactions") { h.message(h.bobMessage)?.reactionGroups.values.reduce(0) { $0 + $1.count } == 41 }
        let bubble = try #require(h.row(h.bobMessage)?.reactionsBubbleView)
        h.backend.tap(at: h.center(of: bubble))
        h.backend.runUntilIdle()
        let authors = try #require(h.channelVC.presentedMessagePopup?.reactionAuthorsController)
        let controller = try #require(authors.messageController)
        #expect(authors.topLabel.text == "41 reactions")
        #expect(controller.reactions.count == ChatMessageController.pageSize)
        #expect(!controller.hasLoadedAllReactions)
        // Newest first.
        #expect(controller.reactions.first?.author.id == "fan39")

        let grid = authors.collectionView
        grid.setContentOffset(CGPoint(x: 0, y: max(0, grid.contentSize.height - grid.bounds.height)), animated: false)
        h.backend.runUntilIdle()
        await h.eventually("the next page") { controller.reactions.count == 41 }
        #expect(controller.hasLoadedAllReactions)
        h.backend.runUntilIdle()
        grid.setContentOffset(CGPoint(x: 0, y: max(0, grid.contentSize.height - grid.bounds.height)), animated: false)
        h.backend.runUntilIdle()
        let shown = Set(grid.visibleViews.compactMap { ($0 as? ChatMessageReactionAuthorViewCell)?.content?.reaction.author.id })
        #expect(shown.contains("carol"))
    }

    /// The real channel screen with reactions on its message rows, light and dark (in this suite:
    /// one headless application at a time).
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func channelScreenWithReactions(style: UIUserInterfaceStyle) async throws {
        let h = try await ReactionsHarness()
        let backend = try #require(h.client.embeddedBackend)
        try await backend.addReaction(.like, to: h.bobMessage, by: "bob")
        try await backend.addReaction(.like, to: h.bobMessage, by: "alice")
        try await backend.addReaction(.haha, to: h.aliceMessage, by: "bob")
        try await backend.addReaction(.love, to: h.aliceMessage, by: "carol")
        await h.eventually("reactions shown") { h.itemTypes(h.bobMessage) == [.like, .love] && h.itemTypes(h.aliceMessage) == [.haha, .love] }
        h.backend.advance(by: 0.5)
        // The window is the root: the style applies to everything in it.
        Snapshot.assert(h.window, named: "reactions-channel-\(style == .dark ? "dark" : "light")", scale: 2, style: style)
    }

    @Test func theThreadScreenOpensThePopupToo() async throws {
        let h = try await ReactionsHarness()
        let reply: MessageId = "msg-reply"
        h.clock.advance(by: 1)
        try await h.client.embeddedBackend!.sendMessage(
            OutgoingMessage(id: reply, cid: h.cid, text: "I'll book", parentMessageId: h.bobMessage, createdAt: h.clock.now()), by: "carol")
        let thread = ChatThreadVC()
        thread.channelController = h.channelController
        thread.messageController = h.client.messageController(cid: h.cid, messageId: h.bobMessage)
        let window = h.backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: thread)
        h.backend.runUntilIdle()
        let row = try #require(thread.messageListVC.contentView(forMessageId: reply))
        h.backend.longPress(at: h.center(of: row.bubbleView!), duration: 0.5, in: window)
        h.backend.runUntilIdle()
        let popup = try #require(thread.presentedMessagePopup)
        let titles = popup.actionsController?.messageActions.map { $0.title } ?? []
        #expect(titles.contains("Reply") && !titles.contains("Thread Reply"))
        let picker = try #require(popup.reactionsController)
        let wow = try #require(picker.reactionsBubble.reactionsView.itemViews.first { $0.content?.reaction.type == .wow })
        h.backend.tap(at: h.center(of: wow), in: window)
        await picker.pendingToggle?.value
        await h.eventually("wow on the reply") {
            thread.messageListVC.contentView(forMessageId: reply)?.reactionsBubbleView.reactionsView.itemViews
                .contains { $0.content?.reaction.type == .wow } == true
        }
        #expect(thread.messageController.message?.replyCount == 1)
    }
}

@MainActor
@Suite(.serialized) struct ReactionsReuseTests {
    /// A bubble reused for another message (a list row scrolled into view) shows that message's
    /// reactions at once; only a reaction added to the same message fades in. Scrolling used to
    /// fade in every reaction of each row that appeared, and group-composite it for 0.25 s.
    @Test func aReusedBubbleShowsAnotherMessagesReactionsWithoutAnimating() throws {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 200), title: "reuse")
        let first = ReactionFixtures.message(id: "m1", groups: [(.like, 1, 1, false)])
        let (container, bubble) = ReactionFixtures.bubble(for: first)
        window.addSubview(container)
        let second = ReactionFixtures.message(id: "m2", groups: [(.like, 1, 1, false), (.love, 2, 2, false)])
        bubble.content = second
        let love = try #require(bubble.reactionsView.itemViews.first { $0.content?.reaction.type == .love })
        #expect(love.alpha == 1)
        #expect(love.transform == .identity)

        let grown = ReactionFixtures.message(id: "m2", groups: [(.like, 1, 1, false), (.love, 2, 2, false), (.wow, 1, 1, false)])
        bubble.content = grown
        let wow = try #require(bubble.reactionsView.itemViews.first { $0.content?.reaction.type == .wow })
        #expect(wow.alpha < 1)
        withExtendedLifetime(container) {}
    }
}
