import Foundation
import Parley
@_spi(Benchmarks) import ParleyUIKit

/// The message-flow figures of `parley bench chat` (see shared/BENCHMARKS.md): one change, from the
/// store write to the frame that shows it, whatever the number of messages loaded.
///
/// - Arrival: a peer's message is written through the embedded backend (the same path a server
///   event takes into the store); timed from the write to the end of the first frame that shows
///   its row, with 100 and then with 50,000 messages loaded in the open channel, each screen the
///   only one open (a second screen's controller would take every change too), after a warm-up.
/// - Typing: a peer starts typing; timed from the write to the end of the frame that shows the
///   typing indicator (the 50,000-message screen).
/// - Memory: a fresh screen scrolls from the newest to the oldest of 100,000 messages, a page of
///   older messages per frame as the list asks; the process's resident set at the end.
@MainActor
enum ChatFlowBench {
    static func run(big: (client: ChatClient, cid: ChannelId), window: UIWindow, backend: HeadlessBackend, quick: Bool) async throws -> [BenchResult] {
        let rss = try scrollToOldest(big, in: window, backend: backend,
                                     limit: ProcessInfo.processInfo.environment["PARLEY_BENCH_SCROLL_LIMIT"].flatMap(Int.init) ?? (quick ? 20_000 : nil))
        // Heap profiling of the scroll alone: what is alive at exit is what the scroll kept.
        if ProcessInfo.processInfo.environment["PARLEY_BENCH_EXIT_AFTER_SCROLL"] != nil { exit(0) }
        if ProcessInfo.processInfo.environment["PARLEY_BENCH_SCROLL_ONLY"] != nil { return [] }
        window.rootViewController = nil
        backend.advance(by: 1.0 / 60)

        guard let peer = try big.client.channel(big.cid)?.members.map(\.user.id).first(where: { $0 != big.client.currentUserId }),
              let embedded = big.client.embeddedBackend else {
            ChatBench.log("chat: no peer or no embedded backend in the benchmark channel")
            return []
        }
        var clock = max(Date(), try big.client.channel(big.cid)?.lastMessageAt ?? Date())
        var serial = 0
        func arrival(on vc: ChatChannelVC) async throws -> Double {
            serial += 1
            clock = clock.addingTimeInterval(2)
            let id = "flow-\(serial)"
            let message = OutgoingMessage(id: id, cid: big.cid, text: "Arrival \(serial): did the numbers hold up?", createdAt: clock)
            let started = ProcessInfo.processInfo.systemUptime
            try await embedded.sendMessage(message, by: peer)
            let written = ProcessInfo.processInfo.systemUptime
            try await waitForDelivery(timeout: 2) { vc.messageListVC.newestMessageId == id }
            let delivered = ProcessInfo.processInfo.systemUptime
            backend.advance(by: 1.0 / 60)
            let elapsed = ProcessInfo.processInfo.systemUptime - started
            if ProcessInfo.processInfo.environment["PARLEY_BENCH_PHASES"] != nil {
                ChatBench.log(String(format: "arrival: write and delivery %.3f ms, waiting %.3f ms, frame %.3f ms",
                                     (written - started) * 1e3, (delivered - written) * 1e3, (started + elapsed - delivered) * 1e3))
            }
            guard vc.messageListVC.contentView(forMessageId: id) != nil else {
                ChatBench.log("chat: the arrival \(id) is not on screen after its frame")
                return .nan
            }
            return elapsed
        }
        /// Arrivals on one screen, the only one open: a second screen's controller would take each
        /// change too and add its cost to the other's figure.
        func arrivals(loading count: Int) async throws -> (times: [Double], screen: ChatChannelVC) {
            let vc = try openScreen(big, loading: count, in: window, backend: backend)
            var times: [Double] = []
            for index in 0..<(quick ? 25 : 65) {
                let seconds = try await arrival(on: vc)
                backend.advance(by: 1.0 / 60)
                if index >= 5 { times.append(seconds) }  // the first ones warm up
            }
            return (times, vc)
        }
        let (arrivalFew, fewCount) = try await { () async throws -> ([Double], Int) in
            let (times, vc) = try await arrivals(loading: 100)
            defer { window.rootViewController = nil; backend.advance(by: 1.0 / 60) }
            return (times, vc.channelController.messages.count)
        }()
        let (arrivalMany, many) = try await arrivals(loading: 50_000)

        var typing: [Double] = []
        show(many, in: window, backend: backend)
        for index in 0..<(quick ? 6 : 20) {
            let list = many.messageListVC.listView
            let started = ProcessInfo.processInfo.systemUptime
            try await embedded.startTyping(in: big.cid, by: peer)
            try await waitForDelivery(timeout: 2) { list.list?.contains("typing-indicator") == true }
            backend.advance(by: 1.0 / 60)
            let elapsed = ProcessInfo.processInfo.systemUptime - started
            if !list.visibleViews.contains(where: { $0 is TypingIndicatorView && !$0.isHidden }) {
                ChatBench.log("chat: the typing indicator is not on screen after its frame")
                typing.append(.nan)
            } else if index > 0 {
                typing.append(elapsed)
            }
            try await embedded.stopTyping(in: big.cid, by: peer)
            try await waitForDelivery(timeout: 2) { list.list?.contains("typing-indicator") == false }
            backend.advance(by: 1.0 / 60)
        }

        let fewMs = Bench.median(arrivalFew) * 1e3, manyMs = Bench.median(arrivalMany) * 1e3
        let typingMs = Bench.median(typing) * 1e3
        ChatBench.log(String(format: "chat: arrival to its frame %.3f ms with %d loaded, %.3f ms with %d loaded; typing %.3f ms; rss after scrolling to the oldest %.1f MB",
                             fewMs, fewCount, manyMs, many.channelController.messages.count, typingMs, rss))
        withExtendedLifetime(many) {}
        return [
            BenchResult(name: "chat.arrival_frame_ms", value: manyMs, unit: "ms", target: 8, better: .lower),
            BenchResult(name: "chat.arrival_100_frame_ms", value: fewMs, unit: "ms", target: nil, better: .lower),
            BenchResult(name: "chat.arrival_50k_vs_100", value: manyMs / fewMs, unit: "ratio", target: 1.2, better: .lower),
            BenchResult(name: "chat.typing_event_ms", value: typingMs, unit: "ms", target: 2, better: .lower),
            BenchResult(name: "chat.rss_after_100k_scroll_mb", value: rss, unit: "MB", target: 150, better: .lower),
        ]
    }

