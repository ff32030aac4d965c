import Foundation
import Parley
import ParleyTesting
import Testing

/// Golden images of message rows stacked as the list stacks them (2× light and dark).
@MainActor
@Suite struct ChatMessageRowSnapshotTests {
    typealias F = MessageRowFixtures
    static let width: CGFloat = 360

    /// The conversation of the goldens, oldest first.
    static var conversation: [ChatMessage] {
        let agenda = F.message("a1", "Hey! Are we still on for today?", by: F.ana, at: 0)
        return [
            F.message("s1", "Ben Okafor joined the channel", by: F.ben, at: -30, type: .system),
            agenda,
            F.message("a2", "I booked the big room 🎉", by: F.ana, at: 20),
            F.message("a3", "The agenda is at https://parley.chat/agenda — ping @Ben Okafor if anything changed, he wrote most of it.",
                      by: F.ana, at: 40, mentioning: [F.ben]),
            F.message("m1", "Sounds good!", by: F.me, at: 200, readBy: [F.ana]),
            F.message("m2", "Yes, 3 pm works for me.", by: F.me, at: 220, quoting: agenda, readBy: [F.ana]),
            F.message("b1", "👍", by: F.ben, at: 400),
            F.message("b2", "Who brings the slides?", by: F.ben, at: 500, replyCount: 3),
            F.message("a4", "wrong chat", by: F.ana, at: 600, deleted: true),
            F.message("a5", "مرحبا بالجميع، كيف حالكم اليوم؟", by: F.ana, at: 700),
            F.message("m3", "This one did not go through", by: F.me, at: 800, localState: .sendingFailed),
            F.message("m4", "/giphy hello", by: F.me, at: 900, type: .ephemeral, edited: true),
        ]
    }

    /// Rows `range` of the conversation in a column, with the resolver's spacing between them.
    static func column(_ range: Range<Int>, of messages: [ChatMessage] = conversation) -> UIView {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 10))
        let resolver = ChatMessageLayoutOptionsResolver(calendar: F.utc)
        var y: CGFloat = 12
        for index in range {
            let row = F.row(index, in: messages, width: width)
            row.frame.origin.y = y
            container.addSubview(row)
            y += row.frame.height + resolver.spacing(below: row.layoutOptions ?? [])
        }
        container.frame.size.height = y
        return container
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func conversationStart(style: UIUserInterfaceStyle) {
        let view = Self.column(0..<6)
        Snapshot.assert(view, named: "message_rows_start_\(style == .dark ? "dark" : "light")", size: view.frame.size, scale: 2, style: style)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func conversationEnd(style: UIUserInterfaceStyle) {
        let view = Self.column(6..<12)
        Snapshot.assert(view, named: "message_rows_end_\(style == .dark ? "dark" : "light")", size: view.frame.size, scale: 2, style: style)
    }
}
