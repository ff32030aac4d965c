/// The offsets (into `sequence`) of one longest strictly increasing subsequence, ascending.
///
/// The one implementation of the codebase: views that keep their place in a reordered list and
/// ids reported as moved by ``ListChange`` are both the complement of this subsequence of old
/// positions, so the fewest things move. Patience sorting with predecessor links: O(n log n).
package func longestIncreasingSubsequence(_ sequence: [Int]) -> [Int] {
    guard !sequence.isEmpty else { return [] }
    // tails[k]: offset in `sequence` of the smallest tail of an increasing run of length k + 1.
    var tails: [Int] = []
    tails.reserveCapacity(sequence.count)
    var previous = [Int](repeating: -1, count: sequence.count)
    for offset in sequence.indices {
        let value = sequence[offset]
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) >> 1
            if sequence[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[offset] = tails[low - 1] }
        if low == tails.count { tails.append(offset) } else { tails[low] = offset }
    }
    var result = [Int](repeating: 0, count: tails.count)
    var cursor = tails[tails.count - 1]
    for position in stride(from: tails.count - 1, through: 0, by: -1) {
        result[position] = cursor
        cursor = previous[cursor]
    }
    return result
}
