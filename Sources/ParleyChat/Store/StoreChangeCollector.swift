import GRDB

/// Turns what SQLite reports about each transaction on the writer connection into one
/// ``StoreChange``, published after the commit, in commit order; a rolled-back transaction
/// publishes nothing.
///
/// Two sources, because SQLite's update hook (GRDB's `databaseDidChange(with:)`) reports
/// table + rowid for rowid tables only, and only for statements GRDB itself steps:
/// - `message`, `channel` and `user` are rowid tables: their inserts, updates and deletes come
///   from the hook. GRDB holds back events of a savepoint until it is released and drops them
///   when it is rolled back, so these events are exactly what the commit keeps. Version bumps
///   made by the schema's triggers (reactions, read states: see `StoreSchema`) arrive here as
///   updates of the message rows. GRDB installs the hook only around the statements it runs,
///   so statements stepped through the C API (the bulk writer's inserts) bypass it: temporary
///   `AFTER INSERT`/`AFTER UPDATE` triggers report the same rows through ``rowChangedFunction``
///   whoever steps the statement. (A row they report from a savepoint later rolled back is
///   read back at commit: gone, or unchanged with the same version, which no controller acts on.)
/// - `member` and `typing` are WITHOUT ROWID tables the hook never reports: temporary triggers
///   on the writer connection call ``channelTouchedFunction`` for them.
///
/// Deletions: the hook gives only the rowid of a row that no longer exists, so nothing can be
/// read back after the commit. A temporary `AFTER DELETE` trigger on the writer connection passes
/// the deleted row's keys (message id, channel, thread parent; a channel's cid) to
/// ``rowRemovedFunction``, which files them by rowid. A removal is published only when the row
/// is still gone at commit, so a statement or savepoint rolled back half way (its trigger calls
/// already made) publishes nothing wrong. Temporary triggers live in the
/// writer connection, so raw SQL on that connection is observed like everything else; writes
/// from other processes are not (as for any GRDB observer).
///
/// Everything is resolved to ids in `databaseDidCommit(_:)` with a few reads by rowid on the
/// writer connection, and only when someone subscribes.
final class StoreChangeCollector: TransactionObserver, Sendable {
    /// What the current transaction touched, by rowid.
    private struct Pending {
        /// Message pks in first-touch order, with the first and last event kind of each.
        var messageOrder: [Int64] = []
        var messageKinds: [Int64: (first: DatabaseEvent.Kind, last: DatabaseEvent.Kind)] = [:]
        /// Keys of deleted message rows (id, cid, thread parent), by pk, from the delete trigger.
        var removedMessages: [Int64: (id: String, cid: String, parentId: String?)] = [:]
        var channelRowids: Set<Int64> = []
        var removedChannels: [Int64: String] = [:]
        var userRowids: Set<Int64> = []
        /// Channels whose `member` or `typing` rows changed, from the temporary triggers.
        var touchedChannels: Set<String> = []
        var memberChannels: Set<String> = []

        var isEmpty: Bool {
            messageOrder.isEmpty && channelRowids.isEmpty && userRowids.isEmpty && touchedChannels.isEmpty
                && memberChannels.isEmpty && removedChannels.isEmpty
        }
    }

    private let pending = PthreadMutex(Pending())
    private let observers: StoreObservers

    init(observers: StoreObservers) {
        self.observers = observers
    }

