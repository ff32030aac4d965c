import Foundation
import Testing
@testable import ParleyChat

@MainActor
@Suite struct ChatChannelControllerTests {
    /// A channel with `count` messages from bob, one second apart; returns their ids in order.
    func channelWithMessages(_ count: Int) async throws -> (ChatClient, ChannelId, [MessageId], ManualChatClock) {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        var ids: [MessageId] = []
        for index in 0..<count { ids.append(try await send(client, "message \(index)", in: cid, as: "bob", advance: clock)) }
        return (client, cid, ids, clock)
    }

    @Test func pagesOlderMessagesTwentyFiveAtATime() async throws {
        let (client, cid, ids, _) = try await channelWithMessages(60)
        let controller = client.channelController(for: cid)
        let recorder = ChannelDelegateRecorder()
        controller.delegate = recorder
        try controller.synchronize()
        #expect(controller.messages.map(\.id) == Array(ids.suffix(25)))
        #expect(!controller.hasLoadedAllPreviousMessages && controller.hasLoadedAllNextMessages)
        try controller.loadPreviousMessages()
        #expect(controller.messages.map(\.id) == Array(ids.suffix(50)))
        #expect(recorder.messageChanges.last?.inserted == Array(ids[10..<35]))
        #expect(recorder.messageChanges.last?.removed.isEmpty == true)
        try controller.loadPreviousMessages()
        #expect(controller.messages.map(\.id) == ids)
        #expect(controller.hasLoadedAllPreviousMessages)
        let changeCount = recorder.messageChanges.count
        try controller.loadPreviousMessages()  // nothing more: no change delivered
        #expect(recorder.messageChanges.count == changeCount)
    }

    @Test func pageAroundAMessageThenPageBothWays() async throws {
        let (client, cid, ids, _) = try await channelWithMessages(100)
        let controller = client.channelController(for: cid)
        try controller.loadPageAroundMessageId(ids[50])
        #expect(controller.messages.count == 25)
        #expect(controller.messages.map(\.id) == Array(ids[38..<63]))
        #expect(!controller.hasLoadedAllPreviousMessages && !controller.hasLoadedAllNextMessages)
        try controller.loadNextMessages()
        #expect(controller.messages.map(\.id) == Array(ids[38..<88]))
        try controller.loadNextMessages()
        #expect(controller.messages.map(\.id) == Array(ids[38...]))
        #expect(controller.hasLoadedAllNextMessages)
        try controller.loadPreviousMessages()
        #expect(controller.messages.first?.id == ids[13])
        // Near the ends the page is shorter and the flags say so.
        try controller.loadPageAroundMessageId(ids[2])
        #expect(controller.messages.map(\.id) == Array(ids[0..<15]))
        #expect(controller.hasLoadedAllPreviousMessages)
        #expect(throws: ChatError.messageNotFound("nope")) { try controller.loadPageAroundMessageId("nope") }
    }

    @Test func pagingIsExactWhenMessagesShareATimestamp() async throws {
        let client = try makeClient()  // the clock never moves: every message has the same date
        try await addCast(client)
        let cid = try await makeChannel(client)
        var ids: [MessageId] = []
        for index in 0..<70 { ids.append(try await send(client, "same time \(index)", in: cid, as: index % 2 == 0 ? "bob" : "carol")) }
        let controller = client.channelController(for: cid)
        try controller.synchronize()
        while !controller.hasLoadedAllPreviousMessages { try controller.loadPreviousMessages(limit: 7) }
        #expect(controller.messages.map(\.id) == ids)
        try controller.loadPageAroundMessageId(ids[35])
        #expect(controller.messages.map(\.id) == Array(ids[23..<48]))
        while !controller.hasLoadedAllNextMessages { try controller.loadNextMessages(limit: 6) }
        while !controller.hasLoadedAllPreviousMessages { try controller.loadPreviousMessages(limit: 6) }
        #expect(controller.messages.map(\.id) == ids)
    }

    @Test func aThreadOnlyReplyIsLocatedByItsRoot() async throws {
        let (client, cid, ids, _) = try await channelWithMessages(40)
        let reply = try await send(client, "deep in a thread", in: cid, as: "carol", parent: ids[10])
        let controller = client.channelController(for: cid)
        try controller.loadPageAroundMessageId(reply)
        #expect(controller.messages.contains { $0.id == ids[10] })
        #expect(!controller.messages.contains { $0.id == reply })
    }

