import Foundation
import GRDB
import Testing
@testable import ParleyChat

@Suite struct ChatStoreTests {
    @Test func fileStoresUseWALForeignKeysAndMigrations() throws {
        let directory = try TemporaryDirectory()
        let client = try makeClient(url: directory.file("chat.sqlite"))
        let (journal, foreignKeys, migrations, fts) = try client.store.writer.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
             try StoreSchema.migrator.appliedIdentifiers(db), try db.tableExists("message_fts"))
        }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(Set(migrations) == [
            "v1", "v2-versions", "v3-member-muted", "v4-sync-cursors", "v5-reaction-outbox", "v6-reaction-outbox-queued-at",
        ])
        #expect(fts)
        let synchronous = try client.store.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(synchronous == 1)  // NORMAL
    }

    @Test func foreignKeysAreEnforced() throws {
        let client = try makeClient()
        #expect(throws: ChatError.self) {
            try client.store.writeSync { db in
                try db.execute(sql: """
                    INSERT INTO message (id, cid, type, text, user_id, created_at, updated_at)
                    VALUES ('m', 'messaging:nowhere', 'regular', 'x', 'alice', 0, 0)
                    """)
            }
        }
    }

    @Test func aNonSQLiteFileIsAClearErrorAndIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let garbage = Data(String(repeating: "this is not a database, it is a shopping list\n", count: 200).utf8)
        try garbage.write(to: url)
        do {
            _ = try makeClient(url: url)
            Issue.record("opening garbage should fail")
        } catch {
            guard case .databaseUnreadable(let path, let reason, let movedTo) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == url.path)
            #expect(reason.contains("not a database"))
            #expect(movedTo == nil)
            #expect(error.description.contains("moveAsideAndStartFresh"))
        }
        #expect(try Data(contentsOf: url) == garbage)  // untouched
    }

    @Test func moveAsideKeepsTheBadFileAndStartsFresh() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: url)
        let client = try ChatClient(opening: ChatClientConfig(
            currentUserId: "alice", databaseURL: url, clock: ManualChatClock(now: testEpoch),
            unreadableDatabasePolicy: .moveAsideAndStartFresh))
        guard case .databaseUnreadable(_, _, let movedTo?) = client.recoveredFromUnreadableDatabase else {
            Issue.record("expected a recovery report, got \(String(describing: client.recoveredFromUnreadableDatabase))")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
        #expect(movedTo.hasPrefix(url.path + ".unreadable-"))
        try await addCast(client)
        let cid = try await makeChannel(client)
        try await client.sendMessage("fresh start", in: cid)
        #expect(try client.channel(cid)?.previewMessage?.text == "fresh start")
    }

    @Test func aDamagedHeaderIsDetectedAtOpen() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        do {
            let client = try makeClient(url: url)
            try await addCast(client)
            let cid = try await makeChannel(client)
            for index in 0..<50 { try await client.sendMessage("message \(index)", in: cid) }
            _ = try await client.store.writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
        // Scribble over the first page, as a failing disk or a stray write would.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.close()
        #expect(throws: ChatError.self) { try makeClient(url: url) }
        let moved = try ChatClient.moveDatabaseAside(at: url)
        #expect(FileManager.default.fileExists(atPath: moved.path))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        _ = try makeClient(url: url)
    }
}
