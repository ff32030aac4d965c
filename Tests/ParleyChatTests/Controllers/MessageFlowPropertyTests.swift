import Foundation
import Testing
@testable import ParleyChat

/// Random sequences of everything that can happen to a channel, checking after each step that
/// the controller's window is what a fresh load of its range gives, and checking every
/// ``ListChange`` it emits against the lists before and after it.
@MainActor
@Suite struct MessageFlowPropertyTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomWritesKeepTheWindowExact(seed: UInt64) async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob", "carol"])
        var sent: [(id: MessageId, author: UserId)] = []
        for index in 0..<40 {
            let author = index % 3 == 0 ? "carol" : "bob"
            sent.append((try await send(client, "seed \(index)", in: cid, as: author, advance: clock), author))
        }

        let controller = client.channelController(for: cid)
        controller.maxLoadedMessages = 30
        let checker = ChannelChangeChecker()
        controller.delegate = checker
        try controller.synchronize()

        var rng = SeededRandom(seed: seed)
        let people: [UserId] = ["alice", "bob", "carol"]
        for step in 0..<120 {
            clock.advance(by: 1)
            let operation = rng.int(13)
            do {
                switch operation {
                case 0, 1:
                    let author = rng.pick(["bob", "carol"])
                    sent.append((try await send(client, "peer \(step)", in: cid, as: author), author))
                case 2:
                    sent.append((try await controller.createNewMessage(text: "mine \(step)"), "alice"))
                case 3:
                    let (id, author) = rng.pick(sent)
                    try await client.backend.editMessage(id, text: "edited \(step)", by: author)
                case 4:
                    let (id, author) = rng.pick(sent)
                    try await client.backend.deleteMessage(id, by: author)
                case 5:
                    let (id, _) = rng.pick(sent)
                    try await client.backend.addReaction(
                        rng.pick(["love", "like", "fire"]), score: 1, enforceUnique: false, to: id, by: rng.pick(people))
                case 6:
                    let (id, _) = rng.pick(sent)
                    try await client.backend.removeReaction(rng.pick(["love", "like", "fire"]), from: id, by: rng.pick(people))
                case 7:
                    let (parent, _) = rng.pick(sent)
                    let author = rng.pick(["bob", "carol"])
                    sent.append((try await send(client, "reply \(step)", in: cid, as: author, parent: parent,
                                                showInChannel: rng.chance(0.5)), author))
                case 8:
                    try await client.backend.markRead(cid, by: rng.pick(people))
                case 9:
                    try controller.loadPreviousMessages(limit: rng.int(in: 5...20))
                case 10:
                    try controller.loadNextMessages(limit: rng.int(in: 5...20))
                case 11:
                    // The store refuses the send: the message waits in the outbox as failed.
                    try client.simulateStorageFault(.readOnly)
                    defer { try? client.simulateStorageFault(nil) }
                    _ = try? await client.sendMessage("held \(step)", in: cid)
                default:
                    // Resend or drop a failed message of the outbox.
                    if let failed = try client.failedMessages().first {
                        if rng.chance(0.6) {
                            try await client.resendMessage(id: failed.id)
                            sent.append((failed.id, "alice"))
                        } else {
                            try await client.deleteMessage(id: failed.id)
                        }
                    }
                }
            } catch {
                // A rule refused the step (reacting to a deleted message, a reply to a reply, …):
                // the store did not change, and the checks below still apply.
            }
            try await eventually("step \(step) (operation \(operation)) matches a fresh load") {
                try controller.messages == freshLoad(of: controller, client: client, cid: cid)
            }
            #expect(controller.messages.count <= controller.maxLoadedMessages, "window over its limit at step \(step)")
        }
        #expect(checker.failures.isEmpty, "\(checker.failures.prefix(5))")
        #expect(checker.changeCount > 20)
    }

    @Test(arguments: [5, 6] as [UInt64])
    func randomWritesKeepTheThreadExact(seed: UInt64) async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client, members: ["bob", "carol"])
        let root = try await send(client, "root", in: cid, as: "bob", advance: clock)
        var replies: [(id: MessageId, author: UserId)] = []
        for index in 0..<60 {
            let author = index % 2 == 0 ? "carol" : "bob"
            replies.append((try await send(client, "r\(index)", in: cid, as: author, parent: root, advance: clock), author))
        }
        let controller = client.messageController(cid: cid, messageId: root)
        let checker = ThreadChangeChecker()
        controller.delegate = checker
        try controller.synchronize()

        var rng = SeededRandom(seed: seed)
        let people: [UserId] = ["alice", "bob", "carol"]
        for step in 0..<80 {
            clock.advance(by: 1)
            let operation = rng.int(9)
            do {
                switch operation {
                case 0, 1:
                    let author = rng.pick(["bob", "carol"])
                    replies.append((try await send(client, "reply \(step)", in: cid, as: author, parent: root,
                                                   showInChannel: rng.chance(0.3)), author))
                case 2:
                    replies.append((try await controller.createNewReply(text: "mine \(step)"), "alice"))
                case 3:
                    let (id, author) = rng.pick(replies)
                    try await client.backend.editMessage(id, text: "edited \(step)", by: author)
                case 4:
                    let (id, author) = rng.pick(replies)
                    try await client.backend.deleteMessage(id, by: author)
                case 5:
                    let (id, _) = rng.pick(replies)
                    try await client.backend.addReaction("love", score: 1, enforceUnique: false, to: id, by: rng.pick(people))
                case 6:
                    try await client.backend.markRead(cid, by: rng.pick(people))
                case 7:
                    try controller.loadPreviousReplies(limit: rng.int(in: 5...15))
                default:
                    try client.simulateStorageFault(.readOnly)
                    defer { try? client.simulateStorageFault(nil) }
                    _ = try? await client.sendMessage("held \(step)", in: cid, parentMessageId: root)
                }
            } catch {
                // A rule refused the step; the checks still apply.
            }
            try await eventually("thread step \(step) (operation \(operation)) matches a fresh load") {
                let fresh = try freshThread(of: controller, client: client, root: root)
                let message = try client.message(id: root)
                return controller.replies == fresh && controller.message == message
            }
        }
        #expect(checker.failures.isEmpty, "\(checker.failures.prefix(5))")
        #expect(checker.changeCount > 10)
    }

    /// The thread's replies from the oldest loaded one (or the first) on, with the outbox.
    func freshThread(of controller: ChatMessageController, client: ChatClient, root: MessageId) throws -> [ChatMessage] {
        let stored = controller.replies.filter { $0.orderKey.sequence != .max }
        let lower = controller.hasLoadedAllPreviousReplies || stored.isEmpty
            ? MessageOrderKey(createdAt: .min, sequence: .min)
            : MessageOrderKey(createdAt: stored[0].orderKey.createdAt, sequence: stored[0].orderKey.sequence - 1)
        let page = try client.reader { reader in
            try reader.messages(from: reader.threadRows(parentId: root, after: lower, limit: 100_000))
        }
        let outbox = client.outbox.messages(in: controller.cid, parentId: root)
        let heldIds = Set(outbox.map(\.id))
        return (page.filter { !heldIds.contains($0.id) } + outbox).sorted { $0.orderKey < $1.orderKey }
    }

    /// What the store holds in the controller's range: from its oldest loaded message (or the
    /// channel's first) to its newest (or the channel's last, with the outbox), oldest first.
    func freshLoad(of controller: ChatChannelController, client: ChatClient, cid: ChannelId) throws -> [ChatMessage] {
        let stored = controller.messages.filter { $0.orderKey.sequence != .max }
        let lower = controller.hasLoadedAllPreviousMessages
            ? MessageOrderKey(createdAt: .min, sequence: .min) : stored.first?.orderKey
        let upper = controller.hasLoadedAllNextMessages ? nil : stored.last?.orderKey
        guard let lower else { return controller.hasLoadedAllNextMessages ? held(client, cid) : [] }
        var page = try client.reader { reader in
            try reader.messages(from: reader.channelRows(cid: cid, after: lower, including: true, limit: 100_000))
        }
        if let upper { page.removeAll { upper < $0.orderKey } }
        guard controller.hasLoadedAllNextMessages else { return page }
        let outbox = held(client, cid)
        let heldIds = Set(outbox.map(\.id))
        return (page.filter { !heldIds.contains($0.id) } + outbox).sorted { $0.orderKey < $1.orderKey }
    }

    func held(_ client: ChatClient, _ cid: ChannelId) -> [ChatMessage] {
        client.outbox.messages(in: cid, parentId: nil).sorted { $0.orderKey < $1.orderKey }
    }
}

