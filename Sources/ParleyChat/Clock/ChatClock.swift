import Foundation

/// The time source of a ``ChatClient``: message dates, typing expiry and the simulated peers'
/// schedule all read it, so tests and demos can run on a ``ManualChatClock`` without sleeping.
public protocol ChatClock: Sendable {
    /// The current time, at millisecond precision.
    func now() -> Date

    /// Suspends until `deadline` (returns at once if it has passed).
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    func sleep(until deadline: Date) async throws
}

/// Wall-clock time.
public struct SystemChatClock: ChatClock {
    /// Creates the system clock.
    public init() {}

    /// The current time, truncated to milliseconds.
    public func now() -> Date { Date().roundedToMilliseconds }

    /// Sleeps on the system's continuous clock until `deadline`.
    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
    }
}

/// A clock that only moves when told to: ``advance(by:)`` resumes every sleeper whose deadline
/// has come, in deadline order.
///
/// ```swift
/// let clock = ManualChatClock(now: Date(timeIntervalSince1970: 1_700_000_000))
/// let client = try ChatClient(opening: .init(currentUserId: "alice", clock: clock))
/// clock.advance(by: 6)   // typing indicators older than 5 s expire
/// ```
public final class ManualChatClock: ChatClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var nextId: UInt64 = 0
    }

    private let state: PthreadMutex<State>

    /// Creates a clock that reads `now` until advanced.
    public init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = PthreadMutex(State(now: now.roundedToMilliseconds))
    }

    /// The clock's current time.
    public func now() -> Date { state.withLock { $0.now } }

    /// How many tasks are sleeping on this clock (lets tests wait until a timer is armed).
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock is advanced to `deadline` or beyond.
    public func sleep(until deadline: Date) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextId += 1
            return state.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `interval` seconds and wakes the sleepers that are due.
    public func advance(by interval: TimeInterval) {
        let target = state.withLock { $0.now.addingTimeInterval(interval) }
        advance(to: target)
    }

    /// Moves the clock to `date` (never backwards) and wakes the sleepers that are due.
    public func advance(to date: Date) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, date.roundedToMilliseconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
