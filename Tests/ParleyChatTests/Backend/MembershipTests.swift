import Foundation
import Testing
@testable import ParleyChat

@Suite struct MembershipTests {
    @Test func addingRemovingAndLeavingPostSystemMessages() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob"])
        #expect(try client.channel(cid)?.memberCount == 2)
        clock.advance(by: 1)
        try await client.addMembers(["carol", "dave"], to: cid)
        clock.advance(by: 1)
        try await client.removeMembers(["dave"], from: cid)
        clock.advance(by: 1)
        try await client.backend.removeMembers(["bob"], from: cid, by: "bob")
        let channel = try #require(try client.channel(cid))
        #expect(channel.memberCount == 2)
        #expect(channel.members.map(\.id) == ["alice", "carol"])
        #expect(channel.members.first?.role == .owner)
        let texts = channel.latestMessages.reversed().map(\.text)
        #expect(texts == ["Alice Liddell added Carol Danvers", "Alice Liddell added Dave", "Alice Liddell removed Dave", "Bob Builder left the channel"])
        #expect(channel.latestMessages.allSatisfy { $0.type == .system })
        await #expect(throws: ChatError.notAMember("bob", cid: cid)) { try await client.removeMembers(["bob"], from: cid) }
        #expect(try storeViolations(client) == [])
    }

    @Test func renamingPostsASystemMessage() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        try await client.updateChannel(cid, name: "Renamed")
        let channel = try #require(try client.channel(cid))
        #expect(channel.name == "Renamed")
        #expect(channel.previewMessage?.text == "Alice Liddell renamed the channel to Renamed")
        #expect(channel.previewMessage?.type == .system)
    }

    @Test func onlyMembersWithTheCapabilityManageMembers() async throws {
        let client = try makeClient()
        try await addCast(client)
        let live = try await makeChannel(client, id: "live", type: .livestream, members: ["bob"])
        await #expect(throws: ChatError.missingCapability(.updateChannelMembers, cid: live)) {
            try await client.backend.addMembers(["carol"], to: live, by: "bob")
        }
        // Joining a livestream oneself is allowed.
        try await client.backend.addMembers(["carol"], to: live, by: "carol")
        #expect(try client.channel(live)?.previewMessage?.text == "Carol Danvers joined the channel")
        await #expect(throws: ChatError.missingCapability(.updateChannel, cid: live)) {
            try await client.backend.updateChannel(live, name: "mine", imageURL: nil, by: "bob")
        }
        await #expect(throws: ChatError.userNotFound("zed")) { try await client.addMembers(["zed"], to: live) }
    }

    @Test func membersArePagedInJoinOrder() async throws {
        let client = try makeClient()
        try await addCast(client)
        try await client.upsertUsers((0..<40).map { ChatUser(id: "u\($0)", name: "User \($0)") })
        let cid = try await makeChannel(client, members: (0..<40).map { "u\($0)" })
        let controller = await client.channelController(for: cid)
        let first = try await controller.loadMembers(limit: 30)
        let rest = try await controller.loadMembers(limit: 30, offset: 30)
        #expect(first.count == 30 && rest.count == 11)
        #expect(Set((first + rest).map(\.id)).count == 41)
        #expect(first.first?.id == "alice")
    }
}
