import Foundation
@_spi(Benchmarks) import ParleyChat

/// `store.*`: the chat core on its SQLite store — bulk inserts into a 1,000,000-message channel,
/// a page of 25 around random messages, the channel list's first page out of 1,000 channels,
/// full-text search, a reaction toggle seen by a controller, and resident memory with a
/// 100,000-message channel open.
///
/// Everything goes through ParleyChat's public API (plus two `@_spi(Benchmarks)` hooks: make
/// messages ahead of time so insertion is timed alone, and sample random message ids). `quick`
/// uses a 100,000-message channel instead of 1,000,000 (the names keep the full size; the stderr
/// table says which was measured).
///
/// Latency samples start with `sched_yield()`, so each starts on a fresh time slice: on a busy
/// 2-core machine a sub-millisecond operation otherwise sometimes waits out another process's
/// slice (~4 ms), which is the machine's noise, not the store's. The page-around figures also
/// come as thread CPU time, which no other process can inflate.
enum StoreBench {
    static func run(quick: Bool) async throws -> [BenchResult] {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("parley-store-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workspace)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        // First, while the process is small: memory with a 100,000-message channel open.
        let rss = try await residentMemory(workspace: workspace)

        let busyCount = quick ? 100_000 : 1_000_000
        log("store: generating a \(busyCount)-message channel and 1,000 channels…")
        let clock = SystemChatClock()
        let client = try ChatClient(opening: ChatClientConfig(
            currentUserId: "sam", databaseURL: workspace.appendingPathComponent("big.sqlite"), clock: clock, randomSeed: 7))
        let generator = DemoDataGenerator(parameters: DemoDataParameters(
            seed: 7, userCount: 200, directChannelCount: 5, groupChannelCount: 5, messagesPerChannel: 40,
            busyChannelMessageCount: busyCount, busyChannelMemberCount: 200, fillerChannelCount: 987))
        let started = Bench.now()
        let summary = try generator.generate(into: client)
        log("store: generated \(summary.messageCount) messages in \(Int(Double(Bench.now() - started) / 1e9)) s")

        var results: [BenchResult] = []
        results.append(try insertRate(client, generator: generator, channel: summary.busyChannel, quick: quick))
        results += try await pageAround(client, channel: summary.busyChannel, quick: quick)
        results.append(try await channelList(client, quick: quick))
        results += try await search(client, quick: quick)
        results.append(try await reactionToggle(client, channel: summary.busyChannel, quick: quick))
        results.append(try await sendRate(client, channel: summary.busyChannel, quick: quick))
        results.append(rss)
        for result in results {
            let name = result.name.padding(toLength: 30, withPad: " ", startingAt: 0)
            let unit = result.unit.padding(toLength: 6, withPad: " ", startingAt: 0)
            log(String(format: "  %@ %12.3f %@ target %@ %@", name, result.value, unit,
                       result.target.map { "\($0)" } ?? "—", result.pass ? "pass" : "FAIL"))
        }
        if quick { log("  (quick: the busy channel holds \(busyCount) messages, not 1,000,000)") }
        return results
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    // MARK: store.rss_100k_mb

    /// Generates a 100,000-message channel, releases everything, returns freed heap to the OS, then
    /// opens the store, the channel list and the busy channel (its newest page) and reads the
    /// resident set size of the process.
    static func residentMemory(workspace: URL) async throws -> BenchResult {
        let url = workspace.appendingPathComponent("rss.sqlite")
        let busy: ChannelId
        do {
            let client = try ChatClient(opening: ChatClientConfig(currentUserId: "sam", databaseURL: url, randomSeed: 3))
            busy = try DemoDataGenerator(parameters: DemoDataParameters(seed: 3, busyChannelMessageCount: 100_000))
                .generate(into: client).busyChannel
        }
        returnFreedMemoryToTheSystem()
        let before = Bench.residentMemoryMB()
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "sam", databaseURL: url))
        let after = try await MainActor.run { () throws -> Double in
            let list = client.channelListController()
            try list.synchronize()
            let channel = client.channelController(for: busy)
            try channel.synchronize()
            try channel.loadPreviousMessages()
            precondition(channel.messages.count == 50, "expected two pages")
            let rss = Bench.residentMemoryMB()
            withExtendedLifetime((list, channel)) {}
            return rss
        }
        log(String(format: "store: resident memory %.1f MB before opening the store, %.1f MB with the channel open", before, after))
        return BenchResult(name: "store.rss_100k_mb", value: after, unit: "MB", target: 60, better: .lower)
    }

