import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyChat
import ParleyProtocol

// Files over HTTP: uploads streamed from disk, downloads streamed to disk, both with progress.
extension HTTPTransport {
    /// How much of a file is read or written at once.
    static let fileChunkBytes = 64 * 1024

    /// Uploads the file at `file` to channel `cid` as `name` of `mimeType`, reading it in chunks
    /// and reporting the fraction sent to `progress` as the server takes it.
    func upload(
        _ file: URL, name: String, mimeType: String, cid: ChannelId, progress: @escaping @Sendable (Double) -> Void
    ) async throws(ChatError) -> UploadResponse {
        guard let size = AnyAttachmentPayload.fileSize(atPath: file.path), let handle = try? FileHandle(forReadingFrom: file) else {
            throw ChatError.attachmentFileMissing(file)
        }
        defer { try? handle.close() }
        var request = uploadRequest(name: name, mimeType: mimeType, cid: cid)
        let chunks = FileChunks(handle: handle, size: size, progress: progress)
        request.body = .stream(chunks, length: .known(size))
        let (status, data) = try await perform(request, timeout: .seconds(max(60, size / (256 * 1024))), uploadSize: size)
        if status == 413, let failure = try? Wire.decoder().decode(WireErrorResponse.self, from: data),
           failure.error.code == .payloadTooLarge, let limit = failure.error.limit {
            throw ChatError.attachmentTooLarge(fileName: name, size: size, limit: Int64(limit))
        }
        return try decodeAnswer(UploadResponse.self, status: status, data: data, path: WirePath.uploads)
    }

    /// `POST /v1/uploads` of a file `name` of `mimeType` to `cid`, without its body yet.
    func uploadRequest(name: String, mimeType: String, cid: ChannelId) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: baseURL + WirePath.upload(cid: cid.rawValue, name: name))
        request.method = .POST
        authorize(&request)
        request.headers.add(name: "Content-Type", value: mimeType)
        return request
    }

    /// The server's answer to upload `request` sent again with its body held back: the server
    /// refuses an upload (too large, a type it does not take, a channel it may not go to) from its
    /// headers and answers while the body is still streaming, and AsyncHTTPClient can then fail
    /// the request (`bodyLengthMismatch`) instead of handing over that answer. Sent without a
    /// byte of body, the refusal arrives first; a server that waits for the body instead (it
    /// would take it) gives `nil` after 5 seconds, as does one that cannot be reached.
    func refusalBeforeBody(_ request: HTTPClientRequest, size: Int64) async -> (Int, Data)? {
        var probe = request
        probe.body = .stream(HeldBackBody(), length: .known(size))
        do {
            let response = try await client.execute(probe, timeout: .seconds(5))
            guard response.status.code >= 300 else { return nil }
            let buffer = try await response.body.collect(upTo: Self.maxResponseBytes)
            return (Int(response.status.code), Data(buffer.readableBytesView))
        } catch {
            return nil
        }
    }

    /// Downloads `path` (an upload's `/v1/uploads/{id}`) into `target`, refusing more than
    /// `maxBytes`; reports the fraction received to `progress`. Returns the file name the server
    /// gave (from `Content-Disposition`, if any).
    func download(
        _ path: String, to target: URL, maxBytes: Int, progress: @escaping @Sendable (Double) -> Void
    ) async throws(ChatError) -> String? {
        var request = HTTPClientRequest(url: baseURL + path)
        authorize(&request)
        do {
            let response = try await client.execute(request, timeout: timeout)
            let status = Int(response.status.code)
            guard (200..<300).contains(status) else {
                let data = Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
                throw decodeFailure(status: status, data: data)
            }
            let expected = response.headers.first(name: "Content-Length").flatMap(Int.init)
            if let expected, expected > maxBytes {
                throw ChatError.serverError(code: "payload_too_large", message: "the attachment is larger than \(maxBytes) bytes")
            }
            guard FileManager.default.createFile(atPath: target.path, contents: nil),
                  let handle = try? FileHandle(forWritingTo: target)
            else { throw ChatError.readOnlyStorage(reason: "cannot write the attachment cache at \(target.path)") }
            defer { try? handle.close() }
            var received = 0
            for try await chunk in response.body {
                received += chunk.readableBytes
                guard received <= maxBytes else {
                    throw ChatError.serverError(code: "payload_too_large", message: "the attachment is larger than \(maxBytes) bytes")
                }
                try handle.write(contentsOf: Data(chunk.readableBytesView))
                if let expected, expected > 0 { progress(min(1, Double(received) / Double(expected))) }
            }
            progress(1)
            return response.headers.first(name: "Content-Disposition").flatMap(Self.fileName(inDisposition:))
        } catch let error as ChatError {
            throw error
        } catch {
            throw ChatError.notConnected(reason: String(describing: error))
        }
    }

    /// The `filename="…"` of a `Content-Disposition` header.
    static func fileName(inDisposition header: String) -> String? {
        guard let range = header.range(of: "filename=\"") else { return nil }
        let rest = header[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let name = String(rest[..<end])
        return name.isEmpty ? nil : name
    }
}

/// A file read in chunks as the request body streams, reporting how much was read.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let handle: FileHandle
    let size: Int64
    let progress: @Sendable (Double) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: FileChunks
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let data = try chunks.handle.read(upToCount: HTTPTransport.fileChunkBytes), !data.isEmpty else {
                chunks.progress(1)
                return nil
            }
            sent += Int64(data.count)
            chunks.progress(chunks.size > 0 ? Swift.min(1, Double(sent) / Double(chunks.size)) : 1)
            return ByteBuffer(bytes: data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: self) }
}

/// A request body that sends nothing: its first part waits (10 seconds at most, then it fails),
/// so only the headers reach the server (``HTTPTransport/refusalBeforeBody(_:size:)``).
struct HeldBackBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    struct AsyncIterator: AsyncIteratorProtocol {
        mutating func next() async throws -> ByteBuffer? {
            try await Task.sleep(for: .seconds(10))
            throw CancellationError()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
