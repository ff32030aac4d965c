import Foundation
import ParleyChat
import PostgresNIO

// Uploads in PostgreSQL: a row per upload, its bytes a `bytea`, so every process over the
// database serves every upload.
extension PostgresServerStorage {
    func insertUpload(_ upload: UploadRecord) async throws {
        try await client.query(
            """
            INSERT INTO uploads (id, cid, user_id, file_name, mime_type, bytes, created_at)
            VALUES (\(upload.id), \(upload.cid.rawValue), \(upload.userId), \(upload.fileName), \(upload.mimeType),
                    \(upload.bytes), \(upload.createdAt.ms))
            """, logger: logger)
    }

    func upload(_ id: String) async throws -> UploadRecord? {
        let rows = try await client.query(
            "SELECT cid, user_id, file_name, mime_type, bytes, created_at FROM uploads WHERE id = \(id)", logger: logger
        ).decode((String, String, String, String, Data, Int64).self)
        for try await (cid, userId, fileName, mimeType, bytes, createdAt) in rows {
            guard let cid = try? ChannelId(cid: cid) else { return nil }
            return UploadRecord(
                id: id, cid: cid, userId: userId, fileName: fileName, mimeType: mimeType, bytes: bytes,
                createdAt: .ms(createdAt))
        }
        return nil
    }
}
