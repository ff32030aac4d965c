import Foundation

/// SplitMix64: a tiny, fast generator whose whole output follows from its seed. Demo data, the
/// simulated peers and (when a seed is configured) message ids use it, so a run can be repeated
/// exactly.
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A value in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + int(range.count) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    /// A uniformly chosen element.
    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// An index drawn from a Zipf-like distribution over `count` items (rank 0 most likely):
    /// real vocabularies and real activity look like this.
    mutating func zipf(_ count: Int) -> Int {
        // Inverse transform of a continuous power law with exponent ~1: u ↦ count^u - 1.
        let u = Double(next() >> 11) / Double(1 << 53)
        return min(count - 1, Int(pow(Double(count + 1), u)) - 1)
    }
}

/// Hands out message ids from one generator, seeded or not, safely from any thread.
final class IdentifierSource: Sendable {
    private let generator: PthreadMutex<SeededRandom>

    /// A source seeded with `seed`, or with system randomness when `nil`.
    init(seed: UInt64?) {
        var system = SystemRandomNumberGenerator()
        generator = PthreadMutex(SeededRandom(seed: seed ?? system.next()))
    }

    func messageId(at date: Date) -> MessageId {
        generator.withLock { IdentifierGenerator.messageId(at: date, using: &$0) }
    }
}
