import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

// The SDK's list modifiers and slot variants that the screens declared but did not apply until
// session 12: each test overrides one with a custom factory and checks the screen (or the default
// message row) shows what it returns. Only the message-list modifier has a guide snippet
// (message-list.md, "Applying Custom Modifier": MessageListModifierGuideFactory in
// FactorySlotGuides.swift); the other factories are written in the guides' style.

/// A pinned banner above the message list, as an app puts a pinned message there.
final class PinnedBannerContainerFactory: ViewFactory {
    func makeMessageListContainerModifier() -> some ViewModifier {
        PinnedBannerModifier(text: "📌 Design review on Friday")
    }

    struct PinnedBannerModifier: ViewModifier {
        let text: String

        func body(content: Content) -> some View {
            VStack(spacing: 0) {
                Text(text)
                    .font(.footnote)
                    .padding(.horizontal, 16)
                    .padding(.vertical, 10)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(Color.yellow.opacity(0.35))
                content
            }
        }
    }
}

/// Channel rows inset into a card (the SDK applies the list modifier to its stack of rows).
final class CardChannelListFactory: ViewFactory {
    func makeChannelListModifier() -> some ViewModifier {
        CardModifier()
    }

    struct CardModifier: ViewModifier {
        func body(content: Content) -> some View {
            content
                .padding(.horizontal, 16)
                .padding(.top, 12)
        }
    }
}

/// A banner above the whole channel list (the SDK applies the content modifier around the list
/// and its sticky footer).
final class BannerChannelListContentFactory: ViewFactory {
    func makeChannelListContentModifier() -> some ViewModifier {
        BannerModifier()
    }

    struct BannerModifier: ViewModifier {
        func body(content: Content) -> some View {
            VStack(spacing: 0) {
                Text("You are offline")
                    .font(.footnote)
                    .foregroundColor(.white)
                    .padding(8)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(Color.red)
                content
            }
        }
    }
}

/// The SDK's slots with its own signatures: "N replies" without a tap handler, reactions with a
/// long-press handler.
final class SDKSlotVariantsFactory: ViewFactory {
    func makeMessageRepliesView(channel: ChatChannel, message: ChatMessage, replyCount: Int) -> some View {
        Text("\(replyCount) answers in the thread")
            .font(.footnote.bold())
            .foregroundColor(.purple)
    }

    func makeMessageReactionView(message: ChatMessage, onTapGesture: @escaping () -> Void,
                                 onLongPressGesture: @escaping () -> Void) -> some View {
        Text(message.reactionGroups.keys.map(\.rawValue).sorted().joined(separator: " · "))
            .font(.caption)
            .padding(6)
            .background(Capsule().fill(Color.orange.opacity(0.3)))
    }
}

/// The read indicator of the current user's messages: who has read it (the read-indicators
/// guide's slot, without the `showReadCount:` its snippet passes).
final class SeenByFactory: ViewFactory {
    func makeMessageReadIndicatorView(channel: ChatChannel, message: ChatMessage) -> some View {
        Text(message.readBy.isEmpty ? "Sent" : "Seen by \(message.readBy.count)")
            .font(.caption)
            .foregroundColor(message.readBy.isEmpty ? .gray : .green)
    }
}

/// helper-views.md, "Changing the Chat Channel List Item", with the SDK's current labels
/// (`selectedChannel: Binding<ChannelSelectionInfo?>`, `swipedChannelId:`), so it overrides the
/// screen's row slot (in an extension of a factory protocol, as the guide's
/// `ChatChannelSwipeableListItem<Self>` needs). The trailing area is the factory's
/// `makeTrailingSwipeActionsView` (here the default; ChannelListSwipeTests overrides it).
protocol SwipeableRowsFactory: ViewFactory {}

final class SwipeableChannelListFactory: SwipeableRowsFactory {}

extension SwipeableRowsFactory {
    public func makeChannelListItem(
        channel: ChatChannel,
        channelName: String,
        avatar: UIImage,
        onlineIndicatorShown: Bool,
        disabled: Bool,
        selectedChannel: Binding<ChannelSelectionInfo?>,
        swipedChannelId: Binding<String?>,
        channelDestination: @escaping (ChannelSelectionInfo) -> ChannelDestination,
        onItemTap: @escaping (ChatChannel) -> Void,
        trailingSwipeRightButtonTapped: @escaping (ChatChannel) -> Void,
        trailingSwipeLeftButtonTapped: @escaping (ChatChannel) -> Void,
        leadingSwipeButtonTapped: @escaping (ChatChannel) -> Void
    ) -> ChatChannelSwipeableListItem<Self> {
        ChatChannelSwipeableListItem(
            factory: self,
            currentChannelId: swipedChannelId,
            channel: channel,
            channelName: channelName,
            avatar: avatar,
            onlineIndicatorShown: onlineIndicatorShown,
            disabled: disabled,
            selectedChannel: .constant(nil),
            channelDestination: { _ in channelDestination(ChannelSelectionInfo(channel: channel)) },
            onItemTap: onItemTap,
            trailingRightButtonTapped: trailingSwipeRightButtonTapped,
            trailingLeftButtonTapped: trailingSwipeLeftButtonTapped,
            leadingSwipeButtonTapped: leadingSwipeButtonTapped
        )
    }
}

