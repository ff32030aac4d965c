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

    /// A group's surface is bounded by what its subtree covers, sublayers outside its bounds and
    /// transformed ones included: they must still show, faded.
    @Test func aFadedGroupStillShowsSublayersOutsideItsBounds() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let group = UIView(frame: CGRect(x: 40, y: 40, width: 10, height: 10))
        group.alpha = 0.5
        let outside = UIView(frame: CGRect(x: -35, y: 20, width: 10, height: 10))
        let rotated = UIView(frame: CGRect(x: 20, y: -30, width: 20, height: 20))
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let grandchild = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        for view in [outside, rotated, grandchild] { view.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
        rotated.addSubview(grandchild)
        group.addSubview(outside)
        group.addSubview(rotated)
        group.addSubview(UIView(frame: .zero))
        root.addSubview(group)
        let pixels = root.renderPixels(scale: 1)!
        #expect(abs(Int(pixels[10, 65].r) - 128) <= 2) // `outside`, at (5…15, 60…70)
        #expect(abs(Int(pixels[70, 20].r) - 128) <= 2) // the centre of `rotated` (and its child), at (70, 20)
        #expect(pixels[70, 2] == (255, 255, 255, 255)) // above the rotated square's top corner
        #expect(pixels[45, 45] == (255, 255, 255, 255)) // the group itself draws nothing
    }

    /// Opaque backgrounds over one another: the frame shows only the top one, blending where an
    /// edge falls inside a pixel, whichever fills the compositor held back or dropped.
    @Test func stackedOpaqueBackgroundsShowTheTopOneAndBlendFractionalEdges() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let cover = UIView(frame: root.bounds)
        cover.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.addSubview(cover)
        let sameColor = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        sameColor.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        cover.addSubview(sameColor)
        let fractional = UIView(frame: CGRect(x: 40.5, y: 0, width: 20, height: 50))
        fractional.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        cover.addSubview(fractional)
        let over = UIView(frame: CGRect(x: 0, y: 40, width: 100, height: 20))
        over.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        cover.addSubview(over)
        let pixels = root.renderPixels(scale: 1)!
        #expect(pixels[5, 5] == (0, 255, 0, 255))
        #expect(pixels[20, 20] == (0, 255, 0, 255))
        #expect(pixels[50, 20] == (0, 0, 255, 255))
        #expect(pixels[40, 20].b > 100 && pixels[40, 20].g > 100) // half covered: green and blue
        #expect(pixels[50, 45] == (0, 255, 0, 255)) // `over` covers the blue
        #expect(pixels[50, 80] == (0, 255, 0, 255))
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
