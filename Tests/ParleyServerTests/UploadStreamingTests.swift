import AsyncHTTPClient
import Foundation
import NIOCore
import ParleyProtocol
import Testing
@testable import ParleyServer

/// The upload endpoint reads a body as it arrives: the cap is enforced byte by byte, and a body
/// sent in chunks without a length is stored exactly.
@Suite("Server uploads, streamed", .timeLimit(.minutes(1)))
struct UploadStreamingTests {
    /// A chunked upload of `chunks` to `messaging:pics` as alice, without a declared length.
    static func request(_ server: ServerHarness, name: String, chunks: AsyncStream<ByteBuffer>) async throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)" + WirePath.upload(cid: "messaging:pics", name: name))
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(try await server.token("alice"))")
        request.headers.add(name: "Content-Type", value: "image/png")
        request.body = .stream(chunks, length: .unknown)
        return request
    }

    @Test("A client that sends the header and the first chunks past the cap, then stalls, gets 413 at once")
    func refusedBeforeTheBodyEnds() async throws {
        try await ServerHarness.run(uploads: UploadPolicy(maxBytes: 1_000)) { server in
            try await server.setUp(users: ["alice"], channel: "messaging:pics")
            let (chunks, feed) = AsyncStream.makeStream(of: ByteBuffer.self)
            defer { feed.finish() }
            // 1,200 bytes sent, and the body never ends: a server waiting for the rest never answers.
            for _ in 0..<3 { feed.yield(ByteBuffer(bytes: Array(repeating: UInt8(1), count: 400))) }
            let start = ContinuousClock.now
            let response = try await HTTPClient.shared.execute(try await Self.request(server, name: "s.png", chunks: chunks), timeout: .seconds(5))
            #expect(response.status.code == 413)
            #expect(ContinuousClock.now - start < .seconds(3))
            let error = try Wire.decoder().decode(WireErrorResponse.self, from: Data(buffer: try await response.body.collect(upTo: 1 << 16))).error
            #expect(error.code == .payloadTooLarge && error.limit == 1_000)
        }
    }

    @Test("A chunked upload of odd-sized pieces round-trips byte for byte")
    func streamedRoundTrip() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice"], channel: "messaging:pics")
            let bytes = (0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
            let (chunks, feed) = AsyncStream.makeStream(of: ByteBuffer.self)
            var offset = 0
            for size in [1, 4_095, 65_536, 100_000, 130_369] {
                feed.yield(ByteBuffer(bytes: bytes[offset..<(offset + size)]))
                offset += size
            }
            feed.finish()
            #expect(offset == bytes.count)
            let response = try await HTTPClient.shared.execute(try await Self.request(server, name: "big.png", chunks: chunks), timeout: .seconds(10))
            #expect(response.status.code == 201)
            let stored = try Wire.decoder().decode(UploadResponse.self, from: Data(buffer: try await response.body.collect(upTo: 1 << 16)))
            #expect(stored.fileSize == Int64(bytes.count))
            let fetched = try await UploadTests.download(server, stored.path, as: "alice")
            let same = Array(fetched.body.readableBytesView) == bytes
            #expect(same, "the stored bytes differ from the sent ones")
        }
    }
}
