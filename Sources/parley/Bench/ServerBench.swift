import AsyncHTTPClient
import Foundation
import Logging
import ParleyProtocol
import ParleyServer
import Synchronization

/// `parley bench server`: `parley serve` runs in a child process (SQLite in a temporary
/// directory) and this process is the load generator: HTTP senders and WebSocket receivers on
/// loopback. Both share the machine's cores; the figures say so.
enum ServerBench {
    static func run(quick: Bool) async throws -> [BenchResult] {
        let server = try BenchServer.start()
        defer { server.stop() }
        // A connection per concurrent sender (up to the widest ramp step), as that many clients would have.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let api = BenchAPI(port: server.port, tokens: try await ServerTokens(secret: server.secret), client: client)
        do {
            var results: [BenchResult] = []
            results.append(try await reconnectSync(api, quick: quick))
            results += try await deliveries(api, quick: quick)
            results.append(try await idleConnections(api, server: server, quick: quick))
            try await client.shutdown()
            return results
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// A client that missed 1,000 events connects, subscribes and syncs after its cursor.
    static func reconnectSync(_ api: BenchAPI, quick: Bool) async throws -> BenchResult {
        let cid = "messaging:bench-sync"
        try await api.upsert(["bench", "syncer"])
        let _: WriteResponse = try await api.call(
            "POST", WirePath.channels, as: "bench", body: CreateChannelRequest(cid: cid, memberIds: ["syncer"]))
        let start: ChannelStateResponse = try await api.call("GET", WirePath.channel(cid) + "?messages=0", as: "syncer")
        let missed = 1_000
        try await concurrentlyInBatches(count: missed, width: 16) { index in
            let _: WriteResponse = try await api.call(
                "POST", WirePath.channelMessages(cid), as: "bench",
                body: SendMessageRequest(id: "sync-\(index)", text: "missed message \(index)"))
        }
        var samples: [Double] = []
        for _ in 0..<(quick ? 2 : 7) {
            let began = Bench.now()
            let socket = try await BenchSocket.open(port: api.port, token: try await api.token("syncer")) { _ in }
            socket.send(.subscribe(SubscribeFrame(cids: [cid])))
            let sync: SyncResponse = try await api.call(
                "POST", WirePath.sync, as: "syncer",
                body: SyncRequest(cursors: [ChannelCursor(cid: cid, epoch: start.channel.epoch, seq: start.channel.lastSeq)]))
            let received = sync.channels.first?.events.count ?? 0
            samples.append(Double(Bench.now() - began) / 1e6)
            await socket.close()
            guard received == missed else { throw BenchAPI.Failure(message: "sync returned \(received) events, not \(missed)") }
        }
        return BenchResult(
            name: "server.reconnect_sync_ms", value: Bench.median(samples), unit: "ms", target: 100, better: .lower)
    }

    /// 50 channels of 10 members (10 of 10 in --quick), every member on its own socket.
    static func deliveries(_ api: BenchAPI, quick: Bool) async throws -> [BenchResult] {
        let channels = quick ? 10 : 50
        let members = 10
        let users = (0..<(channels * members)).map { "user-\($0)" }
        try await api.upsertAsAdmin(users)
        for channel in 0..<channels {
            let _: WriteResponse = try await api.call(
                "POST", WirePath.channels, as: "bench",
                body: CreateChannelRequest(cid: "messaging:load-\(channel)", memberIds: Array(users[(channel * members)..<((channel + 1) * members)])))
        }
        let sentAt = Mutex<[String: UInt64]>([:])
        let latencies = Mutex<[Double]>([])
        var sockets: [BenchSocket] = []
        for (index, user) in users.enumerated() {
            // Only the fields the measurement needs are read (see DeliveryProbe): the generator shares the cores.
            let socket = try await BenchSocket.open(port: api.port, token: try await api.token(user), probe: DeliveryProbe.self) { probe in
                guard probe.type == "event", probe.data?.type == ChannelEventType.messageNew.rawValue,
                      let id = probe.data?.message?.id, let sent = sentAt.withLock({ $0[id] })
                else { return }
                let latency = Double(Bench.now() - sent) / 1e6
                latencies.withLock { $0.append(latency) }
            }
            socket.send(.subscribe(SubscribeFrame(cids: ["messaging:load-\(index / members)"])))
            sockets.append(socket)
        }
        try await Task.sleep(for: .milliseconds(500))

        /// Sends `count` messages, `rate` per second (or as fast as `width` senders go when nil).
        func load(_ tag: String, count: Int, rate: Double?, width: Int) async throws -> (perSecond: Double, p99: Double) {
            latencies.withLock { $0 = [] }
            let began = Bench.now()
            try await concurrentlyInBatches(count: count, width: width) { index in
                if let rate {
                    let due = began + UInt64(Double(index) / rate * 1e9)
                    let now = Bench.now()
                    if due > now { try await Task.sleep(nanoseconds: due - now) }
                }
                let channel = index % channels
                let sender = users[channel * members + (index / channels) % members]
                let id = "\(tag)-\(index)"
                sentAt.withLock { $0[id] = Bench.now() }
                try await api.send(
                    "POST", WirePath.channelMessages("messaging:load-\(channel)"), as: sender,
                    body: SendMessageRequest(id: id, text: "load \(index)"))
            }
            let expected = count * members
            let deadline = Bench.now() + 5_000_000_000
            while latencies.withLock({ $0.count }) < expected && Bench.now() < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            let seconds = Double(Bench.now() - began) / 1e9
            let samples = latencies.withLock { $0 }
            guard samples.count >= expected * 99 / 100 else {
                throw BenchAPI.Failure(message: "\(tag): \(samples.count) of \(expected) deliveries arrived")
            }
            return (Double(samples.count) / seconds, Bench.percentile(samples, 0.99))
        }

        // 2,000 deliveries per second: 200 messages per second into channels of 10.
        let paced = try await load("paced", count: quick ? 200 : 1_000, rate: 200, width: 64)
        var best = 0.0
        for width in quick ? [4, 8] : ServerBench.senderSteps(upTo: 64) {
            let run = try await load("ramp\(width)", count: width * (quick ? 20 : 60), rate: nil, width: width)
            FileHandle.standardError.write(Data(String(
                format: "bench server: %d senders: %.0f deliveries/s, p99 %.1f ms\n", width, run.perSecond, run.p99).utf8))
            if run.p99 <= 50 { best = max(best, run.perSecond) }
        }
        for socket in sockets { await socket.close() }
        try DeliveryProbe.requireAgreement()
        return [
            BenchResult(name: "server.delivery_p99_ms", value: paced.p99, unit: "ms", target: 10, better: .lower),
            BenchResult(name: "server.deliveries_per_s", value: best, unit: "msg/s", target: 20_000, better: .higher),
        ]
    }

    /// The server's resident memory per idle authenticated WebSocket.
    static func idleConnections(_ api: BenchAPI, server: BenchServer, quick: Bool) async throws -> BenchResult {
        let count = quick ? 500 : 5_000
        try await Task.sleep(for: .milliseconds(300))
        let before = server.residentKB()
        var sockets: [BenchSocket] = []
        for index in 0..<count {
            sockets.append(try await BenchSocket.open(port: api.port, token: try await api.token("idle-\(index)")) { _ in })
        }
        try await Task.sleep(for: .milliseconds(500))
        let after = server.residentKB()
        for socket in sockets { await socket.close() }
        return BenchResult(
            name: "server.idle_connections_rss_kb", value: (after - before) / Double(count), unit: "KB", target: 30,
            better: .lower)
    }

    /// The sender counts of a ramp: doubling from 4, with a step halfway between each pair (4, 8,
    /// 12, 16, 24, 32, …). The best load at p99 ≤ 50 ms lies between the last step under it and
    /// the first over it; with doubling alone a figure could read up to half below it.
    static func senderSteps(upTo widest: Int) -> [Int] {
        var steps = [4]
        while let last = steps.last, last < widest {
            steps += [last + last / 2, last * 2].filter { $0 <= widest }
        }
        return steps
    }

    /// Runs `body(0..<count)` with at most `width` at a time.
    static func concurrentlyInBatches(
        count: Int, width: Int, _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            while next < min(width, count) {
                let index = next
                group.addTask { try await body(index) }
                next += 1
            }
            while try await group.next() != nil {
                guard next < count else { continue }
                let index = next
                group.addTask { try await body(index) }
                next += 1
            }
        }
    }
}

/// `parley serve --dev` in a child process, on a free port, in a temporary directory.
final class BenchServer: Sendable {
    let process: Process
    let port: Int
    let secret: [UInt8]
    let directory: URL

