import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// The guides of FactorySlotGuides.swift: their snippets compile here; these tests run and render them.
@MainActor
@Suite(.serialized) struct FactorySlotGuidesTests {
    @Test func theChannelListHeaderGuidesToolbarIsOnTheChannelList() throws {
        let host = DeclarativeScenes.makeChannelList(size: CGSize(width: 390, height: 300), factory: ChannelListHeaderGuide.CustomFactory.shared)
        host.layoutIfNeeded()
        let list = try #require(guideViews(of: ChatChannelListView.self, in: host).first)
        // The header's three items: the title in the middle, a button on each side.
        #expect(list.navigationItem.leftBarButtonItems?.count == 1)
        #expect(list.navigationItem.rightBarButtonItems?.count == 1)
        let title = try #require(list.navigationItem.titleView)
        #expect(guideLabelTexts(in: title) == [list.title ?? ""])
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            let view = DeclarativeScenes.makeChannelList(size: CGSize(width: 390, height: 300), factory: ChannelListHeaderGuide.CustomFactory.shared)
            view.layoutIfNeeded()
            Snapshot.assert(view, named: "guide-channel-list-header" + suffix, scale: 2, style: style)
        }
    }

    @Test func theMoreActionsGuidesViewShowsItsTextAndDismisses() {
        var dismissed = 0
        let view = MoreActionsGuideFactory().makeMoreChannelActionsView(for: Fixtures.channel, onDismiss: { dismissed += 1 }, onError: { _ in })
        let node = AnyComponent(view).layout(Constraint(maxSize: CGSize(width: 390, height: 200)))
        #expect(Fixtures.texts(in: node).map(\.text) == ["This is our custom view", "Action"])
        renderHostedGolden(view, named: "guide-more-channel-actions", size: CGSize(width: 390, height: 200))
        #expect(dismissed == 0)
    }

    @Test func theSwipeableChannelListItemShowsTheTrailingActionsWhenSwiped() {
        let factory = ChannelListItemGuideFactory()
        func row(swiped: String?) -> some View {
            factory.makeChannelListItem(
                channel: Fixtures.channel, channelName: "General", avatar: Appearance.default.images.messageActionEdit, onlineIndicatorShown: false, disabled: false,
                selectedChannel: .constant(nil), swipedChannelId: .constant(swiped),
                channelDestination: { ChatChannelScreen(factory: factory, cid: $0.cid) }, onItemTap: { _ in },
                trailingSwipeRightButtonTapped: { _ in }, trailingSwipeLeftButtonTapped: { _ in }, leadingSwipeButtonTapped: { _ in })
        }
        let closed = AnyComponent(row(swiped: nil)).layout(Constraint(maxSize: CGSize(width: 390, height: 100)))
        let open = AnyComponent(row(swiped: Fixtures.channel.cid.rawValue)).layout(Constraint(maxSize: CGSize(width: 390, height: 100)))
        // Swiped open, the row is as wide; its content slides 128 points left over the actions.
        #expect(closed.size.width == 390)
        #expect(open.size.width == 390)
        #expect(Fixtures.texts(in: closed).contains { $0.text == "General" })
        let openTexts = Fixtures.texts(in: open)
        #expect(openTexts.contains { $0.text == "General" })
        #expect(openTexts.allSatisfy { $0.frame.maxX <= 270 }, "\(openTexts)")
        renderHostedGolden(VStack(spacing: 0) {
            row(swiped: nil)
            Divider()
            row(swiped: Fixtures.channel.cid.rawValue)
        }, named: "guide-swipeable-channel-item", size: CGSize(width: 390, height: 150))
    }

    @Test func theLeadingSwipeAreaIsAYellowPinButton() {
        var tapped: [ChannelId] = []
        let view = LeadingSwipeGuideFactory().makeLeadingSwipeActionsView(
            channel: Fixtures.channel, offsetX: 0, buttonWidth: 60, currentChannelId: .constant(nil), buttonTapped: { tapped.append($0.cid) })
        let node = AnyComponent(view).layout(Constraint(minSize: CGSize(width: 390, height: 64), maxSize: CGSize(width: 390, height: 64)))
        #expect(node.size == CGSize(width: 390, height: 64))
        renderHostedGolden(view.frame(height: 64), named: "guide-leading-swipe-area", size: CGSize(width: 390, height: 64))
        #expect(tapped.isEmpty)
    }

    @Test func theMessageListModifierPadsVertically() {
        let modifier = MessageListModifierGuideFactory().makeMessageListModifier()
        let plain = AnyComponent(Text("Row")).layout(Constraint(maxSize: CGSize(width: 300, height: 300)))
        let padded = AnyComponent(Text("Row").modifier(modifier)).layout(Constraint(maxSize: CGSize(width: 300, height: 300)))
        #expect(padded.size.height == plain.size.height + 16)
        #expect(padded.size.width == plain.size.width)
    }

    @Test func theMessageBubbleModifierDrawsTheGuidesBubbles() {
        let factory = MessageViewModifierGuideFactory()
        let mine = Fixtures.message("m1", "Sent by me", by: Fixtures.me)
        let theirs = Fixtures.message("m2", "Sent by Ana", by: Fixtures.ana)
        renderHostedGolden(VStack(alignment: .leading, spacing: 8) {
            Text(theirs.text).modifier(factory.makeMessageViewModifier(for: MessageModifierInfo(message: theirs, isFirst: true)))
            Text(mine.text).modifier(factory.makeMessageViewModifier(for: MessageModifierInfo(message: mine, isFirst: false)))
        }.padding(16), named: "guide-message-bubble-modifier", size: CGSize(width: 390, height: 130))
        let defaultBubble = DefaultViewFactory.shared.makeMessageViewModifier(for: MessageModifierInfo(message: theirs, isFirst: true))
        let node = AnyComponent(Text("Hi").modifier(defaultBubble)).layout(Constraint(maxSize: CGSize(width: 300, height: 300)))
        let text = AnyComponent(Text("Hi")).layout(Constraint(maxSize: CGSize(width: 300, height: 300)))
        #expect(node.size == CGSize(width: text.size.width + 24, height: text.size.height + 16))
    }

    @Test func theAuthorAndDateGuidesViewIsUnderAGroupMessage() {
        let message = Fixtures.message("m1", "Hi there", by: Fixtures.ana)
        let texts = Fixtures.texts(in: Fixtures.container(AuthorAndDateGuideFactory(), message, showsAllInfo: true, isLast: false)).map(\.text)
        // Above the bubble (Parley's container) and under it, before the time (the guide's view).
        #expect(texts.filter { $0 == "Ana Lopez" }.count == 2, "\(texts)")
        #expect(texts.contains("Hi there"))
    }
}

