import Foundation
import GRDB
import Testing
@testable import ParleyChat

@MainActor
@Suite struct SendFailureTests {
    /// Sends big messages until the store refuses one; returns the error.
    func sendUntilFailure(_ controller: ChatChannelController) async throws -> ChatError? {
        for index in 0..<40 {
            do {
                try await controller.createNewMessage(text: "\(index) " + String(repeating: "payload ", count: 500))
            } catch {
                return error
            }
        }
        return nil
    }

    @Test(arguments: [StorageFault.diskFull, .readOnly])
    func aStorageFaultFailsTheSendVisiblyAndResendRecovers(_ fault: StorageFault) async throws {
        let directory = try TemporaryDirectory()
        let client = try makeClient(url: directory.file("chat.sqlite"))
        try await addCast(client)
        let cid = try await makeChannel(client)
        let controller = client.channelController(for: cid)
        try controller.synchronize()
        try await controller.createNewMessage(text: "before the fault")
        try client.simulateStorageFault(fault)

        let error = try #require(try await sendUntilFailure(controller))
        switch (fault, error) {
        case (.diskFull, .diskFull), (.readOnly, .readOnlyStorage): break
        default: Issue.record("unexpected \(error) for \(fault)")
        }
        #expect(error.isStorageFailure)
        let failed = try client.failedMessages()
        #expect(failed.count == 1)
        let id = try #require(failed.first?.id)
        try await eventually("failed message shown") {
            controller.messages.last?.id == id && controller.messages.last?.localState == .sendingFailed
        }
        // Still failing while the fault lasts; nothing is lost.
        await #expect(throws: ChatError.self) { try await controller.resendMessage(id: id) }
        #expect(try client.failedMessages().map(\.id) == [id])

        try client.simulateStorageFault(nil)
        try await controller.resendMessage(id: id)
        try await eventually("resent message synced") {
            controller.messages.last?.id == id && controller.messages.last?.localState == .synced
        }
        #expect(try client.failedMessages().isEmpty)
        let copies = try client.reader { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM message WHERE id = ?", arguments: [id]) }
        #expect(copies == 1)
        #expect(try storeViolations(client) == [])
    }

    @Test func aRefusedSendStaysFailedAcrossRestartsAndResendsOnce() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let clock = ManualChatClock(now: testEpoch)
        let alice = try makeClient("alice", url: url, clock: clock)
        try await addCast(alice)
        let cid = try await makeChannel(alice, members: ["bob"])
        try await alice.setFrozen(true, cid: cid)

        var bob: ChatClient? = try makeClient("bob", url: url, clock: clock, seed: 2)
        let bobController = try #require(bob).channelController(for: cid)
        try bobController.synchronize()
        await #expect(throws: ChatError.channelFrozen(cid)) { try await bobController.createNewMessage(text: "anyone?") }
        let failed = try #require(try bob?.failedMessages().first)
        #expect(failed.localState == .sendingFailed)
        #expect(bobController.messages.map(\.id) == [failed.id])
        // Another user never sees bob's unsent message.
        #expect(try alice.channel(cid)?.latestMessages.isEmpty == true)
        await #expect(throws: ChatError.messageNotFound(failed.id)) { try await alice.resendMessage(id: failed.id) }
        bob = nil

        // Restart: the failure is remembered.
        let bobAgain = try makeClient("bob", url: url, clock: clock, seed: 3)
        #expect(try bobAgain.failedMessages().map(\.id) == [failed.id])
        try await alice.setFrozen(false, cid: cid)
        try await bobAgain.resendMessage(id: failed.id)
        #expect(try alice.message(id: failed.id)?.localState == .synced)
        await #expect(throws: ChatError.messageNotFailed(failed.id, .synced)) { try await bobAgain.resendMessage(id: failed.id) }
        #expect(try alice.channel(cid)?.latestMessages.filter { $0.type == .regular }.count == 1)
        #expect(try storeViolations(alice) == [])
    }