    /// A channel screen with `count` messages loaded (the newest ones), resting at the bottom.
    static func openScreen(_ store: (client: ChatClient, cid: ChannelId), loading count: Int, in window: UIWindow,
                           backend: HeadlessBackend) throws -> ChatChannelVC {
        let vc = Components.default.channelVC.init()
        let controller = store.client.channelController(for: store.cid)
        controller.maxLoadedMessages = max(controller.maxLoadedMessages, count + 1_000)
        vc.channelController = controller
        show(vc, in: window, backend: backend)
        while controller.messages.count < count, !controller.hasLoadedAllPreviousMessages {
            try controller.loadPreviousMessages(limit: min(5_000, count - controller.messages.count))
            backend.advance(by: 1.0 / 60)
        }
        vc.messageListVC.scrollToBottom(animated: false)
        backend.advance(by: 0.5)
        return vc
    }

    static func show(_ vc: ChatChannelVC, in window: UIWindow, backend: HeadlessBackend) {
        guard window.rootViewController !== vc else { return }
        window.rootViewController = vc
        window.layoutIfNeeded()
        backend.advance(by: 0.25)
    }

    /// Scrolls a new screen from the newest message to the oldest (or `limit` messages back), a
    /// frame per step, older pages loading as the list asks; returns the resident set in MB.
    static func scrollToOldest(_ store: (client: ChatClient, cid: ChannelId), in window: UIWindow, backend: HeadlessBackend,
                               limit: Int?) throws -> Double {
        if ProcessInfo.processInfo.environment["PARLEY_BENCH_CONTROLLER_ONLY"] != nil {
            let controller = store.client.channelController(for: store.cid)
            try controller.synchronize()
            var pages = 0
            while !controller.hasLoadedAllPreviousMessages {
                try controller.loadPreviousMessages()
                pages += 1
                if pages % 500 == 0 { ChatBench.log(String(format: "controller only: %d pages, rss %.1f MB", pages, Bench.residentMemoryMB())) }
            }
            return Bench.residentMemoryMB()
        }
        if ProcessInfo.processInfo.environment["PARLEY_BENCH_PHASES"] != nil {
            let before = Bench.residentMemoryMB()
            StoreBench.returnFreedMemoryToTheSystem()
            ChatBench.log(String(format: "scroll: rss %.1f MB at the start, %.1f MB after malloc_trim", before, Bench.residentMemoryMB()))
            typealias MallocStats = @convention(c) () -> Void
            if let symbol = dlsym(nil, "malloc_stats") { unsafeBitCast(symbol, to: MallocStats.self)() }
        }
        let vc = Components.default.channelVC.init()
        if ProcessInfo.processInfo.environment["PARLEY_BENCH_PHASES"] != nil {
            vc.components.messageContentView = LiveCountingContentView.self
        }
        vc.channelController = store.client.channelController(for: store.cid)
        show(vc, in: window, backend: backend)
        let list = vc.messageListVC.listView
        var seen = Set<MessageId>()
        var steps = 0
        while steps < 20_000 {
            steps += 1
            list.setContentOffset(CGPoint(x: 0, y: -list.adjustedContentInset.top), animated: false)
            backend.advance(by: 1.0 / 60)
            if let oldest = vc.channelController.messages.first?.id { seen.insert(oldest) }
            if steps % 200 == 0, ProcessInfo.processInfo.environment["PARLEY_BENCH_PHASES"] != nil {
                ChatBench.log(String(format: "scroll: %d steps, %d loaded, %d rows, %d subviews, %d row views alive, rss %.1f MB", steps, vc.channelController.messages.count,
                                     list.list?.count ?? -1, list.subviews.count, LiveCountingContentView.live, Bench.residentMemoryMB()))
                if steps % 1000 == 0, let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
                    ChatBench.log(status.split(separator: "\n").filter { $0.hasPrefix("Rss") }.joined(separator: ", "))
                }
            }
            if vc.channelController.hasLoadedAllPreviousMessages { break }
            if let limit, seen.count * ChatChannelController.pageSize >= limit { break }
        }
        let rss = Bench.residentMemoryMB()
        if ProcessInfo.processInfo.environment["PARLEY_BENCH_PHASES"] != nil {
            StoreBench.returnFreedMemoryToTheSystem()
            ChatBench.log(String(format: "scroll: rss %.1f MB at the end, %.1f MB after malloc_trim", rss, Bench.residentMemoryMB()))
            TextMeasurement.removeAllCachedLayouts()
            StoreBench.returnFreedMemoryToTheSystem()
            ChatBench.log(String(format: "scroll: %.1f MB without the text layout cache", Bench.residentMemoryMB()))
            list.removeAllCachedSizes()
            backend.advance(by: 1.0 / 60)
            StoreBench.returnFreedMemoryToTheSystem()
            ChatBench.log(String(format: "scroll: %.1f MB without the size cache", Bench.residentMemoryMB()))
            try? vc.channelController.synchronize()
            backend.advance(by: 1.0 / 60)
            StoreBench.returnFreedMemoryToTheSystem()
            ChatBench.log(String(format: "scroll: %.1f MB after resynchronizing (%d loaded)", Bench.residentMemoryMB(), vc.channelController.messages.count))
            typealias MallocStats = @convention(c) () -> Void
            if let symbol = dlsym(nil, "malloc_stats") { unsafeBitCast(symbol, to: MallocStats.self)() }
            logLargestMappings()
        }
        ChatBench.log(String(format: "chat: scrolled back through %d pages in %d frames; %d messages loaded at the end; rss %.1f MB",
                             seen.count, steps, vc.channelController.messages.count, rss))
        return rss
    }

    /// Logs the mappings holding the most resident memory (`PARLEY_BENCH_PHASES`).
    static func logLargestMappings() {
        // Read to the end: /proc files report no size, so size-based reads stop at the first page.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return }
        let smaps = String(decoding: data, as: UTF8.self)
        var byName: [String: Int] = [:]
        var current = ""
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first?.contains("-") == true, fields.count >= 5 {
                current = fields.count >= 6 ? String(fields[5]) : "[anonymous]"
            } else if fields.first == "Rss:", fields.count >= 2, let kb = Int(fields[1]) {
                byName[current, default: 0] += kb
            }
        }
        for (name, kb) in byName.sorted(by: { $0.value > $1.value }).prefix(15) {
            ChatBench.log(String(format: "mapping %8d kB %@", kb, name))
        }
    }

    /// Lets main-actor jobs run (the store's change reaching the controller) until `condition`.
    static func waitForDelivery(timeout: TimeInterval, _ condition: () -> Bool) async throws {
        let deadline = ProcessInfo.processInfo.systemUptime + timeout
        while !condition() {
            guard ProcessInfo.processInfo.systemUptime < deadline else {
                ChatBench.log("chat: a change did not arrive within \(timeout) s")
                return
            }
            await Task.yield()
        }
    }
}

/// Counts the message views alive (`PARLEY_BENCH_PHASES`: memory investigations).
final class LiveCountingContentView: ChatMessageContentView {
    nonisolated(unsafe) static var live = 0
    required init(frame: CGRect) {
        super.init(frame: frame)
        Self.live += 1
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

    isolated deinit { Self.live -= 1 }
}
