import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("Server uploads", .timeLimit(.minutes(1)))
struct UploadTests {
    /// A raw upload: its status and body.
    static func upload(
        _ server: ServerHarness, _ bytes: [UInt8], cid: String, name: String, type: String?, as user: String?
    ) async throws -> (status: Int, data: Data) {
        var headers = HTTPFields()
        if let user { headers[.authorization] = "Bearer \(try await server.token(user))" }
        if let type { headers[.contentType] = type }
        let response = try await server.client.executeRequest(
            uri: WirePath.upload(cid: cid, name: name), method: .post, headers: headers, body: ByteBuffer(bytes: bytes))
        return (Int(response.status.code), Data(buffer: response.body))
    }

    static func download(_ server: ServerHarness, _ path: String, as user: String?) async throws -> TestResponse {
        var headers = HTTPFields()
        if let user { headers[.authorization] = "Bearer \(try await server.token(user))" }
        return try await server.client.executeRequest(uri: path, method: .get, headers: headers, body: nil)
    }

    static func error(_ data: Data) throws -> WireError {
        try Wire.decoder().decode(WireErrorResponse.self, from: data).error
    }

    @Test("An upload round-trips: stored once, served to members with its type, length and a safe name")
    func roundTrip() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob", "eve"], channel: "messaging:pics", members: ["bob"])
            let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let (status, data) = try await Self.upload(server, bytes, cid: "messaging:pics", name: "cat.png", type: "image/png", as: "alice")
            #expect(status == 201)
            let stored = try Wire.decoder().decode(UploadResponse.self, from: data)
            #expect(stored.fileName == "cat.png" && stored.mimeType == "image/png" && stored.fileSize == 70_000)
            #expect(stored.path == WirePath.upload(stored.id))

            let fetched = try await Self.download(server, stored.path, as: "bob")
            #expect(fetched.status == .ok)
            #expect(Array(fetched.body.readableBytesView) == bytes)
            #expect(fetched.headers[.contentType] == "image/png")
            #expect(fetched.headers[.contentLength] == "70000")
            #expect(fetched.headers[.contentDisposition] == "attachment; filename=\"cat.png\"")

