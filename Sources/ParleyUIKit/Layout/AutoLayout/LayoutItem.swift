import Foundation

/// Something the Auto Layout engine gives a frame: a `UIView` or a `UILayoutGuide`.
@MainActor
protocol LayoutItem: AnyObject {
    /// The item's Auto Layout bookkeeping, made on first use.
    var layoutState: AutoLayoutState { get }
    /// The bookkeeping if the item has any (nil costs nothing to ask).
    var existingLayoutState: AutoLayoutState? { get }
    /// The view whose coordinate space and layout root the item lives in: the view itself, or a
    /// guide's owning view.
    var layoutOwnerView: UIView? { get }
}

/// What a view or layout guide remembers for Auto Layout. Made on first use, so views that never
/// meet a constraint pay one nil pointer.
@MainActor
final class AutoLayoutState {
    /// The active constraints that name this item, in activation order.
    var constraints: [NSLayoutConstraint] = []
    /// The active constraints installed on this view (`UIView.constraints`).
    var ownedConstraints: [NSLayoutConstraint] = []

    /// Content hugging (horizontal, vertical): how hard the view resists growing past its
    /// intrinsic size.
    var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    /// Compression resistance (horizontal, vertical): how hard it resists shrinking below it.
    var compressionResistance: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)

    /// Guides added with `addLayoutGuide(_:)`.
    var layoutGuides: [UILayoutGuide] = []
    /// The layout margins guide, made on first access.
    var marginsGuide: UILayoutGuide?
    /// The safe area guide, made on first access.
    var safeAreaGuide: UILayoutGuide?

    /// The system of this view's subtree: the layout system when the view is a layout root, a
    /// fitting system (for `systemLayoutSizeFitting`) otherwise. Made on demand.
    var engine: LayoutEngine?
    /// Set on a layout root once something under it uses Auto Layout, so its layout pass builds
    /// an engine; roots without it skip Auto Layout entirely.
    var hostsAutoLayout = false

    /// `setNeedsUpdateConstraints()` was called and `updateConstraints()` has not run since.
    var needsUpdateConstraints = false
    /// Some descendant needs `updateConstraints()`: the constraint pass descends only into these.
    var descendantNeedsUpdateConstraints = false

    /// For a multi-line label during the engine's second pass: the width it wraps at when
    /// `preferredMaxLayoutWidth` is 0 (UIKit's automatic preferred width). 0 otherwise.
    var automaticPreferredMaxLayoutWidth: CGFloat = 0
}

extension UIView: LayoutItem {
    var layoutState: AutoLayoutState { autoLayoutState }
    var existingLayoutState: AutoLayoutState? { autoLayoutStorage }
    var layoutOwnerView: UIView? { self }

    /// The view's Auto Layout bookkeeping, made on first use.
    var autoLayoutState: AutoLayoutState {
        if let state = autoLayoutStorage { return state }
        let state = AutoLayoutState()
        autoLayoutStorage = state
        return state
    }

    /// Whether this view's frame is set from outside (by its superview, a list, autoresizing) and
    /// so roots a layout system for its subtree: `translatesAutoresizingMaskIntoConstraints`, or no
    /// superview to be solved in.
    var isLayoutRoot: Bool { translatesAutoresizingMaskIntoConstraints || superview == nil }

    /// The layout root whose system positions this view: the nearest view, this one included,
    /// whose frame is set from outside.
    var layoutRoot: UIView {
        var view = self
        while !view.isLayoutRoot, let parent = view.superview { view = parent }
        return view
    }
}
