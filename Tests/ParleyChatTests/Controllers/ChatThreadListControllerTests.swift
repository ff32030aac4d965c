import Foundation
import Testing
@testable import ParleyChat

@MainActor
final class ThreadListRecorder: ChatThreadListControllerDelegate {
    var lists: [[ChatThread]] = []
    func controller(_ controller: ChatThreadListController, didChangeThreads threads: [ChatThread]) {
        lists.append(threads)
    }
}

@MainActor
@Suite struct ChatThreadListControllerTests {
    /// Alice's channels `general` (with bob, carol) and `random` (with bob), a channel `secret`
    /// of bob and carol without alice, and threads in each.
    func world() async throws -> (ChatClient, ManualChatClock, [String: MessageId]) {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let general = try await makeChannel(client)
        let random = try await makeChannel(client, id: "random", name: "Random", members: ["bob"])
        let secret = ChannelId(type: .messaging, id: "secret")
        try await client.embeddedBackend!.createChannel(
            ChannelCreationRequest(cid: secret, name: "Secret", memberIds: ["bob", "carol"]), by: "bob")
        var ids: [String: MessageId] = [:]
        // Alice's own root, answered by bob.
        ids["lunch"] = try await send(client, "Lunch?", in: general, as: "alice", advance: clock)
        try await send(client, "Yes", in: general, as: "bob", parent: ids["lunch"], advance: clock)
        // Bob's root that alice replied to, then carol.
        ids["release"] = try await send(client, "Release on Friday", in: random, as: "bob", advance: clock)
        try await send(client, "Ship it", in: random, as: "alice", parent: ids["release"], advance: clock)
        // A thread alice takes no part in, and one in a channel she is not in.
        ids["carols"] = try await send(client, "Carol's root", in: general, as: "carol", advance: clock)
        try await send(client, "Bob answers", in: general, as: "bob", parent: ids["carols"], advance: clock)
        ids["secret"] = try await send(client, "Secret root", in: secret, as: "bob", advance: clock)
        try await send(client, "Secret reply", in: secret, as: "carol", parent: ids["secret"], advance: clock)
        // A root of alice without replies.
        try await send(client, "Anyone?", in: general, as: "alice", advance: clock)
        return (client, clock, ids)
    }

    @Test func listsTheThreadsTheUserTakesPartInNewestReplyFirst() async throws {
        let (client, _, ids) = try await world()
        let controller = client.threadListController()
        try controller.synchronize()
        #expect(controller.threads.map(\.parentMessageId) == [ids["release"]!, ids["lunch"]!])
        let release = try #require(controller.threads.first)
        #expect(release.channel.cid.id == "random")
        #expect(release.parentMessage.text == "Release on Friday")
        #expect(release.replyCount == 1)
        #expect(release.latestReplies.map(\.text) == ["Ship it"])
        #expect(release.latestReplies.first?.author.id == "alice")
        #expect(release.lastMessageAt == release.latestReplies.first?.createdAt)
        #expect(release.unreadRepliesCount == 0, "alice's own reply is not unread")
        let lunch = controller.threads[1]
        #expect(lunch.latestReplies.first?.text == "Yes")
        #expect(lunch.unreadRepliesCount == 0, "alice wrote in the channel after bob's reply, which reads it")
        #expect(ThreadListQuery(limit: 1) != ThreadListQuery())
        let one = client.threadListController(query: ThreadListQuery(limit: 1))
        try one.synchronize()
        #expect(one.threads.map(\.parentMessageId) == [ids["release"]!])
    }

    @Test func aNewReplyMovesItsThreadToTheTopLive() async throws {
        let (client, clock, ids) = try await world()
        let controller = client.threadListController()
        let recorder = ThreadListRecorder()
        controller.delegate = recorder
        try controller.synchronize()
        #expect(controller.threads.first?.parentMessageId == ids["release"])

        #expect(recorder.lists.count == 1, "synchronize delivers the first list")
        let general = ChannelId(type: .messaging, id: "general")
        // A message outside any thread does not reload the list (changes arrive in order, so
        // the reply's reload below comes after it).
        try await send(client, "Plain message", in: general, as: "bob", advance: clock)
        try await send(client, "Noon works", in: general, as: "carol", parent: ids["lunch"], advance: clock)
        try await eventually("the lunch thread moves up") { controller.threads.first?.parentMessageId == ids["lunch"] }
        #expect(recorder.lists.count == 2, "one reload, for the reply")
        let lunch = try #require(controller.threads.first)
        #expect(lunch.replyCount == 2)
        #expect(lunch.latestReplies.first?.text == "Noon works")
        #expect(lunch.latestReplies.first?.author.id == "carol")
        #expect(lunch.unreadRepliesCount == 1, "carol's reply came after alice last read the channel")
        #expect(recorder.lists.last?.map(\.parentMessageId) == controller.threads.map(\.parentMessageId))

        // Alice joins carol's thread by replying: it appears.
        clock.advance(by: 1)
        _ = try await client.sendMessage("Me too", in: general, parentMessageId: ids["carols"])
        try await eventually("carol's thread appears") { controller.threads.first?.parentMessageId == ids["carols"] }
        #expect(controller.threads.count == 3)
    }
}
