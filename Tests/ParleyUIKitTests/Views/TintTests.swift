import Foundation
import Testing
@testable import ParleyUIKit

@MainActor
final class TintRecordingView: UIView {
    var changes = 0
    override func tintColorDidChange() {
        super.tintColorDidChange()
        changes += 1
    }
}

@MainActor
@Suite struct TintTests {
    @Test func tintIsInheritedFromTheNearestAncestorThatSetsIt() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = UIView(), child = UIView()
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        window.tintColor = .systemPink
        #expect(parent.tintColor == .systemPink)
        #expect(child.tintColor == .systemPink)
        parent.tintColor = .systemGreen
        #expect(child.tintColor == .systemGreen)
        #expect(window.tintColor == .systemPink)
        parent.tintColor = nil
        #expect(child.tintColor == .systemPink)
    }

    @Test func tintColorDidChangeRunsOnDescendantsThatInherit() {
        let root = UIView()
        let inheriting = TintRecordingView(), overriding = TintRecordingView(), belowOverride = TintRecordingView()
        root.addSubview(inheriting)
        root.addSubview(overriding)
        overriding.tintColor = .systemRed
        overriding.addSubview(belowOverride)
        inheriting.changes = 0; overriding.changes = 0; belowOverride.changes = 0
        root.tintColor = .systemPink
        #expect(inheriting.changes == 1)
        #expect(overriding.changes == 0)
        #expect(belowOverride.changes == 0)
    }

    @Test func movingIntoATintedSuperviewNotifies() {
        let tinted = UIView()
        tinted.tintColor = .systemOrange
        let view = TintRecordingView()
        view.changes = 0
        tinted.addSubview(view)
        #expect(view.changes == 1)
        #expect(view.tintColor == .systemOrange)
    }

    @Test func templateImagesDrawInTheInheritedTint() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        container.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let imageView = UIImageView(image: UIImage(systemName: "circle.fill"))
        imageView.frame = container.bounds
        container.addSubview(imageView)
        let pixels = container.renderPixels(scale: 1)!
        let centre = pixels[12, 12]
        #expect(centre.r > 200 && centre.g < 40 && centre.b < 40 && centre.a > 200)
        container.tintColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let recoloured = container.renderPixels(scale: 1)![12, 12]
        #expect(recoloured.b > 200 && recoloured.r < 40)
    }
}
