import Foundation
import Parley
import Testing

// Stream v4 UIKit `ChatChannelListItemView.Content(channel:currentUserId:searchResult:)`: a row
// made for a message search hit previews the found message and its time.

@MainActor
@Suite struct ChannelListItemGuideTests {
    typealias L = MessageListFixtures

    /// The hosts of the rows made (a view sets itself up once it has a superview).
    private let hosts = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 640))

    private func hosted(_ content: ChatChannelListItemView.Content) -> ChatChannelListItemView {
        let view = Components.default.channelContentView.init(frame: CGRect(x: 0, y: 0, width: 390, height: 64))
        hosts.addSubview(view)
        view.content = content
        view.layoutIfNeeded()
        return view
    }

    @Test func aSearchResultShowsTheFoundMessage() {
        let latest = ChatMessage(id: "new", cid: L.cid, text: "See you", author: L.bob, createdAt: L.day.addingTimeInterval(7_200))
        let found = ChatMessage(id: "old", cid: L.cid, text: "The budget is ready", author: L.alice, createdAt: L.day.addingTimeInterval(-5 * 86_400))
        var channel = L.channel()
        channel.previewMessage = latest
        let plain = hosted(.init(channel: channel, currentUserId: L.me.id))
        #expect(plain.subtitleLabel.text == "Bob Builder: See you")

        let hit = hosted(.init(channel: channel, currentUserId: L.me.id,
                               searchResult: .init(text: "budget", message: found)))
        #expect(hit.subtitleLabel.text == "The budget is ready")
        #expect(hit.timestampLabel.text == hit.appearance.formatters.channelListMessageTimestamp.format(found.createdAt))
        #expect(hit.timestampLabel.text != plain.timestampLabel.text)
        #expect(hit.content?.searchResult?.text == "budget")
    }
}