    /// Registers the collector and its SQL functions and temporary triggers on the writer
    /// connection. Call once, after migrations (the triggers name the tables).
    func install(on db: Database) throws {
        db.add(transactionObserver: self, extent: .databaseLifetime)
        db.add(function: DatabaseFunction(Self.rowRemovedFunction, argumentCount: 5) { [weak self] values in
            self?.rowRemoved(values)
            return nil
        })
        db.add(function: DatabaseFunction(Self.channelTouchedFunction, argumentCount: 2) { [weak self] values in
            self?.channelTouched(values)
            return nil
        })
        db.add(function: DatabaseFunction(Self.rowChangedFunction, argumentCount: 3) { [weak self] values in
            self?.rowChanged(values)
            return nil
        })
        let removed = Self.rowRemovedFunction
        let touched = Self.channelTouchedFunction
        let changed = Self.rowChangedFunction
        for table in ["message", "channel", "user"] {
            try db.execute(sql: """
                CREATE TEMP TRIGGER parley_\(table)_inserted AFTER INSERT ON main.\(table) BEGIN
                    SELECT \(changed)('\(table)', new.rowid, 0);
                END;
                CREATE TEMP TRIGGER parley_\(table)_updated AFTER UPDATE ON main.\(table) BEGIN
                    SELECT \(changed)('\(table)', new.rowid, 1);
                END;
                """)
        }
        try db.execute(sql: """
            CREATE TEMP TRIGGER parley_message_removed AFTER DELETE ON main.message BEGIN
                SELECT \(removed)('message', old.pk, old.id, old.cid, old.parent_id);
            END;
            CREATE TEMP TRIGGER parley_channel_removed AFTER DELETE ON main.channel BEGIN
                SELECT \(removed)('channel', old.rowid, old.cid, old.cid, NULL);
            END;
            CREATE TEMP TRIGGER parley_member_inserted AFTER INSERT ON main.member BEGIN
                SELECT \(touched)(new.cid, 1);
            END;
            CREATE TEMP TRIGGER parley_member_removed AFTER DELETE ON main.member BEGIN
                SELECT \(touched)(old.cid, 1);
            END;
            CREATE TEMP TRIGGER parley_member_updated AFTER UPDATE ON main.member BEGIN
                SELECT \(touched)(new.cid, 0);
            END;
            CREATE TEMP TRIGGER parley_typing_inserted AFTER INSERT ON main.typing BEGIN
                SELECT \(touched)(new.cid, 0);
            END;
            CREATE TEMP TRIGGER parley_typing_updated AFTER UPDATE ON main.typing BEGIN
                SELECT \(touched)(new.cid, 0);
            END;
            CREATE TEMP TRIGGER parley_typing_removed AFTER DELETE ON main.typing BEGIN
                SELECT \(touched)(old.cid, 0);
            END;
            """)
    }

    static let rowRemovedFunction = "parley_row_removed"
    static let channelTouchedFunction = "parley_channel_touched"
    static let rowChangedFunction = "parley_row_changed"

    private func rowChanged(_ values: [DatabaseValue]) {
        guard let table = String.fromDatabaseValue(values[0]), let rowid = Int64.fromDatabaseValue(values[1]) else { return }
        record(table, rowid: rowid, kind: Int64.fromDatabaseValue(values[2]) == 0 ? .insert : .update)
    }

    private func rowRemoved(_ values: [DatabaseValue]) {
        guard let table = String.fromDatabaseValue(values[0]), let rowid = Int64.fromDatabaseValue(values[1]),
              let key = String.fromDatabaseValue(values[2]), let cidText = String.fromDatabaseValue(values[3])
        else { return }
        pending.withLock { pending in
            if table == "channel" {
                pending.removedChannels[rowid] = cidText
            } else {
                pending.removedMessages[rowid] = (key, cidText, String.fromDatabaseValue(values[4]))
            }
        }
        // As for inserts and updates, the hook misses deletes stepped outside GRDB. The commit
        // checks the row is really gone before publishing a removal.
        record(table, rowid: rowid, kind: .delete)
    }

    private func channelTouched(_ values: [DatabaseValue]) {
        guard let cid = String.fromDatabaseValue(values[0]) else { return }
        let membersChanged = Int64.fromDatabaseValue(values[1]) == 1
        pending.withLock { pending in
            pending.touchedChannels.insert(cid)
            if membersChanged { pending.memberChannels.insert(cid) }
        }
    }

