import Foundation
import Testing
@testable import ParleyChat

@Suite struct ReactionRulesTests {
    @Test func reactionsAggregateScoresCountsLatestAndOwn() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await send(client, "vote here", in: cid, as: "bob")
        clock.advance(by: 1)
        try await client.addReaction(.love, to: id)
        clock.advance(by: 1)
        try await client.backend.addReaction(.love, score: 1, enforceUnique: false, to: id, by: "bob")
        clock.advance(by: 1)
        try await client.backend.addReaction(.wow, score: 1, enforceUnique: false, to: id, by: "carol")
        let message = try #require(try client.message(id: id))
        #expect(message.reactionScores == [.love: 2, .wow: 1])
        #expect(message.reactionCounts == [.love: 2, .wow: 1])
        #expect(message.currentUserReactions.map(\.type) == [.love])
        #expect(message.latestReactions.map(\.author.id) == ["carol", "bob", "alice"])
        let love = try #require(message.reactionGroups[.love])
        #expect(love.isChosenByCurrentUser)
        #expect(love.firstReactionAt == testEpoch.addingTimeInterval(1))
        #expect(love.lastReactionAt == testEpoch.addingTimeInterval(2))
        #expect(message.reactionGroups[.wow]?.isChosenByCurrentUser == false)
    }

    @Test func repeatingAReactionAccumulatesItsScore() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await send(client, "clap for this", in: cid, as: "bob")
        try await client.addReaction("clap", to: id)
        try await client.addReaction("clap", to: id, score: 3)
        let message = try #require(try client.message(id: id))
        #expect(message.reactionScores == ["clap": 4])
        #expect(message.reactionCounts == ["clap": 1])
        #expect(message.currentUserReactions.first?.score == 4)
    }

    @Test func enforceUniqueReplacesTheUsersOtherReactions() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await send(client, "pick one", in: cid, as: "bob")
        try await client.addReaction(.love, to: id)
        try await client.addReaction(.haha, to: id)
        try await client.backend.addReaction(.haha, score: 1, enforceUnique: false, to: id, by: "bob")
        try await client.addReaction(.wow, to: id, enforceUnique: true)
        let message = try #require(try client.message(id: id))
        #expect(Set(message.currentUserReactions.map(\.type)) == [.wow])
        #expect(message.reactionCounts == [.haha: 1, .wow: 1])  // bob's haha stays
        #expect(try storeViolations(client) == [])
    }

    @Test func removingAReactionUpdatesTheAggregates() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await send(client, "hmm", in: cid, as: "bob")
        clock.advance(by: 1)
        try await client.backend.addReaction(.like, score: 2, enforceUnique: false, to: id, by: "carol")
        clock.advance(by: 1)
        try await client.addReaction(.like, to: id)
        try await client.removeReaction(.like, from: id)
        var message = try #require(try client.message(id: id))
        #expect(message.reactionScores == [.like: 2])
        #expect(message.reactionGroups[.like]?.lastReactionAt == testEpoch.addingTimeInterval(1))
        #expect(message.currentUserReactions.isEmpty)
        try await client.removeReaction(.like, from: id)  // nothing to remove: no error, no change
        try await client.backend.removeReaction(.like, from: id, by: "carol")
        message = try #require(try client.message(id: id))
        #expect(message.reactionGroups.isEmpty)
        #expect(message.latestReactions.isEmpty)
    }

    @Test func reactionOnADeletedMessageIsRefused() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await client.sendMessage("soon gone", in: cid)
        try await client.deleteMessage(id: id)
        await #expect(throws: ChatError.messageDeleted(id)) { try await client.addReaction(.sad, to: id) }
    }

    @Test func reactionInAChannelWithoutReactionsIsRefused() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, config: ChannelConfig(reactionsEnabled: false))
        let id = try await client.sendMessage("no emoji please", in: cid)
        await #expect(throws: ChatError.featureDisabled(.reactions, cid: cid)) { try await client.addReaction(.love, to: id) }
        #expect(try client.channel(cid)?.can(.sendReaction) == false)
        #expect(try client.channel(cid)?.config.reactionsEnabled == false)
    }

    @Test func reactionsInFrozenChannelsAndInvalidInput() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob"])
        let id = try await client.sendMessage("react", in: cid)
        await #expect(throws: ChatError.invalidReactionType("two words")) { try await client.addReaction("two words", to: id) }
        await #expect(throws: ChatError.invalidReactionScore(0)) { try await client.addReaction(.love, to: id, score: 0) }
        try await client.setFrozen(true, cid: cid)
        await #expect(throws: ChatError.channelFrozen(cid)) {
            try await client.backend.addReaction(.love, score: 1, enforceUnique: false, to: id, by: "bob")
        }
        await #expect(throws: ChatError.missingCapability(.sendReaction, cid: cid)) {
            try await client.backend.addReaction(.love, score: 1, enforceUnique: false, to: id, by: "dave")
        }
    }

    @Test func manyConcurrentReactionsStayConsistent() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob", "carol", "dave"])
        let id = try await client.sendMessage("pile on", in: cid)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for user in ["alice", "bob", "carol", "dave"] {
                for round in 0..<10 {
                    group.addTask {
                        let type = MessageReactionType.defaultSet[round % 5]
                        try await client.backend.addReaction(type, score: 1, enforceUnique: round % 3 == 0, to: id, by: user)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try storeViolations(client) == [])
    }
}
