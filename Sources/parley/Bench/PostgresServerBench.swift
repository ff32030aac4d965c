import AsyncHTTPClient
import Foundation
import ParleyProtocol
import ParleyServer
import Synchronization

/// `parley bench server --postgres`: the server figures on PostgreSQL. A throwaway cluster
/// (durable: fsync and synchronous commit on), then one `parley serve --postgres` process and
/// then two on one database, with the load generator spreading sockets and sends over them.
enum PostgresServerBench {
    static func run(quick: Bool) async throws -> [BenchResult] {
        let cluster = try PostgresCluster.start(fsync: true)
        defer { cluster.stop() }

        let singleDatabase = try cluster.createDatabase()
        let single = try await measure(cluster: cluster, url: singleDatabase, processes: 1, quick: quick)
        let pair = try await measure(cluster: cluster, url: try cluster.createDatabase(), processes: 2, quick: quick)
        let raw = try await PostgresCluster.offPool {
            try rawSendsPerSecond(
                cluster: cluster, url: singleDatabase, channels: channels(quick: quick), members: members, clients: 16,
                seconds: quick ? 2 : 5)
        }
        FileHandle.standardError.write(Data(String(
            format: "bench server --postgres: one process %.0f deliveries/s, two %.0f; PostgreSQL alone %.0f sends/s (%.0f deliveries/s)\n",
            single.best, pair.best, raw, raw * Double(members)).utf8))
        return [
            BenchResult(name: "server.pg_raw_sends_per_s", value: raw, unit: "msg/s", target: nil, better: .higher),
            BenchResult(
                name: "server.pg_deliveries_vs_raw", value: raw > 0 ? single.best / (raw * Double(members)) : .nan,
                unit: "ratio", target: nil, better: .higher),
            BenchResult(name: "server.pg_deliveries_per_s", value: single.best, unit: "msg/s", target: 10_000, better: .higher),
            BenchResult(name: "server.pg_delivery_p99_ms", value: single.pacedDelivery, unit: "ms", target: 15, better: .lower),
            BenchResult(name: "server.pg_send_p99_ms", value: single.pacedSend, unit: "ms", target: 10, better: .lower),
            BenchResult(
                name: "server.two_process_vs_one", value: single.best > 0 ? pair.best / single.best : .nan, unit: "ratio",
                target: 0.8, better: .higher),
            BenchResult(name: "server.pg_server_cpu_ms_per_send", value: single.cpu.servers * 1e3, unit: "ms", target: nil, better: .lower),
            BenchResult(name: "server.pg_database_cpu_ms_per_send", value: single.cpu.database * 1e3, unit: "ms", target: nil, better: .lower),
        ]
    }

    struct Figures {
        /// Deliveries per second at the best sender count whose delivery p99 stays ≤ 50 ms.
        var best: Double
        /// Delivery and send p99 at 2,000 deliveries per second.
        var pacedDelivery: Double
        var pacedSend: Double
        /// Processor time per send at 16 senders (8 in --quick): the server processes', PostgreSQL's.
        var cpu: LoadCPU
    }

    /// Members per channel.
    static let members = 10

    /// Channels of the load: 20 (10 in --quick).
    static func channels(quick: Bool) -> Int { quick ? 10 : 20 }

