import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

// The long-press overlay's parts: the default `makeReactionsOverlayView` is composed of the
// factory's `makeReactionsBackgroundView`, `makeReactionsContentView`, `makeMessageActionsView`
// and (opened from the reactions under a message) `makeReactionsUsersView`, so a factory overriding one changes that
// part only.

/// Reactions as labelled chips instead of icons; it keeps the tap handler and the snapshot it got.
final class ChipReactionsFactory: ViewFactory {
    var onReactionTap: ((MessageReactionType) -> Void)?

    func makeReactionsContentView(message: ChatMessage, contentRect: CGRect,
                                  onReactionTap: @escaping (MessageReactionType) -> Void) -> some View {
        self.onReactionTap = onReactionTap
        return HStack(spacing: 6) {
            ForEach([("👍", "Like"), ("❤️", "Love"), ("😂", "Haha")], id: \.1) { chip in
                Text("\(chip.0) \(chip.1)")
                    .font(.footnote.bold())
                    .foregroundColor(.black)
                    .padding(.horizontal, 10)
                    .padding(.vertical, 6)
                    .background(Capsule().fill(Color.yellow))
            }
        }
    }
}

/// One big "Quote it" action instead of the list; it keeps the handlers it got.
final class QuoteOnlyActionsFactory: ViewFactory {
    var onFinish: ((MessageActionInfo) -> Void)?

    func makeMessageActionsView(for message: ChatMessage, channel: ChatChannel,
                                onFinish: @escaping (MessageActionInfo) -> Void,
                                onError: @escaping (Error) -> Void) -> some View {
        self.onFinish = onFinish
        return Text("💬 Quote it").font(.headline).padding(14).background(Color.white).cornerRadius(12)
    }
}

/// A tinted backdrop; it keeps the snapshot the screen handed it.
final class TintedBackdropFactory: ViewFactory {
    var snapshotSize: CGSize?

    func makeReactionsBackgroundView(currentSnapshot: UIImage, popInAnimationInProgress: Bool) -> some View {
        snapshotSize = currentSnapshot.size
        return Color.purple.opacity(0.45)
    }
}

/// Who reacted as one line; it keeps the reactions row's tap handler.
final class ReactedLineFactory: ViewFactory {
    var onReactionsTap: (() -> Void)?

    func makeReactionsUsersView(message: ChatMessage, maxHeight: CGFloat) -> some View {
        Text("Reacted: " + message.latestReactions.map { "\($0.author.name) (\($0.type.rawValue))" }.joined(separator: ", "))
            .font(.footnote)
            .padding(12)
            .background(Color.white)
            .cornerRadius(10)
    }

    func makeMessageReactionView(message: ChatMessage, onTapGesture: @escaping () -> Void,
                                 onLongPressGesture: @escaping () -> Void) -> some View {
        onReactionsTap = onTapGesture
        return Text("\(message.reactionGroups.count) kinds")
    }
}

@MainActor
@Suite(.serialized) struct OverlaySlotsTests {
    /// The appearance before the test (``overlay(_:)`` sets the scenes' fixed-time formatter).
    let savedAppearance = Appearance.default

    /// Restores the appearance.
    func restore() { Appearance.default = savedAppearance }

