import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// A factory overriding the late-v4 slots added for the message list, the channel list and the
/// composer (Stream's signatures).
final class LateSlotsFactory: ViewFactory {
    static let shared = LateSlotsFactory()

    func makeDeletedMessageView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat) -> some View {
        Text("gone: \(message.id)")
    }

    func makeLastInGroupHeaderView(for message: ChatMessage) -> some View {
        Text("header \(message.id)")
    }

    func makeMessageAuthorAndDateView(for message: ChatMessage) -> some View {
        Text("\(message.author.name) · later")
    }

    func makeMessageListDateIndicator(date: Date) -> some View {
        Text("DAY").id("custom-day")
    }

    func makeChannelListTopView(searchText: Binding<String>) -> some View {
        TextField("Search", text: searchText).id("search")
    }

    func makeChannelListFooterView() -> some View {
        Text("That's all").id("footer")
    }

    func makeChannelListItemBackground(channel: ChatChannel, isSelected: Bool) -> some View {
        Color.yellow
    }
}

@MainActor
@Suite(.serialized) struct FactorySlotsTests {
    @Test func theDefaultContainerAsksTheFactoryForDeletedHeaderAndAuthorViews() {
        var deleted = Fixtures.message("m1", "secret", by: Fixtures.ana)
        deleted.deletedAt = Fixtures.start
        let node = Fixtures.container(LateSlotsFactory.shared, deleted, showsAllInfo: true, isLast: true)
        let texts = Fixtures.texts(in: node).map(\.text)
        #expect(texts.contains("gone: m1"))
        #expect(!texts.contains("secret"))
        #expect(texts.contains("header m1"))
        // A group channel's message from another member: author and date from the factory.
        #expect(texts.contains("Ana Lopez · later"))

        // The defaults: the localised placeholder, no header, the date view.
        let plain = Fixtures.texts(in: Fixtures.container(DefaultViewFactory.shared, deleted, showsAllInfo: true, isLast: true)).map(\.text)
        #expect(plain.contains(Appearance.default.l10n.tr("message.deleted")))
        #expect(!plain.contains { $0.hasPrefix("header") })
    }

    @Test func theComposerTextInputIsAFieldBoundToTheText() throws {
        var text = "hello world"
        let binding = Binding<String>(get: { text }, set: { text = $0 })
        let input = DefaultViewFactory.shared.makeComposerTextInputView(
            text: binding, height: .constant(40), selectedRangeLocation: .constant(0), placeholder: "Send a message",
            editable: true, maxMessageLength: 5, currentHeight: 40)
        let backend = HeadlessBackend.install()
        let controller = UIHostingController(rootView: input)
        _ = backend.openWindow(size: CGSize(width: 390, height: 100), rootViewController: controller)
        backend.advance(by: 0.05)
        func fields(in view: UIView) -> [UITextField] {
            view.subviews.flatMap { ($0 as? UITextField).map { [$0] } ?? fields(in: $0) }
        }
        let field = try #require(fields(in: controller.view).first)
        #expect(field.placeholder == "Send a message")
        #expect(field.text == "hello world")
        field.insertText("!")
        backend.advance(by: 0.05)
        // Cut to the longest message.
        #expect(text == "hello")
    }

    @Test func theChannelListShowsTheTopViewFooterAndBackgroundsAndSearchFilters() throws {
        let backend = HeadlessBackend.install()
        let data = try ChannelListSceneData.make()
        let list = ChatChannelListView(viewFactory: LateSlotsFactory.shared, controller: data.client.channelListController())
        _ = backend.openWindow(size: CGSize(width: 390, height: 2000), rootViewController: list)
        backend.advance(by: 0.1)
        #expect(list.listView.visibleView(id: "search") is UITextField)
        #expect(list.listView.visibleView(id: "footer") != nil)
        let rowFrame = try #require(list.listView.frame(id: "messaging:design"))
        // Each row is drawn over the factory's background.
        let yellow = list.listView.subviews.filter { $0.backgroundColor == UIColor.systemYellow && $0.frame == rowFrame }
        #expect(yellow.count == 1)

        let field = try #require(list.listView.visibleView(id: "search") as? UITextField)
        field.insertText("design")
        backend.advance(by: 0.1)
        #expect(list.searchText == "design")
        #expect(list.listView.frame(id: "messaging:design") != nil)
        #expect(list.listView.frame(id: "messaging:general") == nil)
    }
}
