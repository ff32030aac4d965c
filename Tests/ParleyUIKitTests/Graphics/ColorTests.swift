import Foundation
import Testing
@testable import ParleyUIKit

@MainActor
@Suite struct ColorTests {
    @Test func dynamicColoursResolveByAppearance() {
        let color = UIColor(light: .white, dark: .black)
        #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == .white)
        #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .black)
        #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .unspecified)) == .white)
        let system = UIColor.systemBlue.components(for: UITraitCollection(userInterfaceStyle: .dark))
        #expect(abs(system.blue - 1) < 0.001 && abs(system.red - 10.0 / 255) < 0.001)
        #expect(color.withAlphaComponent(0.5).components(for: UITraitCollection(userInterfaceStyle: .dark)).alpha == 0.5)
    }

    @Test func viewsRenderDynamicColoursForTheirTraits() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.backgroundColor = .systemBackground
        #expect(view.renderPixels(scale: 1, userInterfaceStyle: .light)![1, 1] == (255, 255, 255, 255))
        #expect(view.renderPixels(scale: 1, userInterfaceStyle: .dark)![1, 1] == (0, 0, 0, 255))
        let child = UIView(frame: view.bounds)
        child.backgroundColor = .label
        child.overrideUserInterfaceStyle = .dark
        view.addSubview(child)
        #expect(view.renderPixels(scale: 1, userInterfaceStyle: .light)![1, 1] == (255, 255, 255, 255))
    }

    @Test func appearanceChangesReachTraitCollectionDidChange() {
        final class Recorder: UIView {
            var seen: [UIUserInterfaceStyle] = []
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                seen.append(traitCollection.userInterfaceStyle)
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let recorder = Recorder()
        window.addSubview(recorder)
        window.windowTraitCollection = window.windowTraitCollection.modifying(userInterfaceStyle: .dark)
        window.windowTraitCollection = window.windowTraitCollection.modifying(userInterfaceStyle: .light)
        #expect(recorder.seen == [.dark, .light])
        #expect(recorder.traitCollection.userInterfaceStyle == .light)
    }

    @Test func labelTextRedrawsInTheNewAppearance() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
        label.text = "██"
        label.font = .systemFont(ofSize: 28)
        label.textColor = .label
        func darkest(_ pixels: RGBAPixels) -> (UInt8, UInt8) {
            var minV: UInt8 = 255, maxA: UInt8 = 0
            for y in 0..<pixels.height { for x in 0..<pixels.width { let p = pixels[x, y]; if p.a > maxA { maxA = p.a; minV = p.r } } }
            return (minV, maxA)
        }
        let light = darkest(label.renderPixels(scale: 1, userInterfaceStyle: .light)!)
        let dark = darkest(label.renderPixels(scale: 1, userInterfaceStyle: .dark)!)
        #expect(light.0 < 30)
        #expect(dark.0 > 225)
    }
}
