import Foundation
import Testing
@testable import ParleyUIKit

/// `CATransform3D`: Core Animation's row-vector maths, drawn through its affine part.
@MainActor
@Suite struct CATransform3DTests {
    private func close(_ a: CGAffineTransform, _ b: CGAffineTransform) -> Bool {
        abs(a.a - b.a) < 1e-9 && abs(a.b - b.b) < 1e-9 && abs(a.c - b.c) < 1e-9 && abs(a.d - b.d) < 1e-9
            && abs(a.tx - b.tx) < 1e-9 && abs(a.ty - b.ty) < 1e-9
    }

    @Test func makersMatchTheirAffineCounterparts() {
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeScale(2, 3, 1)) == CGAffineTransform(scaleX: 2, y: 3))
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeTranslation(5, 7, 9)) == CGAffineTransform(translationX: 5, y: 7))
        #expect(close(CATransform3DGetAffineTransform(CATransform3DMakeRotation(.pi / 3, 0, 0, 1)), CGAffineTransform(rotationAngle: .pi / 3)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 4)))
    }

    @Test func concatAppliesTheFirstThenTheSecond() {
        let t = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        let affine = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(CATransform3DGetAffineTransform(t) == affine)
        #expect(CGPoint(x: 1, y: 1).applying(CATransform3DGetAffineTransform(t)) == CGPoint(x: 12, y: 2))
        #expect(CATransform3DGetAffineTransform(CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 1)) == affine)
    }

    @Test func aLayersTransformIsItsAffineTransform() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.layer.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        #expect(view.transform == CGAffineTransform(scaleX: 0.5, y: 0.5))
        #expect(view.frame == CGRect(x: 25, y: 12.5, width: 50, height: 25))
        view.transform = CGAffineTransform(translationX: 3, y: 4)
        #expect(view.layer.transform == CATransform3DMakeTranslation(3, 4, 0))
        #expect(view.transform3D == view.layer.transform)
    }
}
