import Foundation
import Testing
@testable import ParleyChatUI
import ParleyUIKit

@MainActor
final class RecordingView: _View {
    var calls: [String] = []
    var content: Int? { didSet { updateContentIfNeeded() } }
    override func setUp() { super.setUp(); calls.append("setUp") }
    override func setUpLayout() { super.setUpLayout(); calls.append("setUpLayout") }
    override func setUpAppearance() { super.setUpAppearance(); calls.append("setUpAppearance") }
    override func updateContent() { super.updateContent(); calls.append("updateContent") }
}

@MainActor
@Suite struct LifecycleTests {
    @Test func stepsRunOnceInOrderOnTheFirstMoveIntoASuperview() {
        let view = RecordingView()
        view.content = 1
        #expect(view.calls.isEmpty, "nothing runs before the view is in a hierarchy")
        let parent = UIView()
        parent.addSubview(view)
        #expect(view.calls == ["setUp", "setUpLayout", "setUpAppearance", "updateContent"])
        view.removeFromSuperview()
        parent.addSubview(view)
        #expect(view.calls.count == 4, "moving again does not set up again")
    }

    @Test func contentChangesRunUpdateContentOnlyInAHierarchy() {
        let view = RecordingView()
        let parent = UIView()
        parent.addSubview(view)
        view.calls.removeAll()
        view.content = 2
        #expect(view.calls == ["updateContent"])
        view.removeFromSuperview()
        view.content = 3
        #expect(view.calls == ["updateContent"])
    }

    @Test func lightDarkChangesRerunAppearanceAndContent() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = RecordingView()
        window.addSubview(view)
        view.calls.removeAll()
        window.windowTraitCollection = window.windowTraitCollection.modifying(userInterfaceStyle: .dark)
        #expect(view.calls == ["setUpAppearance", "updateContent"])
        view.calls.removeAll()
        window.windowTraitCollection = window.windowTraitCollection.modifying(displayScale: 2)
        #expect(view.calls.isEmpty, "only light/dark changes rerun the steps")
    }

    @Test func appearanceChangesReachEveryUse() {
        var appearance = Appearance()
        appearance.fonts.body = .italicSystemFont(ofSize: 20)
        appearance.colorPalette.background6 = .yellow
        #expect(appearance.fonts.body.isItalic && appearance.fonts.body.pointSize == 20)
        #expect(appearance.colorPalette.background6 == .yellow)
        #expect(Appearance().images.availableReactions.count == 5)
        for (_, reaction) in Appearance().images.availableReactions {
            #expect(reaction.smallIcon.size.width == 16)
            #expect(reaction.largeIcon.size.width == 24)
        }
        #expect(UIImage(named: "fireSmall") != nil, "the seed's custom reaction images are bundled")
    }
}

@MainActor
final class DarkDuringSetUpView: _View {
    var appearanceRuns = 0
    override func setUp() {
        super.setUp()
        // A trait change while setting up re-enters the lifecycle; it must not crash.
        overrideUserInterfaceStyle = .dark
    }
    override func setUpAppearance() { super.setUpAppearance(); appearanceRuns += 1 }
}

@MainActor
@Suite struct LifecycleReentryTests {
    @Test func aTraitChangeDuringSetUpDoesNotOverlapTheLifecycle() {
        let parent = UIView()
        let view = DarkDuringSetUpView()
        parent.addSubview(view)
        #expect(view.traitCollection.userInterfaceStyle == .dark)
        #expect(view.appearanceRuns >= 1)
    }
}
