import Foundation
import Hummingbird
import ParleyChat
import ParleyProtocol

/// `POST /v1/uploads` and `GET /v1/uploads/{id}` (see `WireUploads.swift`), behind the same
/// authentication and rate limit as every route.
///
/// An upload is refused in this order, each before reading more of the request: a bad or missing
/// `cid` or `name` (400), a `Content-Type` outside the policy (415), a `Content-Length` above the
/// limit (413), a channel the actor may not upload to (404 / 403); then the body is read as it
/// arrives, straight into one buffer sized by its `Content-Length`, and a body that runs past the
/// limit (chunked, or a lying `Content-Length`) is 413 the moment it does: the answer goes out
/// before the rest is sent, and what follows is discarded unread into memory.
///
/// Memory: an upload of the maximum size costs that buffer (the limit, 20 MB by default) while it
/// is stored, plus the database's own copies during the insert (SQLite copies the bound blob and
/// then assembles the row's record from it; PostgreSQL encodes a `bytea`): measured, a 20 MB
/// upload raised a test server's peak RSS by about 85 MB (an in-memory SQLite database, which
/// also keeps the 20 MB stored), once per upload in flight.
struct UploadRoutes: Sendable {
    let service: ChatService
    let policy: UploadPolicy

    func add(to router: Router<ParleyRequestContext>) {
        let v1 = router.group(RouterPath(Wire.pathPrefix))
        v1.post("uploads") { request, context in
            try await receive(request, by: context.actorId)
        }
        v1.get("uploads/:id") { _, context in
            let raw = try context.parameters.require("id")
            return Self.response(try await service.upload(raw.removingPercentEncoding ?? raw, by: context.actorId))
        }
    }

    func receive(_ request: Request, by actorId: UserId) async throws -> Response {
        let query = request.uri.queryParameters
        guard let cid = query["cid"].map(String.init), !cid.isEmpty else {
            throw WireError.badRequest("An upload names its channel: ?cid=type:id.")
        }
        guard let name = query["name"].map(String.init), !name.isEmpty else {
            throw WireError.badRequest("An upload names its file: ?name=…")
        }
        guard let mimeType = UploadPolicy.mimeType(of: request.headers[.contentType]), policy.allows(mimeType) else {
            throw WireError(
                code: .unsupportedMediaType,
                message: "Uploads of type \(request.headers[.contentType] ?? "(none)") are not accepted.", status: 415)
        }
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > policy.maxBytes {
            throw Self.tooLarge(policy.maxBytes, length: declared)
        }
        let channel = try await service.checkUpload(to: cid, by: actorId)
        let bytes = try await Self.collect(
            request.body, declaredLength: request.headers[.contentLength].flatMap(Int.init), limit: policy.maxBytes)
        let stored = try await service.storeUpload(bytes, fileName: name, mimeType: mimeType, in: channel, by: actorId)
        return try JSONResponses.ok(stored, status: .created)
    }

    /// The body's bytes, read as they arrive into one buffer reserved for `declaredLength` (at most
    /// `limit`; pages the body never fills are never touched); 413 as soon as they pass `limit`,
    /// without waiting for the rest.
    static func collect(_ body: RequestBody, declaredLength: Int?, limit: Int) async throws -> Data {
        var bytes = Data()
        bytes.reserveCapacity(max(0, min(declaredLength ?? 64 << 10, limit)))
        for try await buffer in body {
            guard bytes.count + buffer.readableBytes <= limit else { throw tooLarge(limit, length: nil) }
            buffer.withUnsafeReadableBytes { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    static func tooLarge(_ limit: Int, length: Int?) -> WireError {
        WireError(
            code: .payloadTooLarge, message: "Uploads are limited to \(limit) bytes.", status: 413, length: length, limit: limit)
    }

    /// The upload's bytes with its type, length and (sanitized) name; never sniffed by browsers.
    static func response(_ upload: UploadRecord) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = upload.mimeType
        headers[.contentLength] = "\(upload.bytes.count)"
        headers[.contentDisposition] = "attachment; filename=\"\(upload.fileName)\""
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: upload.bytes)))
    }
}
