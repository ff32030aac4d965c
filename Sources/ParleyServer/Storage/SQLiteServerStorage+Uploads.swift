import Foundation
import GRDB
import ParleyChat

// Uploads in the SQLite file: a row per upload, its bytes a BLOB.
extension SQLiteServerStorage {
    func insertUpload(_ upload: UploadRecord) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO upload (id, cid, user_id, file_name, mime_type, bytes, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    upload.id, upload.cid.rawValue, upload.userId, upload.fileName, upload.mimeType, upload.bytes,
                    upload.createdAt.ms,
                ])
        }
    }

    func upload(_ id: String) async throws -> UploadRecord? {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM upload WHERE id = ?", arguments: [id]),
                  let cid = try? ChannelId(cid: row["cid"])
            else { return nil }
            return UploadRecord(
                id: row["id"], cid: cid, userId: row["user_id"], fileName: row["file_name"], mimeType: row["mime_type"],
                bytes: row["bytes"], createdAt: .ms(row["created_at"]))
        }
    }
}
