import Foundation
import ParleyUIKit

/// The base of every chat view: a `UIView` with the `Customizable` lifecycle and access to the
/// `Appearance` and `Components` it was configured with.
///
/// A subclass may declare `AppearanceProvider`, `ComponentsProvider` or `ThemeProvider`, as
/// Stream's guides do (`class MyView: _View, ThemeProvider`): the base class has the properties
/// and leaves the conformances to its subclasses.
@preconcurrency @MainActor
open class _View: UIView, Customizable, ThemeHolder {
    var lifecycle = LifecycleState()

    /// The appearance the view reads when it sets itself up; `Appearance.default` unless set.
    /// Its fonts take the size of the text size in the traits (``Appearance/resolved(for:)``).
    open var appearance: Appearance {
        get { resolvedAppearance.appearance(for: traitCollection) }
        set { resolvedAppearance.stored = newValue }
    }
    private lazy var resolvedAppearance = ResolvedAppearance()
    /// The component types the view creates subviews from; `Components.default` unless set.
    open lazy var components: Components = .default

    /// A view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Runs the lifecycle the first time the view enters a hierarchy.
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

    /// Main point of customization for the view functionality.
    open func setUp() {}
    /// Main point of customization for the view appearance.
    open func setUpAppearance() {}
    /// Main point of customization for the view layout.
    open func setUpLayout() {}
    /// Main point of customizing the way the view updates its content.
    open func updateContent() {}
}

/// The base of chat controls: a `UIControl` with the `Customizable` lifecycle.
@preconcurrency @MainActor
open class _Control: UIControl, Customizable, ThemeHolder {
    var lifecycle = LifecycleState()

    /// The appearance the control reads when it sets itself up.
    /// Its fonts take the size of the text size in the traits (``Appearance/resolved(for:)``).
    open var appearance: Appearance {
        get { resolvedAppearance.appearance(for: traitCollection) }
        set { resolvedAppearance.stored = newValue }
    }
    private lazy var resolvedAppearance = ResolvedAppearance()
    /// The component types the control creates subviews from.
    open lazy var components: Components = .default

    /// A control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Runs the lifecycle the first time the control enters a hierarchy.
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

    /// Main point of customization for the control functionality.
    open func setUp() {}
    /// Main point of customization for the control appearance.
    open func setUpAppearance() {}
    /// Main point of customization for the control layout.
    open func setUpLayout() {}
    /// Main point of customizing the way the control updates its content.
    open func updateContent() {}
}

/// The base of chat buttons: a `UIButton` with the `Customizable` lifecycle.
@preconcurrency @MainActor
open class _Button: UIButton, Customizable, ThemeHolder {
    var lifecycle = LifecycleState()

    /// The appearance the button reads when it sets itself up.
    /// Its fonts take the size of the text size in the traits (``Appearance/resolved(for:)``).
    open var appearance: Appearance {
        get { resolvedAppearance.appearance(for: traitCollection) }
        set { resolvedAppearance.stored = newValue }
    }
    private lazy var resolvedAppearance = ResolvedAppearance()
    /// The component types the button creates subviews from.
    open lazy var components: Components = .default

    /// A custom-type button.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A button of a type.
    public override init(type buttonType: UIButton.ButtonType) {
        super.init(type: buttonType)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Runs the lifecycle the first time the button enters a hierarchy.
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

    /// Main point of customization for the button functionality.
    open func setUp() {}
    /// Main point of customization for the button appearance.
    open func setUpAppearance() {}
    /// Main point of customization for the button layout.
    open func setUpLayout() {}
    /// Main point of customizing the way the button updates its content.
    open func updateContent() {}
}

/// The base of reusable chat cells (reaction authors, list rows): a view with the lifecycle that
/// is reused, so it also has `prepareForReuse()`.
@preconcurrency @MainActor
open class _CollectionViewCell: _View {
    /// Called before the cell shows other content; reset transient state here.
    open func prepareForReuse() {}
}
