import Foundation
import Parley
@_spi(Benchmarks) import ParleyUIKit

/// `chat.*` (see shared/BENCHMARKS.md): the channel screen on a channel of 100,000 messages.
///
/// - Opening: from creating `Components.default.channelVC` with its channel controller to the
///   first frame rendered in a 1280×800 headless window, store already on disk, text caches
///   cleared before each open; the same for a 1,000-message channel, and their ratio.
/// - Scrolling: a 10-second scripted fling up through the history (a decelerating flick
///   re-launched every 1.5 s, one content offset per 60 Hz frame, older pages loading on the way),
///   each frame timed whole (layout, paging, rasterisation, composition), against clearing a
///   1280×800 surface and copying another onto it, alternating in the same run.
/// - Memory: the process's resident set after the fling.
enum ChatBench {
    static let size = CGSize(width: 1280, height: 800)

    static func run(quick: Bool) async throws -> [BenchResult] {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("parley-chat-bench-\(getpid())")
        try? FileManager.default.removeItem(at: workspace)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        // The pictures' fling alone: PARLEY_BENCH_IMAGES_ONLY=1 parley bench chat
        if ProcessInfo.processInfo.environment["PARLEY_BENCH_IMAGES_ONLY"] != nil {
            return try await ChatImagesBench.run(in: workspace, quick: quick)
        }
        let big = try await makeStore(at: workspace.appendingPathComponent("big.sqlite"), messages: 100_000)
        let small = try await makeStore(at: workspace.appendingPathComponent("small.sqlite"), messages: 1_000)
        let results = try await measure(big: big, small: small, quick: quick)
        return results + (try await ChatImagesBench.run(in: workspace, quick: quick))
    }

    @MainActor
    static func measure(big: (client: ChatClient, cid: ChannelId), small: (client: ChatClient, cid: ChannelId), quick: Bool) async throws -> [BenchResult] {
        do {
            let backend = HeadlessBackend.install()
            let window = backend.openWindow(size: size, title: "Parley bench")
            // Profiling the message flow alone: PARLEY_BENCH_FLOW_ONLY=1 parley bench chat
            if ProcessInfo.processInfo.environment["PARLEY_BENCH_FLOW_ONLY"] != nil {
                return try await ChatFlowBench.run(big: big, window: window, backend: backend, quick: quick)
            }
            let opens = quick ? 5 : 15
            var bigTimes: [Double] = [], smallTimes: [Double] = []
            // Warm up fonts and code paths on both channels, untimed.
            _ = try open(big, in: window, backend: backend)
            _ = try open(small, in: window, backend: backend)
            for _ in 0..<opens {
                bigTimes.append(try open(big, in: window, backend: backend).seconds)
                smallTimes.append(try open(small, in: window, backend: backend).seconds)
            }
            let bigMs = Bench.median(bigTimes) * 1e3, smallMs = Bench.median(smallTimes) * 1e3
            log(String(format: "chat: last open of the big channel: %.2f ms loading and layout, %.2f ms first frame", lastOpenPhases.layout * 1e3, lastOpenPhases.render * 1e3))
            log(String(format: "chat: open to first frame %.2f ms (100,000 messages), %.2f ms (1,000 messages)", bigMs, smallMs))

            let opened = try open(big, in: window, backend: backend)
            // Profiling scroll frames that bring no new row (1 pt up and down): PARLEY_BENCH_STEADY=FRAMES
            if let steady = ProcessInfo.processInfo.environment["PARLEY_BENCH_STEADY"].flatMap(Int.init) {
                let (frames, floor, _) = fling(opened.vc, seconds: Double(steady) / 60, backend: backend, pointsPerFrame: 1)
                log(String(format: "chat: steady scroll of %d frames, median %.3f ms, floor %.3f ms", frames.count, Bench.median(frames) * 1e3, Bench.median(floor) * 1e3))
                return []
            }
            let (frames, floor, rasterized) = fling(opened.vc, seconds: quick ? 2 : 10, backend: backend)
            if ProcessInfo.processInfo.environment["PARLEY_BENCH_PHASES"] != nil {
                let sorted = frames.sorted()
                log("chat: fling frame quantiles (ms) " + [0.1, 0.25, 0.5, 0.75, 0.9, 0.99].map { String(format: "p%.0f %.3f", $0 * 100, sorted[Int(Double(sorted.count - 1) * $0)] * 1e3) }.joined(separator: ", "))
            }
            let median = Bench.median(frames) * 1e3, floorMs = Bench.median(floor) * 1e3
            let p99 = Bench.percentile(frames, 0.99) * 1e3
            let rss = Bench.residentMemoryMB()
            log(String(format: "chat: fling of %d frames, median %.3f ms, p99 %.3f ms, floor %.3f ms, %d layers rasterised, %d messages loaded",
                       frames.count, median, p99, floorMs, rasterized, opened.vc.channelController.messages.count))
            window.rootViewController = nil
            withExtendedLifetime(opened) {}
            let flow = try await ChatFlowBench.run(big: big, window: window, backend: backend, quick: quick)
            return flow + [
                BenchResult(name: "chat.open_100k_first_frame_ms", value: bigMs, unit: "ms", target: 30, better: .lower),
                BenchResult(name: "chat.open_1k_first_frame_ms", value: smallMs, unit: "ms", target: nil, better: .lower),
                BenchResult(name: "chat.open_100k_vs_1k", value: bigMs / smallMs, unit: "ratio", target: 1.2, better: .lower),
                BenchResult(name: "chat.scroll_frame_median_ms", value: median, unit: "ms", target: nil, better: .lower),
                BenchResult(name: "chat.scroll_floor_ms", value: floorMs, unit: "ms", target: nil, better: .lower),
                BenchResult(name: "chat.scroll_frame_median_vs_floor", value: median / floorMs, unit: "ratio", target: 1.5, better: .lower),
                BenchResult(name: "chat.scroll_frame_p99_ms", value: p99, unit: "ms", target: 8, better: .lower),
                BenchResult(name: "chat.rss_100k_mb", value: rss, unit: "MB", target: 150, better: .lower),
            ]
        }
    }