/// The texts of a render tree, depth first, looking inside wrappers that hold their content
/// without listing it as a child (buttons, tappable rows).
@MainActor
func deepTexts(in node: any RenderNode) -> [String] {
    if let text = node as? TextRenderNode, let label = text.makeView() as? UILabel {
        text.updateView(label)
        return [label.text ?? ""]
    }
    if node.children.isEmpty {
        for child in Mirror(reflecting: node).children where child.label == "content" {
            if let content = child.value as? any RenderNode { return deepTexts(in: content) }
        }
        return []
    }
    return node.children.flatMap { deepTexts(in: $0) }
}

/// The factory's further slots have defaults that draw something real.
@MainActor
@Suite(.serialized) struct FactoryDefaultSlotsTests {
    let factory = DefaultViewFactory.shared

    func texts(_ view: some Component, width: CGFloat = 390) -> [String] {
        deepTexts(in: AnyComponent(view).layout(Constraint(maxSize: CGSize(width: width, height: 800))))
    }

    @Test func theScrollToBottomButtonShowsTheUnreadCountAndScrolls() {
        var scrolled = 0
        #expect(texts(factory.makeScrollToBottomButton(unreadCount: 3, onScrollToBottom: { scrolled += 1 })) == ["3"])
        #expect(texts(factory.makeScrollToBottomButton(unreadCount: 0, onScrollToBottom: {})).isEmpty)
        renderHostedGolden(HStack(spacing: 16) {
            factory.makeScrollToBottomButton(unreadCount: 0, onScrollToBottom: {})
            factory.makeScrollToBottomButton(unreadCount: 12, onScrollToBottom: {})
            factory.makeDateIndicatorView(dateString: "Today")
            factory.makeMessageReadIndicatorView(channel: Fixtures.channel, message: Fixtures.message("m", "x", by: Fixtures.me))
        }.padding(20), named: "factory-defaults-buttons", size: CGSize(width: 390, height: 90))
        #expect(scrolled == 0)
    }

