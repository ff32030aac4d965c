import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

/// `TransformAnimator` in a window, with the clock driven by hand.
@MainActor
@Suite(.serialized) struct TransformAnimatorTests {
    private let half = CGAffineTransform(scaleX: 0.5, y: 0.5)

    private func hostedView() -> (HeadlessBackend, UIView) {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 320, height: 480), title: "transform")
        let host = UIView(frame: window.bounds)
        window.addSubview(host)
        return (backend, host)
    }

    private func label(_ host: UIView, _ text: String) -> UILabel? {
        host.subviews.compactMap { $0 as? UILabel }.first { $0.text == text }
    }

    @Test func anInsertedViewGrowsFromTheTransformToIdentity() throws {
        let (backend, host) = hostedView()
        host.componentEngine.animator = TransformAnimator(transform: CATransform3DMakeScale(0.5, 0.5, 1), duration: 0.4)
        host.componentEngine.component = VStack { Text("a").id("a") }
        host.layoutIfNeeded()
        // The first reload is not animated.
        let a = try #require(label(host, "a"))
        #expect(a.transform == .identity && a.alpha == 1)

        host.componentEngine.component = VStack { Text("a").id("a"); Text("b").id("b") }
        host.layoutIfNeeded()
        let b = try #require(label(host, "b"))
        #expect(b.transform == half)
        #expect(b.alpha == 0)
        let target = CGPoint(x: b.bounds.width / 2, y: a.frame.maxY + b.bounds.height / 2)
        #expect(b.center == target)
        backend.advance(by: 0.1)
        #expect(b.transform.a > 0.5 && b.transform.a < 1.2)
        #expect(b.alpha > 0)
        backend.advance(by: 0.5)
        #expect(b.transform == .identity)
        #expect(b.alpha == 1)
        #expect(b.center == target)
    }

    @Test func aDeletedViewShrinksAndFadesThenLeaves() throws {
        let (backend, host) = hostedView()
        host.componentEngine.animator = TransformAnimator(transform: CATransform3DMakeScale(0.5, 0.5, 1), duration: 0.4)
        host.componentEngine.component = VStack { Text("a").id("a"); Text("b").id("b") }
        host.layoutIfNeeded()
        let b = try #require(label(host, "b"))
        host.componentEngine.component = VStack { Text("a").id("a") }
        host.layoutIfNeeded()
        #expect(b.superview === host)
        backend.advance(by: 0.15)
        #expect(b.superview === host)
        #expect(b.alpha < 1)
        #expect(b.transform.a < 1)
        backend.advance(by: 0.5)
        #expect(b.superview == nil)
        // Restored for a later reuse.
        #expect(b.transform == .identity && b.alpha == 1)
        #expect(host.componentEngine.visibleViews.count == 1)
    }

    @Test func aMovedViewSlidesToItsNewFrame() throws {
        let (backend, host) = hostedView()
        host.componentEngine.animator = TransformAnimator(timing: .linear(duration: 0.4))
        host.componentEngine.component = VStack { Text("b").size(width: 100, height: 40).id("b") }
        host.layoutIfNeeded()
        let b = try #require(label(host, "b"))
        #expect(b.frame.minY == 0)
        host.componentEngine.component = VStack { Space(height: 100); Text("b").size(width: 100, height: 40).id("b") }
        host.layoutIfNeeded()
        backend.advance(by: 0.2)
        #expect(b.frame.minY > 10 && b.frame.minY < 90)
        backend.advance(by: 0.3)
        #expect(b.frame == CGRect(x: 0, y: 100, width: 100, height: 40))
    }

    @Test func showInitialInsertionAnimationAnimatesTheFirstReload() throws {
        let (backend, host) = hostedView()
        host.componentEngine.animator = TransformAnimator(transform: CATransform3DMakeTranslation(0, 100, 0), duration: 0.3,
                                                          showInitialInsertionAnimation: true)
        host.componentEngine.component = Text("a").id("a")
        host.layoutIfNeeded()
        let a = try #require(label(host, "a"))
        #expect(a.transform == CGAffineTransform(translationX: 0, y: 100))
        backend.advance(by: 0.5)
        #expect(a.transform == .identity)
    }

    @Test func timingsAndTransformsCanBeSetTogether() {
        var animator = TransformAnimator(insertTransform: CATransform3DMakeScale(2, 2, 1), timing: .easeIn(duration: 0.2))
        #expect(animator.deleteTransform == CATransform3DIdentity)
        animator.transform = CATransform3DMakeTranslation(1, 2, 0)
        #expect(animator.insertTransform == animator.deleteTransform)
        animator.duration = 0.7
        #expect(animator.insertTiming == .easeIn(duration: 0.7))
        #expect(animator.updateTiming == .easeIn(duration: 0.7))
        #expect(TransformAnimator.Timing.spring(duration: 0.3, bounce: 0.2).withDuration(1) == .springBounce(duration: 1, bounce: 0.2))
    }
}
