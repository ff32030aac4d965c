import Foundation
import Testing
@testable import ParleyUIKit

/// `CALayer.shouldRasterize`: a subtree composed once into a bitmap that frames reuse until
/// something in it changes.
@MainActor
@Suite struct RasterizationTests {
    /// A white root with a "row": a rounded blue bubble holding a label, and a red dot.
    private func scene(rasterized: Bool) -> (root: UIView, row: UIView, bubble: UIView, label: UILabel, dot: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let row = UIView(frame: CGRect(x: 0, y: 20, width: 200, height: 60))
        row.layer.shouldRasterize = rasterized
        let bubble = UIView(frame: CGRect(x: 40, y: 5, width: 120, height: 40))
        bubble.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        bubble.layer.cornerRadius = 12
        let label = UILabel(frame: CGRect(x: 10, y: 8, width: 100, height: 24))
        label.text = "Hello"
        label.textColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let dot = UIView(frame: CGRect(x: 8, y: 20, width: 16, height: 16))
        dot.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        bubble.addSubview(label)
        row.addSubview(bubble)
        row.addSubview(dot)
        root.addSubview(row)
        return (root, row, bubble, label, dot)
    }

    private func differingPixels(_ a: RGBAPixels, _ b: RGBAPixels) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { n += 1 }
        }
        return n
    }

    @Test func aRasterizedSubtreeLooksTheSameAsAComposedOne() throws {
        let plain = try #require(scene(rasterized: false).root.renderPixels(scale: 2))
        let cached = try #require(scene(rasterized: true).root.renderPixels(scale: 2))
        #expect(differingPixels(plain, cached) == 0)
    }

    @Test func movingOrFadingTheRasterizedLayerReusesItsBitmap() throws {
        let s = scene(rasterized: true)
        _ = s.root.renderPixels(scale: 2)
        s.row.frame.origin.y = 50
        s.row.alpha = 0.5
        let moved = try #require(s.root.renderPixels(scale: 2))
        #expect(Compositor.rasterizedLayersInLastFrame == 0)
        // The bubble moved down 30 pt (60 px) and is half transparent over white.
        let p = moved[2 * 45, 2 * 80]
        #expect(p.b == 255 && abs(Int(p.r) - 128) <= 2)
    }

    @Test func changesInsideTheSubtreeShowInTheNextFrame() throws {
        let s = scene(rasterized: true)
        _ = s.root.renderPixels(scale: 2)
        // A descendant's colour.
        s.dot.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        var pixels = try #require(s.root.renderPixels(scale: 2))
        #expect(pixels[2 * 16, 2 * 48] == (0, 255, 0, 255))
        // A descendant's position.
        s.dot.frame.origin.x = 170
        pixels = try #require(s.root.renderPixels(scale: 2))
        #expect(pixels[2 * 16, 2 * 48] == (255, 255, 255, 255))
        #expect(pixels[2 * 178, 2 * 48] == (0, 255, 0, 255))
        // A descendant hidden, a subview added.
        s.dot.isHidden = true
        let added = UIView(frame: CGRect(x: 180, y: 0, width: 10, height: 10))
        added.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        s.row.addSubview(added)
        pixels = try #require(s.root.renderPixels(scale: 2))
        #expect(pixels[2 * 178, 2 * 48] == (255, 255, 255, 255))
        #expect(pixels[2 * 185, 2 * 25] == (0, 0, 0, 255))
        // New text in a label: the same frame as composing without a bitmap.
        s.label.text = "Goodbye"
        pixels = try #require(s.root.renderPixels(scale: 2))
        let reference = scene(rasterized: false)
        reference.label.text = "Goodbye"
        reference.dot.isHidden = true
        reference.dot.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let referenceAdded = UIView(frame: added.frame)
        referenceAdded.backgroundColor = added.backgroundColor
        reference.row.addSubview(referenceAdded)
        let expected = try #require(reference.root.renderPixels(scale: 2))
        #expect(differingPixels(pixels, expected) == 0)
    }

    @Test func switchingToDarkRedrawsTheBitmap() throws {
        let s = scene(rasterized: true)
        s.dot.backgroundColor = .label
        let light = try #require(s.root.renderPixels(scale: 1, userInterfaceStyle: .light))
        let dark = try #require(s.root.renderPixels(scale: 1, userInterfaceStyle: .dark))
        #expect(light[16, 48].r < 50)
        #expect(dark[16, 48].r > 200)
    }

    /// A rounded border over subviews is stroked once into a bitmap and blitted after them.
    @Test func aRoundedBorderOverSubviewsIsDrawnOnTop() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let field = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 40))
        field.layer.cornerRadius = 20
        field.layer.borderWidth = 2
        field.layer.borderColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let child = UIView(frame: field.bounds)
        child.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        field.addSubview(child)
        root.addSubview(field)
        let pixels = try #require(root.renderPixels(scale: 2))
        #expect(pixels[2 * 50, 2 * 10 + 1] == (255, 0, 0, 255)) // the border's top edge, over the child
        #expect(pixels[2 * 50, 2 * 30] == (0, 0, 255, 255)) // the child inside
        field.layer.borderColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let recoloured = try #require(root.renderPixels(scale: 2))
        #expect(recoloured[2 * 50, 2 * 10 + 1] == (0, 255, 0, 255))
    }

    /// A row whose full-width containers draw nothing keeps a bitmap only as large as what they
    /// hold: before the first draw the containers' bounds counted, so the first bitmap spanned
    /// the row, and every frame composited its transparent band beside the bubble.
    @Test func theBitmapIsCutToWhatTheSubtreeDraws() throws {
        let s = scene(rasterized: true)
        // A full-width stack around the bubble, as a message row has.
        let stack = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        s.bubble.removeFromSuperview()
        s.dot.removeFromSuperview()
        stack.addSubview(s.bubble)
        s.row.addSubview(stack)
        let pixels = try #require(s.root.renderPixels(scale: 2))
        let cache = try #require(s.row.layer.rasterCache)
        #expect(cache.rect == CGRect(x: 40, y: 5, width: 120, height: 40))
        #expect(cache.surface.pixelWidth == 240 && cache.surface.pixelHeight == 80)

        let reference = scene(rasterized: false)
        reference.dot.isHidden = true
        let expected = try #require(reference.root.renderPixels(scale: 2))
        #expect(differingPixels(pixels, expected) == 0)
        // Redrawn after a change, it stays cut.
        s.label.text = "Goodbye"
        _ = s.root.renderPixels(scale: 2)
        #expect(s.row.layer.rasterCache?.surface.pixelWidth == 240)
    }
}
