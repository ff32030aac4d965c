import Foundation
import Testing
@testable import ParleyUIKit

/// `UIView.animate` moves recorded changes frame by frame and lands exactly on them.
@Suite(.serialized) @MainActor
struct UIViewAnimationTests {
    @Test func anAnimationLandsOnItsFinalValuesWithCompletionCalledOnce() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .red
        window.addSubview(view)
        backend.advance(by: 0.05)
        var completions: [Bool] = []
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseInOut], animations: {
            view.frame = CGRect(x: 100, y: 120, width: 80, height: 40)
            view.alpha = 0.5
            view.transform = CGAffineTransform(scaleX: 2, y: 2)
            view.backgroundColor = .blue
        }, completion: { completions.append($0) })
        // It starts from the old values.
        #expect(view.alpha == 1)
        backend.advance(by: 0.15)
        #expect(view.alpha < 1 && view.alpha > 0.5)
        #expect(view.center.x > 25 && view.center.x < 140)
        backend.advance(by: 0.2)
        #expect(view.frame == CGRect(x: 100, y: 120, width: 80, height: 40).applying(.identity).offsetBy(dx: 0, dy: 0) || view.bounds.size == CGSize(width: 80, height: 40))
        #expect(view.bounds.size == CGSize(width: 80, height: 40))
        #expect(view.center == CGPoint(x: 140, y: 140))
        #expect(view.alpha == 0.5)
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(view.backgroundColor == .blue)
        #expect(completions == [true])
        backend.advance(by: 1)
        #expect(completions == [true])
    }

    @Test func theSpringVariantSettlesOnTheTarget() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(view)
        backend.advance(by: 0.05)
        var done = 0
        var overshoot = false
        UIView.animate(withDuration: 0.5, delay: 0.1, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
            view.center = CGPoint(x: 225, y: 25)
        }, completion: { _ in done += 1 })
        backend.advance(by: 0.1)
        #expect(view.center.x == 25)
        for _ in 0..<30 {
            backend.advance(by: 1.0 / 60)
            if view.center.x > 226 { overshoot = true }
        }
        backend.advance(by: 0.2)
        #expect(overshoot)
        #expect(view.center == CGPoint(x: 225, y: 25))
        #expect(done == 1)
    }

    @Test func layoutInsideTheBlockAnimatesFrames() {
        final class Container: UIView {
            let child = UIView()
            var wide = false
            override init(frame: CGRect) { super.init(frame: frame); addSubview(child) }
            /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
            required init?(coder: NSCoder) { return nil }

            override func layoutSubviews() { child.frame = CGRect(x: 0, y: 0, width: wide ? 200 : 100, height: 20) }
        }
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let container = Container(frame: window.bounds)
        window.addSubview(container)
        backend.advance(by: 0.05)
        container.wide = true
        container.setNeedsLayout()
        UIView.animate(withDuration: 0.2) { container.layoutIfNeeded() }
        backend.advance(by: 0.1)
        #expect(container.child.bounds.width > 100 && container.child.bounds.width < 200)
        backend.advance(by: 0.2)
        #expect(container.child.frame.width == 200)
    }

    @Test func withoutADriverChangesApplyAtOnce() {
        FrameScheduler.shared.isDriven = false
        defer { FrameScheduler.shared.isDriven = true }
        let view = UIView(frame: .zero)
        UIView.animate(withDuration: 0.3) { view.alpha = 0.2 }
        #expect(abs(view.alpha - 0.2) < 0.0001)
    }
}
