import Foundation
import Testing
@testable import ParleyUIKit

/// Opaque, pixel-aligned blits under a plain clip go straight to pixman; the pixels must be
/// exactly Cairo's.
@MainActor
@Suite struct DirectBlitTests {
    /// Labels, rounded and bordered views, a clipped container with a child hanging out of it,
    /// a rounded clip, a faded view, a turned view, a rasterised row and an image.
    private func scene() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 260))
        root.backgroundColor = UIColor(red: 0.97, green: 0.97, blue: 0.99, alpha: 1)
        let title = UILabel(frame: CGRect(x: 12, y: 8, width: 200, height: 24))
        title.text = "Direct blits — ünïcödé 🙂"
        root.addSubview(title)

        let clipped = UIView(frame: CGRect(x: 12, y: 40, width: 140, height: 60))
        clipped.clipsToBounds = true
        clipped.backgroundColor = UIColor(red: 0.9, green: 0.95, blue: 1, alpha: 1)
        let hanging = UILabel(frame: CGRect(x: 90, y: 30, width: 120, height: 40))
        hanging.text = "cut at the edge"
        clipped.addSubview(hanging)
        root.addSubview(clipped)

        let rounded = UIView(frame: CGRect(x: 168, y: 40, width: 140, height: 60))
        rounded.layer.cornerRadius = 14
        rounded.clipsToBounds = true
        rounded.layer.borderWidth = 2
        rounded.layer.borderColor = UIColor(red: 0, green: 0.4, blue: 1, alpha: 1).cgColor
        let inner = UILabel(frame: CGRect(x: -10, y: 10, width: 160, height: 40))
        inner.text = "rounded clip"
        rounded.addSubview(inner)
        root.addSubview(rounded)

        let faded = UILabel(frame: CGRect(x: 12, y: 110, width: 140, height: 30))
        faded.text = "half there"
        faded.alpha = 0.5
        root.addSubview(faded)

        let turned = UILabel(frame: CGRect(x: 168, y: 110, width: 140, height: 30))
        turned.text = "turned"
        turned.transform = CGAffineTransform(rotationAngle: 0.2)
        root.addSubview(turned)

        let row = UIView(frame: CGRect(x: 0, y: 150, width: 320, height: 50))
        row.layer.shouldRasterize = true
        let bubble = UIView(frame: CGRect(x: 40, y: 5, width: 160, height: 40))
        bubble.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        bubble.layer.cornerRadius = 12
        let text = UILabel(frame: CGRect(x: 10, y: 8, width: 140, height: 24))
        text.text = "a rasterised row"
        text.textColor = .white
        bubble.addSubview(text)
        row.addSubview(bubble)
        root.addSubview(row)

        let image = UIImageView(frame: CGRect(x: 12, y: 208, width: 40, height: 40))
        image.image = UIImage(systemName: "heart.fill")
        image.tintColor = UIColor(red: 1, green: 0.2, blue: 0.4, alpha: 1)
        root.addSubview(image)
        return root
    }

    @Test(arguments: [1.0, 2.0])
    func directBlitsDrawExactlyWhatCairoDraws(scale: CGFloat) throws {
        let throughCairo = Compositor()
        throughCairo.usesDirectBlits = false
        let cairo = try #require(scene().renderPixels(scale: scale, compositor: throughCairo))
        #expect(throughCairo.directBlitCount == 0)
        let compositor = Compositor()
        let direct = try #require(scene().renderPixels(scale: scale, compositor: compositor))
        #expect(compositor.directBlitCount >= 6, "labels, the row and the image went straight to pixman")
        var differing = 0
        for y in 0..<cairo.height {
            for x in 0..<cairo.width where cairo[x, y] != direct[x, y] { differing += 1 }
        }
        #expect(differing == 0)
    }
}
