import AsyncHTTPClient
import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// `kill -9` of the server in the middle of a burst of sends from three clients: after a restart
/// on the same database every message acknowledged to a client is stored exactly once, and the
/// clients' resends of what was in flight duplicate nothing.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct CrashTests {
    static let secret = "crash-test-secret-0123456789abcd"

    /// The server child, started on `database`; its port once it listens.
    static func start(_ database: String) async throws -> (Process, Int) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let url = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("ParleyServerTestChild")
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "missing \(url.path)")
        let process = Process()
        process.executableURL = url
        process.arguments = [database]
        process.environment = ProcessInfo.processInfo.environment.merging([ServerDataDirectory.secretVariable: secret]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let port = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                // Log lines may come first: wait for the one that says "PORT n".
                var text = ""
                var port: Int?
                while port == nil {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                    port = text.split(separator: "\n").first { $0.hasPrefix("PORT ") }.flatMap { Int($0.dropFirst(5)) }
                }
                continuation.resume(returning: port)
            }
        }
        return (process, try #require(port, "the server child reported no port"))
    }

    /// Message ids acknowledged to their sender (id -> sender).
    final class Acknowledged: Sendable {
        let ids = PthreadMutex<[String: String]>([:])
    }

    struct API: Sendable {
        let port: Int
        let tokens: ServerTokens

        /// The status and body, or `nil` when the connection failed (no answer: not acknowledged).
        func call(_ method: String, _ path: String, as user: String, body: (some Encodable & Sendable)? = EmptyResponse?.none) async -> (Int, Data)? {
            do {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
                request.method = .init(rawValue: method)
                request.headers.add(name: "Authorization", value: "Bearer \(try await tokens.sign(userId: user))")
                if let body { request.body = .bytes(try Wire.encoder().encode(body)) }
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
                let buffer = try await response.body.collect(upTo: 16 << 20)
                return (Int(response.status.code), Data(buffer.readableBytesView))
            } catch {
                return nil
            }
        }
    }

    @Test("kill -9 mid-burst: acknowledged messages survive exactly once; resends after restart duplicate nothing")
    func killDuringBurst() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("server.sqlite").path
        let tokens = try await ServerTokens(secret: Array(Self.secret.utf8))
        let users = ["alice", "bob", "carol"]
        let cid = "messaging:crash"

        var (process, port) = try await Self.start(database)
        var api = API(port: port, tokens: tokens)
        for user in users {
            #expect(await api.call("POST", WirePath.users, as: user, body: UpsertUsersRequest(users: [WireUser(id: user, name: user)]))?.0 == 200)
        }
        #expect(await api.call("POST", WirePath.channels, as: "alice", body: CreateChannelRequest(cid: cid, memberIds: ["bob", "carol"]))?.0 == 201)

        // Three clients send in a loop; the server is killed once 150 sends were acknowledged.
        let acknowledged = Acknowledged()
        let perUser = 400
        let firstServer = process.processIdentifier
        let killer = Task {
            while acknowledged.ids.withLock({ $0.count }) < 150 { try await Task.sleep(for: .milliseconds(1)) }
            kill(firstServer, SIGKILL)
        }
        let unacknowledged = await withTaskGroup(of: [(String, String)].self) { group in
            for user in users {
                group.addTask { [api] in
                    // Like an outbox: once a send fails, it and everything after it wait for the restart.
                    for index in 0..<perUser {
                        let id = "\(user)-\(index)"
                        guard let (status, _) = await api.call(
                            "POST", WirePath.channelMessages(cid), as: user, body: SendMessageRequest(id: id, text: "burst \(index)")),
                            status == 200
                        else { return (index..<perUser).map { ("\(user)-\($0)", user) } }
                        acknowledged.ids.withLock { $0[id] = user }
                    }
                    return []
                }
            }
            var lost: [(String, String)] = []
            for await batch in group { lost += batch }
            return lost
        }
        try await killer.value
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let acked = acknowledged.ids.withLock { $0 }
        #expect(acked.count >= 150 && !unacknowledged.isEmpty)

        // Restart on the same file; every client resends all it has no acknowledgement for.
        (process, port) = try await Self.start(database)
        defer { process.terminate(); process.waitUntilExit() }
        api = API(port: port, tokens: tokens)
        for (id, user) in unacknowledged {
            let answer = await api.call("POST", WirePath.channelMessages(cid), as: user, body: SendMessageRequest(id: id, text: "burst"))
            #expect(answer?.0 == 200)
        }
        // And a retry of something acknowledged before the crash answers it without a new event.
        if let (id, user) = acked.first {
            let answer = try #require(await api.call(
                "POST", WirePath.channelMessages(cid), as: user, body: SendMessageRequest(id: id, text: "burst")))
            #expect(try Wire.decoder().decode(WriteResponse.self, from: answer.1).events.isEmpty)
        }

        let (status, data) = try #require(await api.call(
            "POST", WirePath.sync, as: "bob",
            body: SyncRequest(cursors: [ChannelCursor(cid: cid, epoch: nil, seq: 0)])))
        #expect(status == 200)
        let events = try #require(try Wire.decoder().decode(SyncResponse.self, from: data).channels.first).events
        let stored = events.filter { $0.type == .messageNew }.compactMap(\.message?.id)
        #expect(stored.count == users.count * perUser)
        #expect(Set(stored).count == stored.count)
        #expect(Set(acked.keys).isSubset(of: Set(stored)))
        #expect(events.map(\.seq) == Array(1...Int64(events.count)))
    }
}