    private init(process: Process, port: Int, secret: [UInt8], directory: URL) {
        self.process = process
        self.port = port
        self.secret = secret
        self.directory = directory
    }

    /// `arguments` are added to `parley serve`'s; servers given the same `directory` share its dev secret.
    static func start(arguments: [String] = [], directory: URL? = nil) throws -> BenchServer {
        let directory = directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-server-\(UUID().uuidString)")
        let secret = try ServerDataDirectory(directory).devSecret()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [
            "serve", "--dev", "--port", "0", "--data-dir", directory.path, "--admins", "bench",
            "--requests-per-second", "1000000", "--burst", "1000000",
        ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://[0-9.]+:(\d+)"#, options: .regularExpression),
              let port = text[range].split(separator: ":").last.flatMap({ Int($0) })
        else {
            process.terminate()
            throw BenchAPI.Failure(message: "parley serve did not report its port: \(text)")
        }
        return BenchServer(process: process, port: port, secret: secret, directory: directory)
    }

    /// The server process's resident set, in KB.
    func residentKB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return .nan }
        return Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The load generator's HTTP side.
struct BenchAPI: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Tokens signed so far, by user (each user signs once, as a client keeps its token).
    final class TokenCache: Sendable {
        let tokens = Mutex<[String: String]>([:])
    }