    @Test func theTrailingSwipeActionsAreTwoButtonsOfTheGivenWidth() {
        var left: [ChannelId] = [], right: [ChannelId] = []
        // A channel the current user may delete (the delete button needs the capability).
        var channel = Fixtures.channel
        channel.ownCapabilities.insert(.deleteChannel)
        let view = factory.makeTrailingSwipeActionsView(channel: channel, offsetX: 0, buttonWidth: 70, swipedChannelId: .constant(nil),
                                                        leftButtonTapped: { left.append($0.cid) }, rightButtonTapped: { right.append($0.cid) })
        let node = AnyComponent(view.frame(width: 140, height: 60)).layout(Constraint(maxSize: CGSize(width: 140, height: 60)))
        #expect(node.size == CGSize(width: 140, height: 60))
        renderHostedGolden(view.frame(height: 60), named: "factory-defaults-trailing-swipe", size: CGSize(width: 200, height: 60))
        #expect(left.isEmpty && right.isEmpty)
    }

    @Test func theMoreChannelActionsListTheDefaultActions() throws {
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "sam"))
        let actions = ChannelAction.defaultActions(for: Fixtures.channel, chatClient: client, onDismiss: {}, onError: { _ in })
        #expect(actions.map(\.title) == ["Mark as read", "Mute channel", "Delete conversation"])
        #expect(actions.map(\.isDestructive) == [false, false, true])
        #expect(actions.last?.confirmationPopup?.buttonTitle == "Delete")
    }

    @Test func theMessageActionsOfAnotherUsersMessageAreReplyAndThreadReply() {
        var finished: [String] = []
        let message = Fixtures.message("m1", "Hi", by: Fixtures.ana)
        let actions = factory.supportedMessageActions(for: message, channel: Fixtures.channel, onFinish: { finished.append($0.identifier) },
                                                      onError: { _ in })
        #expect(actions.map(\.title) == ["Reply", "Thread Reply"])
        actions.first?.action()
        #expect(finished == ["inlineReply"])
        #expect(texts(factory.makeMessageActionsView(for: message, channel: Fixtures.channel, onFinish: { _ in }, onError: { _ in }))
            == ["Reply", "Thread Reply"])
    }

    @Test func threadRowsShowTheChannelTheRootAndTheReplyCountAndSelectTheThread() throws {
        var selected: ThreadSelectionInfo?
        let selection = Binding<ThreadSelectionInfo?>(get: { selected }, set: { selected = $0 })
        let root = Fixtures.message("root", "Who is in for the offsite?", by: Fixtures.ana)
        let thread = ChatThread(parentMessage: root, channel: Fixtures.channel, replyCount: 3,
                                latestReplies: [Fixtures.message("r1", "Me!", by: Fixtures.ben)], lastMessageAt: nil, unreadRepliesCount: 1)
        let row = factory.makeThreadListItem(thread: thread, threadDestination: factory.makeThreadDestination(), selectedThread: selection)
        #expect(texts(row) == ["General", "Ana Lopez", "Who is in for the offsite?", "3 replies"])
        renderHostedGolden(VStack(alignment: .leading, spacing: 0) {
            row
            factory.makeThreadListDividerItem()
            factory.makeThreadsListErrorBannerView(onRefreshAction: {})
        }, named: "factory-defaults-thread-row", size: CGSize(width: 390, height: 170))
        #expect(selected == nil)
    }

    @Test func theComposerBarsCloseByClearingTheirBinding() {
        var quoted: ChatMessage? = Fixtures.message("m1", "Hi", by: Fixtures.ana)
        let binding = Binding<ChatMessage?>(get: { quoted }, set: { quoted = $0 })
        #expect(texts(factory.makeQuotedMessageHeaderView(quotedMessage: binding)) == ["Reply to Message"])
        #expect(texts(factory.makeEditedMessageHeaderView(editedMessage: binding)) == ["Edit Message"])
        #expect(texts(factory.makeNewMessagesIndicatorView(newMessagesStartId: .constant(nil), count: 4)) == ["4 new messages"])
        #expect(texts(factory.makeThreadsListErrorBannerView(onRefreshAction: {})) == ["Error loading threads"])
        #expect(texts(factory.makeNoThreadsView()) == ["No threads yet"])
        #expect(texts(factory.makePollView(message: Fixtures.message("p", "", by: Fixtures.ana),
                                           poll: Poll(id: "p", name: "Lunch?", options: ["Pizza", "Sushi"]), isFirst: true))
            == ["Lunch?", "Pizza", "Sushi"])
    }
}
