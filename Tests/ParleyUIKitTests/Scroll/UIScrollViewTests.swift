import Foundation
import Testing
@testable import ParleyUIKit

/// Scrolling by drag, momentum, rubber band, wheel, keyboard and code, on the headless backend.
@Suite(.serialized) @MainActor
struct UIScrollViewTests {
    final class Delegate: UIScrollViewDelegate {
        var events: [String] = []
        var scrolls = 0
        func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("willBeginDragging") }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { events.append("didEndDragging(\(decelerate))") }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { events.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { events.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { events.append("didEndScrollingAnimation") }
    }

    /// A scroll view of 300 × 400 with 40 labelled rows of 50 points.
    private func makeList() -> (HeadlessBackend, UIWindow, UIScrollView) {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 400))
        let scrollView = UIScrollView(frame: window.bounds)
        for row in 0..<40 {
            let label = UILabel(frame: CGRect(x: 10, y: CGFloat(row) * 50, width: 280, height: 50))
            label.text = "Row \(row)"
            label.backgroundColor = row.isMultiple(of: 2) ? .systemGray6 : .systemBackground
            scrollView.addSubview(label)
        }
        scrollView.contentSize = CGSize(width: 300, height: 2000)
        window.addSubview(scrollView)
        backend.advance(by: 0.1)
        return (backend, window, scrollView)
    }

    @Test func contentOffsetIsTheBoundsOrigin() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scrollView.contentOffset = CGPoint(x: 0, y: 30)
        #expect(scrollView.bounds.origin == CGPoint(x: 0, y: 30))
        scrollView.bounds.origin = CGPoint(x: 0, y: 50)
        #expect(scrollView.contentOffset.y == 50)
    }

    @Test func everyOffsetChangeRequestsLayoutAndTellsTheDelegate() {
        final class Counting: UIScrollView {
            var layouts = 0
            override func layoutSubviews() { super.layoutSubviews(); layouts += 1 }
        }
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 200, height: 200))
        let scrollView = Counting(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 200, height: 1000)
        let delegate = Delegate()
        scrollView.delegate = delegate
        window.addSubview(scrollView)
        backend.advance(by: 0.05)
        let before = scrollView.layouts
        scrollView.contentOffset = CGPoint(x: 0, y: 10)
        #expect(delegate.scrolls == 1)
        backend.advance(by: 0.02)
        #expect(scrollView.layouts == before + 1)
    }

    @Test func aDragScrollsAndMomentumDecaysToRest() {
        let (backend, _, scrollView) = makeList()
        let delegate = Delegate()
        scrollView.delegate = delegate
        // A quick upward flick of 150 points in 0.1 s.
        backend.drag(from: CGPoint(x: 150, y: 300), to: CGPoint(x: 150, y: 150), duration: 0.1, steps: 6)
        let released = scrollView.contentOffset.y
        #expect(released > 130 && released < 160)
        #expect(scrollView.isDecelerating)
        backend.advance(by: 0.2)
        let early = scrollView.contentOffset.y
        backend.advance(by: 0.2)
        let later = scrollView.contentOffset.y
        // Still moving, but slower: the velocity decays.
        #expect(early - released > later - early)
        #expect(later > early)
        backend.runUntilIdle()
        #expect(!scrollView.isDecelerating)
        let rest = scrollView.contentOffset.y
        #expect(rest > later)
        #expect(rest <= 1600)
        backend.advance(by: 0.5)
        #expect(scrollView.contentOffset.y == rest)
        #expect(delegate.events == ["willBeginDragging", "didEndDragging(true)", "willBeginDecelerating", "didEndDecelerating"])
    }

    @Test func aSlowDragStopsWithoutMomentum() {
        let (backend, _, scrollView) = makeList()
        let delegate = Delegate()
        scrollView.delegate = delegate
        backend.drag(from: CGPoint(x: 150, y: 300), to: CGPoint(x: 150, y: 200), duration: 0.5, steps: 10, release: false)
        backend.advance(by: 0.2)   // hold still before lifting
        backend.pointerUp(at: CGPoint(x: 150, y: 200))
        let offset = scrollView.contentOffset.y
        backend.advance(by: 0.5)
        #expect(scrollView.contentOffset.y == offset)
        #expect(delegate.events == ["willBeginDragging", "didEndDragging(false)"])
    }

    @Test func draggingPastTheTopRubberBandsAndSpringsBack() {
        let (backend, _, scrollView) = makeList()
        backend.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 150, y: 250), duration: 0.5, steps: 10, release: false)
        let overscroll = -scrollView.contentOffset.y
        // Less than the 200 points dragged (minus the hysteresis): the rubber band resists.
        #expect(overscroll > 20)
        #expect(overscroll < 150)
        let expected = ScrollPhysics.rubberBand(190, dimension: 400)
        #expect(abs(overscroll - expected) < 1)
        backend.advance(by: 0.2)
        backend.pointerUp(at: CGPoint(x: 150, y: 250))
        backend.advance(by: 0.1)
        #expect(scrollView.contentOffset.y < 0)
        #expect(-scrollView.contentOffset.y < overscroll)
        backend.runUntilIdle()
        #expect(scrollView.contentOffset.y == 0)
    }

    @Test func aFlickIntoTheEndBouncesAndSettlesAtTheEdge() {
        let (backend, _, scrollView) = makeList()
        scrollView.contentOffset = CGPoint(x: 0, y: 1500)
        backend.drag(from: CGPoint(x: 150, y: 350), to: CGPoint(x: 150, y: 150), duration: 0.08, steps: 4)
        var maximum: CGFloat = 0
        for _ in 0..<120 {
            backend.advance(by: 1.0 / 60)
            maximum = max(maximum, scrollView.contentOffset.y)
        }
        backend.runUntilIdle()
        #expect(maximum > 1600)
        #expect(scrollView.contentOffset.y == 1600)
    }

    @Test func theWheelScrolls() {
        let (backend, _, scrollView) = makeList()
        backend.scroll(by: CGPoint(x: 0, y: 30), at: CGPoint(x: 150, y: 200), precise: true)
        #expect(scrollView.contentOffset.y == 30)
        // Wheel notches animate to their target.
        backend.scroll(by: CGPoint(x: 0, y: 48 * 3), at: CGPoint(x: 150, y: 200), precise: false)
        backend.runUntilIdle()
        #expect(abs(scrollView.contentOffset.y - 174) < 0.001)
        // Never past the edge.
        backend.scroll(by: CGPoint(x: 0, y: -1000), at: CGPoint(x: 150, y: 200))
        #expect(scrollView.contentOffset.y == 0)
    }

    @Test func pageDownAndEndScroll() {
        let (backend, _, scrollView) = makeList()
        backend.pointerMove(to: CGPoint(x: 150, y: 200))
        backend.press(.keyboardPageDown)
        backend.runUntilIdle()
        #expect(scrollView.contentOffset.y == 360)
        backend.press(.keyboardEnd)
        backend.runUntilIdle()
        #expect(scrollView.contentOffset.y == 1600)
        backend.press(.keyboardHome)
        backend.runUntilIdle()
        #expect(scrollView.contentOffset.y == 0)
    }

    @Test func setContentOffsetAnimatedAndScrollRectToVisible() {
        let (backend, _, scrollView) = makeList()
        let delegate = Delegate()
        scrollView.delegate = delegate
        scrollView.setContentOffset(CGPoint(x: 0, y: 500), animated: true)
        backend.advance(by: 0.1)
        #expect(scrollView.contentOffset.y > 0 && scrollView.contentOffset.y < 500)
        backend.advance(by: 0.3)
        #expect(scrollView.contentOffset.y == 500)
        #expect(delegate.events == ["didEndScrollingAnimation"])

        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset.y == 650)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 700, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset.y == 650)
    }

    @Test func contentInsetExtendsTheScrollableRange() {
        let (backend, _, scrollView) = makeList()
        scrollView.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(scrollView.adjustedContentInset.top == 20)
        backend.scroll(by: CGPoint(x: 0, y: -100), at: CGPoint(x: 150, y: 200))
        #expect(scrollView.contentOffset.y == -20)
        backend.scroll(by: CGPoint(x: 0, y: 5000), at: CGPoint(x: 150, y: 200))
        #expect(scrollView.contentOffset.y == 1630)
    }

    @Test func scrollingUnchangedContentRasterisesNothing() {
        let (backend, _, scrollView) = makeList()
        // Show every row once so all of them have cached surfaces.
        for y in stride(from: 0, through: 1600, by: 200) {
            scrollView.contentOffset = CGPoint(x: 0, y: CGFloat(y))
            backend.advance(by: 1.0 / 60)
        }
        scrollView.contentOffset = .zero
        backend.advance(by: 1.0)
        let framesBefore = backend.framesPresented
        var rasterised = 0
        for step in 1...60 {
            scrollView.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 20)
            backend.advance(by: 1.0 / 60)
            rasterised += Compositor.rasterizedLayersInLastFrame
        }
        #expect(backend.framesPresented >= framesBefore + 60)
        #expect(rasterised == 0)
    }

    @Test func aButtonInsideStillGetsTapsAndADragCancelsIt() {
        let (backend, _, scrollView) = makeList()
        let button = UIButton(frame: CGRect(x: 20, y: 20, width: 100, height: 40))
        scrollView.addSubview(button)
        var taps = 0
        var cancels = 0
        button.addHandler(for: .touchUpInside) { taps += 1 }
        button.addHandler(for: .touchCancel) { cancels += 1 }
        backend.tap(at: CGPoint(x: 50, y: 40))
        #expect(taps == 1)
        backend.advance(by: 1)
        backend.drag(from: CGPoint(x: 50, y: 40), to: CGPoint(x: 50, y: -100 + 300), duration: 0.1, steps: 5)
        #expect(taps == 1)
        #expect(cancels == 1)
        #expect(scrollView.contentOffset.y != 0)
    }
}
