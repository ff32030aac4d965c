import Foundation
import Testing
@testable import ParleyUIKit

@MainActor
@Suite struct TransformTests {
    @Test func concatenationAppliesTheReceiverFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(CGAffineTransform.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 2)) == CGPoint(x: 12, y: 2))
    }

    @Test func inverseUndoesATransform() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 3, y: 0.5).translatedBy(x: 4, y: -2)
        let p = CGPoint(x: 13, y: -7).applying(t).applying(t.inverted())
        #expect(abs(p.x - 13) < 1e-9 && abs(p.y + 7) < 1e-9)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func viewFrameReflectsTransformAroundTheCentre() {
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == CGRect(x: 50, y: 75, width: 200, height: 100))
        #expect(view.bounds.size == CGSize(width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(view.frame.width - 50) < 1e-9 && abs(view.frame.height - 100) < 1e-9)
        #expect(view.center == CGPoint(x: 150, y: 125))
    }

    @Test func nestedTransformsComposeInPixels() {
        // A 20×20 red square scaled ×2 inside a parent translated by (+30, +10) lands at 30...70 × 10...50.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        parent.transform = CGAffineTransform(translationX: 30, y: 10)
        let square = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        square.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        square.transform = CGAffineTransform(scaleX: 2, y: 2)
        parent.addSubview(square)
        root.addSubview(parent)
        let pixels = root.renderPixels(scale: 1)!
        #expect(pixels[32, 12].r == 255 && pixels[32, 12].g == 0)
        #expect(pixels[68, 48].r == 255 && pixels[68, 48].g == 0)
        #expect(pixels[28, 12].g == 255)
        #expect(pixels[72, 48].g == 255)
        #expect(root.convert(CGPoint(x: 0, y: 0), from: square) == CGPoint(x: 30, y: 10))
    }
}