    /// The design channel in a headless window with its overlay open on the newest message.
    func overlay(_ factory: some ViewFactory) throws -> (HeadlessBackend, UIWindow, ChatChannelView, ChatMessage) {
        let backend = HeadlessBackend.install()
        let data = try ChannelListSceneData.make()
        Appearance.default.formatters.messageTimestamp = DefaultMessageTimestampFormatter(environment: data.formattingEnvironment)
        let design = try #require(data.channels["design"])
        let screen = ChatChannelView(viewFactory: factory, channelController: data.client.channelController(for: design))
        let window = backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: UINavigationController(rootViewController: screen))
        backend.advance(by: 0.2)
        let message = try #require(screen.messages.last)
        let row = try #require(screen.listView.frame(id: message.id))
        screen.showReactionsOverlay(for: MessageDisplayInfo(message: message, frame: screen.listView.convert(row, to: nil),
                                                            contentWidth: row.width, showsAllInfo: true))
        backend.advance(by: 0.05)
        return (backend, window, screen, message)
    }

    /// Every label under `view`.
    func labels(in view: UIView) -> [UILabel] {
        ((view as? UILabel).map { [$0] } ?? []) + view.subviews.flatMap { labels(in: $0) }
    }

    /// Whether the overlay shows the message action titled `title` (the factory's actions list).
    func hasAction(_ title: String, in screen: ChatChannelView) -> Bool {
        labels(in: screen.overlayView).contains { $0.text == title }
    }

    func tap(_ view: UIView, _ backend: HeadlessBackend, _ window: UIWindow, at point: CGPoint? = nil) {
        backend.tap(at: view.convert(point ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window))
        backend.advance(by: 0.05)
    }

    @Test func theReactionsContentSlotReplacesThePickerOnly() async throws {
        defer { restore() }
        let factory = ChipReactionsFactory()
        let (_, _, screen, message) = try overlay(factory)
        let texts = guideLabelTexts(in: screen.overlayView)
        #expect(texts.contains("👍 Like") && texts.contains("😂 Haha"), "\(texts)")
        #expect(screen.overlayView.visibleView(id: "reaction-love") == nil, "the default picker is replaced")
        #expect(hasAction("Thread Reply", in: screen), "the actions stay")
        #expect(screen.overlayView.visibleView(id: "overlay-backdrop") != nil, "the backdrop stays")
        // The chips sit above the raised message, as the default picker does.
        let chip = try #require(screen.overlayView.visibleViews.first { ($0 as? UILabel)?.text == "👍 Like" })
        let text = try #require(screen.overlayView.visibleViews.first { ($0 as? UILabel)?.text == message.text })
        #expect(chip.convert(chip.bounds, to: nil).maxY <= text.convert(text.bounds, to: nil).minY)
        // The handler the slot got toggles the reaction and closes the overlay.
        let react = try #require(factory.onReactionTap)
        react(.like)
        #expect(screen.overlayView.isHidden)
        await screen.pendingTask?.value
        await eventually("the reaction stored") { screen.messages.last?.reactionGroups[.like]?.isChosenByCurrentUser == true }
    }

    @Test func theReactionsBackgroundSlotIsTheBackdropAndStillCloses() throws {
        defer { restore() }
        let factory = TintedBackdropFactory()
        let (backend, window, screen, _) = try overlay(factory)
        let size = try #require(factory.snapshotSize)
        #expect(size.width >= 390 && size.height >= 640, "the snapshot is the window: \(size)")
        #expect(screen.overlayView.visibleView(id: "reaction-love") != nil, "the default picker stays")
        #expect(hasAction("Thread Reply", in: screen), "the actions stay")
        // The backdrop is the slot's colour: purple over the white screen, not the palette's grey.
        let pixels = try #require(screen.view.renderImage(scale: 1).rgbaPixels(scale: 1))
        let pixel = pixels[20, 120]
        #expect(Int(pixel.r) > Int(pixel.g) + 30 && Int(pixel.b) > Int(pixel.g) + 30, "\(pixel)")
        tap(try #require(screen.overlayView.visibleView(id: "overlay-backdrop")), backend, window, at: CGPoint(x: 20, y: 120))
        #expect(screen.overlayView.isHidden)
    }

    @Test func overlayPartGoldens() throws {
        defer { restore() }
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
                let (_, window, _, _) = try overlay(ChipReactionsFactory())
            Snapshot.assert(window, named: "reactions-content-slot" + suffix, scale: 2, style: style)
        }
    }

    @Test func tappingTheReactionsShowsTheUsersSlotWhereTheActionsGo() async throws {
        defer { restore() }
        let factory = ReactedLineFactory()
        let (backend, _, screen, message) = try overlay(factory)
        // The long press shows the actions, not who reacted.
        #expect(hasAction("Thread Reply", in: screen))
        screen.dismissReactionsOverlay()
        screen.toggleReaction(.love, on: message)
        await screen.pendingTask?.value
        await eventually("the reaction shown") {
            backend.advance(by: 0.02)
            return factory.onReactionsTap != nil && screen.messages.last?.latestReactions.isEmpty == false
        }
        let openUsers = try #require(factory.onReactionsTap)
        openUsers()
        backend.advance(by: 0.05)
        #expect(screen.messageDisplayInfo?.showsMessageActions == false)
        let texts = guideLabelTexts(in: screen.overlayView)
        #expect(texts.contains { $0.hasPrefix("Reacted: ") && $0.contains("(love)") }, "\(texts)")
        #expect(!hasAction("Thread Reply", in: screen), "who reacted takes the actions' place")
        #expect(screen.overlayView.visibleView(id: "reaction-love") != nil, "the picker stays")
    }

    /// The default overlay opened from a message's reactions: who reacted on a card under it.
    @Test func theDefaultUsersCardGoldens() async throws {
        defer { restore() }
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            let (backend, window, screen, message) = try overlay(DefaultViewFactory.shared)
            screen.dismissReactionsOverlay()
            screen.toggleReaction(.love, on: message)
            await screen.pendingTask?.value
            await eventually("the reaction stored") {
                backend.advance(by: 0.02)
                return screen.messages.last?.latestReactions.isEmpty == false
            }
            let reacted = try #require(screen.messages.last)
            let row = try #require(screen.listView.frame(id: reacted.id))
            screen.showReactionsOverlay(for: MessageDisplayInfo(message: reacted, frame: screen.listView.convert(row, to: nil),
                                                                contentWidth: row.width, showsAllInfo: true, showsMessageActions: false))
            backend.advance(by: 0.05)
            #expect(guideLabelTexts(in: screen.overlayView).contains("Jordan Lee"), "\(guideLabelTexts(in: screen.overlayView))")
            // The card shows the reaction's icon (the reactions bar's), not its name.
            #expect(!guideLabelTexts(in: screen.overlayView).contains("love"))
            let name = try #require(labels(in: screen.overlayView).first { $0.text == "Jordan Lee" })
            let nameFrame = name.convert(name.bounds, to: nil)
            func views(in view: UIView) -> [UIView] { [view] + view.subviews.flatMap { views(in: $0) } }
            #expect(views(in: screen.overlayView).contains { view in
                let frame = view.convert(view.bounds, to: nil)
                return view is UIImageView && (view as? UIImageView)?.image != nil && abs(frame.width - 20) < 0.5
                    && abs(frame.midY - nameFrame.midY) < 4 && frame.minX > nameFrame.maxX
            }, "an icon beside the name")
            Snapshot.assert(window, named: "reactions-users-default" + suffix, scale: 2, style: style)
        }
    }

    @Test func theMessageActionsSlotReplacesTheActionsAndItsReplyQuotes() throws {
        defer { restore() }
        let factory = QuoteOnlyActionsFactory()
        let (_, _, screen, message) = try overlay(factory)
        #expect(hasAction("💬 Quote it", in: screen))
        #expect(!hasAction("Thread Reply", in: screen), "the default list is replaced")
        #expect(screen.overlayView.visibleView(id: "reaction-love") != nil, "the picker stays")
        let finish = try #require(factory.onFinish)
        finish(MessageActionInfo(message: message, identifier: "inlineReply"))
        #expect(screen.quotedMessage?.id == message.id)
        #expect(screen.overlayView.isHidden)
    }

    @Test func theDefaultDeleteActionAsksFirst() async throws {
        defer { restore() }
        let (backend, window, screen, _) = try overlay(DefaultViewFactory.shared)
        screen.dismissReactionsOverlay()
        ChatViews.client = screen.channelController.client
        defer { ChatViews.client = nil }
        let id = try await screen.channelController.createNewMessage(text: "Typo here")
        await eventually("the own message") {
            backend.advance(by: 0.02)
            return screen.messages.last?.id == id
        }
        let own = try #require(screen.messages.last)
        screen.showReactionsOverlay(for: MessageDisplayInfo(message: own, frame: .zero, contentWidth: 300, showsAllInfo: true))
        backend.advance(by: 0.05)
        let delete = try #require(labels(in: screen.overlayView).first { $0.text == "Delete Message" })
        // The actions fit in the overlay, inside the window.
        #expect(delete.convert(delete.bounds, to: screen.overlayView).maxY <= screen.overlayView.bounds.maxY)
        tap(delete, backend, window)
        backend.advance(by: 0.3)
        let alert = try #require(screen.navigationController?.presentedViewController as? UIAlertController
            ?? screen.presentedViewController as? UIAlertController, "a confirmation first")
        #expect(screen.messages.last?.isDeleted == false)
        let confirm = try #require(alert.actions.first { $0.style == .destructive })
        let button = try #require(labels(in: alert.view).first { $0.text == confirm.title })
        tap(button, backend, window)
        backend.advance(by: 0.3)
        await eventually("the message deleted") {
            backend.advance(by: 0.02)
            return screen.messages.last?.isDeleted == true || screen.messages.last?.id != id
        }
        await eventually("the overlay closed") { screen.overlayView.isHidden }
    }
}
