import Foundation
import Parley
import Testing

/// A date separator formatter as an app subclasses Stream's: one case changed, the rest inherited.
final class ShortTodayDateSeparatorFormatter: DefaultMessageDateSeparatorFormatter {
    override func format(_ date: Date) -> String {
        let day = super.format(date)
        return day == "Today" ? "Now-ish" : day
    }
}

/// A last-activity formatter replaced as a whole.
final class AwayFormatter: UserLastActivityFormatter {
    func format(_ date: Date) -> String? { "Away" }
}

/// Stream v4's `Appearance` names, each with Parley's behaviour behind it.
@MainActor
@Suite(.serialized) struct StreamAppearanceNamesTests {
    typealias F = MessageRowFixtures

    /// Wednesday 12 March 2025, 15:00 UTC.
    var environment: FormattingEnvironment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return FormattingEnvironment(calendar: calendar, now: { Date(timeIntervalSince1970: 1_741_791_600) })
    }

    @Test func textLinkColorColoursTheLinksInMessages() throws {
        let saved = Appearance.default
        defer { Appearance.default = saved }
        Appearance.default.colorPalette.textLinkColor = .systemPink

        let row = F.row(0, in: [F.message("a", "Read https://parley.chat/docs", by: F.ana)], width: 300)
        let link = try #require(row.textItems.first)
        let color = row.textView?.attributedText?.attribute(.foregroundColor, at: link.range.location, effectiveRange: nil) as? UIColor
        #expect(color == .systemPink)
    }

    @Test func theOnlineDotAndTheScrollButtonTakeTheirPaletteColours() {
        let avatar = ChatChannelAvatarView(frame: .zero)
        avatar.appearance.colorPalette.lightBorder = .systemPink
        let button = ScrollToBottomButton(frame: .zero)
        button.appearance.colorPalette.hoverButtonShadow = .systemPink
        let host = UIView()
        host.addSubview(avatar)
        host.addSubview(button)
        #expect(avatar.onlineIndicatorView.layer.borderColor == .systemPink)
        #expect(button.layer.shadowColor == .systemPink)
    }

    @Test func colorForColorPalettesAreFunctionsOfTheColour() {
        var palette = Appearance.ColorPalette()
        #expect(palette.highlightedColorForColor(.red) == UIColor.red.withAlphaComponent(0.5))
        #expect(palette.disabledColorForColor(.red) == .lightGray)
        #expect(palette.unselectedColorForColor(.red) == .lightGray)
        palette.highlightedColorForColor = { $0.withAlphaComponent(0.2) }
        #expect(palette.highlightedColorForColor(.blue) == UIColor.blue.withAlphaComponent(0.2))
    }

    @Test func aSubclassedFormatterChangesTheDateSeparator() {
        // The list formats each day with its appearance's formatter; the separator shows the text.
        let L = MessageListFixtures.self
        let now = environment.now()
        let messages = [now.addingTimeInterval(-86_400), now].enumerated().map { index, date in
            ChatMessage(id: "d\(index)", cid: L.cid, text: "Day \(index)", author: L.alice, createdAt: date, isSentByCurrentUser: false)
        }
        let source = StaticMessageListSource(channel: L.channel(), messages: messages)
        let vc = ChatMessageListVC()
        vc.appearance.formatters.messageDateSeparator = ShortTodayDateSeparatorFormatter(environment: environment)
        vc.dataSource = source
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 640))
        let root: UIView = vc.view
        root.frame = host.bounds
        host.addSubview(root)
        host.layoutIfNeeded()
        let texts = vc.listView.visibleViews.compactMap { ($0 as? ChatMessageListDateSeparatorView)?.content }
        #expect(texts == ["Yesterday", "Now-ish"])

        let separator = ChatMessageListDateSeparatorView()
        host.addSubview(separator)
        separator.content = "Earlier"
        #expect(separator.textLabel.text == "Earlier")
    }

    @Test func userLastActivityNamesTheDayAndTime() {
        let f = DefaultUserLastActivityFormatter(environment: environment)
        let now = environment.now()
        #expect(f.format(now.addingTimeInterval(-3_600)) == "Last seen today at 14:00")
        #expect(f.format(now.addingTimeInterval(-86_400)) == "Last seen yesterday at 15:00")
        #expect(f.format(now.addingTimeInterval(-3 * 86_400)) == "Last seen Sunday at 15:00")
        #expect(f.format(now.addingTimeInterval(-30 * 86_400)) == "Last seen 10 February 2025 at 15:00")
    }

    @Test func aFailedMessageShowsTheErrorIndicatorImage() throws {
        let saved = Appearance.default
        defer { Appearance.default = saved }
        let custom = try #require(UIImage(systemName: "flag"))
        Appearance.default.images.messageListErrorIndicator = custom

        let failed = F.row(0, in: [F.message("f", "oops", by: F.me, localState: .sendingFailed)])
        #expect(failed.errorIndicatorView?.currentImage == custom.withRenderingMode(.alwaysTemplate))
    }

    @Test func aPendingMessageShowsTheSendingImage() throws {
        let custom = try #require(UIImage(systemName: "flag"))
        let status = ChatMessageDeliveryStatusView()
        status.appearance.images.messageDeliveryStatusSending = custom
        UIView().addSubview(status)
        for state in [LocalMessageState.pending, .sending] {
            status.content = F.message("p", "on its way", by: F.me, localState: state)
            #expect(status.imageView.image == custom.withRenderingMode(.alwaysTemplate))
        }
    }

    @Test func theEmptyChannelListShowsItsOwnImage() throws {
        let custom = try #require(UIImage(systemName: "flag"))
        let empty = ChatChannelListEmptyView(frame: .zero)
        empty.appearance.images.emptyChannelListMessageBubble = custom
        UIView().addSubview(empty)
        #expect(empty.imageView.image == custom.withRenderingMode(.alwaysTemplate))
    }

    @Test func theChannelHeaderShowsTheUserLastActivityFormatter() {
        let header = ChatChannelHeaderView()
        let host = UIView()
        host.addSubview(header)
        header.appearance.formatters.userLastActivity = AwayFormatter()
        header.currentUserId = "me"
        let now = environment.now()
        let me = ChatUser(id: "me", name: "Me", isOnline: true)
        let ana = ChatUser(id: "ana", name: "Ana Lopez", isOnline: false, lastActiveAt: now.addingTimeInterval(-3_600))
        func member(_ user: ChatUser) -> ChatChannelMember { ChatChannelMember(user: user, role: .member, memberCreatedAt: now) }
        header.content = ChatChannel(cid: ChannelId(type: .messaging, id: "dm"), members: [member(me), member(ana)], memberCount: 2)
        #expect(header.subtitleLabel.text == "Away")
    }
}
