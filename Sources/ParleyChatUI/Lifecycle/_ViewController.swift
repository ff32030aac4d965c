import Foundation
import ParleyUIKit

/// The base of every chat view controller: a `UIViewController` with the `Customizable`
/// lifecycle, run once from `viewDidLoad()`.
///
/// `setUp()`, `setUpLayout()`, `setUpAppearance()` and `updateContent()` run in that order when
/// the view loads; a light/dark change runs `setUpAppearance()` and `updateContent()` again.
///
/// A subclass may declare `AppearanceProvider`, `ComponentsProvider` or `ThemeProvider`, as
/// Stream's guides do: the base class has the properties and leaves the conformances to them.
@preconcurrency @MainActor
open class _ViewController: UIViewController, Customizable, ThemeHolder {
    var lifecycle = LifecycleState()

    /// The appearance the controller reads when it sets itself up; `Appearance.default` unless set.
    /// Its fonts take the size of the text size in the traits (``Appearance/resolved(for:)``).
    open var appearance: Appearance {
        get { resolvedAppearance.appearance(for: traitCollection) }
        set { resolvedAppearance.stored = newValue }
    }
    private lazy var resolvedAppearance = ResolvedAppearance()
    /// The component types the controller creates its views from; `Components.default` unless set.
    open lazy var components: Components = .default

    /// A controller.
    public required override init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Runs the lifecycle once.
    open override func viewDidLoad() {
        super.viewDidLoad()
        if lifecycle.beginInitialization() { LifecycleState.runInitialSteps(self) }
    }

    /// Re-runs `setUpAppearance()` and `updateContent()` when light/dark or the text size changes.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        lifecycle.traitsChanged(self, previous: previousTraitCollection, current: traitCollection)
    }

    /// Main point of customization for the controller functionality.
    open func setUp() {}
    /// Main point of customization for the controller appearance.
    open func setUpAppearance() {}
    /// Main point of customization for the controller layout.
    open func setUpLayout() {}
    /// Main point of customizing the way the controller updates its content.
    open func updateContent() {}
}

extension Customizable where Self: UIViewController {
    /// Runs `updateContent()` if the view is loaded (and so already set up).
    public func updateContentIfNeeded() {
        if isViewLoaded { updateContent() }
    }
}
