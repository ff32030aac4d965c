import Foundation
import Testing
@testable import ParleyChat

/// The channel controller's window stays within `maxLoadedMessages` however far the user pages,
/// and a live change costs the messages it touches, not the messages loaded.
@MainActor
@Suite struct ChannelWindowBoundTests {
    /// A channel of bob, carol and alice with `count` generated messages (bulk path).
    func longChannel(_ count: Int) async throws -> (ChatClient, ChannelId, ManualChatClock) {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        try DemoDataGenerator(parameters: DemoDataParameters(seed: 5)).appendMessages(count, to: cid, in: client)
        // Past the generated messages, so live sends land at the end.
        clock.advance(by: Double(count) * 3)
        return (client, cid, clock)
    }

    @Test func pagingThroughAHundredThousandMessagesStaysBounded() async throws {
        let (client, cid, _) = try await longChannel(100_000)
        let controller = client.channelController(for: cid)
        controller.maxLoadedMessages = 2_500
        let checker = ChannelChangeChecker()
        controller.delegate = checker
        try controller.synchronize()
        let newest = try #require(controller.messages.last?.id)

        var pages = 0
        var largest = 0
        while !controller.hasLoadedAllPreviousMessages {
            try controller.loadPreviousMessages(limit: 1_000)
            largest = max(largest, controller.messages.count)
            pages += 1
        }
        #expect(pages >= 100)
        #expect(largest <= 2_500)
        #expect(!controller.hasLoadedAllNextMessages)
        let oldest = try client.reader { reader in
            try reader.channelRows(cid: cid, after: MessageOrderKey(createdAt: .min, sequence: .min), including: true, limit: 1)
        }
        #expect(controller.messages.first?.id == oldest.first?.id)

        while !controller.hasLoadedAllNextMessages {
            try controller.loadNextMessages(limit: 1_000)
            largest = max(largest, controller.messages.count)
        }
        #expect(largest <= 2_500)
        #expect(!controller.hasLoadedAllPreviousMessages)
        #expect(controller.messages.last?.id == newest)
        #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
    }

    @Test func droppedMessagesAreReportedAndArrivalsWaitForTheNewestPage() async throws {
        let (client, cid, clock) = try await longChannel(200)
        let controller = client.channelController(for: cid)
        controller.maxLoadedMessages = 50
        let recorder = ChannelDelegateRecorder()
        controller.delegate = recorder
        try controller.synchronize()
        let firstPage = controller.messages.map(\.id)
        try controller.loadPreviousMessages(limit: 25)
        recorder.messageChanges.removeAll()
        try controller.loadPreviousMessages(limit: 25)
        // 75 would be loaded: the 25 newest leave in the same change that brings the 25 older ones.
        #expect(controller.messages.count == 50)
        #expect(recorder.messageChanges.count == 1)
        #expect(recorder.messageChanges.first?.inserted.count == 25)
        #expect(recorder.messageChanges.first.map { Set($0.removed) } == Set(firstPage))
        #expect(!controller.hasLoadedAllNextMessages)

        // Not at the newest messages any more: an arrival is not appended…
        let before = controller.messages.map(\.id)
        let new = try await send(client, "later", in: cid, as: "carol", advance: clock)
        try await Task.sleep(for: .milliseconds(50))
        #expect(controller.messages.map(\.id) == before)
        // …until paging forward reaches it.
        while !controller.hasLoadedAllNextMessages { try controller.loadNextMessages() }
        #expect(controller.messages.last?.id == new)
        #expect(controller.messages.count <= 50)
    }

    @Test func anArrivalWithFiftyThousandLoadedIsOneInsertedId() async throws {
        let (client, cid, clock) = try await longChannel(50_000)
        // Everyone has read everything: a send then changes no one's readBy but its own message's.
        for member: UserId in ["alice", "bob", "carol"] { try await client.backend.markRead(cid, by: member) }
        let controller = client.channelController(for: cid)
        controller.maxLoadedMessages = 60_000
        try controller.synchronize()
        while !controller.hasLoadedAllPreviousMessages { try controller.loadPreviousMessages(limit: 10_000) }
        let loaded = controller.messages.count
        #expect(loaded >= 50_000)

        let recorder = ChannelDelegateRecorder()
        controller.delegate = recorder
        let target = controller.messages[loaded / 2].id
        let new = try await send(client, "fresh", in: cid, as: "carol", advance: clock)
        try await eventually("arrival") { controller.messages.last?.id == new }
        #expect(recorder.messageChanges.first == ListChange(inserted: [new]))
        #expect(controller.index(ofMessageId: new) == loaded)

        recorder.messageChanges.removeAll()
        try await client.backend.addReaction("love", score: 1, enforceUnique: false, to: target, by: "bob")
        try await eventually("reaction") { controller.messages[loaded / 2].reactionScores["love"] != nil }
        #expect(recorder.messageChanges == [ListChange(updated: [target])])
        #expect(controller.index(ofMessageId: target) == loaded / 2)
    }
}
