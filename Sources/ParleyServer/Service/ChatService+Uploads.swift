import Foundation
import ParleyChat
import ParleyProtocol

// Uploads: who may upload to a channel, and who may fetch an upload.
extension ChatService {
    /// The channel an upload goes to, once the actor may upload there: the channel is visible,
    /// its config allows uploads and the actor has the `upload-file` capability.
    func checkUpload(to cid: String, by actorId: UserId) async throws -> ChannelId {
        let cid = try Self.parse(cid)
        try await storage.read { tx in
            let actor = try Self.actor(tx, actorId)
            let (channel, member) = try Self.visibleChannel(tx, cid, actor: actor)
            try Self.rules(channel, member, actor).require(.uploadFile, in: cid)
        }
        return cid
    }

    /// Stores an upload checked by ``checkUpload(to:by:)``.
    func storeUpload(
        _ bytes: Data, fileName: String, mimeType: String, in cid: ChannelId, by actorId: UserId
    ) async throws -> UploadResponse {
        let record = UploadRecord(
            id: UUID().uuidString.lowercased(), cid: cid, userId: actorId, fileName: AttachmentFileName.sanitized(fileName),
            mimeType: mimeType, bytes: bytes, createdAt: Date.ms(Date().ms))
        try await storage.insertUpload(record)
        return UploadResponse(
            id: record.id, path: WirePath.upload(record.id), fileName: record.fileName, mimeType: record.mimeType,
            fileSize: Int64(bytes.count))
    }

    /// The upload `id` when the actor may read its channel; ``Self/uploadNotFound`` otherwise,
    /// exactly as for an id that does not exist.
    func upload(_ id: String, by actorId: UserId) async throws -> UploadRecord {
        guard WirePath.isValidUploadId(id), let record = try await storage.upload(id) else { throw Self.uploadNotFound }
        do {
            try await storage.read { tx in
                let actor = try Self.actor(tx, actorId)
                _ = try Self.visibleChannel(tx, record.cid, actor: actor)
            }
        } catch ChatError.channelNotFound {
            throw Self.uploadNotFound
        }
        return record
    }

    /// The refusal of an unknown upload, or of one in a channel the actor may not read.
    static let uploadNotFound = WireError(code: .uploadNotFound, message: "No such upload.", status: 404)
}