    /// CPU time of the calling thread, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// glibc's `malloc_trim(0)`, looked up at run time (Swift's Glibc module does not import
    /// `<malloc.h>`).
    static func returnFreedMemoryToTheSystem() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    // MARK: store.insert_per_s

    /// Messages made ahead of time (text, mentions, links, threads and reactions as in the demo
    /// data), then inserted into the busy channel in transactions of 5,000 with the full-text
    /// index, reaction aggregates and the channel's derived columns maintained.
    static func insertRate(_ client: ChatClient, generator: DemoDataGenerator, channel: ChannelId, quick: Bool) throws -> BenchResult {
        let batch = try generator.makeMessages(quick ? 20_000 : 50_000, for: channel, in: client)
        let seconds = try Bench.time { try generator.insert(batch, into: client) }
        return BenchResult(name: "store.insert_per_s", value: Double(batch.count) / seconds, unit: "msg/s", target: 20_000, better: .higher)
    }

    // MARK: store.page_around_p99_ms

    /// `loadPageAroundMessageId` on a channel controller for random messages of the whole channel:
    /// the anchor lookup, 12 older and 13 newer messages, and the full models (authors,
    /// reactions, quotes, mentions).
    @MainActor
    static func pageAround(_ client: ChatClient, channel: ChannelId, quick: Bool) throws -> [BenchResult] {
        let ids = try client.sampleMessageIds(in: channel, count: quick ? 300 : 1_000, seed: 11)
        let controller = client.channelController(for: channel)
        for id in ids.prefix(20) { try controller.loadPageAroundMessageId(id) }  // warm-up
        var samples: [Double] = []
        var cpuSamples: [Double] = []
        for id in ids {
            sched_yield()
            let cpu = threadCPUSeconds()
            samples.append(try Bench.time { try controller.loadPageAroundMessageId(id) } * 1000)
            cpuSamples.append((threadCPUSeconds() - cpu) * 1000)
            precondition(controller.messages.count >= 13, "page too short")
        }
        return [
            BenchResult(name: "store.page_around_p99_ms", value: Bench.percentile(samples, 0.99), unit: "ms", target: 5, better: .lower),
            BenchResult(name: "store.page_around_p50_ms", value: Bench.median(samples), unit: "ms", target: nil, better: .lower),
            BenchResult(name: "store.page_around_cpu_p99_ms", value: Bench.percentile(cpuSamples, 0.99), unit: "ms", target: nil, better: .lower),
        ]
    }

    // MARK: store.channel_list_1k_ms

    /// A new channel list controller's first page (20 full channels: members, previews, latest
    /// messages, unread counts, capabilities) for a user with 1,000 channels.
    @MainActor
    static func channelList(_ client: ChatClient, quick: Bool) throws -> BenchResult {
        var samples: [Double] = []
        for round in 0..<(quick ? 25 : 60) {
            let controller = client.channelListController()
            sched_yield()
            let seconds = try Bench.time { try controller.synchronize() }
            precondition(controller.channels.count == 20, "expected a full page")
            if round >= 5 { samples.append(seconds * 1000) }
        }
        return BenchResult(name: "store.channel_list_1k_ms", value: Bench.median(samples), unit: "ms", target: 10, better: .lower)
    }

    // MARK: store.search_p50_ms