    @Test func liveChangesArriveAsDiffs() async throws {
        let (client, cid, ids, clock) = try await channelWithMessages(30)
        let controller = client.channelController(for: cid)
        let recorder = ChannelDelegateRecorder()
        controller.delegate = recorder
        var stream = controller.changes().makeAsyncIterator()
        try controller.synchronize()
        _ = await stream.next()  // the synchronize diff
        _ = await stream.next()  // the channel
        recorder.messageChanges.removeAll()

        // A new message from someone else: one inserted id at the end.
        let new = try await send(client, "fresh", in: cid, as: "carol", advance: clock)
        try await eventually("insert") { controller.messages.last?.id == new }
        #expect(recorder.messageChanges.contains { $0.inserted == [new] && $0.removed.isEmpty })

        // A reaction: exactly that id updated, nothing else.
        recorder.messageChanges.removeAll()
        try await controller.addReaction(.love, to: ids[29])
        try await eventually("reaction") { controller.messages.first { $0.id == ids[29] }?.reactionScores == [.love: 1] }
        #expect(recorder.messageChanges == [ListChange(updated: [ids[29]])])

        // An edit and a delete: updates in place.
        recorder.messageChanges.removeAll()
        try await client.backend.editMessage(ids[28], text: "edited", by: "bob")
        try await client.backend.deleteMessage(ids[27], by: "bob")
        try await eventually("edit and delete") {
            controller.messages.first { $0.id == ids[27] }?.isDeleted == true
                && controller.messages.first { $0.id == ids[28] }?.text == "edited"
        }
        #expect(recorder.messageChanges.allSatisfy { $0.inserted.isEmpty && $0.removed.isEmpty })

        // The async sequence saw the same message changes, in order.
        var streamed: [ListChange<MessageId>] = []
        while streamed.count < 4, let change = await stream.next() {
            if case .messages(let diff, _) = change { streamed.append(diff) }
        }
        #expect(streamed.first?.inserted == [new])
        #expect(streamed.dropFirst().first == ListChange(updated: [ids[29]]))
    }

    @Test func messagesBeyondTheWindowAreNotAppended() async throws {
        let (client, cid, ids, clock) = try await channelWithMessages(80)
        let controller = client.channelController(for: cid)
        try controller.loadPageAroundMessageId(ids[10])
        let before = controller.messages.map(\.id)
        let new = try await send(client, "far away", in: cid, as: "carol", advance: clock)
        try await send(client, "still far", in: cid, as: "carol", advance: clock)
        try await Task.sleep(for: .milliseconds(50))
        #expect(controller.messages.map(\.id) == before)
        // Sending jumps to the newest messages so the sent message is visible.
        let mine = try await controller.createNewMessage(text: "back to the present")
        try await eventually("jumped") { controller.messages.last?.id == mine }
        #expect(controller.messages.contains { $0.id == new })
        #expect(controller.hasLoadedAllNextMessages)
    }

    @Test func channelUpdatesReachTheDelegate() async throws {
        let (client, cid, _, clock) = try await channelWithMessages(3)
        let controller = client.channelController(for: cid)
        let recorder = ChannelDelegateRecorder()
        controller.delegate = recorder
        try controller.synchronize()
        #expect(controller.channel?.unreadCount.messages == 3)
        clock.advance(by: 1)
        try await controller.markRead()
        try await eventually("read") { controller.channel?.unreadCount == .noUnread }
        try await controller.updateChannel(name: "New name")
        try await eventually("renamed") { controller.channel?.name == "New name" }
        #expect(recorder.channelUpdates.last?.name == "New name")
    }

    @Test func profileChangesReachMessagesAndChannels() async throws {
        let (client, cid, ids, _) = try await channelWithMessages(3)
        let controller = client.channelController(for: cid)
        try controller.synchronize()
        let list = client.channelListController()
        try list.synchronize()
        try await client.upsertUsers([ChatUser(id: "bob", name: "Robert", isOnline: true)])
        try await eventually("renamed author") { controller.messages.allSatisfy { $0.author.name == "Robert" && $0.author.isOnline } }
        try await eventually("renamed member") { list.channels.first?.members.contains { $0.name == "Robert" } == true }
        #expect(controller.messages.map(\.id) == ids)
    }

    @Test func releasingTheControllerEndsItsSubscription() async throws {
        let (client, cid, _, _) = try await channelWithMessages(1)
        let before = client.store.observers.subscriberCount
        var controller: ChatChannelController? = client.channelController(for: cid)
        try controller?.synchronize()
        #expect(client.store.observers.subscriberCount == before + 1)
        weak let weakController = controller
        controller = nil
        #expect(weakController == nil)
        #expect(client.store.observers.subscriberCount == before)
    }
}
