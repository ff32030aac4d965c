import Foundation
import Testing
@testable import ParleyUIKit

/// The gesture recognizers' state machines on synthetic input.
@Suite(.serialized) @MainActor
struct GestureRecognizerTests {
    private func setUp() -> (HeadlessBackend, UIView) {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(view)
        return (backend, view)
    }

    @Test func longPressFiresAfterTheMinimumDurationAndNotBefore() {
        let (backend, view) = setUp()
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(press)

        backend.pointerDown(at: CGPoint(x: 100, y: 100))
        backend.advance(by: 0.45)
        #expect(states.isEmpty)
        backend.advance(by: 0.1)
        #expect(states == [.began])
        backend.pointerUp(at: CGPoint(x: 100, y: 100))
        #expect(states == [.began, .ended])
    }

    @Test func longPressFailsWhenTheFingerMovesTooFar() {
        let (backend, view) = setUp()
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(press)

        backend.pointerDown(at: CGPoint(x: 100, y: 100))
        backend.advance(by: 0.2)
        backend.pointerMove(to: CGPoint(x: 100, y: 115))
        backend.advance(by: 0.6)
        backend.pointerUp(at: CGPoint(x: 100, y: 115))
        #expect(states.isEmpty)

        // Moving less than the allowable movement still recognizes.
        backend.advance(by: 1)
        backend.pointerDown(at: CGPoint(x: 100, y: 100))
        backend.pointerMove(to: CGPoint(x: 104, y: 105))
        backend.advance(by: 0.6)
        #expect(states == [.began])
        backend.pointerUp(at: CGPoint(x: 104, y: 105))
    }

    @Test func singleTapWaitsForTheDoubleTapToFail() {
        let (backend, view) = setUp()
        var events: [String] = []
        let double = UITapGestureRecognizer { _ in events.append("double") }
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer { _ in events.append("single") }
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        backend.tap(at: CGPoint(x: 50, y: 50))
        #expect(events.isEmpty)
        backend.advance(by: 0.5)
        #expect(events == ["single"])

        backend.advance(by: 1)
        backend.tap(at: CGPoint(x: 50, y: 50), count: 2)
        backend.advance(by: 0.5)
        #expect(events == ["single", "double"])
    }

    @Test func panReportsTranslationAndVelocity() {
        let (backend, view) = setUp()
        var states: [UIGestureRecognizer.State] = []
        var translation = CGPoint.zero
        var velocity = CGPoint.zero
        let pan = UIPanGestureRecognizer { pan in
            states.append(pan.state)
            translation = pan.translation(in: view)
            if pan.state == .ended { velocity = pan.velocity(in: view) }
        }
        view.addGestureRecognizer(pan)
        backend.drag(from: CGPoint(x: 50, y: 200), to: CGPoint(x: 50, y: 100), duration: 0.2, steps: 10)
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(states.contains(.changed))
        #expect(abs(translation.y - -100) < 0.01)
        #expect(velocity.y < -300)
    }

    @Test func exclusiveRecognizersDoNotBothRecognizeUnlessTheDelegateAllows() {
        final class Simultaneous: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { true }
        }
        let (backend, view) = setUp()
        var events: [String] = []
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.addSubview(inner)
        inner.addGestureRecognizer(UITapGestureRecognizer { _ in events.append("inner") })
        view.addGestureRecognizer(UITapGestureRecognizer { _ in events.append("outer") })
        backend.tap(at: CGPoint(x: 50, y: 50))
        #expect(events == ["inner"])

        let delegate = Simultaneous()
        inner.gestureRecognizers?.first?.delegate = delegate
        backend.advance(by: 1)
        backend.tap(at: CGPoint(x: 50, y: 50))
        #expect(events == ["inner", "inner", "outer"])
    }

    @Test func aRecognizerCancelsTheViewsTouchesWhenItRecognizes() {
        final class Recorder: UIView {
            var phases: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("began") }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("moved") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("ended") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("cancelled") }
        }
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let recorder = Recorder(frame: window.bounds)
        window.addSubview(recorder)
        recorder.addGestureRecognizer(UIPanGestureRecognizer())
        backend.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 10, y: 100))
        #expect(recorder.phases.first == "began")
        #expect(recorder.phases.last == "cancelled")
        #expect(!recorder.phases.contains("ended"))
    }
}
