import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Formatters": subclass a default formatter (`DefaultMessageTimestampFormatter`,
// `DefaultChannelNameFormatter`), override its `format`, and set it in `Appearance.formatters`;
// the views that show that text use it.

final class TwelveHourTimestampFormatter: DefaultMessageTimestampFormatter {
    override func format(_ date: Date) -> String {
        let c = environment.calendar.dateComponents([.hour, .minute], from: date)
        let hour = c.hour ?? 0
        return String(format: "%d:%02d %@", hour % 12 == 0 ? 12 : hour % 12, c.minute ?? 0, hour < 12 ? "AM" : "PM")
    }
}

final class ShoutingChannelNameFormatter: DefaultChannelNameFormatter {
    override func format(channel: ChatChannel, forCurrentUserId currentUserId: UserId?) -> String? {
        super.format(channel: channel, forCurrentUserId: currentUserId)?.uppercased()
    }
}

@MainActor
@Suite struct FormattersGuideTests {
    typealias L = MessageListFixtures

    /// A message row for alice's message at 13:05 UTC, drawn with `appearance`.
    private func row(_ appearance: Appearance) -> ChatMessageContentView {
        let message = ChatMessage(id: "t", cid: L.cid, text: "Lunch?", author: L.alice, createdAt: L.day.addingTimeInterval(13 * 3_600 + 5 * 60))
        let options = ChatMessageLayoutOptionsResolver(calendar: L.utc)
            .optionsForMessage(at: 0, in: L.channel(), oldestFirst: [message], appearance: appearance)
        let view = ChatMessageContentView(frame: .zero)
        view.appearance = appearance
        view.setUpLayoutIfNeeded(options: options)
        view.channel = L.channel()
        view.content = message
        view.frame = CGRect(x: 0, y: 0, width: 360, height: 80)
        view.layoutIfNeeded()
        return view
    }

    @Test func theTimestampFormatterWritesTheMessageTime() {
        let utc = FormattingEnvironment(calendar: L.utc)
        var appearance = Appearance()
        appearance.formatters.messageTimestamp = TwelveHourTimestampFormatter(environment: utc)
        #expect(row(appearance).timestampLabel?.text == "1:05 PM")
        appearance.formatters.messageTimestamp = DefaultMessageTimestampFormatter(environment: utc)
        #expect(row(appearance).timestampLabel?.text == "13:05")
    }

    @Test func theChannelNameFormatterWritesTheRowTitle() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 64))
        func title(_ appearance: Appearance) -> String? {
            let view = ChatChannelListItemView(frame: host.bounds)
            view.appearance = appearance
            host.addSubview(view)
            view.content = .init(channel: L.channel(), currentUserId: L.me.id)
            return view.titleLabel.text
        }
        var appearance = Appearance()
        appearance.formatters.channelName = ShoutingChannelNameFormatter()
        #expect(title(appearance) == "LIST TESTS")
        #expect(title(Appearance()) == "List tests")
    }
}
