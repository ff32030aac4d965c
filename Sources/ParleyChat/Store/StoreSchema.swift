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
        return migrator
    }
}
