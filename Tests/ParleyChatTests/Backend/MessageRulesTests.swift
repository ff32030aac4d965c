import Foundation
import Testing
@testable import ParleyChat

@Suite struct MessageRulesTests {
    @Test func emptyAndWhitespaceTextIsRejectedAndNothingIsStored() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        for text in ["", "   ", "\n\t \n"] {
            await #expect(throws: ChatError.emptyMessage) { try await client.sendMessage(text, in: cid) }
        }
        #expect(try client.channel(cid)?.latestMessages.isEmpty == true)
        #expect(try client.failedMessages().isEmpty)
    }

    @Test func textOverTheLimitIsRejectedAndTheLimitItselfIsAccepted() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, config: ChannelConfig(maxMessageLength: 10))
        await #expect(throws: ChatError.messageTooLong(length: 11, limit: 10)) {
            try await client.sendMessage("12345678901", in: cid)
        }
        // Characters, not bytes: ten emoji are ten characters.
        let id = try await client.sendMessage(String(repeating: "🎉", count: 10), in: cid)
        #expect(try client.message(id: id)?.localState == .synced)
        // The backend enforces it too, for senders that skip the client.
        await #expect(throws: ChatError.messageTooLong(length: 11, limit: 10)) {
            try await send(client, "12345678901", in: cid, as: "bob")
        }
    }

    @Test func unknownChannelAndUnknownMessage() async throws {
        let client = try makeClient()
        try await addCast(client)
        let nowhere = ChannelId(type: .messaging, id: "nowhere")
        await #expect(throws: ChatError.channelNotFound(nowhere)) { try await client.sendMessage("hi", in: nowhere) }
        await #expect(throws: ChatError.messageNotFound("ghost")) { try await client.editMessage(id: "ghost", text: "x") }
        await #expect(throws: ChatError.messageNotFound("ghost")) { try await client.deleteMessage(id: "ghost") }
        await #expect(throws: ChatError.messageNotFound("ghost")) { try await client.addReaction(.love, to: "ghost") }
        let cid = try await makeChannel(client)
        await #expect(throws: ChatError.messageNotFound("ghost")) {
            try await client.sendMessage("reply", in: cid, parentMessageId: "ghost")
        }
    }

    @Test func editOwnMessageSetsTextUpdatedAt() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await client.sendMessage("helo", in: cid)
        clock.advance(by: 30)
        try await client.editMessage(id: id, text: "hello")
        let message = try #require(try client.message(id: id))
        #expect(message.text == "hello")
        #expect(message.isEdited)
        #expect(message.textUpdatedAt == testEpoch.addingTimeInterval(30))
        #expect(message.createdAt == testEpoch)
        await #expect(throws: ChatError.emptyMessage) { try await client.editMessage(id: id, text: "  ") }
        #expect(try await client.searchMessages("hello").map(\.id) == [id])
        #expect(try await client.searchMessages("helo").isEmpty)
    }

    @Test func editingAnotherUsersMessageIsRefusedButOwnersAndAdminsMay() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob", "carol", "mo"])
        let bobs = try await send(client, "bob's words", in: cid, as: "bob")
        let backend = client.backend
        await #expect(throws: ChatError.notOwnMessage(bobs)) { try await backend.editMessage(bobs, text: "mine now", by: "carol") }
        await #expect(throws: ChatError.notOwnMessage(bobs)) { try await backend.deleteMessage(bobs, by: "carol") }
        #expect(try client.message(id: bobs)?.text == "bob's words")
        // Admins may edit anything; alice owns the channel, and owners moderate.
        try await backend.editMessage(bobs, text: "moderated", by: "root")
        #expect(try client.message(id: bobs)?.text == "moderated")
        try await client.deleteMessage(id: bobs)
        #expect(try client.message(id: bobs)?.isDeleted == true)
    }

    @Test func softDeleteKeepsTheRow() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await client.sendMessage("regrettable", in: cid)
        try await client.deleteMessage(id: id)
        let message = try #require(try client.message(id: id))
        #expect(message.type == .deleted)
        #expect(message.deletedAt != nil)
        #expect(message.isDeleted)
        await #expect(throws: ChatError.messageDeleted(id)) { try await client.deleteMessage(id: id) }
        await #expect(throws: ChatError.messageDeleted(id)) { try await client.editMessage(id: id, text: "x") }
        // Gone from search, still in the channel as a placeholder.
        #expect(try await client.searchMessages("regrettable").isEmpty)
        #expect(try client.channel(cid)?.latestMessages.map(\.id) == [id])
    }

    @Test func systemMessagesCannotBeEditedOrReactedTo() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        try await client.addMembers(["dave"], to: cid)
        let system = try #require(try client.channel(cid)?.previewMessage)
        #expect(system.type == .system)
        await #expect(throws: ChatError.messageNotEditable(system.id, .system)) { try await client.editMessage(id: system.id, text: "x") }
        await #expect(throws: ChatError.messageNotEditable(system.id, .system)) { try await client.addReaction(.like, to: system.id) }
    }

    @Test func capabilitiesDecideWhoMaySend() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob", "guest"])
        // Not a member.
        await #expect(throws: ChatError.missingCapability(.sendMessage, cid: cid)) {
            try await send(client, "let me in", in: cid, as: "dave")
        }
        // Guests may react but not post.
        await #expect(throws: ChatError.missingCapability(.sendMessage, cid: cid)) {
            try await send(client, "hello", in: cid, as: "guest")
        }
        let id = try await send(client, "hi", in: cid, as: "bob")
        try await client.backend.addReaction(.like, score: 1, enforceUnique: false, to: id, by: "guest")
        // Livestreams are public: non-members may post.
        let live = try await makeChannel(client, id: "live", type: .livestream, members: [])
        try await send(client, "first!", in: live, as: "dave")
        // Capabilities as the UI sees them.
        let channel = try #require(try client.channel(cid))
        #expect(channel.can(.sendMessage) && channel.can(.freezeChannel) && channel.can(.deleteAnyMessage))
    }

    @Test func frozenChannelsRefuseMessagesExceptFromModerators() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob"], frozen: true)
        await #expect(throws: ChatError.channelFrozen(cid)) { try await send(client, "hello?", in: cid, as: "bob") }
        #expect(try client.channel(cid)?.isFrozen == true)
        // alice owns it; owners are not blocked by a freeze.
        try await client.sendMessage("we are closed", in: cid)
        await #expect(throws: ChatError.missingCapability(.freezeChannel, cid: cid)) {
            try await client.backend.setFrozen(false, cid: cid, by: "bob")
        }
        try await client.setFrozen(false, cid: cid)
        try await send(client, "hello!", in: cid, as: "bob")
    }

    @Test func sendingIsIdempotentById() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let outgoing = OutgoingMessage(id: "fixed-id", cid: cid, text: "once", createdAt: testEpoch)
        try await client.backend.sendMessage(outgoing, by: "bob")
        try await client.backend.sendMessage(outgoing, by: "bob")
        #expect(try client.channel(cid)?.latestMessages.count == 1)
        await #expect(throws: ChatError.duplicateId("fixed-id")) { try await client.backend.sendMessage(outgoing, by: "carol") }
        #expect(try storeViolations(client) == [])
    }

    @Test func mentionsMustNameKnownUsers() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        await #expect(throws: ChatError.userNotFound("nobody")) {
            try await client.sendMessage("@nobody hi", in: cid, mentionedUserIds: ["nobody"])
        }
        let id = try await client.sendMessage("@Bob hi", in: cid, mentionedUserIds: ["bob"])
        #expect(try client.message(id: id)?.mentionedUsers.map(\.id) == ["bob"])
    }

    @Test func channelCreationValidatesIds() async throws {
        let client = try makeClient()
        try await addCast(client)
        let bad = ChannelId(type: .messaging, id: "a:b")
        await #expect(throws: ChatError.invalidChannelId("messaging:a:b")) {
            try await client.createChannel(ChannelCreationRequest(cid: bad))
        }
        let cid = try await makeChannel(client)
        await #expect(throws: ChatError.duplicateId(cid.rawValue)) { try await makeChannel(client) }
        await #expect(throws: ChatError.userNotFound("zed")) {
            try await client.createChannel(ChannelCreationRequest(cid: ChannelId(type: .messaging, id: "z"), memberIds: ["zed"]))
        }
    }
}
