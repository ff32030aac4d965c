import Foundation
import Testing
@testable import ParleyChat

@Suite struct SearchTests {
    @Test func rankingPrefixesScopeAndSafety() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let other = try await makeChannel(client, id: "other")
        let secret = try await makeChannel(client, id: "secret", members: ["bob"])
        let weak = try await client.sendMessage("a long message that mentions the lighthouse once among many other words here", in: cid)
        let strong = try await client.sendMessage("lighthouse lighthouse", in: cid)
        let elsewhere = try await client.sendMessage("the lighthouse keeper", in: other)
        try await client.removeMembers(["alice"], from: secret)
        try await client.backend.sendMessage(
            OutgoingMessage(id: "hidden", cid: secret, text: "lighthouse gossip", createdAt: testEpoch), by: "bob")
        let deleted = try await client.sendMessage("lighthouse nobody should find", in: cid)
        try await client.deleteMessage(id: deleted)

        let results = try await client.searchMessages("lighthouse").map(\.id)
        #expect(results.first == strong)
        #expect(Set(results) == [weak, strong, elsewhere])  // not the deleted one, not a channel I left
        #expect(try await client.searchMessages("lighthouse", in: other).map(\.id) == [elsewhere])
        #expect(try await client.searchMessages("lightho").count == 3)  // prefix on the last word
        #expect(try await client.searchMessages("keeper lighthouse").map(\.id) == [elsewhere])  // every word
        #expect(try await client.searchMessages("LIGHTHOUSE").count == 3)
        // User input is never FTS syntax.
        for hostile in ["\"", "light*house\"", "NEAR(", "-lighthouse", "a AND OR", "'; DROP TABLE message; --", "", "  "] {
            _ = try await client.searchMessages(hostile)
        }
        #expect(try await client.searchMessages("()").isEmpty)
    }

    @Test func searchPagesWithOffset() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        for index in 0..<30 { try await client.sendMessage("kangaroo number \(index)", in: cid) }
        let first = try await client.searchMessages("kangaroo", limit: 25)
        let second = try await client.searchMessages("kangaroo", limit: 25, offset: 25)
        #expect(first.count == 25 && second.count == 5)
        #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
    }

    @Test func diacriticsAreIgnored() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await client.sendMessage("Café crème à Zürich", in: cid)
        #expect(try await client.searchMessages("cafe creme zurich").map(\.id) == [id])
    }
}
