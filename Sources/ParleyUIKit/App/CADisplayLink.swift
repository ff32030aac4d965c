import Foundation

/// A callback on every frame the display shows, as Core Animation's `CADisplayLink`, with a
/// closure instead of a target–selector pair. While a display link is added and not paused, the
/// loop renders at the display's refresh rate.
@preconcurrency @MainActor
public final class CADisplayLink {
    private let handler: @MainActor (CADisplayLink) -> Void
    private var ticker: FrameScheduler.Ticker?
    private var lastFire: TimeInterval?

    /// When the last frame was shown (application clock, seconds).
    public private(set) var timestamp: TimeInterval = 0
    /// When the next frame will be shown.
    public private(set) var targetTimestamp: TimeInterval = 0
    /// The time between frames.
    public var duration: TimeInterval { 1 / max(1, UIApplication.shared.backend.refreshRate) }
    /// Stops the callbacks while true.
    public var isPaused = false
    /// The preferred rate (0: the display's); frames are skipped to approach it.
    public var preferredFramesPerSecond = 0

    /// A display link calling `handler` each frame once added.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// Starts the callbacks (the run loop and mode are accepted for UIKit compatibility).
    public func add(to runloop: RunLoop = .main, forMode mode: RunLoop.Mode = .common) {
        guard ticker == nil else { return }
        // The loop keeps an added display link alive until `invalidate()`, as a run loop does.
        ticker = FrameScheduler.shared.addTicker { [self] time in
            guard !self.isPaused else { return true }
            if self.preferredFramesPerSecond > 0, let last = self.lastFire, time - last < 1 / Double(self.preferredFramesPerSecond) - 0.002 {
                return true
            }
            self.lastFire = time
            self.timestamp = time
            self.targetTimestamp = time + self.duration
            self.handler(self)
            return self.ticker != nil
        }
    }

    /// Stops the callbacks for good.
    public func invalidate() {
        ticker?.invalidate()
        ticker = nil
    }
}
