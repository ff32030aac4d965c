import Foundation

/// The smallest set of moves that reorders views: views whose old positions form the longest
/// increasing subsequence keep their place, and only the others move.
enum ViewDiff {
    /// The indexes (into `sequence`) of one longest strictly increasing subsequence, ascending.
    ///
    /// Patience sorting with predecessor links: O(n log n).
    static func longestIncreasingSubsequence(_ sequence: [Int]) -> [Int] {
        guard !sequence.isEmpty else { return [] }
        // tails[k]: index in `sequence` of the smallest tail of an increasing run of length k + 1.
        var tails: [Int] = []
        tails.reserveCapacity(sequence.count)
        var previous = [Int](repeating: -1, count: sequence.count)
        for index in sequence.indices {
            let value = sequence[index]
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) >> 1
                if sequence[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result = [Int](repeating: 0, count: tails.count)
        var cursor = tails[tails.count - 1]
        for position in stride(from: tails.count - 1, through: 0, by: -1) {
            result[position] = cursor
            cursor = previous[cursor]
        }
        return result
    }
}
