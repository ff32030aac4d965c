import Foundation
import Testing
@testable import ParleyChat

@MainActor
final class ListRecorder: ChatChannelListControllerDelegate {
    var changes: [ListChange<ChannelId>] = []
    func channelListController(_ controller: ChatChannelListController, didChangeChannels changes: ListChange<ChannelId>) {
        self.changes.append(changes)
    }
}

@MainActor
@Suite struct ChatChannelListControllerTests {
    /// 45 channels; channel i got its last message at epoch + i seconds.
    func manyChannels() async throws -> (ChatClient, [ChannelId], ManualChatClock) {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        var cids: [ChannelId] = []
        for index in 0..<45 {
            let cid = try await makeChannel(client, id: "c\(index)", name: "Channel \(index)", members: ["bob"])
            try await send(client, "hello \(index)", in: cid, as: "bob", advance: clock)
            cids.append(cid)
        }
        return (client, cids, clock)
    }

    @Test func sortedByLastMessagePagedByTwenty() async throws {
        let (client, cids, _) = try await manyChannels()
        let controller = client.channelListController()
        try controller.synchronize()
        #expect(controller.channels.map(\.cid) == Array(cids.reversed().prefix(20)))
        #expect(controller.channels.first?.previewMessage?.text == "hello 44")
        #expect(controller.channels.first?.unreadCount.messages == 1)
        try controller.loadNextChannels()
        try controller.loadNextChannels()
        #expect(controller.channels.count == 45)
        #expect(controller.hasLoadedAllChannels)
        #expect(controller.channels.map(\.cid) == cids.reversed())
    }

    @Test func newMessagesMoveChannelsAndUpdateCountsInPlace() async throws {
        let (client, cids, clock) = try await manyChannels()
        let controller = client.channelListController()
        let recorder = ListRecorder()
        controller.delegate = recorder
        try controller.synchronize()
        recorder.changes.removeAll()

        try await send(client, "bump", in: cids[40], as: "bob", advance: clock)
        try await eventually("moved to top") { controller.channels.first?.cid == cids[40] }
        let move = try #require(recorder.changes.last)
        #expect(move.moved == [cids[40]])
        #expect(move.updated == [cids[40]])
        #expect(move.inserted.isEmpty && move.removed.isEmpty)
        #expect(controller.channels.first?.unreadCount.messages == 2)

        recorder.changes.removeAll()
        try await client.markRead(cids[40])
        try await eventually("read") { controller.channels.first?.unreadCount == .noUnread }
        #expect(recorder.changes.last == ListChange(updated: [cids[40]]))

        // A channel from beyond the first page enters at the top; the window keeps its size.
        recorder.changes.removeAll()
        try await send(client, "wake up", in: cids[2], as: "bob", advance: clock)
        try await eventually("entered") { controller.channels.first?.cid == cids[2] }
        #expect(controller.channels.count == 20)
        #expect(recorder.changes.last?.inserted == [cids[2]])
        #expect(recorder.changes.last?.removed.count == 1)
    }

    @Test func joiningAndLeavingChannels() async throws {
        let (client, cids, clock) = try await manyChannels()
        let controller = client.channelListController()
        try controller.synchronize()
        clock.advance(by: 1)
        try await client.backend.createChannel(
            ChannelCreationRequest(cid: ChannelId(type: .messaging, id: "invite"), name: "Invite", memberIds: ["alice"]), by: "bob")
        try await eventually("invited") { controller.channels.first?.cid.id == "invite" }
        try await client.removeMembers(["alice"], from: cids[44])
        try await eventually("left") { !controller.channels.contains { $0.cid == cids[44] } }
        var stream = controller.changes().makeAsyncIterator()
        try await client.updateChannel(cids[43], name: "Renamed")
        let change = await stream.next()
        #expect(change?.changes.updated.contains(cids[43]) == true || change?.changes.moved.contains(cids[43]) == true)
        #expect(change?.snapshot.first { $0.cid == cids[43] }?.name == "Renamed")
    }
}
