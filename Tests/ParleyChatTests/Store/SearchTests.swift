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
        #expect(try await client.searchMessages("lightho").count == 3)  // prefix on the word being typed
        #expect(try await client.searchMessages("ligh").count == 3)     // from four characters
        #expect(try await client.searchMessages("lig").isEmpty)         // shorter words match exactly
        #expect(try await client.searchMessages("lightho ").isEmpty)    // a finished word is exact
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

    @Test func rankingCoversTheMostRecentMatches() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let old = try await client.sendMessage("zebra zebra zebra", in: cid)  // the best match, but old
        for index in 0..<(StoreReader.searchRankingWindow + 10) {
            clock.advance(by: 1)
            try await client.sendMessage("a zebra among many words number \(index)", in: cid)
        }
        let results = try await client.searchMessages("zebra", limit: 5)
        #expect(results.count == 5)
        #expect(!results.contains { $0.id == old })
        let narrow = try await client.searchMessages("zebra number 7 ", limit: 50)
        #expect(narrow.map(\.text) == ["a zebra among many words number 7"])
    }

    @Test func diacriticsAreIgnored() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await client.sendMessage("Café crème à Zürich", in: cid)
        #expect(try await client.searchMessages("cafe creme zurich").map(\.id) == [id])
    }
}

@Suite struct SearchParsingTests {
    @Test func queriesBecomeSafeFTSQueries() throws {
        #expect(StoreReader.parseSearch("Hello, World")?.match == "\"hello\" \"world\"*")
        #expect(StoreReader.parseSearch("hello wor")?.match == "\"hello\" \"wor\"")
        #expect(StoreReader.parseSearch("hello world!")?.match == "\"hello\" \"world\"")
        #expect(StoreReader.parseSearch("\"NEAR(a b)\" OR -c*")?.match == "\"near\" \"a\" \"b\" \"or\" \"c\"")
        #expect(StoreReader.parseSearch("Crème Brûlée")?.terms == ["creme", "brulee"])
        #expect(StoreReader.parseSearch("?!") == nil)
    }
}

@Suite struct SearchScorerTests {
    @Test func asciiAndUnicodePathsAgree() {
        let scorer = SearchScorer(terms: ["cafe", "light"], lastIsPrefix: true)
        let ascii = scorer.count(in: "Cafe LIGHT lighthouse, cafe-cafe! spotlight")
        #expect(ascii.length == 6)
        #expect(ascii.frequencies == [3, 2])
        let unicode = scorer.count(in: "Café LIGHT lighthouse, café-cafe! spotlight ✨")
        #expect(unicode.length == 6)
        #expect(unicode.frequencies == [3, 2])
        let exact = SearchScorer(terms: ["light"], lastIsPrefix: false).count(in: "light lighthouse")
        #expect(exact.frequencies == [1])
    }
}
