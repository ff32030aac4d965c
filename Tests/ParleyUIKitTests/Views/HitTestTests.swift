import Foundation
import Testing
@testable import ParleyUIKit

@MainActor
@Suite struct HitTestTests {
    private func tree() -> (root: UIView, back: UIView, front: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(back)
        root.addSubview(front)
        return (root, back, front)
    }

    @Test func theFrontmostViewUnderThePointWins() {
        let (root, back, front) = tree()
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 300, y: 10), with: nil) == nil)
    }

    @Test func hiddenTransparentAndNonInteractiveViewsLetTouchesThrough() {
        let (root, back, front) = tree()
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) === back)
        front.isHidden = false
        front.alpha = 0
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) === back)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) === back)
    }

    @Test func clippedSubviewsAreOnlyHitInsideTheClip() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let clipper = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let overflowing = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        clipper.addSubview(overflowing)
        root.addSubview(clipper)
        // As in UIKit, the part outside the parent's bounds is not hit, whether or not it clips.
        #expect(root.hitTest(CGPoint(x: 200, y: 200), with: nil) === root)
        clipper.clipsToBounds = true
        #expect(root.hitTest(CGPoint(x: 200, y: 200), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === overflowing)
    }

    @Test func hitTestingFollowsTransformsAndBoundsOrigin() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let scaled = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        root.addSubview(scaled)
        // Scaled around its centre (150, 150): it now covers 50...250.
        #expect(root.hitTest(CGPoint(x: 60, y: 60), with: nil) === scaled)
        #expect(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === root)
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroller.bounds.origin = CGPoint(x: 0, y: 500)
        let row = UIView(frame: CGRect(x: 0, y: 520, width: 100, height: 20))
        scroller.addSubview(row)
        let holder = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        holder.addSubview(scroller)
        #expect(holder.hitTest(CGPoint(x: 10, y: 30), with: nil) === row)
    }
}