@MainActor
@Suite(.serialized) struct ScreenModifierGuidesTests {
    /// Runs `body` and restores what the scenes set globally.
    func isolated(_ body: () throws -> Void) rethrows {
        let appearance = Appearance.default, components = Components.default
        defer {
            Appearance.default = appearance
            Components.default = components
        }
        try body()
    }

    func channel(_ factory: some ViewFactory, size: CGSize = CGSize(width: 390, height: 560)) throws -> (UIView, ChatChannelView) {
        let host = DeclarativeScenes.makeChannel(size: size, factory: factory)
        host.layoutIfNeeded()
        host.layoutIfNeeded()
        return (host, try #require(guideViews(of: ChatChannelView.self, in: host).first))
    }

    func channelList(_ factory: some ViewFactory) throws -> (UIView, ChatChannelListView) {
        let host = DeclarativeScenes.makeChannelList(size: CGSize(width: 390, height: 420), factory: factory)
        host.layoutIfNeeded()
        host.layoutIfNeeded()
        return (host, try #require(guideViews(of: ChatChannelListView.self, in: host).first))
    }

    /// How many visible image views are under `view`.
    func imageViews(in view: UIView) -> Int {
        (view is UIImageView && !view.isHidden ? 1 : 0) + view.subviews.reduce(0) { $0 + imageViews(in: $1) }
    }

    func render(named name: String, _ makeView: () throws -> UIView) rethrows {
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            Snapshot.assert(try makeView(), named: name + suffix, scale: 2, style: style)
        }
    }

    /// The list starts a banner's height lower than without the modifier and ends where it did.
    func expectBanner(above list: CGRect, plain: CGRect, height: ClosedRange<CGFloat>) {
        #expect(height.contains(list.minY - plain.minY), "the banner's height: \(list.minY - plain.minY)")
        #expect(list.maxY == plain.maxY)
    }

    /// message-list.md, "Applying Custom Modifier": the guide's `VerticalPaddingViewModifier`
    /// pads the rows by 8 points above and below; the list's frame is inset by it.
    @Test func theMessageListModifierGuidePadsTheScreensList() throws {
        try isolated {
            let (_, plain) = try channel(DefaultViewFactory.shared)
            let (_, padded) = try channel(MessageListModifierGuideFactory())
            #expect(padded.listView.frame.minY == plain.listView.frame.minY + 8)
            #expect(padded.listView.frame.maxY == plain.listView.frame.maxY - 8)
            #expect(padded.listView.frame.width == plain.listView.frame.width)
            // The background stays under the whole area; the padding shows it.
            #expect(padded.listBackgroundView.frame == plain.listView.frame)
            try render(named: "guide-message-list-modifier-screen") { try channel(MessageListModifierGuideFactory()).0 }
        }
    }

    @Test func theMessageListContainerModifierPutsItsBannerAboveTheList() throws {
        try isolated {
            let (host, plain) = try channel(DefaultViewFactory.shared)
            let (bannered, screen) = try channel(PinnedBannerContainerFactory())
            #expect(guideLabelTexts(in: bannered).contains("📌 Design review on Friday"))
            #expect(!guideLabelTexts(in: host).contains("📌 Design review on Friday"))
            expectBanner(above: screen.listView.frame, plain: plain.listView.frame, height: 30...50)
            try render(named: "message-list-container-modifier-screen") { try channel(PinnedBannerContainerFactory()).0 }
        }
    }

    @Test func theChannelListModifierInsetsTheRows() throws {
        try isolated {
            let (_, plain) = try channelList(DefaultViewFactory.shared)
            let (_, card) = try channelList(CardChannelListFactory())
            let constraint = Constraint(maxSize: CGSize(width: 390, height: CGFloat.infinity))
            let plainNode = try #require(plain.listView.component?.layout(constraint))
            let cardNode = try #require(card.listView.component?.layout(constraint))
            #expect(cardNode.size.height == plainNode.size.height + 12)
            let firstTitle = try #require(Fixtures.texts(in: cardNode).first)
            let plainTitle = try #require(Fixtures.texts(in: plainNode).first)
            #expect(firstTitle.frame.minX == plainTitle.frame.minX + 16)
            #expect(firstTitle.frame.minY == plainTitle.frame.minY + 12)
            try render(named: "channel-list-modifier-screen") { try channelList(CardChannelListFactory()).0 }
        }
    }

    @Test func theChannelListContentModifierPutsItsBannerAboveTheList() throws {
        try isolated {
            let (_, plain) = try channelList(DefaultViewFactory.shared)
            let (host, screen) = try channelList(BannerChannelListContentFactory())
            #expect(guideLabelTexts(in: host).contains("You are offline"))
            expectBanner(above: screen.listView.frame, plain: plain.listView.frame, height: 20...40)
            try render(named: "channel-list-content-modifier-screen") { try channelList(BannerChannelListContentFactory()).0 }
        }
    }

    @Test func theDefaultRowShowsTheSDKsRepliesAndReactionsSlots() {
        let message = ChatMessage(
            id: "m1", cid: Fixtures.cid, text: "Who is in for the offsite?", author: Fixtures.ana, createdAt: Fixtures.start, replyCount: 3,
            reactionGroups: [.like: ChatMessageReactionData(type: .like, score: 2, isChosenByCurrentUser: false),
                             .love: ChatMessageReactionData(type: .love, score: 1, isChosenByCurrentUser: true)])
        let custom = Fixtures.texts(in: Fixtures.container(SDKSlotVariantsFactory(), message, showsAllInfo: true, isLast: true)).map(\.text)
        #expect(custom.contains("3 answers in the thread"), "\(custom)")
        #expect(custom.contains("like · love"), "\(custom)")
        let plain = Fixtures.texts(in: Fixtures.container(DefaultViewFactory.shared, message, showsAllInfo: true, isLast: true)).map(\.text)
        #expect(!plain.contains("3 answers in the thread"))
        #expect(plain.contains { $0.contains("3") }, "the default still says how many replies: \(plain)")
        renderHostedGolden(VStack(spacing: 0) {
            SDKSlotVariantsFactory().makeMessageContainerView(
                // Not the last of a group: no avatar, name or time (which depends on the time zone).
                channel: Fixtures.channel, message: message, width: 390, showsAllInfo: false, isInThread: false,
                scrolledId: .constant(nil), quotedMessage: .constant(nil), onLongPress: { _ in }, isLast: true)
            Spacer()
        }, named: "sdk-replies-and-reactions-slots", size: CGSize(width: 390, height: 110))
    }

    @Test func theDefaultRowShowsTheFactorysReadIndicatorBeforeTheTimeOfOwnMessages() throws {
        try isolated {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
            Appearance.default.formatters.messageTimestamp = DefaultMessageTimestampFormatter(
                environment: FormattingEnvironment(calendar: calendar, locale: Locale(identifier: "en_US_POSIX")))
            let mine = ChatMessage(id: "m1", cid: Fixtures.cid, text: "Mockups are up", author: Fixtures.me, createdAt: Fixtures.start,
                                   isSentByCurrentUser: true, readBy: [Fixtures.ana, Fixtures.ben])
            let unread = Fixtures.message("m2", "Anyone?", by: Fixtures.me, at: 60)
            let theirs = Fixtures.message("m3", "Looking now", by: Fixtures.ana, at: 120)
            @MainActor func texts(_ message: ChatMessage) -> [String] {
                Fixtures.texts(in: Fixtures.container(SeenByFactory(), message, showsAllInfo: true, isLast: false)).map(\.text)
            }
            #expect(texts(mine).contains("Seen by 2"), "\(texts(mine))")
            #expect(texts(unread).contains("Sent"))
            #expect(!texts(theirs).contains("Sent") && !texts(theirs).contains { $0.hasPrefix("Seen by") })
            renderHostedGolden(VStack(spacing: 0) {
                for message in [mine, unread] {
                    SeenByFactory().makeMessageContainerView(
                        channel: Fixtures.channel, message: message, width: 390, showsAllInfo: true, isInThread: false,
                        scrolledId: .constant(nil), quotedMessage: .constant(nil), onLongPress: { _ in }, isLast: false)
                }
                Spacer()
            }, named: "read-indicator-slot", size: CGSize(width: 390, height: 150))
        }
    }

    @Test func aSwipedRowOfTheScreenShowsTheFactorysTrailingActions() throws {
        try isolated {
            let (plainHost, _) = try channelList(DefaultViewFactory.shared)
            let (host, list) = try channelList(SwipeableChannelListFactory())
            // The same rows as the default list (the rows' current user is the list's: "You: …").
            #expect(guideLabelTexts(in: host) == guideLabelTexts(in: plainHost))
            let closedImages = imageViews(in: host)
            let design = try #require(list.channels.first { $0.name == "Design Team" })
            list.swipedChannelId = design.cid.rawValue
            host.layoutIfNeeded()
            // The default trailing area's two buttons (more, delete) over the row.
            #expect(imageViews(in: host) == closedImages + 2)
            list.swipedChannelId = nil
            host.layoutIfNeeded()
            #expect(imageViews(in: host) == closedImages)
            try render(named: "channel-list-swiped-row-screen") {
                let (view, list) = try channelList(SwipeableChannelListFactory())
                list.swipedChannelId = design.cid.rawValue
                view.layoutIfNeeded()
                return view
            }
        }
    }
}
