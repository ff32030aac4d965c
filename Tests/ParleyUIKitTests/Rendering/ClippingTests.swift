import Foundation
import Testing
@testable import ParleyUIKit

@MainActor
@Suite struct ClippingTests {
    private func roundedClipper(clips: Bool) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let clipper = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        clipper.layer.cornerRadius = 40
        clipper.clipsToBounds = clips
        let child = UIView(frame: clipper.bounds)
        child.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        clipper.addSubview(child)
        root.addSubview(clipper)
        return root
    }

    @Test func roundedCornersClipSubviewsInPixels() {
        let clipped = roundedClipper(clips: true).renderPixels(scale: 2)!
        // The corner pixel lies outside the 40-pt radius: the white root shows through.
        #expect(clipped[1, 1] == (255, 255, 255, 255))
        #expect(clipped[100, 100].b == 255 && clipped[100, 100].r == 0)
        // Just inside the arc on the diagonal (40 - 40/√2 ≈ 11.7 pt → 23.4 px): blue.
        #expect(clipped[30, 30].b == 255 && clipped[30, 30].r == 0)
        let unclipped = roundedClipper(clips: false).renderPixels(scale: 2)!
        #expect(unclipped[1, 1].b == 255 && unclipped[1, 1].r == 0)
    }

    @Test func maskedCornersRoundOnlyTheChosenCorners() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        view.layer.cornerRadius = 20
        view.layer.maskedCorners = [.layerMinXMinYCorner]
        let pixels = view.renderPixels(scale: 1)!
        #expect(pixels[0, 0].a == 0)
        #expect(pixels[49, 0].a == 255)
        #expect(pixels[0, 49].a == 255)
        #expect(pixels[49, 49].a == 255)
    }

    @Test func bordersAndShadowsDrawOutsideTheContentCache() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        card.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        card.layer.borderWidth = 2
        card.layer.borderColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 4
        card.layer.shadowOffset = CGSize(width: 0, height: 6)
        root.addSubview(card)
        let pixels = root.renderPixels(scale: 1)!
        #expect(pixels[50, 20].r == 255 && pixels[50, 20].g == 0) // the border
        #expect(pixels[50, 50] == (255, 255, 255, 255)) // the white inside
        #expect(pixels[50, 84].r < 200) // shadow below the card
        #expect(pixels[50, 5] == (255, 255, 255, 255)) // no shadow far above (offset is down)
    }

    @Test func alphaGroupsCompositeSubtreesOnce() {
        // A half-transparent parent with two overlapping opaque children must not show the overlap darker.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 20))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let group = UIView(frame: root.bounds)
        group.alpha = 0.5
        for x in [0.0, 20.0] {
            let child = UIView(frame: CGRect(x: x, y: 0, width: 40, height: 20))
            child.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
            group.addSubview(child)
        }
        root.addSubview(group)
        let pixels = root.renderPixels(scale: 1)!
        #expect(pixels[10, 10].r == pixels[30, 10].r)
        #expect(abs(Int(pixels[30, 10].r) - 128) <= 2)
    }

    /// A container class that draws nothing keeps no surface even after redraw requests (a trait
    /// change, a resize): before, each request made it allocate, draw and scan a surface again.
    @Test func aNonDrawingClassStaysSurfaceFreeAfterSetNeedsDisplay() {
        final class Container: UIView {}
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        root.backgroundColor = .white
        let containers = (0..<5).map { i in Container(frame: CGRect(x: 0, y: CGFloat(i) * 60, width: 300, height: 60)) }
        for container in containers { root.addSubview(container) }
        _ = root.renderPixels(scale: 2)
        _ = root.renderPixels(scale: 2)
        #expect(Compositor.rasterizedLayersInLastFrame == 0)
        for container in containers { container.setNeedsDisplay() }
        _ = root.renderPixels(scale: 2)
        #expect(Compositor.rasterizedLayersInLastFrame == 0)
        #expect(containers.allSatisfy { $0.layer.backing == nil })
        // A class that does draw still redraws.
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "Drawn"
        root.addSubview(label)
        _ = root.renderPixels(scale: 2)
        label.setNeedsDisplay()
        _ = root.renderPixels(scale: 2)
        #expect(Compositor.rasterizedLayersInLastFrame == 1)
    }

    @Test func scrollingBoundsOriginRasterisesNothing() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        for i in 0..<20 {
            let label = UILabel(frame: CGRect(x: 0, y: CGFloat(i) * 30, width: 200, height: 30))
            label.text = "Row \(i)"
            root.addSubview(label)
        }
        _ = root.renderPixels(scale: 2)
        #expect(Compositor.rasterizedLayersInLastFrame > 0)
        // Scrolling down draws each row once as it first comes into view (off-screen rows are culled)...
        for step in 1...20 {
            root.bounds.origin.y = CGFloat(step) * 20
            _ = root.renderPixels(scale: 2)
            #expect(Compositor.rasterizedLayersInLastFrame <= 1)
        }
        // ...and scrolling through what was seen draws nothing.
        for step in (0...20).reversed() {
            root.bounds.origin.y = CGFloat(step) * 20 + 3
            _ = root.renderPixels(scale: 2)
            #expect(Compositor.rasterizedLayersInLastFrame == 0)
        }
        (root.subviews[3] as? UILabel)?.text = "Changed"
        _ = root.renderPixels(scale: 2)
        #expect(Compositor.rasterizedLayersInLastFrame == 1)
    }
}
