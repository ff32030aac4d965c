import GRDB

// The SQLite schema, one migration a step. A step never changes once shipped; a change is a new step.
extension SQLiteServerStorage {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE user (
                    id TEXT PRIMARY KEY, name TEXT NOT NULL, image_url TEXT, avatar_color INTEGER,
                    role TEXT NOT NULL, created_at INTEGER NOT NULL, deleted_at INTEGER);
                CREATE TABLE channel (
                    cid TEXT PRIMARY KEY, name TEXT, image_url TEXT, config TEXT NOT NULL,
                    is_frozen INTEGER NOT NULL, created_by TEXT, created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL, last_message_at INTEGER, epoch TEXT NOT NULL,
                    last_seq INTEGER NOT NULL);
                CREATE TABLE member (
                    cid TEXT NOT NULL REFERENCES channel(cid) ON DELETE CASCADE, user_id TEXT NOT NULL,
                    role TEXT NOT NULL, created_at INTEGER NOT NULL, last_read_at INTEGER,
                    last_read_message_id TEXT, is_muted INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (cid, user_id)) WITHOUT ROWID;
                CREATE INDEX member_by_user ON member(user_id);
                CREATE TABLE message (
                    id TEXT PRIMARY KEY, cid TEXT NOT NULL REFERENCES channel(cid) ON DELETE CASCADE,
                    user_id TEXT NOT NULL, type TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL, text_updated_at INTEGER, deleted_at INTEGER, parent_id TEXT,
                    show_in_channel INTEGER NOT NULL, quoted_id TEXT, mentioned TEXT NOT NULL,
                    attachments TEXT NOT NULL, reply_count INTEGER NOT NULL DEFAULT 0);
                CREATE INDEX message_by_channel ON message(cid, parent_id, created_at, id);
                CREATE TABLE reaction (
                    message_id TEXT NOT NULL REFERENCES message(id) ON DELETE CASCADE, user_id TEXT NOT NULL,
                    type TEXT NOT NULL, score INTEGER NOT NULL, created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL, PRIMARY KEY (message_id, user_id, type)) WITHOUT ROWID;
                CREATE TABLE event (
                    cid TEXT NOT NULL REFERENCES channel(cid) ON DELETE CASCADE, seq INTEGER NOT NULL,
                    payload BLOB NOT NULL, PRIMARY KEY (cid, seq)) WITHOUT ROWID;
                """)
        }
        // The reaction operations applied, by the client's operation id: a retry applies nothing.
        migrator.registerMigration("v2-reaction-operations") { db in
            try db.execute(sql: """
                CREATE TABLE reaction_operation (
                    user_id TEXT NOT NULL, operation_id TEXT NOT NULL,
                    message_id TEXT NOT NULL REFERENCES message(id) ON DELETE CASCADE, created_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, operation_id)) WITHOUT ROWID;
                CREATE INDEX reaction_operation_by_message ON reaction_operation(message_id);
                """)
        }
        // Pruning finds the operations older than the retention through their time.
        migrator.registerMigration("v3-reaction-operations-by-time") { db in
            try db.execute(sql: "CREATE INDEX reaction_operation_by_time ON reaction_operation(created_at)")
        }
        // Uploaded files, bytes included (see ``ServerStorage/insertUpload(_:)``).
        migrator.registerMigration("v4-uploads") { db in
            try db.execute(sql: """
                CREATE TABLE upload (
                    id TEXT PRIMARY KEY, cid TEXT NOT NULL REFERENCES channel(cid) ON DELETE CASCADE,
                    user_id TEXT NOT NULL, file_name TEXT NOT NULL, mime_type TEXT NOT NULL,
                    bytes BLOB NOT NULL, created_at INTEGER NOT NULL);
                CREATE INDEX upload_by_channel ON upload(cid);
                """)
        }
        return migrator
    }()
}