    /// ``channels(quick:)`` channels of ``members`` members in the database at `url`, sockets and
    /// sends spread over `processes` servers.
    static func measure(cluster: PostgresCluster, url: String, processes: Int, quick: Bool) async throws -> Figures {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-pg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var servers: [BenchServer] = []
        defer { for server in servers { server.stop() } }
        // Processes on one machine share its cores: each gets its share of the event loops and of the
        // connections one process has (``ParleyServerConfiguration/defaultPostgresPoolSize``), as a
        // deployment sizes them (``ServeCommand``'s --event-loops and --pool-size). Each with a whole
        // machine's worth, the pair ran twice the threads and connections on the same 2 cores, and paid
        // 40% more processor time per send.
        let share = processes > 1
            ? ["--event-loops", "\(max(1, ProcessInfo.processInfo.activeProcessorCount / processes))",
               "--pool-size", "\(max(1, ParleyServerConfiguration.defaultPostgresPoolSize / processes))"]
            : []
        for _ in 0..<processes {
            servers.append(try BenchServer.start(arguments: ["--postgres", url] + share, directory: directory))
        }
        let tokens = try await ServerTokens(secret: servers[0].secret)
        // A connection per concurrent sender (up to the widest ramp step), as that many clients would have.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let figures = try await measure(
                servers: servers, dataDirectory: cluster.directory.appendingPathComponent("data").path, tokens: tokens,
                client: client, quick: quick)
            try await client.shutdown()
            return figures
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private static func measure(
        servers: [BenchServer], dataDirectory: String, tokens: ServerTokens, client: HTTPClient, quick: Bool
    ) async throws -> Figures {
        let processes = servers.count
        let apis = servers.map { BenchAPI(port: $0.port, tokens: tokens, client: client) }

        let channels = Self.channels(quick: quick)
        let users = (0..<(channels * members)).map { "user-\($0)" }
        try await apis[0].upsertAsAdmin(users)
        for channel in 0..<channels {
            let _: WriteResponse = try await apis[0].call(
                "POST", WirePath.channels, as: "bench",
                body: CreateChannelRequest(
                    cid: "messaging:load-\(channel)", memberIds: Array(users[(channel * members)..<((channel + 1) * members)])))
        }
        let sentAt = Mutex<[String: UInt64]>([:])
        let latencies = Mutex<[Double]>([])
        // The deliveries whose socket is on another process than the send (pairs only).
        let crossLatencies = Mutex<[Double]>([])
        var sockets: [BenchSocket] = []
        for (index, user) in users.enumerated() {
            let receiver = index % processes
            // Only the fields the measurement needs are read (see DeliveryProbe): the generator shares the cores.
            let socket = try await BenchSocket.open(
                port: apis[index % processes].port, token: try await apis[0].token(user), probe: DeliveryProbe.self
            ) { probe in
                guard probe.type == "event", probe.data?.type == ChannelEventType.messageNew.rawValue,
                      let id = probe.data?.message?.id, let sent = sentAt.withLock({ $0[id] })
                else { return }
                let latency = Double(Bench.now() - sent) / 1e6
                latencies.withLock { $0.append(latency) }
                // Message n was sent to process n % processes (see `load`).
                if let sender = id.split(separator: "-").last.flatMap({ Int($0) }).map({ $0 % processes }), sender != receiver {
                    crossLatencies.withLock { $0.append(latency) }
                }
            }
            socket.send(.subscribe(SubscribeFrame(cids: ["messaging:load-\(index / members)"])))
            sockets.append(socket)
        }
        try await Task.sleep(for: .milliseconds(500))

        let sendLatencies = Mutex<[Double]>([])
        let pids = servers.map(\.process.processIdentifier)
        func load(_ tag: String, count: Int, rate: Double?, width: Int) async throws
            -> (perSecond: Double, p99: Double, send: Double, cpu: LoadCPU)
        {
            latencies.withLock { $0 = [] }
            crossLatencies.withLock { $0 = [] }
            sendLatencies.withLock { $0 = [] }
            let cpuBefore = LoadCPU.now(servers: pids, dataDirectory: dataDirectory)
            let began = Bench.now()
            try await ServerBench.concurrentlyInBatches(count: count, width: width) { index in
                if let rate {
                    let due = began + UInt64(Double(index) / rate * 1e9)
                    let now = Bench.now()
                    if due > now { try await Task.sleep(nanoseconds: due - now) }
                }
                let channel = index % channels
                let sender = users[channel * members + (index / channels) % members]
                let id = "\(tag)-\(index)"
                let start = Bench.now()
                sentAt.withLock { $0[id] = start }
                try await apis[index % processes].send(
                    "POST", WirePath.channelMessages("messaging:load-\(channel)"), as: sender,
                    body: SendMessageRequest(id: id, text: "load \(index)"))
                let sent = Double(Bench.now() - start) / 1e6
                sendLatencies.withLock { $0.append(sent) }
            }
            let expected = count * members
            let deadline = Bench.now() + 10_000_000_000
            while latencies.withLock({ $0.count }) < expected && Bench.now() < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            let seconds = Double(Bench.now() - began) / 1e9
            let cpu = LoadCPU.now(servers: pids, dataDirectory: dataDirectory) - cpuBefore
            let samples = latencies.withLock { $0 }
            guard samples.count >= expected * 99 / 100 else {
                throw BenchAPI.Failure(message: "\(tag): \(samples.count) of \(expected) deliveries arrived")
            }
            return (
                Double(samples.count) / seconds, Bench.percentile(samples, 0.99),
                Bench.percentile(sendLatencies.withLock { $0 }, 0.99),
                LoadCPU(servers: cpu.servers / Double(count), database: cpu.database / Double(count))
            )
        }

        // 2,000 deliveries per second: 200 messages per second into channels of 10.
        let paced = try await load("paced", count: quick ? 200 : 1_000, rate: 200, width: 64)
        let pacedCross = crossLatencies.withLock { $0 }
        FileHandle.standardError.write(Data(String(
            format: "bench server --postgres (%d process%@): 2,000 deliveries/s: p99 %.1f ms, send p99 %.1f ms%@\n",
            processes, processes == 1 ? "" : "es", paced.p99, paced.send,
            pacedCross.isEmpty ? "" : String(format: "; across processes p50 %.1f ms, p99 %.1f ms",
                                             Bench.percentile(pacedCross, 0.5), Bench.percentile(pacedCross, 0.99))).utf8))
        var best = 0.0
        var cpu = LoadCPU(servers: .nan, database: .nan)
        for width in quick ? [4, 8] : ServerBench.senderSteps(upTo: 32) {
            let run = try await load("ramp\(width)", count: width * (quick ? 20 : 50), rate: nil, width: width)
            FileHandle.standardError.write(Data(String(
                format: "bench server --postgres (%d process%@): %d senders: %.0f deliveries/s, p99 %.1f ms, send p99 %.1f ms; "
                    + "processor time per send: servers %.2f ms, PostgreSQL %.2f ms\n",
                processes, processes == 1 ? "" : "es", width, run.perSecond, run.p99, run.send, run.cpu.servers * 1e3,
                run.cpu.database * 1e3).utf8))
            let cross = crossLatencies.withLock { $0 }
            if !cross.isEmpty {
                FileHandle.standardError.write(Data(String(
                    format: "    of which across processes: %d deliveries, p50 %.1f ms, p99 %.1f ms\n", cross.count,
                    Bench.percentile(cross, 0.5), Bench.percentile(cross, 0.99)).utf8))
            }
            if run.p99 <= 50 { best = max(best, run.perSecond) }
            if width == (quick ? 8 : 16) { cpu = run.cpu }
        }
        for socket in sockets { await socket.close() }
        try DeliveryProbe.requireAgreement()
        // What each process's fan-out did over the whole run (wake-ups received, reads made).
        for (index, api) in apis.enumerated() {
            let lines = try await api.text("/metrics").split(separator: "\n")
                .filter { $0.hasPrefix("parley_fanout_") || $0.hasPrefix("parley_db_batch_writes_count") || $0.hasPrefix("parley_db_batch_writes_sum") }
            FileHandle.standardError.write(Data("bench server --postgres: process \(index + 1) of \(processes): \(lines.joined(separator: ", "))\n".utf8))
        }
        return Figures(best: best, pacedDelivery: paced.p99, pacedSend: paced.send, cpu: cpu)
    }
}
