import Foundation
import Testing
@testable import ParleyChat

/// Muting (per member) and deleting channels: the store, the rules and the live channel list.
@MainActor
@Suite struct ChannelMuteDeleteTests {
    @Test func mutingIsTheViewersAndReachesTheChannelList() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let client = try makeClient(url: url)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let list = client.channelListController()
        let recorder = ListRecorder()
        list.delegate = recorder
        try list.synchronize()
        #expect(list.channels.first?.isMuted == false)

        try await client.channelController(for: cid).muteChannel()
        #expect(try client.channel(cid)?.isMuted == true)
        try await eventually("muted in the list") { list.channels.first?.isMuted == true }
        #expect(recorder.changes.last == ListChange(updated: [cid]))
        // Bob's view of the same store: not muted.
        let bob = try makeClient("bob", url: url)
        #expect(try bob.channel(cid)?.isMuted == false)

        try await client.channelController(for: cid).unmuteChannel()
        try await eventually("unmuted in the list") { list.channels.first?.isMuted == false }
    }

    @Test func mutingNeedsTheMuteCapability() async throws {
        let client = try makeClient()
        try await addCast(client)
        var config = ChannelConfig()
        config.mutesEnabled = false
        let cid = try await makeChannel(client, config: config)
        await #expect(throws: ChatError.featureDisabled(.mutes, cid: cid)) { try await client.muteChannel(cid) }
        let open = try await makeChannel(client, id: "open")
        await #expect(throws: ChatError.missingCapability(.muteChannel, cid: open)) {
            try await client.backend.setMuted(true, cid: open, by: "dave")
        }
    }

    @Test func deletingRemovesTheChannelWithItsMessages() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let other = try await makeChannel(client, id: "other")
        let id = try await send(client, "soon gone", in: cid, as: "bob")
        let list = client.channelListController()
        try list.synchronize()
        #expect(Set(list.channels.map(\.cid)) == [cid, other])
        #expect(try client.channel(cid)?.can(.deleteChannel) == true, "alice owns it")

        await #expect(throws: ChatError.missingCapability(.deleteChannel, cid: cid)) {
            try await client.backend.deleteChannel(cid, by: "bob")
        }
        try await client.channelController(for: cid).deleteChannel()
        #expect(try client.channel(cid) == nil)
        #expect(try client.message(id: id) == nil)
        try await eventually("gone from the list") { list.channels.map(\.cid) == [other] }
        await #expect(throws: ChatError.channelNotFound(cid)) { try await client.deleteChannel(cid) }
    }
}
