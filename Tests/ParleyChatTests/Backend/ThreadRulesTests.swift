import Foundation
import Testing
@testable import ParleyChat

@Suite struct ThreadRulesTests {
    @Test func repliesCountAndOptionallyShowInTheChannel() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let root = try await client.sendMessage("thread starter", in: cid)
        let hidden = try await client.sendMessage("in thread only", in: cid, parentMessageId: root)
        let shown = try await send(client, "also in channel", in: cid, as: "bob", parent: root, showInChannel: true)
        let rootMessage = try #require(try client.message(id: root))
        #expect(rootMessage.replyCount == 2)
        #expect(rootMessage.isRootOfThread)
        #expect(try client.message(id: hidden)?.type == .reply)
        #expect(try client.message(id: shown)?.showReplyInChannel == true)
        let inChannel = try #require(try client.channel(cid)).latestMessages.map(\.id)
        #expect(inChannel.contains(shown) && inChannel.contains(root) && !inChannel.contains(hidden))
        #expect(try storeViolations(client) == [])
    }

    @Test func threadsAreOneLevelDeepAndStayInTheirChannel() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let other = try await makeChannel(client, id: "other")
        let root = try await client.sendMessage("root", in: cid)
        let reply = try await client.sendMessage("reply", in: cid, parentMessageId: root)
        await #expect(throws: ChatError.invalidThreadParent(reply)) {
            try await client.sendMessage("nested", in: cid, parentMessageId: reply)
        }
        await #expect(throws: ChatError.invalidThreadParent(root)) {
            try await client.sendMessage("elsewhere", in: other, parentMessageId: root)
        }
        try await client.deleteMessage(id: root)
        await #expect(throws: ChatError.messageDeleted(root)) {
            try await client.sendMessage("too late", in: cid, parentMessageId: root)
        }
    }

    @Test func repliesAndQuotesObeyTheConfig() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, config: ChannelConfig(repliesEnabled: false, quotesEnabled: false))
        let root = try await client.sendMessage("root", in: cid)
        await #expect(throws: ChatError.featureDisabled(.replies, cid: cid)) {
            try await client.sendMessage("reply", in: cid, parentMessageId: root)
        }
        await #expect(throws: ChatError.featureDisabled(.quotes, cid: cid)) {
            try await client.sendMessage("quote", in: cid, quotedMessageId: root)
        }
        let channel = try #require(try client.channel(cid))
        #expect(!channel.can(.sendReply) && !channel.can(.quoteMessage) && channel.can(.sendMessage))
    }

    @Test func quotesLoadTheQuotedMessageOneLevelDeep() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let other = try await makeChannel(client, id: "other")
        let first = try await send(client, "original words", in: cid, as: "bob")
        let second = try await client.sendMessage("quoting", in: cid, quotedMessageId: first)
        let third = try await client.sendMessage("quoting a quote", in: cid, quotedMessageId: second)
        let message = try #require(try client.message(id: third))
        #expect(message.quotedMessage?.id == second)
        #expect(message.quotedMessage?.quotedMessage == nil)
        #expect(try client.message(id: second)?.quotedMessage?.text == "original words")
        await #expect(throws: ChatError.invalidQuotedMessage(first)) {
            try await client.sendMessage("cross-channel", in: other, quotedMessageId: first)
        }
        await #expect(throws: ChatError.messageNotFound("nope")) {
            try await client.sendMessage("ghost", in: cid, quotedMessageId: "nope")
        }
    }
}
