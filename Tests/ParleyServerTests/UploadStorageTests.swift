import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// Uploads through every storage engine: the bytes live in the database, so every server process
/// over one PostgreSQL serves every upload.
@Suite("Server upload storage", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct UploadStorageTests {
    typealias Engine = StorageConformanceTests.Engine

    static func record(_ id: String, in cid: ChannelId, bytes: Data) -> UploadRecord {
        UploadRecord(
            id: id, cid: cid, userId: "u", fileName: "a.bin", mimeType: "application/octet-stream", bytes: bytes,
            createdAt: Date.ms(Date().ms))
    }

    static func makeChannel(_ storage: any ServerStorage, _ id: String) async throws -> ChannelId {
        _ = try await storage.write({ tx in
            try tx.insertChannel(StorageConformanceTests.channel(id, at: tx.now))
        }, afterCommit: { _ in })
        return ChannelId(type: .messaging, id: id)
    }

    @Test("Bytes round-trip exactly (every byte value, 3 MB); an unknown id is nil; deleting the channel deletes its uploads", arguments: Engine.allCases)
    func roundTrip(engine: Engine) async throws {
        try await StorageConformanceTests.with(engine) { storage in
            let cid = try await Self.makeChannel(storage, "up")
            let bytes = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 ^ ($0 >> 8)) })
            let record = Self.record("u-1", in: cid, bytes: bytes)
            try await storage.insertUpload(record)
            try await storage.insertUpload(Self.record("u-empty", in: cid, bytes: Data()))
            #expect(try await storage.upload("u-1") == record)
            #expect(try await storage.upload("u-empty")?.bytes.isEmpty == true)
            #expect(try await storage.upload("u-2") == nil)
            await #expect(throws: (any Error).self) { try await storage.insertUpload(record) }
            _ = try await storage.write({ tx in try tx.deleteChannel(cid) }, afterCommit: { _ in })
            #expect(try await storage.upload("u-1") == nil)
        }
    }

    @Test("Two server processes over one PostgreSQL: an upload stored through one is read through the other")
    func sharedAcrossProcesses() async throws {
        let url = try await PostgresCluster.freshTestDatabase()
        let first = try await PostgresServerStorage.open(url: url, poolSize: 2)
        let second = try await PostgresServerStorage.open(url: url, poolSize: 2)
        do {
            let cid = try await Self.makeChannel(first, "shared")
            let record = Self.record("shared-1", in: cid, bytes: Data("bytes from process one".utf8))
            try await first.insertUpload(record)
            #expect(try await second.upload("shared-1") == record)
        } catch {
            await first.close()
            await second.close()
            throw error
        }
        await first.close()
        await second.close()
    }
}
