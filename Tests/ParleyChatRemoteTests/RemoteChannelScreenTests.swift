import Foundation
import ParleyChat
import ParleyChatRemote
import ParleyChatUI
import ParleyUIKit
import Testing

/// The channel screen's interactions (ParleyChatUITests' ChannelInteractionTests,
/// ReactionsInteractionTests and ComposerBehaviourTests drive them against the embedded
/// backend) once more against a ``RemoteChatBackend`` on a loopback server: alice uses the
/// screen in a headless window; bob is another client of the same server, and sees every
/// effect arrive over the network. Its tests open windows, so they run one at a time.
@MainActor
@Suite(.serialized) struct RemoteChannelScreenTests {
    @Test(.timeLimit(.minutes(1)))
    func sendEditReactReplyAndDeleteFromTheScreenReachAnotherClient() async throws {
        try await LoopbackServer.run { @MainActor server in
            let (alice, _) = try await server.client("alice")
            let (bob, _) = try await server.client("bob")
            let cid = ChannelId(type: .messaging, id: "screen")
            try await bob.createChannel(ChannelCreationRequest(cid: cid, name: "Screen", memberIds: ["alice"]))
            let lunch = try await bob.sendMessage("Lunch at noon?", in: cid)
            try await until("alice has bob's message") { try alice.message(id: lunch) != nil }

            let screen = ChannelScreen(client: alice, cid: cid)
            await screen.eventually("bob's message is on screen") { screen.row(lunch) != nil }

            // Send: type and press Enter.
            await screen.typeInComposerAndPressEnter("See you at 12")
            await screen.eventually("alice's message is in the list") { screen.messages.last?.text == "See you at 12" }
            let mine = try #require(screen.messages.last).id
            try await until("bob gets it") { try bob.message(id: mine)?.text == "See you at 12" }
            await screen.eventually("it is synced on screen") { screen.message(mine)?.localState == .synced }

            // Edit: the popup's Edit Message fills the composer; Enter saves.
            let editPopup = try #require(try screen.longPress(mine))
            try screen.tapAction("Edit Message", in: editPopup)
            #expect(screen.composer.content.editingMessage?.id == mine)
            await screen.typeInComposerAndPressEnter(":30")
            try await until("bob sees the edit") { try bob.message(id: mine)?.text == "See you at 12:30" }
            #expect(try bob.message(id: mine)?.isEdited == true)
            await screen.eventually("the edit is on screen") { screen.message(mine)?.text == "See you at 12:30" }

            // React: the picker on bob's message.
            let reactPopup = try #require(try screen.longPress(lunch))
            let picker = try #require(reactPopup.reactionsController)
            let like = try #require(picker.reactionsBubble.reactionsView.itemViews.first { $0.content?.reaction.type == .like })
            screen.tap(like)
            await picker.pendingToggle?.value
            try await until("bob sees alice's like") { try bob.message(id: lunch)?.reactionScores[.like] == 1 }
            await screen.eventually("the bubble shows it") {
                screen.row(lunch)?.reactionsBubbleView.reactionsView.itemViews.contains { $0.content?.reaction.type == .like } == true
            }

            // Reply: the popup's Reply quotes bob's message in the composer.
            let replyPopup = try #require(try screen.longPress(lunch))
            try screen.tapAction("Reply", in: replyPopup)
            #expect(screen.composer.content.quotingMessage?.id == lunch)
            await screen.typeInComposerAndPressEnter("Yes!")
            await screen.eventually("the reply is in the list") { screen.messages.last?.text == "Yes!" }
            let reply = try #require(screen.messages.last).id
            try await until("bob gets the reply with its quote") { try bob.message(id: reply)?.quotedMessage?.id == lunch }

            // Bob answers: it appears on alice's screen.
            let answer = try await bob.sendMessage("Great", in: cid)
            await screen.eventually("bob's answer is on screen") { screen.row(answer) != nil }

            // Delete: the popup's Delete Message, confirmed.
            let deletePopup = try #require(try screen.longPress(reply))
            try screen.tapAction("Delete Message", in: deletePopup)
            let actions = try #require(deletePopup.actionsController)
            let alert = try #require(actions.deleteConfirmation)
            screen.tap(try #require(ChannelScreen.view(identified: "Delete", in: alert.view)))
            await actions.pendingRequest?.value
            try await until("bob sees the deletion") { try bob.message(id: reply)?.isDeleted == true }
            await screen.eventually("the deletion is on screen") { screen.message(reply)?.isDeleted == true }
        }
    }
}

/// Alice's channel screen in a headless window.
@MainActor
final class ChannelScreen {
    let backend = HeadlessBackend.install()
    let channelVC = ChatChannelVC()
    let window: UIWindow

    init(client: ChatClient, cid: ChannelId) {
        channelVC.channelController = client.channelController(for: cid)
        window = backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: channelVC)
        backend.runUntilIdle()
    }

    var composer: ComposerVC { channelVC.messageComposerVC }
    var messages: [ChatMessage] { channelVC.channelController.messages }

    func message(_ id: MessageId) -> ChatMessage? { messages.first { $0.id == id } }

    func row(_ id: MessageId) -> ChatMessageContentView? { channelVC.messageListVC.contentView(forMessageId: id) }

    func tap(_ view: UIView) {
        let frame = view.convert(view.bounds, to: nil)
        backend.tap(at: CGPoint(x: frame.midX, y: frame.midY))
        backend.runUntilIdle()
    }

    /// Clicks into the composer, types `text` at the end of what it holds and presses Enter
    /// (sending, or saving an edit); waits for the request.
    func typeInComposerAndPressEnter(_ text: String) async {
        tap(composer.composerView.inputTextView)
        backend.press(.keyboardEnd, modifiers: .control)
        backend.type(text)
        backend.press(.keyboardReturnOrEnter)
        await composer.pendingTask?.value
    }

    /// Runs frames while the network's changes arrive, until `condition` holds (fails after 10 s).
    func eventually(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition() { return }
            backend.advance(by: 1.0 / 60)
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
    }

    /// Long-presses the message's bubble; the popup.
    func longPress(_ id: MessageId) throws -> ChatMessagePopupVC? {
        let bubble = try #require(row(id)?.bubbleView)
        let frame = bubble.convert(bubble.bounds, to: nil)
        backend.longPress(at: CGPoint(x: frame.midX, y: frame.midY), duration: 0.5)
        backend.runUntilIdle()
        return channelVC.presentedMessagePopup
    }

    /// Taps the popup's action titled `title`.
    func tapAction(_ title: String, in popup: ChatMessagePopupVC) throws {
        tap(try #require(popup.actionsController?.actionControls.first { $0.content?.title == title }, "no \(title) action"))
    }

    static func view(identified identifier: String, in view: UIView) -> UIView? {
        if view.accessibilityIdentifier == identifier { return view }
        for subview in view.subviews { if let found = Self.view(identified: identifier, in: subview) { return found } }
        return nil
    }
}
