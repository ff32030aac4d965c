import Foundation
import Parley
import Testing

/// The composer driven like a user would on the headless backend: click, type, Enter,
/// Shift+Enter, the cancel button; its effects checked in the chat store.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct ComposerBehaviourTests {
    /// Hosts a composer the way the channel screen does: a child pinned to the bottom.
    final class HostVC: UIViewController {
        let composer: ComposerVC

        init(composer: ComposerVC = ComposerVC()) {
            self.composer = composer
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            addChild(composer)
            let composerView = composer.view!
            composerView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(composerView)
            NSLayoutConstraint.activate([
                composerView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                composerView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                composerView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            ])
            composer.didMove(toParent: self)
        }
    }

    /// Alice's and Bob's clients on one temporary store, a channel `messaging:general` created by
    /// Bob with Alice in it, and Alice's composer focused in a window.
    @MainActor
    struct World {
        let directory: URL
        let clock: ManualChatClock
        let alice: ChatClient
        let bob: ChatClient
        let cid: ChannelId
        let channelController: ChatChannelController
        let backend: HeadlessBackend
        let window: UIWindow
        let host: HostVC

        var composer: ComposerVC { host.composer }
        var textView: InputTextView { composer.composerView.inputTextView }

        func tap(_ view: UIView) {
            let point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
            backend.tap(at: point)
        }

        func messages() throws -> [ChatMessage] {
            try channelController.synchronize()
            return channelController.messages
        }

        func typingUsersSeenByBob() throws -> Set<UserId> {
            Set(try bob.channel(cid)?.currentlyTypingUsers.map(\.id) ?? [])
        }

        func cleanUp() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// `otherMembers` join the channel besides Alice and Bob (upserted as users first).
    func makeWorld(
        frozen: Bool = false, otherMembers: [ChatUser] = [], maxAttachmentSize: Int64 = ChatRules.defaultMaxAttachmentSize,
        composer: ComposerVC = ComposerVC()
    ) async throws -> World {
        let backend = HeadlessBackend.install()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-composer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("chat.sqlite")
        let clock = ManualChatClock(now: composerTestEpoch)
        let bob = try ChatClient(opening: ChatClientConfig(currentUserId: "bob", databaseURL: url, clock: clock, randomSeed: 2))
        try await bob.upsertUsers([ChatUser(id: "alice", name: "Alice Liddell"), ChatUser(id: "bob", name: "Bob Builder")] + otherMembers)
        let cid = ChannelId(type: .messaging, id: "general")
        try await bob.createChannel(ChannelCreationRequest(cid: cid, name: "General", memberIds: ["alice"] + otherMembers.map(\.id), isFrozen: frozen))
        var aliceConfig = ChatClientConfig(currentUserId: "alice", databaseURL: url, clock: clock, randomSeed: 1)
        aliceConfig.maxAttachmentSize = maxAttachmentSize
        let alice = try ChatClient(opening: aliceConfig)
        let channelController = ChatChannelController(cid: cid, client: alice)
        try channelController.synchronize()

        let host = HostVC(composer: composer)
        host.composer.channelController = channelController
        let window = backend.openWindow(size: CGSize(width: 390, height: 300), rootViewController: host)
        backend.advance(by: 0.05)
        let world = World(directory: directory, clock: clock, alice: alice, bob: bob, cid: cid, channelController: channelController,
                          backend: backend, window: window, host: host)
        world.tap(world.textView)
        #expect(world.textView.isFirstResponder)
        return world
    }

    @Test func typingThenEnterSendsTheTrimmedTextAndClears() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        #expect(!world.composer.composerView.sendButton.isEnabled)
        world.backend.type("  Hello, Bob 👋 ")
        #expect(world.composer.content.text == "  Hello, Bob 👋 ")
        #expect(world.composer.composerView.sendButton.isEnabled)
        #expect(world.textView.placeholderLabel.isHidden)
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.textView.text == "")
        #expect(world.composer.content.text == "")
        #expect(!world.textView.placeholderLabel.isHidden)
        #expect(!world.composer.composerView.sendButton.isEnabled)
        await world.composer.pendingTask?.value
        let sent = try world.messages().last
        #expect(sent?.text == "Hello, Bob 👋")
        #expect(sent?.author.id == "alice")
        #expect(world.composer.errorMessage == nil)
    }

    @Test func clickingTheSendButtonSendsToo() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("via the button")
        world.tap(world.composer.composerView.sendButton)
        await world.composer.pendingTask?.value
        #expect(try world.messages().last?.text == "via the button")
        #expect(world.textView.text == "")
    }

    @Test func emptyOrWhitespaceTextSendsNothing() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.press(.keyboardReturnOrEnter)
        world.backend.type("   ")
        #expect(!world.composer.composerView.sendButton.isEnabled)
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(try world.messages().isEmpty)
        #expect(world.textView.text == "   ")
    }

    @Test func shiftEnterBreaksTheLineAndTheComposerGrows() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("one")
        world.backend.advance(by: 0.05)
        let oneLine = world.composer.view.frame.height
        let oneLineTop = world.composer.view.frame.minY
        world.backend.press(.keyboardReturnOrEnter, modifiers: .shift)
        world.backend.type("two")
        world.backend.advance(by: 0.05)
        #expect(world.textView.text == "one\ntwo")
        #expect(world.composer.view.frame.height > oneLine + 10)
        // Pinned to the bottom, it grows upwards.
        #expect(world.composer.view.frame.minY < oneLineTop)
        #expect(world.composer.view.frame.maxY == world.window.bounds.height)
        #expect(world.composer.preferredContentSize.height == world.composer.view.frame.height)
        await world.composer.pendingTask?.value
        #expect(try world.messages().isEmpty)

        // Past the maximum height it scrolls instead of growing.
        for _ in 0..<10 {
            world.backend.press(.keyboardReturnOrEnter, modifiers: .shift)
            world.backend.type("more")
        }
        world.backend.advance(by: 0.05)
        #expect(world.textView.frame.height == world.textView.maxHeight)
        #expect(world.textView.contentOffset.y > 0, "scrolled to keep the caret visible")
        let tallest = world.composer.view.frame.height
        world.backend.press(.keyboardReturnOrEnter, modifiers: .shift)
        world.backend.advance(by: 0.05)
        #expect(world.composer.view.frame.height == tallest)

        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(try world.messages().last?.text.hasPrefix("one\ntwo\nmore") == true)
        world.backend.advance(by: 0.05)
        #expect(world.composer.view.frame.height == oneLine, "shrinks back after sending")
    }

    @Test func quoteModeShowsTheHeaderSendsAQuoteAndCancels() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let bobsMessage = try await world.bob.sendMessage("Lunch at noon?", in: world.cid)
        let quoted = try #require(try world.alice.message(id: bobsMessage))
        let composerView = world.composer.composerView

        world.composer.content.quoteMessage(quoted)
        world.backend.advance(by: 0.05)
        #expect(!composerView.headerView.isHidden)
        #expect(composerView.titleLabel.text == "Reply to Bob Builder")
        world.backend.type("Yes!")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        let reply = try world.messages().last
        #expect(reply?.text == "Yes!")
        #expect(reply?.quotedMessage?.id == bobsMessage)
        #expect(world.composer.content.quotingMessage == nil)
        world.backend.advance(by: 0.05)
        #expect(composerView.headerView.isHidden)

        // The cancel button returns to a new message, keeping the typed text.
        world.composer.content.quoteMessage(quoted)
        world.backend.advance(by: 0.05)
        world.backend.type("draft")
        world.tap(composerView.dismissButton)
        #expect(world.composer.content.quotingMessage == nil)
        #expect(composerView.headerView.isHidden)
        #expect(world.composer.content.text == "draft")

        // Escape cancels too.
        world.composer.content.quoteMessage(quoted)
        world.tap(world.textView)
        world.backend.press(.keyboardEscape)
        #expect(world.composer.content.quotingMessage == nil)
    }

    @Test func replyingToYourOwnMessageSaysYou() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let ownId = try await world.alice.sendMessage("Note to self", in: world.cid)
        let own = try #require(try world.alice.message(id: ownId))
        world.composer.content.quoteMessage(own)
        world.backend.advance(by: 0.05)
        #expect(world.composer.composerView.titleLabel.text == "Reply to You")
    }

    @Test func theRasterisedComposerShowsWhatIsTypedOnScreen() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        #expect(world.composer.composerView.layer.shouldRasterize)
        _ = world.textView.resignFirstResponder()
        world.backend.advance(by: 0.05)
        let empty = try #require(world.backend.snapshot(of: world.window)?.rgbaPixels())
        world.tap(world.textView)
        world.backend.type("Hello there")
        world.backend.advance(by: 0.05)
        let typed = try #require(world.backend.snapshot(of: world.window)?.rgbaPixels())
        let frame = world.textView.convert(world.textView.bounds, to: nil)
        let scale = CGFloat(typed.width) / world.window.bounds.width
        func region(_ pixels: RGBAPixels) -> [UInt8] {
            var bytes: [UInt8] = []
            for y in Int(frame.minY * scale)..<Int(frame.maxY * scale) {
                for x in Int(frame.minX * scale)..<Int(frame.maxX * scale) {
                    let p = pixels[x, y]
                    bytes += [p.r, p.g, p.b]
                }
            }
            return bytes
        }
        func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).filter { $0 != $1 }.count }
        #expect(differing(region(empty), region(typed)) > 100, "the typed text (not a stale bitmap) is on screen")
        // Deleting it all brings the placeholder back, pixel for pixel.
        for _ in 0..<11 { world.backend.press(.keyboardDeleteOrBackspace) }
        _ = world.textView.resignFirstResponder()
        world.backend.advance(by: 0.05)
        let cleared = try #require(world.backend.snapshot(of: world.window)?.rgbaPixels())
        world.composer.composerView.layer.shouldRasterize = false
        world.composer.composerView.layer.setNeedsDisplay()
        world.backend.advance(by: 0.05)
        let direct = try #require(world.backend.snapshot(of: world.window)?.rgbaPixels())
        #expect(differing(region(cleared), region(direct)) == 0, "the bitmap matches drawing the layers")
        #expect(world.textView.text == "" && !world.textView.isFirstResponder)
        #expect(differing(region(cleared), region(empty)) == 0, "the placeholder is back")
    }

    @Test func inAThreadEnterRepliesInTheThread() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let rootId = try await world.bob.sendMessage("Plans for Friday?", in: world.cid)
        let root = try #require(try world.alice.message(id: rootId))
        world.composer.content.threadMessage = root
        world.backend.type("Dinner?")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        let thread = ChatMessageController(cid: world.cid, messageId: rootId, client: world.alice)
        try thread.synchronize()
        #expect(thread.replies.map(\.text) == ["Dinner?"])
        #expect(try world.messages().map(\.text) == ["Plans for Friday?"], "a thread reply stays out of the channel")
        #expect(world.composer.content.threadMessage?.id == rootId, "sending keeps the thread")
    }

    @Test func editModeSavesTheEdit() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("See you at 10")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        let original = try #require(try world.messages().last)

        world.composer.content.editMessage(original)
        world.backend.advance(by: 0.05)
        #expect(world.textView.text == "See you at 10")
        #expect(world.composer.composerView.titleLabel.text == "Edit Message")
        #expect((world.composer.composerView.sendButton as? SendButton)?.mode == .edit)
        world.tap(world.textView)
        world.backend.press(.keyboardEnd, modifiers: .control)
        world.backend.type(":30")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value

        let messages = try world.messages()
        #expect(messages.count == 1, "an edit, not a new message")
        #expect(messages.last?.text == "See you at 10:30")
        #expect(messages.last?.isEdited == true)
        #expect(world.composer.content.editingMessage == nil)
        #expect(world.textView.text == "")
        #expect((world.composer.composerView.sendButton as? SendButton)?.mode == .send)

        // Cancelling an edit drops its text.
        world.composer.content.editMessage(original)
        world.backend.advance(by: 0.05)
        world.tap(world.composer.composerView.dismissButton)
        #expect(world.composer.content.editingMessage == nil)
        #expect(world.textView.text == "")
    }

    @Test func typingEventsStartWhileTypingAndStopAfterAPauseOrOnSend() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("Hel")
        await world.composer.pendingTask?.value
        #expect(try world.typingUsersSeenByBob() == ["alice"])

        // A pause of the stop-typing delay (3 s on the client's clock) stops it.
        await composerEventually("the stop-typing timer is armed") { world.clock.sleeperCount >= 1 }
        world.clock.advance(by: 1)
        await Task.yield()
        #expect(try world.typingUsersSeenByBob() == ["alice"], "still typing after 1 s")
        world.clock.advance(by: 2.1)
        try await composerEventually("typing stopped after the pause") {
            try world.typingUsersSeenByBob().isEmpty
        }

        // Typing again starts it again; sending stops it at once.
        world.backend.type("lo")
        await world.composer.pendingTask?.value
        #expect(try world.typingUsersSeenByBob() == ["alice"])
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(try world.typingUsersSeenByBob().isEmpty)
        #expect(try world.messages().last?.text == "Hello")
    }

    @Test func aFrozenChannelRefusesWithAMessageAndKeepsTheText() async throws {
        let world = try await makeWorld(frozen: true)
        defer { world.cleanUp() }
        world.backend.type("Anyone here?")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(world.composer.errorMessage == "This channel is frozen.")
        #expect(world.textView.text == "Anyone here?")
        #expect(try world.messages().isEmpty)
        world.backend.advance(by: 0.05)
        let errorLabel = world.composer.composerView.errorLabel
        #expect(errorLabel.text == "This channel is frozen.")
        #expect(!world.composer.composerView.bottomContainer.isHidden)
        #expect(errorLabel.frame.height > 0)
        // Typing again clears the error.
        world.backend.type("!")
        #expect(world.composer.errorMessage == nil)
        #expect(world.composer.composerView.bottomContainer.isHidden)
    }

    @Test func withoutAChannelNothingCrashesAndTheTextStays() async throws {
        let backend = HeadlessBackend.install()
        let host = HostVC()
        let window = backend.openWindow(size: CGSize(width: 390, height: 300), rootViewController: host)
        let textView = host.composer.composerView.inputTextView
        backend.tap(at: textView.convert(CGPoint(x: 20, y: 15), to: window))
        backend.type("\u{0}نص عربي \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
        backend.press(.keyboardReturnOrEnter)
        await host.composer.pendingTask?.value
        #expect(host.composer.errorMessage != nil)
        #expect(textView.text.hasSuffix("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"))
    }
}
}
