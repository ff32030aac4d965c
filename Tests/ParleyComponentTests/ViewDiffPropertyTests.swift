import Foundation
@testable import ParleyComponent
import ParleyDiff
import ParleyTesting
import ParleyUIKit
import Testing

/// The incremental view diff must end where a fresh render ends, and keep views by identity.
@MainActor
@Suite struct ViewDiffPropertyTests {
    @Test func longestIncreasingSubsequence() {
        #expect(ParleyDiff.longestIncreasingSubsequence([]) == [])
        #expect(ParleyDiff.longestIncreasingSubsequence([3, 1, 2]) == [1, 2])
        #expect(ParleyDiff.longestIncreasingSubsequence([0, 1, 2, 3]) == [0, 1, 2, 3])
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<300 {
            let sequence = Array(0..<Int.random(in: 0...40, using: &rng)).shuffled(using: &rng)
            let lis = ParleyDiff.longestIncreasingSubsequence(sequence)
            // Increasing, and as long as the quadratic dynamic programme says.
            #expect(zip(lis, lis.dropFirst()).allSatisfy { sequence[$0] < sequence[$1] && $0 < $1 })
            var best = [Int](repeating: 1, count: sequence.count)
            for i in sequence.indices { for j in 0..<i where sequence[j] < sequence[i] { best[i] = max(best[i], best[j] + 1) } }
            #expect(lis.count == (best.max() ?? 0))
        }
    }

    func list(_ rows: [(String, CGFloat)]) -> some Component {
        VStack(spacing: 2, children: rows.map { TestRow(id: $0.0, height: $0.1) })
    }

    @Test func randomEditsEqualAFreshRender() {
        var rng = SeededGenerator(seed: 11)
        var next = 0
        func newRow() -> (String, CGFloat) {
            next += 1
            return ("row\(next)", CGFloat(Int.random(in: 20...90, using: &rng)))
        }
        for _ in 0..<12 {
            var rows = (0..<Int.random(in: 0...60, using: &rng)).map { _ in newRow() }
            let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            view.component = list(rows)
            view.layoutIfNeeded()
            for _ in 0..<25 {
                // A batch of random edits.
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: rows.insert(newRow(), at: Int.random(in: 0...rows.count, using: &rng))
                    case 1: if !rows.isEmpty { rows.remove(at: Int.random(in: 0..<rows.count, using: &rng)) }
                    case 2:
                        if rows.count > 1 {
                            let moved = rows.remove(at: Int.random(in: 0..<rows.count, using: &rng))
                            rows.insert(moved, at: Int.random(in: 0...rows.count, using: &rng))
                        }
                    default:
                        if !rows.isEmpty { rows[Int.random(in: 0..<rows.count, using: &rng)].1 = CGFloat(Int.random(in: 20...90, using: &rng)) }
                    }
                }
                let before = Dictionary(zip(view.visibleIDs, view.visibleViews), uniquingKeysWith: { a, _ in a })
                view.component = list(rows)
                view.layoutIfNeeded()
                // Views that stayed visible through the reload are the same objects.
                for (id, old) in before {
                    if let now = view.visibleView(id: id) { #expect(now === old, "view of \(id) was replaced") }
                }
                if Bool.random(using: &rng) {
                    let maxY = max(0, view.contentSize.height - view.bounds.height)
                    view.contentOffset = CGPoint(x: 0, y: CGFloat(Int.random(in: 0...Int(maxY), using: &rng)))
                    view.layoutIfNeeded()
                }
                // Same tree, same offset, built from nothing.
                let fresh = ComponentView(frame: view.frame)
                fresh.component = list(rows)
                fresh.layoutIfNeeded()
                fresh.contentOffset = view.contentOffset
                fresh.layoutIfNeeded()
                #expect(fresh.contentOffset == view.contentOffset)
                #expect(viewTreeSnapshot(view) == viewTreeSnapshot(fresh))
                #expect(view.visibleIDs == fresh.visibleIDs)
                #expect(view.subviews.count == view.visibleViews.count)
            }
        }
    }

    @Test func randomScrollingEqualsAFreshRender() {
        var rng = SeededGenerator(seed: 12)
        let rows = (0..<300).map { ("s\($0)", CGFloat(Int.random(in: 20...90, using: &rng))) }
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        view.component = list(rows)
        view.layoutIfNeeded()
        let maxY = Int(view.contentSize.height - 400)
        for step in 0..<150 {
            let jump = step % 10 == 0 ? Int.random(in: -3000...3000, using: &rng) : Int.random(in: -120...120, using: &rng)
            view.contentOffset.y = CGFloat(min(max(0, Int(view.contentOffset.y) + jump), maxY))
            view.layoutIfNeeded()
            let fresh = ComponentView(frame: view.frame)
            fresh.component = list(rows)
            fresh.layoutIfNeeded()
            fresh.contentOffset = view.contentOffset
            fresh.layoutIfNeeded()
            #expect(viewTreeSnapshot(view) == viewTreeSnapshot(fresh))
            #expect(view.visibleIDs == fresh.visibleIDs)
        }
    }

    @Test func movesOnlyWhatLeavesTheLongestIncreasingRun() {
        let rows = (0..<8).map { ("m\($0)", CGFloat(30)) }
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        view.component = list(rows)
        view.layoutIfNeeded()
        var reordered = rows
        reordered.append(reordered.removeFirst())        // m0 goes last: one row moves
        view.component = list(reordered)
        view.layoutIfNeeded()
        // Each row is three views (label, box... ), the moved row's views move, nothing else.
        let perRow = view.visibleViews.count / rows.count
        #expect(view.lastRenderStats.moved == perRow)
        #expect(view.lastRenderStats.created == 0 && view.lastRenderStats.removed == 0)
    }
}
