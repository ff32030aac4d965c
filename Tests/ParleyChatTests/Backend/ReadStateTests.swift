import Foundation
import Testing
@testable import ParleyChat

@Suite struct ReadStateTests {
    @Test func unreadCountsFollowReadStates() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        try await send(client, "one", in: cid, as: "bob", advance: clock)
        try await send(client, "two @Alice", in: cid, as: "carol", mentions: ["alice"], advance: clock)
        try await send(client, "thread only", in: cid, as: "bob",
                       parent: try client.channel(cid)?.previewMessage?.id, advance: clock)
        #expect(try client.channel(cid)?.unreadCount == ChannelUnreadCount(messages: 2, mentions: 1))
        // My own messages never count, and sending marks the channel read for me.
        clock.advance(by: 1)
        try await client.sendMessage("catching up", in: cid)
        #expect(try client.channel(cid)?.unreadCount == .noUnread)
        try await send(client, "three", in: cid, as: "bob", advance: clock)
        #expect(try client.channel(cid)?.unreadCount.messages == 1)
        clock.advance(by: 1)
        try await client.markRead(cid)
        #expect(try client.channel(cid)?.unreadCount == .noUnread)
        #expect(try storeViolations(client) == [])
    }

    @Test func deletingAnUnreadMessageUncountsIt() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await send(client, "oops @Alice", in: cid, as: "bob", mentions: ["alice"], advance: clock)
        try await send(client, "fine", in: cid, as: "bob", advance: clock)
        #expect(try client.channel(cid)?.unreadCount == ChannelUnreadCount(messages: 2, mentions: 1))
        try await client.backend.deleteMessage(id, by: "bob")
        #expect(try client.channel(cid)?.unreadCount == ChannelUnreadCount(messages: 1, mentions: 0))
        #expect(try storeViolations(client) == [])
    }

    @Test func systemMessagesDoNotCount() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        clock.advance(by: 1)
        try await client.backend.addMembers(["dave"], to: cid, by: "bob")
        #expect(try client.channel(cid)?.unreadCount == .noUnread)
    }

    @Test func readByListsMembersWhoReadUpToTheMessage() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        clock.advance(by: 1)
        let id = try await client.sendMessage("did you see this?", in: cid)
        #expect(try client.message(id: id)?.readBy.isEmpty == true)
        clock.advance(by: 1)
        try await client.backend.markRead(cid, by: "bob")
        let readers = try #require(try client.message(id: id)).readBy.map(\.id)
        #expect(readers == ["bob"])
    }

    @Test func readEventsDisabledMeansNoUnreadAndNoMarkRead() async throws {
        let client = try makeClient()
        try await addCast(client)
        let live = try await makeChannel(client, id: "live", type: .livestream)
        try await send(client, "stream chat", in: live, as: "bob")
        #expect(try client.channel(live)?.unreadCount == .noUnread)
        await #expect(throws: ChatError.featureDisabled(.readEvents, cid: live)) { try await client.markRead(live) }
        // The controller checks the config first and does nothing.
        let controller = await client.channelController(for: live)
        try await controller.synchronize()
        try await controller.markRead()
        #expect(try client.message(id: try #require(try client.channel(live)?.previewMessage?.id))?.readBy.isEmpty == true)
    }

    @Test func markingReadRequiresMembership() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob"])
        await #expect(throws: ChatError.notAMember("dave", cid: cid)) { try await client.backend.markRead(cid, by: "dave") }
    }
}
