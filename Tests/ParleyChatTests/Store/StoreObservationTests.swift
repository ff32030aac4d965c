import Foundation
import GRDB
import Testing
@testable import ParleyChat

/// Changes come from the database itself: whatever writes a row, however, its subscribers hear
/// of it once, after the commit, and never of a rolled-back transaction.
@Suite struct StoreObservationTests {
    /// A client with the cast, a channel and one message from bob.
    func setUp() async throws -> (ChatClient, ChannelId, MessageId) {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await send(client, "hello", in: cid, as: "bob")
        return (client, cid, id)
    }

    @Test func rawSQLOnTheWriterReachesObservers() async throws {
        let (client, cid, id) = try await setUp()
        let (stream, token) = client.store.observers.subscribe()
        defer { token.cancel() }
        var changes = stream.makeAsyncIterator()

        // An update no writer helper knows about: the version trigger and the observer still see it.
        let before = try #require(try client.message(id: id)).version
        try await client.store.writer.write { db in
            try db.execute(sql: "UPDATE message SET text = 'raw' WHERE id = ?", arguments: [id])
        }
        let update = try #require(await changes.next())
        let event = try #require(update.messages.first)
        #expect(update.messages.count == 1)
        #expect(event.ref == .init(id: id, cid: cid, parentId: nil) && event.kind == .updated)
        #expect(event.version > before)
        #expect(try client.message(id: id)?.version == event.version)
        #expect(update.channels.contains(cid))

        // A raw reaction row (another table) bumps its message.
        try await client.store.writer.write { db in
            try db.execute(
                sql: "INSERT INTO reaction (message_id, type, user_id, score, created_at, updated_at) VALUES (?, 'raw', 'carol', 1, 0, 0)",
                arguments: [id])
        }
        let reaction = try #require(await changes.next())
        #expect(reaction.messages.map(\.ref.id) == [id])
        #expect(reaction.messages.first.map { $0.version > event.version } == true)

        // A raw delete: the row is gone, yet its id, channel and parent are known.
        try await client.store.writer.write { db in
            try db.execute(sql: "DELETE FROM reaction WHERE message_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM message WHERE id = ?", arguments: [id])
        }
        let removal = try #require(await changes.next())
        #expect(removal.messages.map(\.kind) == [.removed])
        #expect(removal.messages.first?.ref == .init(id: id, cid: cid, parentId: nil))

        // Members and typing live in WITHOUT ROWID tables: the temporary triggers report them.
        try await client.store.writer.write { db in
            try db.execute(sql: "DELETE FROM member WHERE cid = ? AND user_id = 'carol'", arguments: [cid.rawValue])
        }
        let leave = try #require(await changes.next())
        #expect(leave.members == [cid] && leave.channels.contains(cid))
    }

    @Test func bulkInsertsThroughTheCAPIReachObservers() async throws {
        let (client, cid, _) = try await setUp()
        let (stream, token) = client.store.observers.subscribe()
        defer { token.cancel() }
        var changes = stream.makeAsyncIterator()
        // The demo generator binds and steps its inserts through the SQLite C API, which GRDB's
        // own statement bookkeeping never sees.
        let written = try DemoDataGenerator(parameters: DemoDataParameters(seed: 3)).appendMessages(12, to: cid, in: client)
        var inserted: [MessageId] = []
        while inserted.count < written, let change = await changes.next() {
            inserted += change.messages.filter { $0.kind == .inserted }.map(\.ref.id)
        }
        let stored = try client.reader { reader in
            try reader.channelRows(cid: cid, after: MessageOrderKey(createdAt: .min, sequence: .min), including: true, limit: 100)
        }
        #expect(Set(inserted).isSubset(of: Set(stored.map(\.id))))
        #expect(inserted.count == written)
    }

    @Test func rolledBackTransactionsPublishNothing() async throws {
        let (client, cid, id) = try await setUp()
        let (stream, token) = client.store.observers.subscribe()
        defer { token.cancel() }
        var changes = stream.makeAsyncIterator()

        struct Abort: Error {}
        await #expect(throws: ChatError.self) {
            try await client.store.write { db in
                try db.execute(sql: "UPDATE message SET text = 'never' WHERE id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM message WHERE id = ?", arguments: [id])
                throw Abort()
            }
        }
        // A savepoint rolled back inside a committed transaction: its delete trigger ran, but the
        // row is back, so no removal is published (at most the row, with its version unchanged,
        // which no controller acts on).
        let version = try #require(try client.message(id: id)).version
        try await client.store.write { db in
            do {
                try db.inSavepoint {
                    try db.execute(sql: "DELETE FROM message WHERE id = ?", arguments: [id])
                    return .rollback
                }
            }
            try db.execute(sql: "UPDATE channel SET name = 'marker' WHERE cid = ?", arguments: [cid.rawValue])
        }
        let next = try #require(await changes.next())
        #expect(next.messages.allSatisfy { $0.kind == .updated && $0.version == version }, "\(next.messages.map(\.kind))")
        #expect(next.channels == [cid])
        #expect(try client.message(id: id)?.text == "hello")
    }

    @Test func everyWriteToAMessageBumpsItsVersion() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let id = try await send(client, "hello", in: cid, as: "bob", advance: clock)
        var last = try #require(try client.message(id: id)).version
        func expectBump(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let now = try #require(try client.message(id: id)).version
            #expect(now > last, "\(what) did not bump the version", sourceLocation: sourceLocation)
            last = now
        }
        clock.advance(by: 1)
        try await client.backend.addReaction("love", score: 1, enforceUnique: false, to: id, by: "carol")
        try expectBump("a reaction")
        try await client.backend.removeReaction("love", from: id, by: "carol")
        try expectBump("removing a reaction")
        try await send(client, "a reply", in: cid, as: "carol", parent: id, advance: clock)
        try expectBump("a reply (reply count)")
        try await client.backend.markRead(cid, by: "alice")
        try expectBump("alice reading it (readBy)")
        try await client.upsertUsers([ChatUser(id: "bob", name: "Robert")])
        try expectBump("its author's new name")
        try await client.backend.editMessage(id, text: "edited", by: "bob")
        try expectBump("an edit")
        try await client.backend.deleteMessage(id, by: "bob")
        try expectBump("a deletion")
    }
}