            // Someone who may not read the channel learns nothing: the same 404 as an unknown id.
            let outsider = try await Self.download(server, stored.path, as: "eve")
            #expect(outsider.status == .notFound)
            #expect(try Self.error(Data(buffer: outsider.body)).code == .uploadNotFound)
            let unknown = try await Self.download(server, WirePath.upload("0000-unknown"), as: "bob")
            #expect(unknown.status == .notFound)
            #expect(try Self.error(Data(buffer: unknown.body)).code == .uploadNotFound)
            #expect(try await Self.download(server, WirePath.upload("..%2F..%2Fetc"), as: "bob").status == .notFound)
        }
    }

    @Test("Uploads and downloads need a valid token (401)")
    func unauthenticated() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice"], channel: "messaging:pics")
            let (status, data) = try await Self.upload(server, [1, 2, 3], cid: "messaging:pics", name: "a.txt", type: "text/plain", as: nil)
            #expect(status == 401)
            #expect(try Self.error(data).code == .unauthorized)
            let (_, stored) = try await Self.upload(server, [1, 2, 3], cid: "messaging:pics", name: "a.txt", type: "text/plain", as: "alice")
            let path = try Wire.decoder().decode(UploadResponse.self, from: stored).path
            #expect(try await Self.download(server, path, as: nil).status == .unauthorized)
        }
    }

    @Test("Limits: a declared length over the limit (413), a chunked body running past it (413), a type off the list (415), uploads disabled (403)")
    func limits() async throws {
        let policy = UploadPolicy(maxBytes: 1_000, allowedMimeTypes: ["image/*", "application/pdf"])
        try await ServerHarness.run(uploads: policy) { server in
            try await server.setUp(users: ["alice"], channel: "messaging:pics")
            let (big, bigData) = try await Self.upload(
                server, Array(repeating: 7, count: 1_001), cid: "messaging:pics", name: "big.png", type: "image/png", as: "alice")
            #expect(big == 413)
            let bigError = try Self.error(bigData)
            #expect(bigError.code == .payloadTooLarge && bigError.limit == 1_000 && bigError.length == 1_001)
            #expect(bigError.message.contains("1000 bytes"))

            let (exact, _) = try await Self.upload(
                server, Array(repeating: 7, count: 1_000), cid: "messaging:pics", name: "ok.png", type: "image/png", as: "alice")
            #expect(exact == 201)

            for type in ["text/html", "application/x-sh", "image", "", "image/png x", "../png"] {
                let (status, data) = try await Self.upload(server, [1], cid: "messaging:pics", name: "x", type: type, as: "alice")
                #expect(status == 415, "\(type)")
                #expect(try Self.error(data).code == .unsupportedMediaType)
            }
            let (untyped, _) = try await Self.upload(server, [1], cid: "messaging:pics", name: "x", type: nil, as: "alice")
            #expect(untyped == 415)
            let (parameters, _) = try await Self.upload(server, [1], cid: "messaging:pics", name: "x.png", type: "Image/PNG; q=1", as: "alice")
            #expect(parameters == 201)

            // A chunked body declares no length: the cap stops it as it streams.
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)" + WirePath.upload(cid: "messaging:pics", name: "s.png"))
            request.method = .POST
            request.headers.add(name: "Authorization", value: "Bearer \(try await server.token("alice"))")
            request.headers.add(name: "Content-Type", value: "image/png")
            let chunks = (0..<8).map { _ in ByteBuffer(bytes: Array(repeating: UInt8(1), count: 400)) }
            request.body = .stream(chunks.async, length: .unknown)
            let streamed = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(streamed.status.code == 413)
            let streamedError = try Self.error(Data(buffer: try await streamed.body.collect(upTo: 1 << 16)))
            #expect(streamedError.code == .payloadTooLarge)

            // A gaming channel's config has no uploads.
            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.channels, as: "alice", body: CreateChannelRequest(cid: "gaming:match"))
            let (disabled, disabledData) = try await Self.upload(server, [1], cid: "gaming:match", name: "x.png", type: "image/png", as: "alice")
            #expect(disabled == 403)
            #expect(try Self.error(disabledData).code == .featureDisabled)
        }
    }

    @Test("File names with ../, NUL, RTL overrides and leading dots are stored sanitized; a missing name or channel is 400")
    func badNames() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice"], channel: "messaging:pics")
            let cases = [
                "../../etc/passwd": "etc_passwd", "a\u{0}b.png": "a_b.png", "evil\u{202E}gnp.exe": "evil_gnp.exe",
                "...hidden": "hidden", "/": "_", "ünï.png": "_n_.png",
            ]
            for (name, expected) in cases {
                let (status, data) = try await Self.upload(server, [1, 2], cid: "messaging:pics", name: name, type: "image/png", as: "alice")
                #expect(status == 201, "\(name)")
                let stored = try Wire.decoder().decode(UploadResponse.self, from: data)
                #expect(stored.fileName.hasSuffix(expected), "\(name) → \(stored.fileName)")
                #expect(!stored.fileName.contains("/") && !stored.fileName.hasPrefix("."))
            }
            let (noName, _) = try await Self.upload(server, [1], cid: "messaging:pics", name: "", type: "image/png", as: "alice")
            #expect(noName == 400)
            let (badChannel, _) = try await Self.upload(server, [1], cid: "nochannel", name: "a.png", type: "image/png", as: "alice")
            #expect(badChannel == 400)
            let (unknownChannel, data) = try await Self.upload(server, [1], cid: "messaging:nope", name: "a.png", type: "image/png", as: "alice")
            #expect(unknownChannel == 404)
            #expect(try Self.error(data).code == .channelNotFound)
        }
    }

    @Test("MIME types are parsed to their essence; families match with type/*")
    func policy() {
        #expect(UploadPolicy.mimeType(of: "Image/PNG; charset=x") == "image/png")
        #expect(UploadPolicy.mimeType(of: "image") == nil)
        #expect(UploadPolicy.mimeType(of: "image/") == nil)
        #expect(UploadPolicy.mimeType(of: "ima ge/png") == nil)
        let policy = UploadPolicy(allowedMimeTypes: ["image/*", "application/pdf"])
        #expect(policy.allows("image/webp") && policy.allows("application/pdf"))
        #expect(!policy.allows("application/zip") && !policy.allows("text/plain"))
    }

    @Test func theDefaultLimitIsTheEmbeddedBackends() {
        // One limit for both backends, so a file refused by one is refused by the other.
        #expect(UploadPolicy().maxBytes == Int(ChatRules.defaultMaxAttachmentSize))
        #expect(Int64(UploadPolicy().maxBytes) == ChatClientConfig(currentUserId: "x").maxAttachmentSize)
    }
}