    /// Searches for single words drawn uniformly from the demo vocabulary (so common and rare
    /// words alike) and for two-word queries, across every channel of the user.
    static func search(_ client: ChatClient, quick: Bool) async throws -> [BenchResult] {
        let words = ["lunch", "review", "deploy", "weekend", "kangaroo", "lighthouse", "coffee", "meeting", "morning",
                     "budget", "concert", "the", "thanks", "glacier", "ticket", "release", "garden", "saxophone",
                     "question", "tomorrow", "pizza", "flight", "dashboard", "quartz", "museum", "rain", "idea"]
        var queries = words
        for index in 0..<words.count { queries.append("\(words[index]) \(words[(index * 7 + 3) % words.count])") }
        for query in queries.prefix(5) { _ = try await client.searchMessages(query) }  // warm-up
        var samples: [Double] = []
        for _ in 0..<(quick ? 2 : 4) {
            for query in queries {
                let start = Bench.now()
                _ = try await client.searchMessages(query)
                samples.append(Double(Bench.now() - start) / 1e6)
            }
        }
        return [
            BenchResult(name: "store.search_p50_ms", value: Bench.median(samples), unit: "ms", target: 20, better: .lower),
            BenchResult(name: "store.search_p99_ms", value: Bench.percentile(samples, 0.99), unit: "ms", target: nil, better: .lower),
        ]
    }

    // MARK: store.reaction_toggle_ms

    /// Adds, then removes, a reaction on the newest message through the channel controller, and
    /// waits for the controller's delegate to receive the updated message.
    @MainActor
    static func reactionToggle(_ client: ChatClient, channel: ChannelId, quick: Bool) async throws -> BenchResult {
        let controller = client.channelController(for: channel)
        let waiter = ReactionWaiter()
        controller.delegate = waiter
        try controller.synchronize()
        guard let target = controller.messages.last(where: { !$0.isDeleted && $0.type == .regular }) else {
            throw ChatError.messageNotFound("(no message to react to)")
        }
        waiter.messageId = target.id
        var samples: [Double] = []
        for round in 0..<(quick ? 100 : 300) {
            let adding = round % 2 == 0
            sched_yield()
            let start = Bench.now()
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiter.expectChosen = adding
                waiter.continuation = continuation
                Task { @MainActor in
                    do {
                        if adding {
                            try await controller.addReaction("fire", to: target.id)
                        } else {
                            try await controller.removeReaction("fire", from: target.id)
                        }
                    } catch {
                        waiter.fail(error)
                    }
                }
            }
            if round >= 10 { samples.append(Double(Bench.now() - start) / 1e6) }
        }
        return BenchResult(name: "store.reaction_toggle_ms", value: Bench.median(samples), unit: "ms", target: 2, better: .lower)
    }

    /// Resumes the benchmark when the controller delivers the expected state of the message.
    @MainActor
    final class ReactionWaiter: ChatChannelControllerDelegate {
        var messageId: MessageId = ""
        var expectChosen = false
        var continuation: CheckedContinuation<Void, any Error>?

        func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>) {
            guard changes.updated.contains(messageId),
                  let message = controller.messages.last(where: { $0.id == messageId }),
                  (message.reactionGroups["fire"]?.isChosenByCurrentUser ?? false) == expectChosen
            else { return }
            continuation?.resume()
            continuation = nil
        }

        func fail(_ error: any Error) {
            continuation?.resume(throwing: error)
            continuation = nil
        }
    }

    // MARK: store.send_per_s (no target)

    /// Messages sent one at a time through `ChatClient.sendMessage`: the local pending row, the
    /// embedded backend's rules and its transaction — two commits per message.
    static func sendRate(_ client: ChatClient, channel: ChannelId, quick: Bool) async throws -> BenchResult {
        let count = quick ? 200 : 1_000
        let start = Bench.now()
        for index in 0..<count { try await client.sendMessage("bench message \(index)", in: channel) }
        let seconds = Double(Bench.now() - start) / 1e9
        return BenchResult(name: "store.send_per_s", value: Double(count) / seconds, unit: "msg/s", target: nil, better: .higher)
    }
}