/// Checks every change a controller emits: applied to the ids before, it gives the ids after;
/// `updated` holds exactly the kept ids whose version changed; a value never changes without
/// its version.
@MainActor
class ListChangeChecker {
    private var previous: [ChatMessage] = []
    private(set) var failures: [String] = []
    private(set) var changeCount = 0

    func record(_ change: ListChange<MessageId>, now: [ChatMessage]) {
        changeCount += 1
        check(change, from: previous, to: now)
        previous = now
    }

    func fail(_ failure: String) { failures.append(failure) }

    private func check(_ change: ListChange<MessageId>, from old: [ChatMessage], to new: [ChatMessage]) {
        let oldIds = old.map(\.id)
        let newIds = new.map(\.id)
        let oldSet = Set(oldIds)
        let newSet = Set(newIds)
        if Set(change.inserted) != newSet.subtracting(oldSet) || change.inserted.count != Set(change.inserted).count {
            failures.append("inserted \(change.inserted) ≠ \(newSet.subtracting(oldSet))")
        }
        if Set(change.removed) != oldSet.subtracting(newSet) {
            failures.append("removed \(change.removed) ≠ \(oldSet.subtracting(newSet))")
        }
        let oldById = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0) })
        let changedVersions = Set(new.filter { message in
            oldById[message.id].map { $0.version != message.version } ?? false
        }.map(\.id))
        if Set(change.updated) != changedVersions {
            failures.append("updated \(change.updated) ≠ changed versions \(changedVersions)")
        }
        let moved = Set(change.moved)
        let removed = Set(change.removed)
        let inserted = Set(change.inserted)
        let keptBefore = oldIds.filter { !removed.contains($0) && !moved.contains($0) }
        let keptAfter = newIds.filter { !inserted.contains($0) && !moved.contains($0) }
        if keptBefore != keptAfter { failures.append("applying \(change) to the old ids does not give the new ones") }
        let changedWithoutVersion = new.contains { message in
            guard let before = oldById[message.id] else { return false }
            return before.version == message.version && before != message
        }
        if changedWithoutVersion { failures.append("a message changed without its version") }
    }
}

/// ``ListChangeChecker`` for a channel controller's messages; also checks the positions
/// `index(ofMessageId:)` gives for inserted and updated ids.
@MainActor
final class ChannelChangeChecker: ListChangeChecker, ChatChannelControllerDelegate {
    func channelController(_ controller: ChatChannelController, didUpdateMessages change: ListChange<MessageId>) {
        let now = controller.messages
        record(change, now: now)
        for id in change.inserted + change.updated {
            if controller.index(ofMessageId: id).map({ now[$0].id }) != id { fail("index(ofMessageId: \(id)) is wrong") }
        }
    }
}

/// ``ListChangeChecker`` for a message controller's thread replies.
@MainActor
final class ThreadChangeChecker: ListChangeChecker, ChatMessageControllerDelegate {
    func messageController(_ controller: ChatMessageController, didChangeReplies change: ListChange<MessageId>) {
        record(change, now: controller.replies)
    }
}
