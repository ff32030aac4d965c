import Foundation
@testable import ParleyComponent
@testable import ParleyUIKit
import Testing

/// A parked view keeps no bitmaps: it gets new content before it shows again, and a pool of
/// 64 message rows held tens of megabytes of text bitmaps.
@MainActor
@Suite struct ReusePoolMemoryTests {
    @Test func parkedViewsFreeTheirBitmapsAndDrawAgainWhenShown() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        let row = UIView(frame: host.bounds)
        row.layer.shouldRasterize = true
        let label = UILabel(frame: CGRect(x: 8, y: 8, width: 180, height: 40))
        label.text = "A parked row"
        row.addSubview(label)
        host.addSubview(row)
        let shown = host.renderPixels(scale: 2, background: .white)
        #expect(label.layer.backing != nil)

        let pool = ReusePool()
        pool.enqueue(row, key: "row")
        #expect(label.layer.backing == nil)
        #expect(row.layer.rasterCache == nil)

        // Back from the pool, it draws the same pixels again.
        let again = pool.dequeue(key: "row")
        #expect(again === row)
        row.isHidden = false
        #expect(host.renderPixels(scale: 2, background: .white) == shown)
        #expect(label.layer.backing != nil)
    }
}
