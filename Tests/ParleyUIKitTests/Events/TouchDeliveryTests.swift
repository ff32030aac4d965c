import Foundation
import Testing
@testable import ParleyUIKit

/// Taps reach the frontmost control under the pointer, and controls highlight and fire as UIKit's do.
@Suite(.serialized) @MainActor
struct TouchDeliveryTests {
    @Test func tapHitsTheFrontControlAndNotTheOneBehind() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let back = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIButton(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(back)
        window.addSubview(front)
        var taps: [String] = []
        back.addHandler(for: .touchUpInside) { taps.append("back") }
        front.addHandler(for: .touchUpInside) { taps.append("front") }

        backend.tap(at: CGPoint(x: 100, y: 100))
        #expect(taps == ["front"])
        backend.tap(at: CGPoint(x: 20, y: 20))
        #expect(taps == ["front", "back"])
    }

    @Test func aDisabledControlShieldsWhatIsBehindIt() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let back = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIButton(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        front.isEnabled = false
        window.addSubview(back)
        window.addSubview(front)
        var taps: [String] = []
        back.addHandler(for: .touchUpInside) { taps.append("back") }
        front.addHandler(for: .touchUpInside) { taps.append("front") }
        backend.tap(at: CGPoint(x: 100, y: 100))
        #expect(taps.isEmpty)
    }

    @Test func controlsHighlightWhilePressedAndFireOnlyOnReleaseInside() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(button)
        var fired = 0
        button.addHandler(for: .touchUpInside) { fired += 1 }

        backend.pointerDown(at: CGPoint(x: 50, y: 30))
        #expect(button.isHighlighted)
        backend.pointerMove(to: CGPoint(x: 200, y: 200))
        #expect(!button.isHighlighted)
        backend.pointerUp(at: CGPoint(x: 200, y: 200))
        #expect(fired == 0)

        backend.pointerDown(at: CGPoint(x: 50, y: 30))
        backend.pointerUp(at: CGPoint(x: 52, y: 31))
        #expect(fired == 1)
        #expect(!button.isHighlighted)
    }

    @Test func touchesTravelUpTheResponderChainFromNonInteractiveContent() {
        final class Recorder: UIView {
            var phases: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("began") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("ended") }
        }
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let recorder = Recorder(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let plain = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        recorder.addSubview(plain)
        window.addSubview(recorder)
        backend.tap(at: CGPoint(x: 20, y: 20))
        #expect(recorder.phases == ["began", "ended"])
    }

    @Test func theCursorFollowsWhatIsUnderThePointer() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(button)
        backend.pointerMove(to: CGPoint(x: 50, y: 30))
        #expect(backend.cursorName == "pointingHand")
        backend.pointerMove(to: CGPoint(x: 200, y: 200))
        #expect(backend.cursorName == "arrow")
    }
}