    let port: Int
    let tokens: ServerTokens
    let client: HTTPClient
    let signed = TokenCache()

    func token(_ user: String) async throws -> String {
        if let token = signed.tokens.withLock({ $0[user] }) { return token }
        let token = try await tokens.sign(userId: user)
        signed.tokens.withLock { $0[user] = token }
        return token
    }

    func upsert(_ users: [String]) async throws {
        for user in users {
            let _: UsersResponse = try await call(
                "POST", WirePath.users, as: user, body: UpsertUsersRequest(users: [WireUser(id: user, name: user)]))
        }
    }

    /// Creates `users` through the admin `bench` (one request per 100).
    func upsertAsAdmin(_ users: [String]) async throws {
        try await upsert(["bench"])
        for start in stride(from: 0, to: users.count, by: 100) {
            let batch = users[start..<min(start + 100, users.count)].map { WireUser(id: $0, name: $0) }
            let _: UsersResponse = try await call("POST", WirePath.users, as: "bench", body: UpsertUsersRequest(users: batch))
        }
    }

    func call<T: Decodable>(_ method: String, _ path: String, as user: String) async throws -> T {
        try await call(method, path, as: user, body: EmptyResponse?.none)
    }

    func call<T: Decodable, Body: Encodable>(_ method: String, _ path: String, as user: String, body: Body?) async throws -> T {
        try Wire.decoder().decode(T.self, from: try await perform(method, path, as: user, body: body))
    }

    /// A request whose answer only has to be a success: the load loops' sends, whose
    /// acknowledgements the measurement does not read (decoding them took the generator's share
    /// of the 2 cores the server needs).
    func send<Body: Encodable>(_ method: String, _ path: String, as user: String, body: Body) async throws {
        _ = try await perform(method, path, as: user, body: body)
    }

    /// A text answer (the server's `/metrics`).
    func text(_ path: String) async throws -> String {
        String(decoding: try await perform("GET", path, as: "bench", body: EmptyResponse?.none), as: UTF8.self)
    }

    /// The answer's body, once its status says success.
    private func perform<Body: Encodable>(_ method: String, _ path: String, as user: String, body: Body?) async throws -> Data {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .init(rawValue: method)
        request.headers.add(name: "Authorization", value: "Bearer \(try await token(user))")
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body { request.body = .bytes(try Wire.encoder().encode(body)) }
        let response = try await client.execute(request, timeout: .seconds(60))
        let buffer = try await response.body.collect(upTo: 64 << 20)
        let data = Data(buffer.readableBytesView)
        guard response.status.code < 300 else {
            throw Failure(message: "\(method) \(path): \(response.status.code) \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }
}
