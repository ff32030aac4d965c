import Foundation
import Testing
@testable import ParleyUIKit

/// Traits when a view leaves and joins hierarchies.
@MainActor
@Suite struct TraitsOnRemovalTests {
    final class Counting: UIView {
        var changes: [UIUserInterfaceStyle] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            changes.append(traitCollection.userInterfaceStyle)
        }
    }

    /// Leaving a dark hierarchy is not a trait change (it made every chat view of a popped screen
    /// set up its appearance again); joining a light one is.
    @Test func leavingAHierarchyKeepsTraitsAndJoiningAnotherNotifies() {
        let dark = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        dark.overrideUserInterfaceStyle = .dark
        let parent = Counting(frame: dark.bounds)
        let child = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        dark.addSubview(parent)
        #expect(child.traitCollection.userInterfaceStyle == .dark)
        let before = child.changes.count

        parent.removeFromSuperview()
        #expect(child.changes.count == before)
        #expect(parent.changes.count == before)

        let light = UIView(frame: dark.bounds)
        light.overrideUserInterfaceStyle = .light
        light.addSubview(parent)
        #expect(child.changes.last == .light)
        #expect(parent.changes.last == .light)
        #expect(child.traitCollection.userInterfaceStyle == .light)
    }
}