    // MARK: TransactionObserver

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        switch eventKind.tableName {
        case "message", "channel", "user": true
        default: false
        }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        record(event.tableName, rowid: event.rowID, kind: event.kind)
    }

    /// Files one row change, from the update hook or from the temporary triggers (both report
    /// most changes; the first kind seen and the last are what count).
    private func record(_ table: String, rowid: Int64, kind: DatabaseEvent.Kind) {
        switch table {
        case "message":
            pending.withLock { pending in
                if let kinds = pending.messageKinds[rowid] {
                    pending.messageKinds[rowid] = (kinds.first, kind)
                } else {
                    pending.messageKinds[rowid] = (kind, kind)
                    pending.messageOrder.append(rowid)
                }
            }
        case "channel":
            pending.withLock { _ = $0.channelRowids.insert(rowid) }
        case "user":
            pending.withLock { _ = $0.userRowids.insert(rowid) }
        default:
            break
        }
    }

    func databaseDidCommit(_ db: Database) {
        let committed = pending.withLock { pending in
            defer { pending = Pending() }
            return pending
        }
        guard !committed.isEmpty, observers.subscriberCount > 0 else { return }
        var change: StoreChange
        do {
            change = try resolve(committed, db: db)
        } catch {
            // The commit stands; only reading its rows back failed. Say so rather than publish a
            // partial change that would leave windows silently stale.
            change = StoreChange()
            change.isUnresolved = true
        }
        // Still on the writer queue: changes are published in commit order.
        observers.publish(change)
    }

    func databaseDidRollback(_ db: Database) {
        pending.withLock { $0 = Pending() }
    }

    // MARK: Resolving rowids

    /// Rowids are looked up in batches of one of these sizes, the last batch padded by repeating
    /// its last rowid (harmless in an `IN` list): the connection's statement cache then holds a
    /// handful of statements per query, not one per transaction size.
    private static let batchSizes = [1, 4, 16, 64, 256]

    /// `rowids` cut into batches of ``batchSizes``, padded.
    private static func batches(_ rowids: [Int64]) -> [[Int64]] {
        let largest = batchSizes[batchSizes.count - 1]
        return rowids.chunks(of: largest).map { chunk in
            let size = batchSizes.first { $0 >= chunk.count } ?? largest
            return Array(chunk) + Array(repeating: chunk[chunk.endIndex - 1], count: size - chunk.count)
        }
    }

    private func resolve(_ pending: Pending, db: Database) throws -> StoreChange {
        var change = StoreChange()
        var cids: [String: ChannelId] = [:]
        func channelId(_ text: String) throws -> ChannelId {
            if let cid = cids[text] { return cid }
            let cid = try ChannelId(cid: text)
            cids[text] = cid
            return cid
        }

        var present: [Int64: StoreChange.MessageEvent] = [:]
        for batch in Self.batches(pending.messageOrder) {
            try db.forEachRawRow(
                """
                SELECT m.pk, m.id, m.cid, m.parent_id, m.show_in_channel, m.created_at, m.local_state, m.user_id,
                       m.version + u.version
                FROM message m CROSS JOIN user u ON u.id = m.user_id
                WHERE m.pk IN (\(sqlPlaceholders(batch.count)))
                """,
                arguments: StatementArguments(batch)
            ) { row in
                let pk = row.int64(0)
                let parentId = row.optionalText(3)
                present[pk] = StoreChange.MessageEvent(
                    ref: .init(id: row.text(1), cid: try channelId(row.text(2)), parentId: parentId),
                    kind: .updated,
                    orderKey: MessageOrderKey(createdAt: row.int64(5), sequence: pk),
                    isShownInChannel: parentId == nil || row.bool(4),
                    version: row.int(8),
                    isSynced: row.int(6) == 0,
                    authorId: row.text(7))
            }
        }
        for pk in pending.messageOrder {
            guard let kinds = pending.messageKinds[pk] else { continue }
            let deleted = kinds.first == .delete || kinds.last == .delete
            var removed: StoreChange.MessageRef?
            if deleted, let keys = pending.removedMessages[pk] {
                removed = StoreChange.MessageRef(id: keys.id, cid: try channelId(keys.cid), parentId: keys.parentId)
            }
            if var event = present[pk] {
                if let removed, removed.id != event.ref.id {
                    // The pk was deleted and reused within the transaction.
                    change.messages.append(Self.removal(removed))
                    event.kind = .inserted
                } else {
                    event.kind = kinds.first == .insert ? .inserted : .updated
                }
                change.messages.append(event)
                change.channels.insert(event.ref.cid)
            } else if let removed, kinds.first != .insert {
                change.messages.append(Self.removal(removed))
                change.channels.insert(removed.cid)
            }
            // Inserted and deleted within the transaction: nobody saw it, nothing to say.
        }

        for batch in Self.batches(Array(pending.channelRowids)) {
            try db.forEachRawRow(
                "SELECT cid FROM channel WHERE rowid IN (\(sqlPlaceholders(batch.count)))",
                arguments: StatementArguments(batch)
            ) { row in change.channels.insert(try channelId(row.text(0))) }
        }
        for (rowid, cid) in pending.removedChannels where pending.channelRowids.contains(rowid) {
            change.channels.insert(try channelId(cid))
            change.members.insert(try channelId(cid))
        }
        for cid in pending.touchedChannels { change.channels.insert(try channelId(cid)) }
        for cid in pending.memberChannels { change.members.insert(try channelId(cid)) }

        for batch in Self.batches(Array(pending.userRowids)) {
            try db.forEachRawRow(
                "SELECT id FROM user WHERE rowid IN (\(sqlPlaceholders(batch.count)))",
                arguments: StatementArguments(batch)
            ) { row in change.users.insert(row.text(0)) }
        }
        return change
    }

    private static func removal(_ ref: StoreChange.MessageRef) -> StoreChange.MessageEvent {
        StoreChange.MessageEvent(
            ref: ref, kind: .removed, orderKey: MessageOrderKey(createdAt: 0, sequence: 0), isShownInChannel: false,
            version: 0, isSynced: false, authorId: "")
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements.
    func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
