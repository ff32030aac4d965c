import Foundation
import Testing
@testable import ParleyUIKit

/// Two fingers pinching: UIPinchGestureRecognizer's scale, velocity and location, and a scroll
/// view that can zoom following them.
@Suite(.serialized) @MainActor
struct PinchGestureRecognizerTests {
    /// Moves fingers 1 and 2 from `from` to `to` in `steps` frames of 10 ms.
    private func pinch(_ backend: HeadlessBackend, from: (CGPoint, CGPoint), to: (CGPoint, CGPoint), steps: Int = 10, lift: Bool = true) {
        backend.finger(1, .began, at: from.0)
        backend.finger(2, .began, at: from.1)
        for step in 1...steps {
            let t = CGFloat(step) / CGFloat(steps)
            backend.advance(by: 0.01)
            backend.finger(1, .moved, at: CGPoint(x: from.0.x + (to.0.x - from.0.x) * t, y: from.0.y + (to.0.y - from.0.y) * t))
            backend.finger(2, .moved, at: CGPoint(x: from.1.x + (to.1.x - from.1.x) * t, y: from.1.y + (to.1.y - from.1.y) * t))
        }
        if lift {
            backend.finger(1, .ended, at: to.0)
            backend.finger(2, .ended, at: to.1)
        }
    }

    @Test func twoFingersMovingApartReportTheScaleTheVelocityAndThePointBetweenThem() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 400, height: 300))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var states: [UIGestureRecognizer.State] = []
        var scales: [CGFloat] = []
        var velocities: [CGFloat] = []
        var centres: [CGPoint] = []
        let recognizer = UIPinchGestureRecognizer { pinch in
            states.append(pinch.state)
            scales.append(pinch.scale)
            velocities.append(pinch.velocity)
            centres.append(pinch.location(in: view))
        }
        view.addGestureRecognizer(recognizer)

        // 100 points apart to 200: twice the distance, about (200, 150).
        pinch(backend, from: (CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150)), to: (CGPoint(x: 100, y: 150), CGPoint(x: 300, y: 150)))
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(abs((scales.last ?? 0) - 2) < 0.001, "the scale the fingers had when they lifted")
        #expect(scales == scales.sorted(), "growing as the fingers part")
        #expect((velocities.dropLast().last ?? 0) > 5, "about 10 per second (1 more in 100 ms)")
        // Each finger's move is its own event: between them the centre is off by half a step.
        #expect(centres.allSatisfy { abs($0.x - 200) <= 5 && abs($0.y - 150) < 0.001 })
        #expect(abs((centres.last?.x ?? 0) - 200) < 0.001)
    }

    @Test func oneFingerOrASmallChangeIsNoPinchAndSettingTheScaleRestartsIt() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 400, height: 300))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var states: [UIGestureRecognizer.State] = []
        var changes: [CGFloat] = []
        let recognizer = UIPinchGestureRecognizer { pinch in
            states.append(pinch.state)
            if pinch.state == .changed {
                changes.append(pinch.scale)
                // As apps do to apply each change on its own.
                pinch.scale = 1
            }
        }
        view.addGestureRecognizer(recognizer)

        backend.finger(1, .began, at: CGPoint(x: 100, y: 100))
        backend.finger(1, .moved, at: CGPoint(x: 180, y: 100))
        backend.finger(1, .ended, at: CGPoint(x: 180, y: 100))
        backend.advance(by: 0.1)
        #expect(states.isEmpty, "one finger")
        pinch(backend, from: (CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150)), to: (CGPoint(x: 147, y: 150), CGPoint(x: 253, y: 150)))
        backend.advance(by: 0.1)
        #expect(states.isEmpty, "6 points: under the hysteresis")

        pinch(backend, from: (CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150)), to: (CGPoint(x: 100, y: 150), CGPoint(x: 300, y: 150)))
        #expect(states.first == .began)
        #expect(!changes.isEmpty)
        // Each change measured from the last one (10 steps of 10 points on 100 to 200): each
        // small, and together the whole pinch.
        #expect(changes.allSatisfy { $0 > 1 && $0 < 1.25 })
        #expect(abs(changes.reduce(1, *) - 2) < 0.001)
    }

    @Test func aScrollViewThatZoomsFollowsThePinchAboutThePointBetweenTheFingers() throws {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 400, height: 300))
        let scroll = UIScrollView(frame: window.bounds)
        let content = UIView(frame: window.bounds)
        let zoomer = Zoomer(view: content)
        scroll.delegate = zoomer
        scroll.addSubview(content)
        window.addSubview(scroll)
        #expect(scroll.pinchGestureRecognizer == nil, "no zooming until the limits allow it")
        scroll.maximumZoomScale = 4
        let pinch = try #require(scroll.pinchGestureRecognizer)
        #expect(pinch.isEnabled)

        // Twice apart about (200, 150), then the fingers move 20 points right together.
        self.pinch(backend, from: (CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150)), to: (CGPoint(x: 100, y: 150), CGPoint(x: 300, y: 150)), lift: false)
        #expect(scroll.isZooming)
        #expect(zoomer.began == 1)
        #expect(abs(scroll.zoomScale - 2) < 0.001)
        let under = content.convert(CGPoint(x: 200, y: 150), from: window)
        #expect(abs(under.x - 200) < 0.5 && abs(under.y - 150) < 0.5, "the content point between the fingers stays between them")
        for step in 1...4 {
            backend.advance(by: 0.01)
            backend.finger(1, .moved, at: CGPoint(x: 100 + CGFloat(step) * 5, y: 150))
            backend.finger(2, .moved, at: CGPoint(x: 300 + CGFloat(step) * 5, y: 150))
        }
        let followed = content.convert(CGPoint(x: 220, y: 150), from: window)
        #expect(abs(followed.x - 200) < 0.5, "and follows them as they move together")
        backend.finger(1, .ended, at: CGPoint(x: 120, y: 150))
        backend.finger(2, .ended, at: CGPoint(x: 320, y: 150))
        #expect(!scroll.isZooming)
        #expect(zoomer.ended == [2])

        // Past the limit: clamped at 4.
        backend.advance(by: 0.5)
        self.pinch(backend, from: (CGPoint(x: 190, y: 150), CGPoint(x: 210, y: 150)), to: (CGPoint(x: 40, y: 150), CGPoint(x: 360, y: 150)))
        #expect(scroll.zoomScale == 4)
        scroll.maximumZoomScale = 1
        #expect(scroll.pinchGestureRecognizer == nil)
        #expect(!pinch.isEnabled)
    }
}

/// Zooms one view and counts the pinch's delegate calls.
@MainActor
private final class Zoomer: UIScrollViewDelegate {
    let view: UIView
    var began = 0
    var ended: [CGFloat] = []

    init(view: UIView) { self.view = view }

    func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { began += 1 }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        ended.append((scale * 1000).rounded() / 1000)
    }
}
