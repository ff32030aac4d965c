import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// Faults under a small burst of sends: PostgreSQL restarted, one of two server processes killed.
/// (A lost `LISTEN` connection: ``PostgresFanoutTests/listenDropped()``.)
@Suite("PostgreSQL: faults", .serialized, .timeLimit(.minutes(2)), .postgresWatchdog(seconds: 150))
struct PostgresFaultTests {
    /// Message ids acknowledged (200) to their sender, and how many sends each took.
    final class Sends: Sendable {
        let attempts = PthreadMutex<[String: Int]>([:])
        var acknowledged: Int { attempts.withLock { $0.count } }
        /// How many were acknowledged when the fault struck.
        let faultAt = PthreadMutex<Int?>(nil)
        /// The clients moved off a killed process: socket index -> new socket and the events synced.
        let moved = PthreadMutex<[Int: (new: RawSocket, synced: [ParleyProtocol.ChannelEvent])]>([:])
    }

    /// Sends `id` until a server acknowledges it, trying the servers in turn from `first` (a client
    /// that retries what got no answer, with the same id); the index of the server that answered
    /// (the client stays there). Fails after 40 s.
    @discardableResult
    static func sendUntilAcknowledged(
        _ api: [CrashTests.API], preferring first: Int, as user: String, cid: String, id: String, sends: Sends
    ) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(40)
        var attempt = 0
        while ContinuousClock.now < deadline {
            let index = (first + attempt) % api.count
            attempt += 1
            let answer = await api[index].call(
                "POST", WirePath.channelMessages(cid), as: user, body: SendMessageRequest(id: id, text: id))
            if answer?.0 == 200 {
                sends.attempts.withLock { $0[id] = attempt }
                return index
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("\(id) was never acknowledged")
        return first
    }

    /// Each user sends `perUser` messages (`user-n`), 30 ms apart, starting on server `index % 2`
    /// and staying on whichever server last answered.
    static func burst(_ api: [CrashTests.API], users: [String], cid: String, perUser: Int, sends: Sends) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, user) in users.enumerated() {
                group.addTask {
                    var server = index % 2
                    for n in 0..<perUser {
                        server = try await sendUntilAcknowledged(
                            api, preferring: server, as: user, cid: cid, id: "\(user)-\(n)", sends: sends)
                        try await Task.sleep(for: .milliseconds(30))
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// The stored stream of `cid` (a sync from the start): each message's `message.new` count.
    static func storedNewCounts(_ api: CrashTests.API, as user: String, cid: String) async throws -> [String: Int] {
        let answer = await api.call(
            "POST", WirePath.sync, as: user, body: SyncRequest(cursors: [ChannelCursor(cid: cid, epoch: nil, seq: 0)]))
        let body = try #require(answer.flatMap { $0.0 == 200 ? $0.1 : nil }, "sync failed")
        let result = try #require(try Wire.decoder().decode(SyncResponse.self, from: body).channels.first)
        #expect(result.reset == nil)
        var counts: [String: Int] = [:]
        for event in result.events where event.type == .messageNew {
            if let id = event.message?.id { counts[id, default: 0] += 1 }
        }
        return counts
    }

    @Test("PostgreSQL restarted while clients send: the servers reconnect, every acknowledged message is stored once, retries duplicate nothing, every socket gets each message once, in order")
    func restartWhileSending() async throws {
        let cluster = try await PostgresCluster.offPool { try PostgresCluster.start() }
        defer { cluster.stop() }
        let users = (0..<4).map { "r\($0)" }
        let cid = "messaging:restart"
        let perUser = 10
        try await PostgresFanoutTests.withPair(users: users, cid: cid, cluster: cluster) { pair in
            let sends = Sends()
            let api = pair.api
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await Self.burst(api, users: users, cid: cid, perUser: perUser, sends: sends) }
                group.addTask {
                    while sends.acknowledged < 8 { try await Task.sleep(for: .milliseconds(10)) }
                    sends.faultAt.withLock { $0 = sends.acknowledged }
                    try await PostgresCluster.offPool { try cluster.stopServer() }
                    try await Task.sleep(for: .milliseconds(300))
                    try await PostgresCluster.offPool { try cluster.startServer() }
                }
                try await group.waitForAll()
            }
            let total = users.count * perUser
            let ids = Set(users.flatMap { user in (0..<perUser).map { "\(user)-\($0)" } })
            // The restart came mid-burst.
            #expect((sends.faultAt.withLock { $0 } ?? total) < total)
            #expect(Set(sends.attempts.withLock { $0.keys }) == ids)
            let stored = try await Self.storedNewCounts(api[0], as: users[0], cid: cid)
            #expect(Set(stored.keys) == ids)
            #expect(stored.values.allSatisfy { $0 == 1 }, "duplicated: \(stored.filter { $0.value > 1 })")
            try await PostgresFanoutTests.expectDelivered(pair.sockets, cid: cid, ids: ids)
            for port in pair.ports {
                #expect(try await PostgresFanoutTests.get(port, "/health/ready").0 == 200)
            }
        }
    }

    @Test("One of two server processes killed mid-burst: its clients reconnect to the other, sync from their cursor, and end with every message once, in order")
    func killOneProcess() async throws {
        let users = (0..<4).map { "k\($0)" }
        let cid = "messaging:kill"
        let perUser = 10
        try await PostgresFanoutTests.withPair(users: users, cid: cid) { pair in
            let sends = Sends()
            let api = pair.api
            let victim = pair.processes[1].processIdentifier
            let (oldSockets, port, tokens) = (pair.sockets, pair.ports[0], pair.tokens)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await Self.burst(api, users: users, cid: cid, perUser: perUser, sends: sends) }
                group.addTask {
                    while sends.acknowledged < 10 { try await Task.sleep(for: .milliseconds(10)) }
                    sends.faultAt.withLock { $0 = sends.acknowledged }
                    kill(victim, SIGKILL)
                            for (index, user) in users.enumerated() where index % 2 == 1 {
                        let old = oldSockets[index]
                        #expect(try await old.waitClosed(timeout: 10), "socket \(index) still open")
                        // Reconnect to the live process, subscribe, then fetch what came after the cursor.
                        let socket = try await RawSocket.connect(
                            port: port, token: try await tokens.sign(userId: user))
                        try socket.send(.subscribe(SubscribeFrame(cids: [cid])))
                        try await socket.waitFor("subscribed") { $0 == .subscribed(SubscribedFrame(cids: [cid], refused: [])) }
                        let last = old.events.last { $0.cid == cid }
                        let answer = await api[0].call(
                            "POST", WirePath.sync, as: user,
                            body: SyncRequest(cursors: [ChannelCursor(cid: cid, epoch: last?.epoch, seq: last?.seq ?? 0)]))
                        let body = try #require(answer.flatMap { $0.0 == 200 ? $0.1 : nil }, "sync failed")
                        let result = try #require(try Wire.decoder().decode(SyncResponse.self, from: body).channels.first)
                        #expect(result.reset == nil)
                        sends.moved.withLock { $0[index] = (socket, result.events) }
                                }
                }
                try await group.waitForAll()
            }
            let ids = Set(users.flatMap { user in (0..<perUser).map { "\(user)-\($0)" } })
            #expect((sends.faultAt.withLock { $0 } ?? ids.count) < ids.count)
            let stored = try await Self.storedNewCounts(api[0], as: users[0], cid: cid)
            #expect(Set(stored.keys) == ids)
            #expect(stored.values.allSatisfy { $0 == 1 }, "duplicated: \(stored.filter { $0.value > 1 })")
            // The survivor's own clients never noticed.
            try await PostgresFanoutTests.expectDelivered(
                pair.sockets.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), cid: cid, ids: ids)
            // The moved clients: what the old socket got, the sync, and the new socket, by sequence.
            let movedClients = sends.moved.withLock { $0 }
            #expect(movedClients.count == users.count / 2)
            for (index, client) in movedClients.sorted(by: { $0.key < $1.key }) {
                func merged() -> [Int64: ParleyProtocol.ChannelEvent] {
                    var bySeq: [Int64: ParleyProtocol.ChannelEvent] = [:]
                    for event in pair.sockets[index].events + client.synced + client.new.events where event.cid == cid {
                        bySeq[event.seq] = event
                    }
                    return bySeq
                }
                let deadline = ContinuousClock.now + .seconds(20)
                while ContinuousClock.now < deadline, merged().values.filter({ $0.type == .messageNew }).count < ids.count {
                    try await Task.sleep(for: .milliseconds(20))
                }
                let events = merged()
                let received = events.values.filter { $0.type == .messageNew }.compactMap(\.message?.id)
                #expect(received.count == ids.count && Set(received) == ids, "moved socket \(index): \(received.count) of \(ids.count)")
                let seqs = events.keys.sorted()
                if let first = seqs.first {
                    #expect(seqs == Array(first...(first + Int64(seqs.count) - 1)), "moved socket \(index) has gaps")
                }
                await client.new.close()
            }
        }
    }
}
