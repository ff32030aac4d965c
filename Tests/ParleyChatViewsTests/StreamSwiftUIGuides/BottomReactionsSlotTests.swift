import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

// The SDK's `makeBottomReactionsView`: with `MessageDisplayOptions(reactionsPlacement: .bottom)` the
// channel screen's rows draw a message's reactions with it, under the bubble (and its replies).

/// Reactions under the message as "love 1" chips in a green capsule; it keeps the handlers it got.
final class ChipBottomReactionsFactory: ViewFactory {
    var onTap: (() -> Void)?
    var onLongPress: (() -> Void)?

    func makeBottomReactionsView(message: ChatMessage, showsAllInfo: Bool, onTap: @escaping () -> Void,
                                 onLongPress: @escaping () -> Void) -> some View {
        self.onTap = onTap
        self.onLongPress = onLongPress
        let types = message.reactionGroups.keys.sorted { $0.rawValue < $1.rawValue }
        return HStack(spacing: 6) {
            ForEach(types, id: \.rawValue) { type in
                Text("\(type.rawValue) \(message.reactionGroups[type]?.count ?? 0)")
                    .font(.footnote.bold())
                    .foregroundColor(.white)
            }
        }
        .padding(.horizontal, 10)
        .padding(.vertical, 4)
        .background(Capsule().fill(Color.green))
    }
}

@MainActor
@Suite(.serialized) struct BottomReactionsSlotTests {
    /// The overlay helpers (and the appearance they restore).
    let slots = OverlaySlotsTests()

    /// The design channel with `placement`, the newest message loved by the current user.
    func lovedNewest(_ factory: some ViewFactory, placement: ReactionsPlacement) async throws -> (HeadlessBackend, UIWindow, ChatChannelView, ChatMessage) {
        ChatViews.utils = Utils(messageListConfig: MessageListConfig(messageDisplayOptions: MessageDisplayOptions(reactionsPlacement: placement)))
        let (backend, window, screen, message) = try slots.overlay(factory)
        screen.dismissReactionsOverlay()
        screen.toggleReaction(.love, on: message)
        await screen.pendingTask?.value
        await eventually("the reaction shown") {
            backend.advance(by: 0.02)
            return screen.messages.last?.reactionGroups[.love]?.isChosenByCurrentUser == true
        }
        // The row's update animates its parts into place.
        backend.advance(by: 0.6)
        return (backend, window, screen, try #require(screen.messages.last))
    }

    @Test func bottomPlacementDrawsTheBottomReactionsSlotUnderTheBubble() async throws {
        let utils = ChatViews.utils
        defer { ChatViews.utils = utils; slots.restore() }
        let factory = ChipBottomReactionsFactory()
        let (backend, _, screen, message) = try await lovedNewest(factory, placement: .bottom)
        let chip = try #require(slots.labels(in: screen.listView).first { $0.text == "love 1" }, "\(guideLabelTexts(in: screen.listView))")
        let text = try #require(slots.labels(in: screen.listView).first { $0.text == message.text })
        #expect(chip.convert(chip.bounds, to: nil).minY >= text.convert(text.bounds, to: nil).maxY, "under the bubble")
        // Nothing else is left where the chip appeared (the time's old view moved down with the time).
        let chipFrame = chip.convert(chip.bounds, to: nil)
        let under = slots.labels(in: screen.listView).filter { $0 !== chip && !$0.isHidden && $0.convert($0.bounds, to: nil).intersects(chipFrame) }
        #expect(under.isEmpty, "\(under.map { $0.text ?? "" })")
        // The tap handler the slot got opens the overlay with who reacted, not the actions.
        let tap = try #require(factory.onTap)
        tap()
        backend.advance(by: 0.05)
        #expect(!screen.overlayView.isHidden)
        #expect(screen.messageDisplayInfo?.message.id == message.id && screen.messageDisplayInfo?.showsMessageActions == false)
        #expect(factory.onLongPress != nil)
    }

    @Test func topPlacementKeepsTheReactionsSlot() async throws {
        let utils = ChatViews.utils
        defer { ChatViews.utils = utils; slots.restore() }
        let factory = ChipBottomReactionsFactory()
        let (_, _, screen, _) = try await lovedNewest(factory, placement: .top)
        #expect(factory.onTap == nil, "the bottom slot is not asked")
        #expect(!guideLabelTexts(in: screen.listView).contains("love 1"))
    }

    @Test func bottomReactionsGoldens() async throws {
        let utils = ChatViews.utils
        defer { ChatViews.utils = utils; slots.restore() }
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            let (_, window, _, _) = try await lovedNewest(ChipBottomReactionsFactory(), placement: .bottom)
            Snapshot.assert(window, named: "bottom-reactions-slot" + suffix, scale: 2, style: style)
        }
    }
}
