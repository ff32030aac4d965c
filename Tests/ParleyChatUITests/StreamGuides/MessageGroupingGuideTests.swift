import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message Layout Options": grouping. The default resolver takes
// `maxTimeIntervalBetweenMessagesInGroup`; a subclass overriding `isMessageLastInSequence`
// decides alone where groups end (here: never group, every message shows its time).

final class UngroupedMessageLayoutOptionsResolver: ChatMessageLayoutOptionsResolver {
    override func isMessageLastInSequence(messageIndexPath: IndexPath, messages: AnyRandomAccessCollection<ChatMessage>) -> Bool {
        true
    }
}

@MainActor
@Suite struct MessageGroupingGuideTests {
    typealias H = StreamGuideHarness

    @Test func aShorterIntervalSplitsGroups() throws {
        // The conversation's messages are 20 s apart: grouped by default, apart with 10 s.
        let (grouped, _, _) = H.list(H.conversation)
        let (split, _, _) = H.list(H.conversation) { components in
            components.messageLayoutOptionsResolver = ChatMessageLayoutOptionsResolver(maxTimeIntervalBetweenMessagesInGroup: 10)
        }
        #expect(grouped.layoutOptions(forMessageId: "g0")?.contains(.continuousBubble) == true)
        #expect(split.layoutOptions(forMessageId: "g0")?.contains(.continuousBubble) == false)
        #expect(try #require(split.contentView(forMessageId: "g0")).timestampLabel != nil)
    }

    @Test func isMessageLastInSequenceDecidesWhereGroupsEnd() throws {
        let (vc, _, _) = H.list(H.conversation) { components in
            components.messageLayoutOptionsResolver = UngroupedMessageLayoutOptionsResolver()
        }
        for id in ["g0", "g1", "g2", "g3"] {
            let row = try #require(vc.contentView(forMessageId: id))
            #expect(row.layoutOptions?.contains(.timestamp) == true, "\(id)")
            #expect(row.layoutOptions?.contains(.continuousBubble) == false, "\(id)")
        }
        #expect(try #require(vc.contentView(forMessageId: "g0")).authorAvatarView?.content?.id == "alice")
    }

    @Test func theDefaultAsksWhetherTheNewerNeighbourContinuesTheGroup() {
        let resolver = ChatMessageLayoutOptionsResolver()
        let newestFirst = AnyRandomAccessCollection(H.conversation.reversed())
        // Newest first: item 0 is "What's up?", item 1 "Yes" (continued by item 0), item 2 alice's last.
        #expect(resolver.isMessageLastInSequence(messageIndexPath: IndexPath(item: 0, section: 0), messages: newestFirst))
        #expect(!resolver.isMessageLastInSequence(messageIndexPath: IndexPath(item: 1, section: 0), messages: newestFirst))
        #expect(resolver.isMessageLastInSequence(messageIndexPath: IndexPath(item: 2, section: 0), messages: newestFirst))
        #expect(!resolver.isMessageLastInSequence(messageIndexPath: IndexPath(item: 3, section: 0), messages: newestFirst))
    }
}
