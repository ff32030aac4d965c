import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

// The long-press overlay raises one copy of the message: on the frame of its bubble in the list
// (same x, same width), moved up or down as a whole when the picker or the actions need room, and
// the bubble in the list is hidden meanwhile.

/// Actions taller than the room under the newest message, in a narrow column.
final class TallActionsFactory: ViewFactory {
    func makeMessageActionsView(for message: ChatMessage, channel: ChatChannel,
                                onFinish: @escaping (MessageActionInfo) -> Void,
                                onError: @escaping (Error) -> Void) -> some View {
        VStack(spacing: 12) {
            Text("Pin")
            Text("Copy")
            Text("Flag")
            Text("Mute")
        }
        .frame(width: 90, height: 260)
        .background(Color.white)
        .cornerRadius(12)
    }
}

@MainActor
@Suite(.serialized) struct OverlayGeometryTests {
    /// The overlay helpers (and the appearance they restore).
    let slots = OverlaySlotsTests()

    /// The frame in `screen.view` of the node `id` of `host`.
    func frame(_ id: String, in host: ComponentView, of screen: ChatChannelView) throws -> CGRect {
        host.convert(try #require(host.frame(id: id), "no \(id)"), to: screen.view)
    }

    /// The frame in `screen.view` of the bubble of the list's row `id`.
    func bubbleFrame(_ id: String, in screen: ChatChannelView) throws -> CGRect {
        let row = try #require(screen.listView.frame(id: id))
        let node = try #require(screen.listView.renderNode?.renderNode(id: id))
        let bubble = try #require(node.frame(id: "message-bubble-" + id))
        return screen.listView.convert(bubble.offsetBy(dx: row.minX, dy: row.minY), to: screen.view)
    }

    @Test func theRaisedMessageSitsOnTheBubble() throws {
        defer { slots.restore() }
        let (backend, _, screen, _) = try slots.overlay(DefaultViewFactory.shared)
        // A message in the middle of the screen, opened as a tap on its reactions does (no frame):
        // there is room for the picker and the actions, so the copy stays where the bubble is.
        screen.dismissReactionsOverlay()
        let message = screen.messages[screen.messages.count - 4]
        screen.showReactionsOverlay(for: MessageDisplayInfo(message: message, frame: .zero, contentWidth: 300, showsAllInfo: true))
        backend.advance(by: 0.05)
        let bubble = try bubbleFrame(message.id, in: screen)
        let preview = try frame("message-preview", in: screen.overlayView, of: screen)
        #expect(abs(preview.minX - bubble.minX) < 0.5 && abs(preview.minY - bubble.minY) < 0.5, "preview \(preview), bubble \(bubble)")
        #expect(abs(preview.width - bubble.width) < 0.5 && abs(preview.height - bubble.height) < 0.5, "preview \(preview), bubble \(bubble)")
    }

    @Test func theRaisedMessageMovesAsAWholeAndIsTheOnlyCopy() throws {
        defer { slots.restore() }
        let (_, _, screen, message) = try slots.overlay(TallActionsFactory())
        let bubble = try bubbleFrame(message.id, in: screen)
        let preview = try frame("message-preview", in: screen.overlayView, of: screen)
        #expect(abs(preview.width - bubble.width) < 0.5 && abs(preview.minX - bubble.minX) < 0.5, "preview \(preview), bubble \(bubble)")
        #expect(abs(preview.height - bubble.height) < 0.5, "preview \(preview), bubble \(bubble)")
        // The newest message sits above the composer: the tall actions need room, so the copy moved up.
        #expect(preview.maxY < bubble.minY, "preview \(preview), bubble \(bubble)")

        // Where the bubble was and no overlay part is, the dimmed screen shows, not a second bubble.
        let parts = screen.overlayView.visibleIDs.indices.compactMap { index -> CGRect? in
            let id = screen.overlayView.visibleIDs[index]
            guard id != "overlay-backdrop", !id.hasPrefix("overlay-backdrop/") else { return nil }
            let view = screen.overlayView.visibleViews[index]
            return view.convert(view.bounds, to: screen.view).insetBy(dx: -2, dy: -2)
        }
        let pixels = try #require(screen.view.renderImage(scale: 1).rgbaPixels(scale: 1))
        let reference = pixels[Int(screen.view.bounds.width) - 3, Int(bubble.midY)]
        #expect(!parts.contains { $0.contains(CGPoint(x: screen.view.bounds.width - 3, y: bubble.midY)) })
        var free = 0, differing: [CGPoint] = []
        for y in stride(from: bubble.minY + 6, to: bubble.maxY - 6, by: 3) {
            for x in stride(from: bubble.minX + 10, to: bubble.maxX - 10, by: 3) where !parts.contains(where: { $0.contains(CGPoint(x: x, y: y)) }) {
                free += 1
                let pixel = pixels[Int(x), Int(y)]
                if abs(Int(pixel.r) - Int(reference.r)) + abs(Int(pixel.g) - Int(reference.g)) + abs(Int(pixel.b) - Int(reference.b)) > 9 {
                    differing.append(CGPoint(x: x, y: y))
                }
            }
        }
        #expect(free > 20, "the bubble's place is mostly covered: \(free) free points")
        #expect(differing.count == 0, "the bubble shows through at \(differing.prefix(3)) of \(free) points")

        // Closing the overlay shows the bubble in the list again.
        screen.dismissReactionsOverlay()
        let after = try #require(screen.view.renderImage(scale: 1).rgbaPixels(scale: 1))
        let inside = after[Int(bubble.maxX) - 6, Int(bubble.midY)]
        let outside = after[Int(screen.view.bounds.width) - 3, Int(bubble.midY)]
        #expect(inside.r != outside.r || inside.g != outside.g || inside.b != outside.b, "the bubble is drawn again")
    }
}