    /// A store on disk with a group channel of `messages` messages; returns its client and channel.
    /// A demo store whose busy channel has `messages` messages and ends with ``closingMessages``,
    /// so that both channels open on the same screen of messages and the comparison measures the
    /// channel's length, not what its newest messages happen to say.
    static func makeStore(at url: URL, messages: Int) async throws -> (client: ChatClient, cid: ChannelId) {
        let started = Date()
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "sam", databaseURL: url, randomSeed: 5))
        let count = max(0, messages - closingMessages.count)
        var parameters = DemoDataParameters(seed: 5, busyChannelMessageCount: count)
        // Typing events on, so the message-flow figures can time the typing indicator here too.
        var config = ChannelConfig.default(for: .livestream)
        config.typingEventsEnabled = true
        parameters.busyChannelConfig = config
        let summary = try DemoDataGenerator(parameters: parameters).generate(into: client)
        let cid = summary.busyChannel
        guard let backend = client.embeddedBackend, let channel = try client.channel(cid) else { return (client, cid) }
        let others = channel.members.map(\.user.id).filter { $0 != client.currentUserId }.sorted()
        var time = (channel.lastMessageAt ?? Date()).addingTimeInterval(60)
        for (index, (speaker, text)) in closingMessages.enumerated() {
            let author = speaker == 0 || others.isEmpty ? client.currentUserId : others[(speaker - 1) % others.count]
            time = time.addingTimeInterval(speaker == 0 ? 40 : 95)
            try await backend.sendMessage(OutgoingMessage(id: "closing-\(index)", cid: cid, text: text, createdAt: time), by: author)
        }
        log(String(format: "chat: generated a %d-message channel in %.1f s", messages, Date().timeIntervalSince(started)))
        return (client, cid)
    }

    /// The conversation both benchmark channels end with: (0 for the current user, else the
    /// n-th other member, text).
    static let closingMessages: [(Int, String)] = [
        (1, "Morning all! Did anyone see the build results from last night?"),
        (2, "Yes, two flaky tests again. I'll look into them after standup."),
        (0, "Thanks!"),
        (1, "The release notes draft is in the shared folder, comments welcome before noon."),
        (3, "👍"),
        (2, "Found it: the timeout was too short on the slow runners. Pushed a fix, CI is green now."),
        (0, "Great catch. Can we also add a retry for the upload step? It failed twice this week and each time it was the network."),
        (2, "Sure, I'll add it to the same branch."),
        (1, "Lunch at the usual place?"),
        (3, "I'm in"),
        (0, "Me too, 12:30?"),
        (1, "12:30 works 🍜"),
        (2, "Before lunch: the design review moved to Thursday because half the team is out tomorrow. Same room, same time."),
        (0, "Noted, I'll update the calendar invite."),
        (3, "Does anyone have the link to the dashboard with the latency numbers? The old one seems to be gone."),
        (1, "It moved under Observability → Services → Chat. I'll pin it here."),
        (3, "Thank you!"),
        (0, "Heads up: I'm deploying the search changes to staging in ten minutes. Expect a short blip."),
        (2, "ok"),
        (0, "Deployed. Search results now show the channel name under each message, and the highlight works for accented letters too."),
        (1, "Nice, much easier to scan. One nit: the date separator in results looks a bit heavy in dark mode."),
        (0, "Good point, I'll lighten it."),
        (3, "Leaving for lunch, see you there"),
        (2, "On my way 🏃"),
        (0, "Coming!"),
        (1, "Back. The new dessert place next door is worth a try, by the way."),
        (2, "Adding it to the list for Friday."),
        (0, "Let's do it. Also: retro notes are up, please add your points before tomorrow."),
        (3, "Will do after the review."),
        (1, "Same here ✅"),
    ]

    /// The last open's time in loading + layout and in the first frame's rendering, seconds.
    nonisolated(unsafe) static var lastOpenPhases: (layout: Double, render: Double) = (0, 0)

    /// Opens the channel screen in `window` and renders one frame; returns the time taken.
    @MainActor
    static func open(_ store: (client: ChatClient, cid: ChannelId), in window: UIWindow, backend: HeadlessBackend) throws -> (vc: ChatChannelVC, seconds: Double) {
        window.rootViewController = nil
        backend.advance(by: 1.0 / 60)
        TextMeasurement.removeAllCachedLayouts()
        var vc: ChatChannelVC!
        var layout: Double = 0
        let seconds = Bench.time {
            layout = Bench.time {
                vc = Components.default.channelVC.init()
                vc.channelController = store.client.channelController(for: store.cid)
                window.rootViewController = vc
                window.layoutIfNeeded()
            }
            backend.advance(by: 1.0 / 60)
        }
        lastOpenPhases = (layout, seconds - layout)
        return (vc, seconds)
    }

    /// Flings up through the history for `seconds`; returns each frame's time, the floor frame's
    /// times and the most layers one frame rasterised. `pointsPerFrame`: up and down by that much,
    /// frame after frame, instead of the flicks (profiling frames that bring no new row).
    /// `drainsMainQueue`: each frame first runs the main queue's jobs, as the app's loop does
    /// (pictures decoded off the main thread arrive through it).
    @MainActor
    static func fling(_ vc: ChatChannelVC, seconds: Double, backend: HeadlessBackend, pointsPerFrame: CGFloat? = nil,
                      drainsMainQueue: Bool = false) -> (frames: [Double], floor: [Double], maxRasterized: Int) {
        guard let list = largestComponentView(in: vc.view) else {
            log("chat: no ComponentView in the channel screen; nothing to fling")
            return ([.nan], [1], 0)
        }
        let floorSource = UIView(frame: CGRect(origin: .zero, size: size))
        floorSource.backgroundColor = .systemBackground
        let probe = FrameProbe(view: floorSource, width: Int(size.width), height: Int(size.height))
        var frames: [Double] = [], floor: [Double] = []
        var maxRasterized = 0
        let frameCount = Int(seconds * 60)
        var velocity: CGFloat = 0
        var phases = ProcessInfo.processInfo.environment["PARLEY_BENCH_PHASES"] == nil ? nil : (scroll: [Double](), layout: [Double](), rest: [Double]())
        defer {
            if let phases {
                log(String(format: "chat: frame phases, medians: scroll callbacks %.4f ms, layout %.4f ms, the rest (render) %.4f ms",
                           Bench.median(phases.scroll) * 1e3, Bench.median(phases.layout) * 1e3, Bench.median(phases.rest) * 1e3))
            }
        }
        for frame in 0..<frameCount {
            // A flick every 1.5 s at 5,000 pt/s, decelerating as UIKit's normal rate does.
            if frame % 90 == 0 { velocity = 5_000 }
            velocity *= pow(0.998, 1000.0 / 60)
            var offset = list.contentOffset
            offset.y = max(-list.adjustedContentInset.top, offset.y - (pointsPerFrame.map { frame % 2 == 0 ? $0 : -$0 } ?? velocity / 60))
            if phases != nil {
                // The frame in three parts (PARLEY_BENCH_PHASES): the scroll callbacks, layout, the rest.
                let scroll = Bench.time { list.contentOffset = offset }
                let layout = Bench.time { vc.view.window?.layoutIfNeeded() }
                let rest = Bench.time { backend.advance(by: 1.0 / 60) }
                phases?.scroll.append(scroll)
                phases?.layout.append(layout)
                phases?.rest.append(rest)
                frames.append(scroll + layout + rest)
            } else {
                list.contentOffset = offset
                frames.append(Bench.time {
                    // As the app's loop: the main queue's jobs (decoded pictures arriving) first.
                    if drainsMainQueue { _ = RunLoop.main.run(mode: .default, before: .distantPast) }
                    backend.advance(by: 1.0 / 60)
                })
            }
            maxRasterized = max(maxRasterized, Compositor.rasterizedLayersInLastFrame)
            floor.append(Bench.time { probe.floorFrame() })
        }
        return (frames, floor, maxRasterized)
    }

    @MainActor
    static func largestComponentView(in view: UIView) -> ComponentView? {
        var best: ComponentView?
        var queue = [view]
        while let next = queue.popLast() {
            if let list = next as? ComponentView, list.bounds.height > (best?.bounds.height ?? 0) { best = list }
            queue.append(contentsOf: next.subviews)
        }
        return best
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
