import Foundation
import GRDB
import Testing
@testable import ParleyChat

/// A process that sends 1,000 messages is killed with SIGKILL midway. Every message it reported as
/// sent must be in the store after a restart, and nothing may be duplicated, even after the
/// restarted writer resends what was in flight and finishes the job.
@Suite(.serialized) struct DurabilityTests {
    struct ChildRun: Sendable {
        var sent: [(id: String, number: Int)]
        var killed: Bool
        var status: Int32
        var signalled: Bool
    }

    /// The child executable, built next to the test binary.
    static func childURL() throws -> URL {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let url = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("ParleyChatDurabilityChild")
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "missing \(url.path)")
        return url
    }

    /// Runs the child; with `killAfter`, sends it SIGKILL once it reported that many messages.
    static func runChild(_ arguments: [String], killAfter: Int?) async throws -> ChildRun {
        let process = Process()
        process.executableURL = try childURL()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var buffer = Data()
                var run = ChildRun(sent: [], killed: false, status: 0, signalled: false)
                while true {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                        buffer.removeSubrange(buffer.startIndex...newline)
                        let parts = line.split(separator: " ")
                        if parts.count == 3, parts[0] == "SENT", let number = Int(parts[2]) {
                            run.sent.append((String(parts[1]), number))
                        }
                    }
                    if let killAfter, !run.killed, run.sent.count >= killAfter {
                        kill(process.processIdentifier, SIGKILL)
                        run.killed = true
                    }
                }
                process.waitUntilExit()
                run.status = process.terminationStatus
                run.signalled = process.terminationReason == .uncaughtSignal
                continuation.resume(returning: run)
            }
        }
    }

    @Test func killedMidwayLosesNothingReportedAndDuplicatesNothing() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("durability.sqlite")
        let total = 1000

        let first = try await Self.runChild([database.path, "\(total)"], killAfter: 300)
        #expect(first.killed && first.signalled && first.status == SIGKILL, "the child must die by SIGKILL, midway")
        #expect(first.sent.count >= 300 && first.sent.count < total)

        // Restart: everything reported is there, once, and the file is sound.
        let client = try makeClient("writer", url: database, clock: ManualChatClock(now: Date()))
        for (id, number) in first.sent {
            let message = try #require(try client.message(id: id), "reported message \(number) is missing")
            #expect(message.text == "durable #\(number)")
            #expect(message.localState == .synced)
        }
        let (integrity, duplicates) = try client.reader { reader in
            (try String.fetchOne(reader.db, sql: "PRAGMA integrity_check"),
             try Int.fetchOne(reader.db, sql: "SELECT count(*) FROM (SELECT text FROM message GROUP BY text HAVING count(*) > 1)"))
        }
        #expect(integrity == "ok")
        #expect(duplicates == 0)
        #expect(try storeViolations(client) == [])

        // The restarted writer resends what was in flight and finishes: exactly 1,000, once each.
        let second = try await Self.runChild([database.path, "\(total)", "resume"], killAfter: nil)
        #expect(second.status == 0 && !second.signalled)
        let texts = try client.reader { try String.fetchAll($0.db, sql: "SELECT text FROM message WHERE type = 'regular'") }
        #expect(texts.count == total)
        #expect(Set(texts) == Set((0..<total).map { "durable #\($0)" }))
        #expect(Set(first.sent.map(\.id)).isSubset(of: Set(try client.reader {
            try String.fetchAll($0.db, sql: "SELECT id FROM message")
        })))
        #expect(try storeViolations(client) == [])
    }
}
