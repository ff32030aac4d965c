import Foundation
import Glibc
import GRDB
@testable import ParleyChat
import ParleyChatRemote
import Testing

/// Issue 20's client-side faults: a client killed in the middle of a send, and a network that
/// keeps dropping connections.
@Suite(.serialized) struct RemoteFaultTests {
    let cid = ChannelId(type: .messaging, id: "faults")

    /// A client killed between storing its message and hearing the server's answer resends it on
    /// restart, with the same id: one message on the server, synced on the device. Two moments:
    /// the server stored the message but its answer never came back, and the message never left
    /// the device. The client is a child process killed with SIGKILL, so nothing runs after.
    @Test(.timeLimit(.minutes(1)))
    func aClientKilledMidSendResendsOnRestartWithoutDuplicates() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("alice.sqlite")
        let cid = self.cid
        try await LoopbackServer.run { server in
            let proxy = try LoopbackProxy(targetPort: server.port)
            defer { proxy.stop() }
            let (bob, _) = try await server.client("bob")
            let child = try ChildClient(
                url: proxy.url, token: try await server.tokens.sign(userId: "alice"), user: "alice", database: database.path)
            defer { child.kill() }
            try await child.waitFor("CONNECTED")
            try await bob.createChannel(ChannelCreationRequest(cid: cid, name: "Faults", memberIds: ["alice"]))
            child.say("have \(cid.rawValue)")
            try await child.waitFor("HAVE")

            // The server stores "first"; its answer is swallowed on the way back.
            proxy.mode = .dropResponses
            child.say("send \(cid.rawValue) first")
            try await until("the server stored the first message") { try Self.texts(bob, cid, by: "alice") == ["first"] }
            // "second" is stored on the device; its request goes nowhere.
            proxy.mode = .dropAll
            let dropped = proxy.droppedRequestBytes
            child.say("send \(cid.rawValue) second")
            try await until("the second request left the device") { proxy.droppedRequestBytes > dropped + 100 }

            child.kill()
            proxy.cutAll()
            #expect(try Self.texts(bob, cid, by: "alice") == ["first"])

            // The app starts again on the same file, this time with a working network.
            let (alice, _) = try await server.client("alice", databaseURL: database)
            try await until("both messages are synced on the device and reached bob") {
                try Self.texts(bob, cid, by: "alice") == ["first", "second"]
                    && storeRows(alice, of: cid, .messages).filter { $0.hasPrefix("message ") && !$0.contains("local_state=0") }.isEmpty
            }
            let onDevice = try storeRows(alice, of: cid, .messages)
            let atBob = try storeRows(bob, of: cid, .messages)
            #expect(onDevice == atBob, "\(difference(onDevice, atBob))")
            #expect(onDevice.filter { $0.hasPrefix("message ") && $0.contains("user_id=\"alice\"") }.count == 2)
        }
    }

    /// The network drops 1,000 times at random moments (a proxy between two clients and the
    /// server cuts one of their open connections, socket or HTTP, every few milliseconds) while
    /// both keep writing: afterwards every message is on the server exactly once, synced on its
    /// sender's device, and all three stores (the two and an observer that stayed connected
    /// directly) hold the same rows.
    @Test(.timeLimit(.minutes(3)))
    func aThousandDroppedConnectionsLoseAndDuplicateNothing() async throws {
        let cid = self.cid
        try await LoopbackServer.run(limits: LoopbackServer.unthrottled) { server in
            let proxy = try LoopbackProxy(targetPort: server.port)
            defer { proxy.stop() }
            // A connection cut in the middle of its WebSocket upgrade is given up after 100 ms.
            let (alice, _) = try await server.client(
                "alice", through: proxy, reconnectDelay: .milliseconds(4), handshakeTimeout: .milliseconds(100))
            let (bob, _) = try await server.client(
                "bob", through: proxy, reconnectDelay: .milliseconds(4), handshakeTimeout: .milliseconds(100))
            let (dave, _) = try await server.client("dave")
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Faults", memberIds: ["bob", "dave"]))
            try await until("everyone has the channel") { try bob.channel(cid) != nil && dave.channel(cid) != nil }

            let cuts = 1_000
            let started = ContinuousClock.now
            let cutter = Task {
                while proxy.cuts < cuts {
                    try await Task.sleep(for: .microseconds(Int.random(in: 500...4_000)))
                    proxy.cutRandomConnection()
                }
            }
            async let fromAlice = Self.keepSending(from: alice, in: cid, while: { proxy.cuts < cuts })
            async let fromBob = Self.keepSending(from: bob, in: cid, while: { proxy.cuts < cuts })
            let sent = try await fromAlice + fromBob
            try await cutter.value
            let cutFor = ContinuousClock.now - started

            try await until("every message reached the observer and is synced on its sender", timeout: .seconds(90)) {
                let atDave = Set(try storeRows(dave, of: cid, .messages).filter { $0.hasPrefix("message ") })
                let unsynced = try (storeRows(alice, of: cid, .messages) + storeRows(bob, of: cid, .messages))
                    .filter { $0.hasPrefix("message ") && !$0.contains("local_state=0") }
                return atDave.count >= sent.count && unsynced.isEmpty
            }
            let atDave = try storeRows(dave, of: cid, .messages)
            let atAlice = try storeRows(alice, of: cid, .messages)
            let atBob = try storeRows(bob, of: cid, .messages)
            #expect(atDave.count == sent.count, "each message once: \(atDave.count) rows for \(sent.count) sends")
            #expect(Set(sent).isSubset(of: Set(atDave.compactMap { Self.field("id", of: $0) })))
            #expect(atAlice == atDave, "\(difference(atAlice, atDave))")
            #expect(atBob == atDave, "\(difference(atBob, atDave))")
            #expect(proxy.cuts >= cuts)
            print("network drops: \(proxy.cuts) cuts of \(proxy.accepted) connections in \(cutFor) while \(sent.count) messages were sent; converged \(ContinuousClock.now - started) after the start")
        }
    }

    // MARK: Helpers

    /// Sends a message every 50 to 150 ms while `condition` holds; the ids.
    static func keepSending(from client: ChatClient, in cid: ChannelId, while condition: @Sendable () -> Bool) async throws -> [MessageId] {
        var ids: [MessageId] = []
        while condition() {
            ids.append(try await client.sendMessage("\(client.currentUserId) \(ids.count)", in: cid))
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...150)))
        }
        return ids
    }

    /// The texts of `user`'s messages in `cid` in `client`'s store, oldest first.
    static func texts(_ client: ChatClient, _ cid: ChannelId, by user: UserId) throws -> [String] {
        try client.store.read { db in
            try String.fetchAll(
                db, sql: "SELECT text FROM message WHERE cid = ? AND user_id = ? ORDER BY created_at, pk", arguments: [cid.rawValue, user])
        }
    }

    /// The value of `column` in a line of ``storeRows(_:of:_:)``.
    static func field(_ column: String, of line: String) -> String? {
        line.split(separator: " ").first { $0.hasPrefix("\(column)=") }.map {
            String($0.dropFirst(column.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }
}

/// `ParleyChatRemoteTestChild`: a remote client in a process of its own, to be killed.
final class ChildClient {
    /// What the child printed, filled by a reader thread.
    final class Output: Sendable {
        let text = PthreadMutex("")
    }

    private let process: Process
    private let input: FileHandle
    private let output = Output()

    init(url: URL, token: String, user: String, database: String) throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let binary = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("ParleyChatRemoteTestChild")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "missing \(binary.path)")
        process = Process()
        process.executableURL = binary
        process.arguments = [url.absoluteString, token, user, database]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        input = stdin.fileHandleForWriting
        try process.run()
        let reader = stdout.fileHandleForReading
        Thread.detachNewThread { [output] in
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                output.text.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
    }

    /// Writes a line to the child's stdin.
    func say(_ line: String) {
        input.write(Data((line + "\n").utf8))
    }

    /// Waits until the child printed a line starting with `prefix`.
    func waitFor(_ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await until("the child says \(prefix)", sourceLocation: sourceLocation) {
            output.text.withLock { $0.split(separator: "\n").contains { $0.hasPrefix(prefix) } }
        }
    }

    /// SIGKILL, then waits for the process to end.
    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
