import Foundation
import Testing
@testable import ParleyUIKit

/// Content under a rotation or a scale is resampled once and blitted while it stays.
@MainActor
@Suite struct ResampledContentTests {
    private func scene() -> (root: UIView, turned: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 100))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let turned = UIView(frame: CGRect(x: 30, y: 30, width: 50, height: 30))
        turned.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        turned.layer.cornerRadius = 6
        turned.transform = CGAffineTransform(rotationAngle: .pi / 12).scaledBy(x: 0.8, y: 0.8)
        root.addSubview(turned)
        return (root, turned)
    }

    @Test func aTurnedViewIsResampledOnceAndMovesByWholePixels() throws {
        let (root, turned) = scene()
        let first = try #require(root.renderPixels(scale: 2))
        #expect(turned.layer.resampledContent != nil)
        let second = try #require(root.renderPixels(scale: 2))
        #expect(Compositor.rasterizedLayersInLastFrame == 0, "the second frame blits what the first resampled")
        #expect(first[110, 90] == second[110, 90])
        // Moved by whole points: the same pixels, moved by whole pixels.
        turned.center.x += 5
        turned.center.y += 3
        let moved = try #require(root.renderPixels(scale: 2))
        #expect(Compositor.rasterizedLayersInLastFrame <= 1)
        var differing = 0
        for y in 40..<150 {
            for x in 40..<180 where first[x, y] != moved[x + 10, y + 6] { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// The kept bitmap against Cairo resampling the content in every frame.
    @Test(arguments: [1.0, 2.0])
    func keptResamplingDrawsWhatResamplingEachFrameDraws(scale: CGFloat) throws {
        let everyFrame = Compositor()
        everyFrame.keepsResampledContent = false
        let (root, turned) = scene()
        // A child hanging out of the turned view, and a move to a fraction of a pixel.
        let child = UIView(frame: CGRect(x: 30, y: -8, width: 30, height: 20))
        child.backgroundColor = UIColor(red: 0, green: 0.6, blue: 0, alpha: 1)
        turned.addSubview(child)
        turned.center.x += 0.3
        let reference = try #require(root.renderPixels(scale: scale, compositor: everyFrame))
        let kept = Compositor()
        _ = root.renderPixels(scale: scale, compositor: kept)
        let resampled = try #require(root.renderPixels(scale: scale, compositor: kept))
        #expect(turned.layer.resampledContent != nil)
        var differing = 0, largest = 0
        for y in 0..<reference.height {
            for x in 0..<reference.width where reference[x, y] != resampled[x, y] {
                differing += 1
                let a = reference[x, y], b = resampled[x, y]
                largest = max(largest, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
        }
        // Only antialiased edge pixels may differ, by a rounding: their coverage is rounded into
        // the kept bitmap before the blit, where resampling in place rounds once.
        #expect(differing <= 12)
        #expect(largest <= 2)
    }

    @Test func aTurnedViewShowsNewContent() throws {
        let (root, turned) = scene()
        let red = try #require(root.renderPixels(scale: 2))
        #expect(red[110, 90] == (255, 0, 0, 255))
        turned.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let blue = try #require(root.renderPixels(scale: 2))
        #expect(blue[110, 90] == (0, 0, 255, 255))
        // Turned further: resampled again.
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let upright = try #require(root.renderPixels(scale: 2))
        // 30 pt wide and 50 pt tall now, centred at (55, 45): (55, 25) is inside, (30, 45) is not.
        #expect(upright[110, 54] == (0, 0, 255, 255))
        #expect(upright[60, 90] == (255, 255, 255, 255))
    }
}