    @Test func interruptedSendsAreMarkedFailedAtStartup() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let client = try makeClient(url: url)
        try await addCast(client)
        let cid = try await makeChannel(client)
        // What a crash between the local insert and the backend leaves behind.
        let outgoing = OutgoingMessage(id: "interrupted", cid: cid, text: "half sent", createdAt: testEpoch)
        try client.store.writeSync { db in
            try StoreWriter(db: db, now: testEpoch).insertMessageRow(ChatClient.localRow(outgoing, userId: "alice", state: .pending))
        }
        let restarted = try makeClient(url: url, seed: 9)
        #expect(try restarted.failedMessages().map(\.id) == ["interrupted"])
        try await restarted.resendMessage(id: "interrupted")
        #expect(try restarted.message(id: "interrupted")?.localState == .synced)
    }

    @Test func deletingAFailedMessageRemovesIt() async throws {
        let directory = try TemporaryDirectory()
        let client = try makeClient(url: directory.file("chat.sqlite"))
        try await addCast(client)
        let cid = try await makeChannel(client)
        let controller = client.channelController(for: cid)
        try controller.synchronize()
        try client.simulateStorageFault(.readOnly)
        await #expect(throws: ChatError.self) { try await controller.createNewMessage(text: "never mind") }
        let id = try #require(try client.failedMessages().first?.id)
        try await eventually { controller.messages.map(\.id) == [id] }
        try await controller.deleteMessage(id: id)
        try await eventually("removed") { controller.messages.isEmpty }
        try client.simulateStorageFault(nil)
        #expect(try client.failedMessages().isEmpty)
        await #expect(throws: ChatError.messageNotFound(id)) { try await client.resendMessage(id: id) }
    }

    /// A backend other than the embedded one: the client records its answers in the store.
    final class ScriptedBackend: ChatBackend {
        let refuse: Bool
        init(refuse: Bool) { self.refuse = refuse }
        func upsertUsers(_ users: [ChatUser]) async throws(ChatError) {}
        func createChannel(_ request: ChannelCreationRequest, by userId: UserId) async throws(ChatError) {}
        func updateChannel(_ cid: ChannelId, name: String?, imageURL: URL?, by userId: UserId) async throws(ChatError) {}
        func setFrozen(_ isFrozen: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {}
        func setMuted(_ isMuted: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {}
        func deleteChannel(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {}
        func addMembers(_ userIds: [UserId], to cid: ChannelId, by userId: UserId) async throws(ChatError) {}
        func removeMembers(_ userIds: [UserId], from cid: ChannelId, by userId: UserId) async throws(ChatError) {}
        func sendMessage(_ message: OutgoingMessage, by userId: UserId) async throws(ChatError) {
            if refuse { throw .databaseError(code: 503, reason: "service unavailable") }
        }
        func editMessage(_ id: MessageId, text: String, by userId: UserId) async throws(ChatError) {}
        func deleteMessage(_ id: MessageId, by userId: UserId) async throws(ChatError) {}
        func addReaction(_ type: MessageReactionType, score: Int, enforceUnique: Bool, to messageId: MessageId, by userId: UserId) async throws(ChatError) {}
        func removeReaction(_ type: MessageReactionType, from messageId: MessageId, by userId: UserId) async throws(ChatError) {}
        func markRead(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {}
        func startTyping(in cid: ChannelId, parentMessageId: MessageId?, by userId: UserId) async throws(ChatError) {}
        func stopTyping(in cid: ChannelId, by userId: UserId) async throws(ChatError) {}
    }

    @Test(arguments: [false, true])
    func anotherBackendsAnswerIsRecorded(_ refuse: Bool) async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let seeder = try makeClient(url: url)
        try await addCast(seeder)
        let cid = try await makeChannel(seeder)
        let client = try ChatClient(
            config: ChatClientConfig(currentUserId: "alice", databaseURL: url, clock: ManualChatClock(now: testEpoch)),
            backend: ScriptedBackend(refuse: refuse))
        #expect(client.embeddedBackend == nil)
        do {
            let id = try await client.sendMessage("over the network", in: cid)
            #expect(!refuse)
            #expect(try client.message(id: id)?.localState == .synced)
        } catch {
            #expect(refuse)
            #expect(try client.failedMessages().count == 1)
        }
    }
}
