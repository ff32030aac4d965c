import Foundation
import ParleyChat
@testable import ParleyChatViews
import Testing

@Suite struct RowRevisionsTests {
    struct Row: Equatable {
        var id: String
        var text: String
    }

    @Test func aChangedRowGetsARevisionNoRowHadBeforeAndAnUnchangedOneKeepsIts() {
        var revisions = RowRevisions<String, Row>()
        let first = revisions.revisions(of: [Row(id: "a", text: "1"), Row(id: "b", text: "1")], id: \.id)
        #expect(Set(first).count == 2)
        // Moving rows keeps their revisions.
        #expect(revisions.revisions(of: [Row(id: "b", text: "1"), Row(id: "a", text: "1")], id: \.id) == [first[1], first[0]])
        let changed = revisions.revisions(of: [Row(id: "a", text: "2"), Row(id: "b", text: "1")], id: \.id)
        #expect(!first.contains(changed[0]))
        #expect(changed[1] == first[1])
        // A row that leaves and comes back never meets a revision it had (its cached size may be stale).
        _ = revisions.revisions(of: [Row(id: "b", text: "1")], id: \.id)
        let back = revisions.revisions(of: [Row(id: "a", text: "1"), Row(id: "b", text: "1")], id: \.id)
        #expect(![first[0], changed[0]].contains(back[0]))
    }

    @Test func everyFieldOfAChannelCountsNotJustItsHash() {
        var channel = ChatChannel(cid: ChannelId(type: .messaging, id: "x"))
        var revisions = RowRevisions<ChannelId, ChatChannel>()
        let before = revisions.revisions(of: [channel], id: \.cid)
        channel.currentlyTypingUsers = [ChatUser(id: "ana", name: "Ana")]
        // The hash is the cid's, so a hash-based revision would not have moved.
        #expect(channel.hashValue == ChatChannel(cid: channel.cid).hashValue)
        #expect(revisions.revisions(of: [channel], id: \.cid) != before)
        channel.name = "Renamed"
        let renamed = revisions.revisions(of: [channel], id: \.cid)
        #expect(revisions.revisions(of: [channel], id: \.cid) == renamed)
    }
}
