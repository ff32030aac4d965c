import CCairoPango
import Foundation
import Testing
@testable import ParleyUIKit

/// Each compositor owns its frame; each layer owns what is cached about it.
@MainActor
@Suite struct CompositorStateTests {
    private func window(size: CGSize, color: UIColor, text: String) -> UIView {
        let root = UIView(frame: CGRect(origin: .zero, size: size))
        let panel = UIView(frame: CGRect(x: 4, y: 4, width: size.width - 8, height: size.height - 8))
        panel.backgroundColor = color
        let label = UILabel(frame: CGRect(x: 6, y: 6, width: size.width - 20, height: 16))
        label.text = text
        panel.addSubview(label)
        root.addSubview(panel)
        return root
    }

    private func pixels(_ surface: Surface) -> RGBAPixels { surface.rgbaPixels()! }

    /// Two windows, each with its own compositor and target, drawn in turns: a fill one holds
    /// back, its target image and its counts never reach the other. With one shared set of
    /// statics, window B's frame drew (or dropped) the background window A held back.
    @Test func twoCompositorsRenderingAlternatelyShareNothing() throws {
        let viewA = window(size: CGSize(width: 80, height: 40), color: .red, text: "A")
        let viewB = window(size: CGSize(width: 120, height: 30), color: .blue, text: "B")
        let targetA = try #require(Surface(pixelWidth: 80, pixelHeight: 40))
        let targetB = try #require(Surface(pixelWidth: 120, pixelHeight: 30))
        let compositorA = Compositor(), compositorB = Compositor()
        viewA.layoutIfNeeded()
        viewB.layoutIfNeeded()

        func frameA() {
            let cr = cairo_create(targetA.raw)!
            // Held back: A's root is transparent, so the green shows around A's panel.
            compositorA.paintTarget(cr, red: 0, green: 1, blue: 0, alpha: 1)
            frameB()
            compositorA.renderFrame(viewA.layer, into: cr, scale: 1, traits: viewA.traitCollection)
            compositorA.flushPendingFill(cr)
            cairo_destroy(cr)
            cairo_surface_flush(targetA.raw)
        }
        func frameB() {
            let cr = cairo_create(targetB.raw)!
            compositorB.clearTarget(cr, for: viewB.layer, traits: viewB.traitCollection)
            compositorB.renderFrame(viewB.layer, into: cr, scale: 1, traits: viewB.traitCollection)
            cairo_destroy(cr)
            cairo_surface_flush(targetB.raw)
        }

        for round in 0..<3 {
            frameA()
            let a = pixels(targetA), b = pixels(targetB)
            #expect(a[1, 1] == (0, 255, 0, 255), "round \(round): A's held background reached A")
            #expect(a[40, 35] == (255, 0, 0, 255))
            #expect(b[1, 1].a == 0, "round \(round): nothing of A's fill in B")
            #expect(b[60, 5] == (0, 0, 255, 255))
            if round > 0 {
                #expect(compositorA.lastFrame.rasterizedLayers == 0)
                #expect(compositorB.lastFrame.rasterizedLayers == 0)
            }
        }
        #expect(compositorA.lastFrame.composedLayers == 3)
        #expect(compositorB.lastFrame.composedLayers == 3)
        #expect(compositorA.directBlitCount > 0 && compositorB.directBlitCount > 0)
        // Alternating gives what each gets alone.
        let alone = try #require(viewA.renderPixels(scale: 1, compositor: Compositor()))
        #expect(alone[40, 35] == pixels(targetA)[40, 35])
    }

    /// A view whose `draw(_:)` calls `super` and draws only when on: it drew nothing once, and
    /// that used to mark its whole class as drawing nothing — so turning it on, or a new
    /// instance that is on, never drew.
    @Test func aViewThatDrawsOnlyWhenOnDrawsOnceTurnedOn() throws {
        final class Lamp: UIView {
            var isOn = false { didSet { setNeedsDisplay() } }
            override func draw(_ rect: CGRect) {
                super.draw(rect)
                guard isOn, let context = UIGraphicsGetCurrentContext() else { return }
                context.setFillColor(UIColor(red: 1, green: 0, blue: 0, alpha: 1))
                context.fill(rect)
            }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        let lamp = Lamp(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSubview(lamp)
        let off = try #require(root.renderPixels(scale: 1))
        #expect(off[10, 10].a == 0)
        #expect(lamp.layer.backing == nil, "a view that draws nothing keeps no surface")

        lamp.isOn = true
        let on = try #require(root.renderPixels(scale: 1))
        #expect(on[10, 10] == (255, 0, 0, 255))

        let second = Lamp(frame: CGRect(x: 20, y: 0, width: 20, height: 20))
        second.isOn = true
        root.addSubview(second)
        let both = try #require(root.renderPixels(scale: 1))
        #expect(both[30, 10] == (255, 0, 0, 255))

        // Off again: the check without a surface finds nothing, and rasterises nothing.
        lamp.isOn = false
        _ = root.renderPixels(scale: 1)
        lamp.isOn = false
        let again = try #require(root.renderPixels(scale: 1))
        #expect(again[10, 10].a == 0)
        #expect(Compositor.rasterizedLayersInLastFrame == 0)
    }

    /// What a compositor learns about view classes that draw nothing stays with it, and only
    /// saves the next view of the class its surface: that view is still asked (see the lamp).
    @Test func drawingHintsBelongToTheirCompositor() throws {
        final class Box: UIView {}
        let learning = Compositor(), other = Compositor()
        let first = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        first.addSubview(Box(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        _ = first.renderPixels(scale: 1, compositor: learning)
        #expect(learning.hints.classesThatDrewNothing.contains(ObjectIdentifier(Box.self)))
        #expect(other.hints.classesThatDrewNothing.isEmpty)

        let second = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        let box = Box(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        second.addSubview(box)
        _ = second.renderPixels(scale: 1, compositor: learning)
        #expect(learning.lastFrame.rasterizedLayers == 0, "asked without a surface")
        #expect(box.layer.drawsNothing && box.layer.backing == nil)
    }

    /// A layer no view owns takes its superlayer's traits; its cached colours follow a change
    /// of light and dark there.
    @Test func aPlainSublayerResolvesItsColoursForNewTraits() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let plain = CALayer()
        plain.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        plain.backgroundColor = UIColor(light: UIColor(red: 1, green: 1, blue: 1, alpha: 1), dark: UIColor(red: 0, green: 0, blue: 0, alpha: 1))
        root.layer.addSublayer(plain)
        let light = try #require(root.renderPixels(scale: 1, userInterfaceStyle: .light))
        #expect(light[10, 10] == (255, 255, 255, 255))
        let dark = try #require(root.renderPixels(scale: 1, userInterfaceStyle: .dark))
        #expect(dark[10, 10] == (0, 0, 0, 255))
    }

    /// A layer added under a composed bitmap after it was made still invalidates it when it changes.
    @Test func aLayerAddedUnderAComposedBitmapInvalidatesIt() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        row.layer.shouldRasterize = true
        let bubble = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        bubble.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        row.addSubview(bubble)
        root.addSubview(row)
        _ = root.renderPixels(scale: 1)
        #expect(row.layer.rasterCache != nil)

        let dot = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        dot.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        bubble.addSubview(dot)
        #expect(dot.layer.mayBeInRasterCache)
        let added = try #require(root.renderPixels(scale: 1))
        #expect(added[20, 20] == (0, 255, 0, 255))
        dot.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let changed = try #require(root.renderPixels(scale: 1))
        #expect(changed[20, 20] == (255, 0, 0, 255))
    }
}
