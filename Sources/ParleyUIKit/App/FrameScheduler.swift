import Foundation

/// The application's clock, its timers and its per-frame callbacks: the one place gesture
/// timeouts, scroll momentum, animations and display links get their time from.
///
/// Time comes from the backend (`HeadlessBackend` lets tests advance it by hand), so everything
/// time-based is deterministic under test. Without a driver (no run loop and no headless backend,
/// e.g. while a view is rendered to an image), animations jump to their end at once.
@MainActor
final class FrameScheduler {
    static let shared = FrameScheduler()

    /// A pending one-shot timer; `cancel()` stops it.
    final class Timer {
        let deadline: TimeInterval
        fileprivate var block: (@MainActor () -> Void)?
        fileprivate init(deadline: TimeInterval, block: @escaping @MainActor () -> Void) {
            self.deadline = deadline
            self.block = block
        }
        /// Stops the timer; a cancelled timer never fires.
        func cancel() { block = nil }
        var isCancelled: Bool { block == nil }
    }

    /// A per-frame callback; it runs every frame until its closure returns false or it is invalidated.
    final class Ticker {
        fileprivate var block: (@MainActor (TimeInterval) -> Bool)?
        fileprivate init(block: @escaping @MainActor (TimeInterval) -> Bool) { self.block = block }
        func invalidate() { block = nil }
        var isValid: Bool { block != nil }
    }

    /// Whether something drives frames (a run loop or a headless backend).
    var isDriven = false
    /// The time source; the application points it at its backend's clock.
    var clock: @MainActor () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    /// Now, in seconds.
    var now: TimeInterval { clock() }

    private var timers: [Timer] = []
    private var tickers: [Ticker] = []

    /// Whether anything visible changed since the last frame: every visual change sets it (a
    /// layer cannot cheaply tell which window shows it), the run loop renders only when it is set.
    var needsFrame = true
    /// What the last frame any compositor rendered cost (read by tests and `parley bench`; nothing
    /// that renders reads it).
    private(set) var lastFrame = FrameStatistics()
    /// Content surfaces redrawn since launch.
    private(set) var totalRasterizedLayers = 0

    /// A compositor finished a frame: what it cost, and no frame is needed until the next change.
    func frameDidRender(_ statistics: FrameStatistics) {
        lastFrame = statistics
        totalRasterizedLayers += statistics.rasterizedLayers
        needsFrame = false
    }

    /// Runs `block` after `delay` seconds of application time.
    @discardableResult
    func schedule(after delay: TimeInterval, _ block: @escaping @MainActor () -> Void) -> Timer {
        let timer = Timer(deadline: now + max(0, delay), block: block)
        timers.append(timer)
        return timer
    }

    /// Calls `block` with the frame time every frame until it returns false.
    @discardableResult
    func addTicker(_ block: @escaping @MainActor (TimeInterval) -> Bool) -> Ticker {
        let ticker = Ticker(block: block)
        tickers.append(ticker)
        Compositor.setNeedsFrame()
        return ticker
    }

    /// Whether a per-frame callback is running (the run loop then paces frames to the display).
    var hasActiveTickers: Bool { tickers.contains { $0.isValid } }

    /// The earliest pending timer deadline.
    var nextTimerDeadline: TimeInterval? {
        timers.lazy.filter { !$0.isCancelled }.map(\.deadline).min()
    }

    /// Fires every timer due at `time`, earliest first (timers they schedule fire in a later call).
    func fireDueTimers(at time: TimeInterval) {
        timers.removeAll { $0.isCancelled }
        let due = timers.filter { $0.deadline <= time }.sorted { $0.deadline < $1.deadline }
        guard !due.isEmpty else { return }
        timers.removeAll { $0.deadline <= time }
        for timer in due {
            guard let block = timer.block else { continue }
            timer.block = nil
            block()
        }
    }

    /// Runs every ticker once for the frame at `time`.
    func tick(at time: TimeInterval) {
        let current = tickers
        for ticker in current {
            guard let block = ticker.block else { continue }
            if !block(time) { ticker.block = nil }
        }
        tickers.removeAll { !$0.isValid }
    }

    /// Drops every timer and ticker (a fresh application, between tests).
    func reset() {
        timers.removeAll()
        tickers.removeAll()
    }
}
