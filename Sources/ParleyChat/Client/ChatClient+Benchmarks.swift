import GRDB

extension ChatClient {
    /// `count` ids of messages shown in `cid`, picked uniformly at random (seeded) over the whole
    /// channel, for benchmarks that open pages around arbitrary messages.
    @_spi(Benchmarks)
    public func sampleMessageIds(in cid: ChannelId, count: Int, seed: UInt64) throws(ChatError) -> [MessageId] {
        try reader { reader in
            let bounds = try Row.fetchOne(
                reader.db, sql: "SELECT min(pk), max(pk) FROM message WHERE cid = ?", arguments: [cid.rawValue])
            guard let low = bounds?[0] as Int64?, let high = bounds?[1] as Int64? else { return [] }
            var rng = SeededRandom(seed: seed)
            // Walk the rowid from a random point: a range on the primary key, never the channel
            // index (which the planner would otherwise scan from the start).
            let statement = try reader.db.cachedStatement(sql: """
                SELECT id, cid, parent_id, show_in_channel FROM message WHERE pk >= ? ORDER BY pk LIMIT 64
                """)
            var ids: [MessageId] = []
            var attempts = 0
            while ids.count < count && attempts < count * 100 {
                attempts += 1
                let pk = low + Int64(rng.int(Int(high - low + 1)))
                for row in try Row.fetchAll(statement, arguments: [pk]) {
                    let parent: String? = row[2]
                    let shown: Bool = row[3]
                    if (row[1] as String) == cid.rawValue && (parent == nil || shown) {
                        ids.append(row[0])
                        break
                    }
                }
            }
            return ids
        }
    }
}
