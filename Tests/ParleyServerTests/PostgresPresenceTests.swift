import Foundation
import ParleyProtocol
import Testing
@testable import ParleyServer

/// A server process alone on its PostgreSQL database announces nothing; others that come and go
/// are noticed (see PostgresFanout+Peers).
@Suite("PostgreSQL: processes alone and together", .serialized, .timeLimit(.minutes(2)), .postgresWatchdog(seconds: 150))
struct PostgresPresenceTests {
    /// The value of a metric in `/metrics` (nil when absent).
    static func metric(_ name: String, port: Int) async throws -> Double? {
        let (status, text) = try await PostgresFanoutTests.get(port, "/metrics")
        try #require(status == 200)
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            .flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
    }

    /// Waits (up to 15 s) until `condition` holds for the metric's value.
    static func waitFor(_ name: String, port: Int, _ condition: (Double) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            if let value = try await metric(name, port: port), condition(value) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("\(name) on \(port) never met the condition (last: \(String(describing: try await metric(name, port: port))))")
    }

    static func send(_ api: CrashTests.API, _ cid: String, as user: String, ids: [String]) async throws {
        for id in ids {
            let answer = await api.call("POST", WirePath.channelMessages(cid), as: user, body: SendMessageRequest(id: id, text: id))
            try #require(answer?.0 == 200)
        }
    }

    @Test("Alone, a process sends no NOTIFY; a second one is woken at once; alone again, it stops")
    func aloneAndTogether() async throws {
        let url = try await PostgresCluster.offPool { try PostgresCluster.freshDatabase() }
        let (first, firstPort) = try await CrashTests.start(url)
        defer { PostgresFanoutTests.stopChild(first) }
        let tokens = try await ServerTokens(secret: Array(CrashTests.secret.utf8))
        let api = CrashTests.API(port: firstPort, tokens: tokens)
        let users = ["p0", "p1"]
        let cid = "messaging:presence"
        try await PostgresFanoutTests.setUp([api, api], users: users, cid: cid)

        // Alone: counted, and its writes announce nothing.
        try await Self.waitFor("parley_fanout_other_processes", port: firstPort) { $0 == 0 }
        try await Self.send(api, cid, as: "p0", ids: (0..<5).map { "alone-\($0)" })
        #expect(try await Self.metric("parley_fanout_notify_statements", port: firstPort) == 0)

        // A second process: its hello reaches the first, whose sends then wake it (well before
        // the 2 s catch-up would deliver them).
        let (second, secondPort) = try await CrashTests.start(url)
        try await Self.waitFor("parley_fanout_other_processes", port: firstPort) { $0 >= 1 }
        let sockets = try await PostgresFanoutTests.connect([secondPort], tokens: tokens, users: ["p1"], cid: cid)
        let together = (0..<5).map { "together-\($0)" }
        let sent = ContinuousClock.now
        try await Self.send(api, cid, as: "p0", ids: together)
        while ContinuousClock.now - sent < .seconds(5),
              Set(sockets[0].events.compactMap(\.message?.id)).isSuperset(of: together) == false {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(ContinuousClock.now - sent < .milliseconds(1_500))
        #expect(try await Self.metric("parley_fanout_notify_statements", port: firstPort) ?? 0 > 0)
        for socket in sockets { await socket.close() }

        // The second one gone (its LISTEN connection with it): alone again, silent again.
        PostgresFanoutTests.stopChild(second)
        try await Self.waitFor("parley_fanout_other_processes", port: firstPort) { $0 == 0 }
        let before = try await Self.metric("parley_fanout_notify_statements", port: firstPort)
        try await Self.send(api, cid, as: "p0", ids: (0..<5).map { "again-\($0)" })
        #expect(try await Self.metric("parley_fanout_notify_statements", port: firstPort) == before)
    }
}
