import Foundation
import GRDB

/// The database schema, as GRDB migrations. Never edit a shipped migration: add a new one.
///
/// Invariants the writes keep (checked by `StoreConsistency` in tests):
/// - `reaction_aggregate` holds, per (message, type), the sum of scores, the number of rows, the
///   first `created_at` and the last `updated_at` of `reaction`; no row when there are none.
/// - `message.reply_count` is the number of messages whose `parent_id` is that message.
/// - `channel.last_message_at` is the newest `created_at` of the channel's synced messages shown
///   in the channel (thread-only replies excluded).
/// - `channel.member_count` is the number of `member` rows of the channel.
/// - `member.unread_messages` counts other users' synced, non-deleted, non-system messages shown
///   in the channel after `member.last_read_at`, when the channel's read events are enabled.
/// - `message_fts` indexes `message.text` for every row (external content): inserts index
///   explicitly, updates and deletes through triggers.
/// - `message.version` grows with every write that changes what the message shows: any update of
///   its row, any change of its reactions, and any move of a member's read state past it (its
///   `readBy`). `user.version` grows with every update of the user row. Triggers keep both, so a
///   writer cannot forget them; ``ChatMessage/version`` is their sum (see `StoreColumns`). The
///   one exception is `version_bump_pause`: a bulk import of fresh rows sets it inside its own
///   transaction (so no other connection ever sees it set) to skip bumps nobody can observe.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE user (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    image_url TEXT,
                    avatar_color INTEGER NOT NULL,
                    role TEXT NOT NULL,
                    is_online INTEGER NOT NULL DEFAULT 0,
                    last_active_at INTEGER,
                    created_at INTEGER NOT NULL
                );

                CREATE TABLE channel (
                    cid TEXT PRIMARY KEY NOT NULL,
                    type TEXT NOT NULL,
                    name TEXT,
                    image_url TEXT,
                    created_by TEXT REFERENCES user(id),
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    last_message_at INTEGER,
                    is_frozen INTEGER NOT NULL DEFAULT 0,
                    config TEXT NOT NULL,
                    member_count INTEGER NOT NULL DEFAULT 0
                );

                CREATE TABLE member (
                    cid TEXT NOT NULL REFERENCES channel(cid) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    role TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_read_at INTEGER,
                    last_read_message_id TEXT,
                    unread_messages INTEGER NOT NULL DEFAULT 0,
                    unread_mentions INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (cid, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX member_by_user ON member(user_id);
                CREATE INDEX member_by_join ON member(cid, created_at);

                -- pk orders rows by insertion; id is the public, client-generated id.
                CREATE TABLE message (
                    pk INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    cid TEXT NOT NULL REFERENCES channel(cid) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    text TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES user(id),
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    text_updated_at INTEGER,
                    deleted_at INTEGER,
                    parent_id TEXT,
                    reply_count INTEGER NOT NULL DEFAULT 0,
                    show_in_channel INTEGER NOT NULL DEFAULT 0,
                    quoted_id TEXT,
                    mentioned TEXT,
                    attachments TEXT,
                    local_state INTEGER NOT NULL DEFAULT 0
                );
                -- The channel's message list: every page query of a channel walks this index,
                -- so a page around any message of a 1,000,000-message channel is a few B-tree
                -- steps. The WHERE clause must appear verbatim in queries that use it.
                CREATE INDEX message_in_channel ON message(cid, created_at)
                    WHERE parent_id IS NULL OR show_in_channel = 1;
                CREATE INDEX message_in_thread ON message(parent_id, created_at)
                    WHERE parent_id IS NOT NULL;
                -- Unsent messages of a user, found again after a restart.
                CREATE INDEX message_unsent ON message(user_id) WHERE local_state <> 0;

                CREATE TABLE reaction (
                    message_id TEXT NOT NULL REFERENCES message(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES user(id),
                    score INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    PRIMARY KEY (message_id, type, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX reaction_by_user ON reaction(user_id, message_id);
                CREATE INDEX reaction_latest ON reaction(message_id, updated_at);

                CREATE TABLE reaction_aggregate (
                    message_id TEXT NOT NULL REFERENCES message(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    score INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    first_at INTEGER NOT NULL,
                    last_at INTEGER NOT NULL,
                    PRIMARY KEY (message_id, type)
                ) WITHOUT ROWID;

                CREATE TABLE typing (
                    cid TEXT NOT NULL REFERENCES channel(cid) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES user(id),
                    parent_id TEXT,
                    expires_at INTEGER NOT NULL,
                    PRIMARY KEY (cid, user_id)
                ) WITHOUT ROWID;

                CREATE VIRTUAL TABLE message_fts USING fts5(
                    text, content='message', content_rowid='pk',
                    tokenize='unicode61 remove_diacritics 2'
                );
                -- No INSERT trigger: a trigger runs in a statement savepoint, and FTS5 flushes its
                -- pending terms at every savepoint, writing one index segment per message (4-5x
                -- slower bulk inserts). Writers insert into message_fts themselves, right after
                -- the message row (StoreWriter.insertMessageRow, BulkWriter.insertMessage).
                CREATE TRIGGER message_fts_delete AFTER DELETE ON message BEGIN
                    INSERT INTO message_fts(message_fts, rowid, text) VALUES ('delete', old.pk, old.text);
                END;
                CREATE TRIGGER message_fts_update AFTER UPDATE OF text ON message BEGIN
                    INSERT INTO message_fts(message_fts, rowid, text) VALUES ('delete', old.pk, old.text);
                    INSERT INTO message_fts(rowid, text) VALUES (new.pk, new.text);
                END;
                """)
        }
        migrator.registerMigration("v2-versions") { db in
            try db.execute(sql: versionsMigration)
        }
        migrator.registerMigration("v3-member-muted") { db in
            // Whether the member muted the channel (ChatChannel.isMuted for the viewer).
            try db.execute(sql: "ALTER TABLE member ADD COLUMN muted INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v4-sync-cursors") { db in
            // Where the store stands in each channel's event stream on a server (remote
            // backends only): the highest sequence applied, within the stream's epoch.
            try db.execute(sql: """
                CREATE TABLE sync_cursor (
                    cid TEXT PRIMARY KEY NOT NULL,
                    epoch TEXT NOT NULL,
                    sequence INTEGER NOT NULL
                ) WITHOUT ROWID
                """)
        }
        migrator.registerMigration("v5-reaction-outbox") { db in
            // Reaction operations waiting for a server (remote backends only), oldest first by
            // rowid; each keeps the operation id it is sent with on every retry.
            try db.execute(sql: """
                CREATE TABLE reaction_outbox (
                    operation_id TEXT NOT NULL UNIQUE,
                    message_id TEXT NOT NULL,
                    type TEXT NOT NULL,
                    score INTEGER NOT NULL,
                    enforce_unique INTEGER NOT NULL,
                    is_removal INTEGER NOT NULL
                )
                """)
        }
        migrator.registerMigration("v6-reaction-outbox-queued-at") { db in
            // When each operation was queued (ms since 1970): one older than the server
            // remembers operation ids is dropped rather than retried. Operations queued before
            // this step count from now.
            try db.execute(sql: "ALTER TABLE reaction_outbox ADD COLUMN queued_at INTEGER NOT NULL DEFAULT 0")
            try db.execute(
                sql: "UPDATE reaction_outbox SET queued_at = ?",
                arguments: [Int64((Date().timeIntervalSince1970 * 1000).rounded())])
        }
        return migrator
    }

    /// Runs `body` with the version triggers paused, for bulk imports of rows no one has seen yet
    /// (demo data). Must run inside the caller's transaction: the pause is set and cleared in it,
    /// so no other connection and no later transaction ever sees it set.
    static func withVersionBumpsPaused<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        precondition(db.isInsideTransaction, "pause version bumps inside a transaction only")
        try db.execute(sql: "UPDATE version_bump_pause SET paused = 1")
        let result = try body()
        try db.execute(sql: "UPDATE version_bump_pause SET paused = 0")
        return result
    }

    /// Row versions (see the invariants above) and the triggers that keep them.
    ///
    /// Why triggers rather than `version = version + 1` in each writer: reaction rows live in
    /// another table and read states in a third, and a raw SQL write must bump them too.
    /// `message_version` fires after any update that left `version` alone, so a statement that
    /// bumps it itself (the reaction and read-state triggers) is counted once. Recursive triggers
    /// are off (SQLite's default), so its own update does not fire it again.
    ///
    /// Read states: a message's `readBy` lists the members whose `last_read_at` is at or after it,
    /// so moving a read state from `old` to `new` changes exactly the messages of the channel
    /// created in (old, new]; joining or leaving changes those up to the member's read state
    /// (every message of the channel for a new member: a cost paid once per join, on purpose).
    /// Thread-only replies have their own partial index for these ranges, so each range is two
    /// index walks, never a scan.
    static let versionsMigration = """
        ALTER TABLE message ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE user ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX message_thread_only ON message(cid, created_at) WHERE parent_id IS NOT NULL AND show_in_channel = 0;

        CREATE TABLE version_bump_pause (paused INTEGER NOT NULL);
        INSERT INTO version_bump_pause (paused) VALUES (0);

        CREATE TRIGGER message_version AFTER UPDATE ON message WHEN new.version = old.version BEGIN
            UPDATE message SET version = old.version + 1 WHERE pk = new.pk;
        END;
        CREATE TRIGGER user_version AFTER UPDATE ON user WHEN new.version = old.version BEGIN
            UPDATE user SET version = old.version + 1 WHERE rowid = new.rowid;
        END;

        CREATE TRIGGER reaction_insert_version AFTER INSERT ON reaction
        WHEN (SELECT paused FROM version_bump_pause) = 0 BEGIN
            UPDATE message SET version = version + 1 WHERE id = new.message_id;
        END;
        CREATE TRIGGER reaction_update_version AFTER UPDATE ON reaction
        WHEN (SELECT paused FROM version_bump_pause) = 0 BEGIN
            UPDATE message SET version = version + 1 WHERE id IN (old.message_id, new.message_id);
        END;
        CREATE TRIGGER reaction_delete_version AFTER DELETE ON reaction
        WHEN (SELECT paused FROM version_bump_pause) = 0 BEGIN
            UPDATE message SET version = version + 1 WHERE id = old.message_id;
        END;

        CREATE TRIGGER member_read_version AFTER UPDATE OF last_read_at ON member
        WHEN new.last_read_at IS NOT old.last_read_at AND (SELECT paused FROM version_bump_pause) = 0 BEGIN
            UPDATE message SET version = version + 1
            WHERE cid = new.cid AND (parent_id IS NULL OR show_in_channel = 1)
              AND created_at > min(coalesce(old.last_read_at, -1), coalesce(new.last_read_at, -1))
              AND created_at <= max(coalesce(old.last_read_at, -1), coalesce(new.last_read_at, -1));
            UPDATE message SET version = version + 1
            WHERE cid = new.cid AND parent_id IS NOT NULL AND show_in_channel = 0
              AND created_at > min(coalesce(old.last_read_at, -1), coalesce(new.last_read_at, -1))
              AND created_at <= max(coalesce(old.last_read_at, -1), coalesce(new.last_read_at, -1));
        END;
        CREATE TRIGGER member_insert_version AFTER INSERT ON member
        WHEN new.last_read_at IS NOT NULL AND (SELECT paused FROM version_bump_pause) = 0 BEGIN
            UPDATE message SET version = version + 1
            WHERE cid = new.cid AND (parent_id IS NULL OR show_in_channel = 1) AND created_at <= new.last_read_at;
            UPDATE message SET version = version + 1
            WHERE cid = new.cid AND parent_id IS NOT NULL AND show_in_channel = 0 AND created_at <= new.last_read_at;
        END;
        CREATE TRIGGER member_delete_version AFTER DELETE ON member
        WHEN old.last_read_at IS NOT NULL AND (SELECT paused FROM version_bump_pause) = 0 BEGIN
            UPDATE message SET version = version + 1
            WHERE cid = old.cid AND (parent_id IS NULL OR show_in_channel = 1) AND created_at <= old.last_read_at;
            UPDATE message SET version = version + 1
            WHERE cid = old.cid AND parent_id IS NOT NULL AND show_in_channel = 0 AND created_at <= old.last_read_at;
        END;
        """
}
