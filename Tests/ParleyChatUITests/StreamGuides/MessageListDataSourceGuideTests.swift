import Foundation
import Parley
import Testing

// Stream v4 UIKit `ChatMessageListVCDataSource`: the list asks its data source for the number of
// messages, each message and each message's layout options, newest first. A data source that
// answers `chatMessageListVC(_:messageLayoutOptionsAt:)` itself decides the rows.

@MainActor
final class NoTimestampsDataSource: ChatMessageListVCDataSource {
    let channel: ChatChannel
    let messages: [ChatMessage]

    init(channel: ChatChannel, messages: [ChatMessage]) {
        self.channel = channel
        self.messages = messages
    }

    func channel(for vc: ChatMessageListVC) -> ChatChannel? { channel }
    func messages(for vc: ChatMessageListVC) -> [ChatMessage] { messages }

    func chatMessageListVC(_ vc: ChatMessageListVC, messageLayoutOptionsAt indexPath: IndexPath) -> ChatMessageLayoutOptions {
        guard let channel = channel(for: vc) else { return [] }
        let messages = AnyRandomAccessCollection(messages(for: vc).reversed())
        var options = vc.components.messageLayoutOptionsResolver.optionsForMessage(
            at: indexPath, in: channel, with: messages, appearance: vc.appearance)
        options.remove(.timestamp)
        return options
    }
}

@MainActor
@Suite struct MessageListDataSourceGuideTests {
    typealias H = StreamGuideHarness
    typealias L = MessageListFixtures

    @Test func theDataSourceAnswersNewestFirst() throws {
        let (vc, source, _) = H.list(H.conversation)
        #expect(source.numberOfMessages(in: vc) == 4)
        #expect(source.chatMessageListVC(vc, messageAt: IndexPath(item: 0, section: 0))?.id == "g3", "item 0 is the newest")
        #expect(source.chatMessageListVC(vc, messageAt: IndexPath(item: 3, section: 0))?.id == "g0")
        #expect(source.chatMessageListVC(vc, messageAt: IndexPath(item: 4, section: 0)) == nil)
        let options = source.chatMessageListVC(vc, messageLayoutOptionsAt: IndexPath(item: 0, section: 0))
        #expect(options == vc.layoutOptions(forMessageId: "g3"))
        #expect(options.isSuperset(of: [.flipped, .timestamp, .deliveryStatusIndicator]))
    }

    @Test func aDataSourcesOwnOptionsDecideTheRows() throws {
        let source = NoTimestampsDataSource(channel: L.channel(), messages: H.conversation)
        let (vc, _, _) = H.list(H.conversation, dataSource: source)
        for id in ["g0", "g1", "g2", "g3"] {
            let row = try #require(vc.contentView(forMessageId: id))
            #expect(row.layoutOptions?.contains(.timestamp) == false)
            #expect(row.timestampLabel == nil, "no timestamp label is made")
        }
        #expect(vc.layoutOptions(forMessageId: "g1")?.contains(.avatar) == true, "the rest comes from the resolver")
    }
}
