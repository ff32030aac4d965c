import Foundation
import ParleyUIKit

/// The four lifecycle steps every chat view and view controller follows.
///
/// On the first move into a superview (controllers: in `viewDidLoad`) they run once, in this
/// order: `setUp()`, `setUpLayout()`, `setUpAppearance()`, `updateContent()`. Setting `content`
/// later runs `updateContent()`; a light/dark change runs `setUpAppearance()` and
/// `updateContent()` again.
@preconcurrency @MainActor
public protocol Customizable {
    /// Main point of customization for the view functionality: delegates, gestures, actions.
    ///
    /// Called once. Calling `super` is required unless you set up everything yourself.
    func setUp()

    /// Main point of customization for the view appearance: colours, fonts, corner radii.
    ///
    /// Called on set-up and again when the appearance (light/dark) changes. Call `super` to
    /// change only some of the appearance.
    func setUpAppearance()

    /// Main point of customization for the view layout: positions, spacing, which subviews exist.
    ///
    /// Called once. Calling `super` is recommended unless you lay out every subview yourself.
    func setUpLayout()

    /// Main point of customizing the way the view updates its content.
    ///
    /// Called on set-up, every time `content` changes and when the appearance changes. Calling
    /// `super` is recommended unless you update every subview yourself.
    func updateContent()
}

extension Customizable where Self: UIView {
    /// Runs `updateContent()` if the view is in a hierarchy (and so already set up).
    public func updateContentIfNeeded() {
        if superview != nil { updateContent() }
    }
}

/// The set-up state shared by the lifecycle base classes.
@MainActor
struct LifecycleState {
    private(set) var isInitialized = false

    /// Marks the owner initialized; returns whether this was the first time.
    ///
    /// The steps themselves run outside this mutation (`runInitialSteps`), so a step that
    /// re-enters the lifecycle (say, a trait change while setting up) does not overlap an
    /// access to this state.
    mutating func beginInitialization() -> Bool {
        guard !isInitialized else { return false }
        isInitialized = true
        return true
    }

    /// The four steps, in the seeds' order.
    static func runInitialSteps(_ owner: Customizable) {
        owner.setUp()
        owner.setUpLayout()
        owner.setUpAppearance()
        owner.updateContent()
    }

    /// Re-runs the appearance and content steps when light/dark or the text size changed.
    func traitsChanged(_ owner: Customizable, previous: UITraitCollection?, current: UITraitCollection) {
        guard isInitialized, previous?.userInterfaceStyle != current.userInterfaceStyle
                || previous?.preferredContentSizeCategory != current.preferredContentSizeCategory else { return }
        owner.setUpAppearance()
        owner.updateContent()
    }
}
