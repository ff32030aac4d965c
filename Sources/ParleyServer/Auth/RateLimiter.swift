import Foundation
import ParleyChat

/// A token bucket per user: `rate` requests a second sustained, `burst` at once. One user's
/// flood empties only their own bucket; checking costs one dictionary lookup under a lock.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updatedAt: ContinuousClock.Instant
    }

    private let rate: Double
    private let burst: Double
    private let buckets = PthreadMutex<[String: Bucket]>([:])

    init(rate: Double, burst: Int) {
        self.rate = rate
        self.burst = Double(burst)
    }

    /// Takes one token for `userId`; `nil` when allowed, else the seconds until one is available.
    func take(_ userId: String, now: ContinuousClock.Instant = .now) -> TimeInterval? {
        buckets.withLock { buckets in
            var bucket = buckets[userId] ?? Bucket(tokens: burst, updatedAt: now)
            let elapsed = now - bucket.updatedAt
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds * rate)
            bucket.updatedAt = now
            defer { buckets[userId] = bucket }
            guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / rate }
            bucket.tokens -= 1
            return nil
        }
    }
}
