import AsyncHTTPClient
import Foundation
import Logging
import ParleyProtocol
import PostgresNIO
import Testing
@testable import ParleyServer

/// Two server processes on one PostgreSQL database, clients spread over both.
@Suite("PostgreSQL: two server processes", .serialized, .timeLimit(.minutes(2)), .postgresWatchdog(seconds: 150))
struct PostgresFanoutTests {
    /// Two server processes on one database, `users` (all members of `cid`) each with a socket
    /// subscribed to it on process `index % 2`.
    struct Pair {
        let ports: [Int]
        let url: String
        let api: [CrashTests.API]
        let sockets: [RawSocket]
        let tokens: ServerTokens
        /// The two server children (index = port index).
        let processes: [Process]
    }

    /// Two `ParleyServerTestChild` processes on a fresh database (of `cluster`, or the shared
    /// one); stopped after `body`.
    static func withPair(
        users: [String], cid: String, cluster: PostgresCluster? = nil, _ body: (Pair) async throws -> Void
    ) async throws {
        let url = try await PostgresCluster.offPool { try cluster?.createDatabase() ?? PostgresCluster.freshDatabase() }
        var processes: [Process] = []
        defer { for process in processes { stopChild(process) } }
        var ports: [Int] = []
        for _ in 0..<2 {
            let (process, port) = try await CrashTests.start(url)
            processes.append(process)
            ports.append(port)
        }
        let tokens = try await ServerTokens(secret: Array(CrashTests.secret.utf8))
        let api = ports.map { CrashTests.API(port: $0, tokens: tokens) }
        try await setUp(api, users: users, cid: cid)
        let sockets = try await connect(ports, tokens: tokens, users: users, cid: cid)
        try await body(Pair(ports: ports, url: url, api: api, sockets: sockets, tokens: tokens, processes: processes))
        for socket in sockets { await socket.close() }
    }

    /// SIGTERM (the server drains), then SIGKILL if it is still there after 10 s. Never blocks
    /// longer: Foundation's `waitUntilExit` sometimes never returned in the test process (the
    /// child had exited and was not reaped), so this polls `/proc` instead.
    static func stopChild(_ process: Process) {
        let pid = process.processIdentifier
        guard pid > 0 else { return }
        func gone() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            // The state follows the command name in parentheses: Z is an exited, unreaped child.
            return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
        }
        if gone() { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while !gone() && Date() < deadline { usleep(20_000) }
        if !gone() { kill(pid, SIGKILL) }
    }

    static func get(_ port: Int, _ path: String) async throws -> (Int, String) {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"), timeout: .seconds(5))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), String(decoding: body.readableBytesView, as: UTF8.self))
    }

    /// Users `u0…u{count-1}`, all members of `cid` (created by u0 through the first process).
    static func setUp(_ api: [CrashTests.API], users: [String], cid: String) async throws {
        for (index, user) in users.enumerated() {
            let answer = await api[index % 2].call(
                "POST", WirePath.users, as: user, body: UpsertUsersRequest(users: [WireUser(id: user, name: user)]))
            try #require(answer?.0 == 200, "user \(user): \(answer.map { String(decoding: $0.1, as: UTF8.self) } ?? "no answer")")
        }
        let created = await api[0].call(
            "POST", WirePath.channels, as: users[0], body: CreateChannelRequest(cid: cid, memberIds: Array(users.dropFirst())))
        try #require(created?.0 == 201)
    }

    /// Every user's socket on process `index % 2`, subscribed to `cid`.
    static func connect(_ ports: [Int], tokens: ServerTokens, users: [String], cid: String) async throws -> [RawSocket] {
        var sockets: [RawSocket] = []
        for (index, user) in users.enumerated() {
            let socket = try await RawSocket.connect(port: ports[index % 2], token: try await tokens.sign(userId: user))
            try socket.send(.subscribe(SubscribeFrame(cids: [cid])))
            try await socket.waitFor("subscribed") { $0 == .subscribed(SubscribedFrame(cids: [cid], refused: [])) }
            sockets.append(socket)
        }
        return sockets
    }

