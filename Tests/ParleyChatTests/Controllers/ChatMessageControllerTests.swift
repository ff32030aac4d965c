import Foundation
import Testing
@testable import ParleyChat

@MainActor
@Suite struct ChatMessageControllerTests {
    @Test func repliesPageAndArriveLive() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let root = try await client.sendMessage("thread", in: cid)
        var replies: [MessageId] = []
        for index in 0..<40 { replies.append(try await send(client, "reply \(index)", in: cid, as: "bob", parent: root, advance: clock)) }
        let controller = client.messageController(cid: cid, messageId: root)
        try controller.synchronize()
        #expect(controller.message?.replyCount == 40)
        #expect(controller.replies.map(\.id) == Array(replies.suffix(25)))
        try controller.loadPreviousReplies()
        #expect(controller.replies.map(\.id) == replies)
        #expect(controller.hasLoadedAllPreviousReplies)
        #expect(try client.channel(cid)?.previewMessage?.id == root, "replies kept in the thread do not become the channel's preview")

        let mine = try await controller.createNewReply(text: "mine", showReplyInChannel: true)
        try await eventually("reply appended") { controller.replies.last?.id == mine && controller.message?.replyCount == 41 }
        #expect(try client.channel(cid)?.previewMessage?.id == mine)
    }

    @Test func reactionsPageNewestFirstAndUpdateLive() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let users = (0..<30).map { ChatUser(id: "fan\($0)", name: "Fan \($0)") }
        try await client.upsertUsers(users)
        let cid = try await makeChannel(client, members: users.map(\.id))
        let id = try await client.sendMessage("react to me", in: cid)
        for user in users {
            clock.advance(by: 1)
            try await client.backend.addReaction(.love, score: 1, enforceUnique: false, to: id, by: user.id)
        }
        let controller = client.messageController(cid: cid, messageId: id)
        try controller.synchronize()
        #expect(controller.reactions.count == 25)
        #expect(controller.reactions.first?.author.id == "fan29")
        #expect(!controller.hasLoadedAllReactions)
        try controller.loadNextReactions()
        #expect(controller.reactions.count == 30 && controller.hasLoadedAllReactions)
        #expect(controller.message?.latestReactions.count == ChatMessage.latestReactionsLimit)

        clock.advance(by: 1)
        try await controller.addReaction(.wow)
        try await eventually("own reaction first") {
            controller.reactions.first?.author.id == "alice" && controller.message?.reactionScores[.wow] == 1
        }
        try await controller.removeReaction(.wow)
        try await eventually("removed") { controller.reactions.count == 30 && controller.message?.reactionScores[.wow] == nil }
    }

    @Test func editAndDeleteThroughTheMessageController() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await client.sendMessage("draft", in: cid)
        let controller = client.messageController(cid: cid, messageId: id)
        try controller.synchronize()
        try await controller.editMessage(text: "final")
        try await eventually { controller.message?.text == "final" }
        try await controller.deleteMessage()
        try await eventually { controller.message?.isDeleted == true }
        let missing = client.messageController(cid: cid, messageId: "nope")
        #expect(throws: ChatError.messageNotFound("nope")) { try missing.synchronize() }
    }
}
