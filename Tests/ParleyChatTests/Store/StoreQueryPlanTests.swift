import Foundation
import GRDB
import Testing
@testable import ParleyChat

/// The page queries must walk indexes, never scan or sort the message table: that is what keeps
/// a page of 25 around any message of a 1,000,000-message channel within milliseconds.
@Suite struct StoreQueryPlanTests {
    func plan(_ sql: String, _ arguments: StatementArguments) throws -> [String] {
        let client = try makeClient()
        return try client.store.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    static let channelPages: [(String, StatementArguments)] = [
        ("""
         \(StoreColumns.messageFrom) WHERE m.cid = ? AND \(StoreReader.shownInChannel) AND \(StoreReader.visibleToViewer)
         AND (m.created_at, m.pk) < (?, ?) ORDER BY m.created_at DESC, m.pk DESC LIMIT ?
         """, ["c", "me", 1, 2, 12]),
        ("""
         \(StoreColumns.messageFrom) WHERE m.cid = ? AND \(StoreReader.shownInChannel) AND \(StoreReader.visibleToViewer)
         AND (m.created_at, m.pk) >= (?, ?) ORDER BY m.created_at, m.pk LIMIT ?
         """, ["c", "me", 1, 2, 13]),
        ("""
         \(StoreColumns.messageFrom) WHERE m.parent_id = ? AND \(StoreReader.visibleToViewer)
         AND (m.created_at, m.pk) < (?, ?) ORDER BY m.created_at DESC, m.pk DESC LIMIT ?
         """, ["p", "me", 1, 2, 25]),
    ]

    @Test func messagePagesUseTheirPartialIndexesWithoutSorting() throws {
        for (sql, arguments) in Self.channelPages {
            let details = try plan(sql, arguments)
            #expect(details.contains { $0.contains("USING INDEX message_in_channel") || $0.contains("USING INDEX message_in_thread") }, "\(details)")
            #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
            #expect(!details.contains { $0.hasPrefix("SCAN m") }, "\(details)")
        }
    }

    @Test func channelListAndReactionsUseIndexes() throws {
        let list = try plan("""
            SELECT c.cid FROM member mb CROSS JOIN channel c ON c.cid = mb.cid WHERE mb.user_id = ?
            ORDER BY coalesce(c.last_message_at, c.created_at) DESC, c.cid DESC LIMIT 20 OFFSET 0
            """, ["me"])
        #expect(list.contains { $0.contains("member_by_user") }, "\(list)")
        let latest = try plan("""
            SELECT r.type FROM reaction r CROSS JOIN user u ON u.id = r.user_id WHERE r.message_id = ?
            ORDER BY r.updated_at DESC, r.user_id, r.type LIMIT 10
            """, ["m"])
        #expect(latest.contains { $0.contains("reaction_latest") }, "\(latest)")
        let own = try plan("SELECT type FROM reaction WHERE user_id = ? AND message_id IN (?, ?)", ["me", "a", "b"])
        #expect(own.contains { $0.contains("reaction_by_user") }, "\(own)")
    }
}
