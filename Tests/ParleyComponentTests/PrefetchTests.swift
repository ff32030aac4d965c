import Foundation
import Testing
@testable import ParleyComponent
import ParleyUIKit

/// Counts the rows laid out for real.
@MainActor
final class LayoutCounter {
    var count = 0
}

/// A 40-pt row that counts its layouts.
@MainActor
struct CountedRow: Component {
    let counter: LayoutCounter
    var cost: TimeInterval = 0

    func layout(_ constraint: Constraint) -> some RenderNode {
        counter.count += 1
        if cost > 0 { Thread.sleep(forTimeInterval: cost) }
        return ColorBox(.systemGray5).size(width: .fill, height: .absolute(40)).layout(constraint)
    }
}

/// How a component view in a window spreads measuring rows ahead of the viewport over frames.
@MainActor
@Suite(.serialized) struct PrefetchTests {
    private func hostedList(rows: Int, cost: TimeInterval = 0, timeBudget: TimeInterval = .infinity) -> (HeadlessBackend, ComponentView, LayoutCounter) {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 320, height: 480), title: "prefetch")
        let view = ComponentView(frame: window.bounds)
        window.addSubview(view)
        let counter = LayoutCounter()
        // No time limit unless asked: a debug build measures slowly.
        view.prefetchTimeBudget = timeBudget
        view.component = VStack(children: (0..<rows).map { CountedRow(counter: counter, cost: cost).lazy(id: "r\($0)", estimatedHeight: 40) })
        return (backend, view, counter)
    }

    /// The first frame measures the rows it shows and nothing more; the rows a viewport below
    /// follow in the next frames, `maxLazyMeasurementsPerFrame` a frame. Before, the first frame
    /// also measured a batch, and every layout pass of a frame (up to 8) measured another.
    @Test func theFirstFrameMeasuresWhatItShowsAndPrefetchingFollowsABatchAFrame() {
        let (backend, view, counter) = hostedList(rows: 10_000)
        backend.advance(by: 1.0 / 60)
        #expect(counter.count == 12)
        var perFrame: [Int] = []
        for _ in 0..<12 {
            let before = counter.count
            backend.advance(by: 1.0 / 60)
            perFrame.append(counter.count - before)
        }
        #expect(perFrame.allSatisfy { $0 <= view.maxLazyMeasurementsPerFrame }, "\(perFrame)")
        #expect(perFrame.reduce(0, +) == 12, "a viewport (12 rows) below is measured: \(perFrame)")
    }

    /// Prefetching refills in batches: scrolling measures nothing until the unmeasured rows come
    /// within half a viewport, then fills the whole viewport ahead again, a batch a frame.
    @Test func scrollingRefillsThePrefetchZoneInBatches() {
        let (backend, view, counter) = hostedList(rows: 10_000)
        for _ in 0..<12 { backend.advance(by: 1.0 / 60) }
        let settled = counter.count
        #expect(settled == 24)
        // The measured rows reach 960 pt; the viewport's bottom plus half a viewport is 1,020 at 540.
        view.contentOffset.y = 200
        backend.advance(by: 1.0 / 60)
        #expect(counter.count == settled)
        view.contentOffset.y = 260
        backend.advance(by: 1.0 / 60)
        #expect(counter.count == settled + view.maxLazyMeasurementsPerFrame)
        for _ in 0..<12 { backend.advance(by: 1.0 / 60) }
        // Measured down to 260 + 480 + 480 = 1,220 pt: rows 0…30.
        #expect(counter.count == 31)
    }

    /// A batch stops once the frame has spent its prefetch time: rows that take 3 ms each are
    /// prefetched one a frame under a 2-ms budget.
    @Test func aBatchStopsWhenTheFrameSpentItsPrefetchTime() {
        let (backend, view, counter) = hostedList(rows: 1_000, cost: 0.003, timeBudget: 0.002)
        backend.advance(by: 1.0 / 60)
        var perFrame: [Int] = []
        for _ in 0..<6 {
            let before = counter.count
            backend.advance(by: 1.0 / 60)
            perFrame.append(counter.count - before)
        }
        #expect(view.maxLazyMeasurementsPerFrame > 1)
        #expect(perFrame.dropFirst().allSatisfy { $0 == 1 }, "\(perFrame)")
    }
}