    /// Waits until every socket has `count` `message.new` events of `cid`, then checks each
    /// received every sent id exactly once, in gapless sequence order.
    static func expectDelivered(
        _ sockets: [RawSocket], cid: String, ids: Set<String>, timeout: Duration = .seconds(30),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        func messages(_ socket: RawSocket) -> [ParleyProtocol.ChannelEvent] {
            socket.events.filter { $0.cid == cid && $0.type == .messageNew }
        }
        while ContinuousClock.now < deadline, sockets.contains(where: { messages($0).count < ids.count }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        for (index, socket) in sockets.enumerated() {
            let events = socket.events.filter { $0.cid == cid }
            let received = messages(socket).compactMap(\.message?.id)
            #expect(received.count == ids.count, "socket \(index): \(received.count) of \(ids.count)", sourceLocation: sourceLocation)
            #expect(Set(received) == ids, "socket \(index)", sourceLocation: sourceLocation)
            let seqs = events.map(\.seq)
            #expect(seqs == Array(seqs.sorted()) && Set(seqs).count == seqs.count, "socket \(index) out of order", sourceLocation: sourceLocation)
            if let first = seqs.first {
                #expect(seqs == Array(first..<(first + Int64(seqs.count))), "socket \(index) has gaps", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Clients on two processes: every message reaches every member exactly once, in sequence order")
    func twoProcesses() async throws {
        let users = (0..<6).map { "u\($0)" }
        let cid = "messaging:pair"
        try await Self.withPair(users: users, cid: cid) { pair in
            let api = pair.api
            let perUser = 15
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, user) in users.enumerated() {
                    group.addTask {
                        for n in 0..<perUser {
                            let answer = await api[index % 2].call(
                                "POST", WirePath.channelMessages(cid), as: user,
                                body: SendMessageRequest(id: "\(user)-\(n)", text: "hello \(n) from \(user)"))
                            #expect(answer?.0 == 200)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let ids = Set(users.flatMap { user in (0..<perUser).map { "\(user)-\($0)" } })
            try await Self.expectDelivered(pair.sockets, cid: cid, ids: ids)

            // Operations: both processes are live and ready, and export their metrics.
            for port in pair.ports {
                #expect(try await Self.get(port, "/health/live").0 == 200)
                #expect(try await Self.get(port, "/health/ready").0 == 200)
                let (status, metrics) = try await Self.get(port, "/metrics")
                #expect(status == 200)
                #expect(metrics.contains("parley_connections 3"), "\(metrics)")
                #expect(metrics.contains("parley_db_write_seconds"))
            }
        }
    }

    @Test("LISTEN connections cut mid-burst: the catch-up read delivers what their notifications missed")
    func listenDropped() async throws {
        let users = (0..<4).map { "l\($0)" }
        let cid = "messaging:listen"
        try await Self.withPair(users: users, cid: cid) { pair in
            let api = pair.api
            let settings = try PostgresSettings(url: pair.url)
            let admin = try await PostgresConnection.connect(
                configuration: settings.connectionConfiguration, id: 1, logger: Logger(label: "parley.test"))
            var ids: Set<String> = []
            for round in 0..<4 {
                if round % 2 == 1 {
                    // Cut every LISTEN connection (the servers reconnect and catch up).
                    try await admin.query("""
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()
                        """, logger: Logger(label: "parley.test"))
                }
                for (index, user) in users.enumerated() {
                    let id = "\(user)-\(round)"
                    let answer = await api[index % 2].call(
                        "POST", WirePath.channelMessages(cid), as: user, body: SendMessageRequest(id: id, text: id))
                    #expect(answer?.0 == 200)
                    ids.insert(id)
                }
            }
            try await Self.expectDelivered(pair.sockets, cid: cid, ids: ids)
            try await admin.close()
        }
    }
}
