import Foundation
import Parley
import Testing

/// Hosts a message list the way an app shows one, for the tests that follow Stream's v4 UIKit
/// guides: the guide's customization is applied to the list's `Components`, then the list loads.
@MainActor
enum StreamGuideHarness {
    typealias L = MessageListFixtures

    /// The data sources of the lists made (a list holds its data source weakly).
    private static var keptAlive: [AnyObject] = []

    /// A list of `messages` (oldest first) in `channel`, laid out at `size`, after `configure`
    /// changed its components (as a guide changes `Components.default`).
    static func list(
        _ messages: [ChatMessage], channel: ChatChannel = L.channel(), size: CGSize = CGSize(width: 390, height: 700),
        dataSource: (any ChatMessageListVCDataSource)? = nil, configure: (inout Components) -> Void = { _ in }
    ) -> (ChatMessageListVC, StaticMessageListSource, UIView) {
        let source = StaticMessageListSource(channel: channel, messages: messages)
        let (vc, host) = makeHostedList(source, size: size, contentView: ChatMessageContentView.self, dataSource: dataSource, configure: configure)
        // The list holds its data source weakly, as UIKit's do: keep it for the test's life.
        keptAlive.append(dataSource ?? source)
        return (vc, source, host)
    }

    /// A conversation: alice twice, then me twice, 20 seconds apart (two groups of two).
    static var conversation: [ChatMessage] {
        let start = L.day.addingTimeInterval(12 * 3_600)
        let lines: [(ChatUser, String)] = [(L.alice, "Hi there"), (L.alice, "Are you around?"), (L.me, "Yes"), (L.me, "What's up?")]
        return lines.enumerated().map { index, line in
            ChatMessage(id: "g\(index)", cid: L.cid, text: line.1, author: line.0,
                        createdAt: start.addingTimeInterval(Double(index) * 20), isSentByCurrentUser: line.0 == L.me)
        }
    }

    /// The frame of `part` in `row`'s coordinates.
    /// Lays `controller`'s view out in a 390 × 400 host view, as a screen would.
    static func host(_ controller: UIViewController) {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        let root: UIView = controller.view
        root.frame = host.bounds
        host.addSubview(root)
        host.layoutIfNeeded()
    }

    static func frame(of part: UIView?, in row: UIView) -> CGRect? {
        guard let part, part.isDescendant(of: row) else { return nil }
        return part.convert(part.bounds, to: row)
    }
}
