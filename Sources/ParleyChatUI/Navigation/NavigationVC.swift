import Foundation
import ParleyUIKit

/// A `UINavigationBar` with the chat lifecycle (`setUp`, `setUpLayout`, `setUpAppearance`,
/// `updateContent`) and the `Appearance` it was configured with, as Stream's `_NavigationBar`.
@preconcurrency @MainActor
open class _NavigationBar: UINavigationBar, Customizable, ThemeHolder {
    var lifecycle = LifecycleState()

    /// The appearance the bar reads when it sets itself up; `Appearance.default` unless set.
    /// Its fonts take the size of the text size in the traits (``Appearance/resolved(for:)``).
    open var appearance: Appearance {
        get { resolvedAppearance.appearance(for: traitCollection) }
        set { resolvedAppearance.stored = newValue }
    }
    private lazy var resolvedAppearance = ResolvedAppearance()
    /// The component types; `Components.default` unless set.
    open lazy var components: Components = .default

    /// A bar.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Runs the lifecycle the first time the bar enters a hierarchy.
    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        guard superview != nil else { return }
        if lifecycle.beginInitialization() { LifecycleState.runInitialSteps(self) }
    }

    /// Re-runs `setUpAppearance()` and `updateContent()` when light/dark or the text size changes.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        lifecycle.traitsChanged(self, previous: previousTraitCollection, current: traitCollection)
    }

    /// Main point of customization for the bar's functionality.
    open func setUp() {}
    /// Main point of customization for the bar's appearance.
    open func setUpAppearance() {}
    /// Main point of customization for the bar's layout.
    open func setUpLayout() {}
    /// Main point of customizing the way the bar updates its content.
    open func updateContent() {}
}

/// The chat's navigation bar: the back button shows `appearance.images.back`.
@preconcurrency @MainActor
open class ChatNavigationBar: _NavigationBar {
    /// Sets the back indicator from the appearance.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let back = appearance.images.back
        backIndicatorImage = back
        backIndicatorTransitionMaskImage = back
    }
}

/// The navigation controller the chat screens are shown in when they are not pushed on one of
/// the app's (`Components.navigationVC`), with a `ChatNavigationBar` by default.
@preconcurrency @MainActor
open class NavigationVC: UINavigationController {
    /// A navigation controller showing `rootViewController` under a bar of `navigationBarClass`.
    public required init(rootViewController: UIViewController,
                         navigationBarClass: ChatNavigationBar.Type = ChatNavigationBar.self,
                         toolbarClass: AnyClass? = nil) {
        super.init(navigationBarClass: navigationBarClass, toolbarClass: toolbarClass)
        setViewControllers([rootViewController], animated: false)
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

}
