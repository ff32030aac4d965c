import Foundation

/// UIKit's stack view: lays out its arranged subviews in a row or a column with constraints.
///
/// ```swift
/// let row = UIStackView(arrangedSubviews: [avatar, nameLabel, timeLabel])
/// row.axis = .horizontal
/// row.alignment = .firstBaseline
/// row.spacing = 8
/// row.setCustomSpacing(4, after: avatar)
/// ```
///
/// As in UIKit, `arrangedSubviews` is a subset of `subviews`: `removeArrangedSubview(_:)` stops
/// arranging a view but leaves it a subview (call `removeFromSuperview()` to remove it; that also
/// removes it from the arranged subviews). Hiding an arranged subview collapses it and the spacing
/// next to it; showing it brings both back. Changes re-arrange lazily, on the next layout pass,
/// reusing the constraints that still apply.
///
/// The stack view does not draw.
@preconcurrency @MainActor
open class UIStackView: UIView, ArrangedSubviewsContainer {
    /// How arranged subviews share the stack's length.
    public enum Distribution: Int, Sendable {
        /// Views keep their sizes; the one that hugs least stretches or shrinks to fill.
        case fill = 0
        /// All views get the same length.
        case fillEqually
        /// Lengths proportional to the views' intrinsic sizes.
        case fillProportionally
        /// Views keep their sizes; the gaps between them are equal (and at least `spacing`).
        case equalSpacing
        /// The distances between the views' centres are equal (gaps at least `spacing`).
        case equalCentering
    }

    /// Where arranged subviews sit across the stack's axis.
    public enum Alignment: Int, Sendable {
        /// Views fill the stack's breadth.
        case fill = 0
        /// Views stick to the leading edge (vertical stacks) or the top (horizontal stacks).
        case leading = 1
        /// Horizontal stacks: views align their first lines' baselines.
        case firstBaseline = 2
        /// Views are centred.
        case center = 3
        /// Views stick to the trailing edge (vertical stacks) or the bottom (horizontal stacks).
        case trailing = 4
        /// Horizontal stacks: views align their last lines' baselines.
        case lastBaseline = 5

        /// Horizontal stacks: views stick to the top (the same value as `leading`).
        public static var top: Alignment { .leading }
        /// Horizontal stacks: views stick to the bottom (the same value as `trailing`).
        public static var bottom: Alignment { .trailing }
    }

    /// For `setCustomSpacing(_:after:)`: use the stack's `spacing` after this view.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// For `spacing` or `setCustomSpacing(_:after:)`: the system spacing (8 points).
    public static let spacingUseSystem = CGFloat.leastNonzeroMagnitude

    /// The views the stack arranges, in order (a subset of `subviews`).
    public private(set) var arrangedSubviews: [UIView] = []

    /// Row (`.horizontal`) or column (`.vertical`).
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { if axis != oldValue { invalidateArrangement() } } }
    /// How views share the length.
    open var distribution: Distribution = .fill { didSet { if distribution != oldValue { invalidateArrangement() } } }
    /// Where views sit across the axis.
    open var alignment: Alignment = .fill { didSet { if alignment != oldValue { invalidateArrangement() } } }
    /// The gap between consecutive arranged views (`spacingUseSystem` for 8 points).
    open var spacing: CGFloat = 0 { didSet { if spacing != oldValue { invalidateArrangement() } } }
    /// Vertical stacks: measure `spacing` from one view's last baseline to the next one's first.
    open var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { invalidateArrangement() } }
    }
    /// Arrange inside the layout margins rather than the bounds.
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { invalidateArrangement() } }
    }

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private let builder = StackConstraintBuilder()

    /// An empty stack.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        setNeedsUpdateConstraints()
    }

    /// A stack of `views`, in order.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Appends a view to the arranged subviews (adding it as a subview if needed).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into the arranged subviews at `stackIndex` (adding it as a subview, at the
    /// end of `subviews`, if needed; moving it if it is arranged already).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, stackIndex), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        invalidateArrangement()
    }

    /// Stops arranging a view. It stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        invalidateArrangement()
    }

    /// Sets the gap after one arranged view (`spacingUseDefault` to go back to `spacing`).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == UIStackView.spacingUseDefault ? nil : spacing
        invalidateArrangement()
    }

    /// The gap after one arranged view, or `spacingUseDefault` if it has none of its own.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    /// Rebuilds the stack's constraints if something changed, then runs `super`.
    open override func updateConstraints() {
        if needsArrangement {
            needsArrangement = false
            builder.update(container: self, arranged: arrangedSubviews, configuration: configuration)
        }
        super.updateConstraints()
    }

    /// The first visible arranged view (its baseline is the stack's).
    open override var forFirstBaselineLayout: UIView {
        arrangedSubviews.first { !$0.isHidden } ?? self
    }

    /// The last visible arranged view (its baseline is the stack's).
    open override var forLastBaselineLayout: UIView {
        arrangedSubviews.last { !$0.isHidden } ?? self
    }

    private var needsArrangement = true

    private func invalidateArrangement() {
        needsArrangement = true
        setNeedsUpdateConstraints()
    }

    private var configuration: StackConstraintBuilder.Configuration {
        func resolve(_ value: CGFloat) -> CGFloat { value == UIStackView.spacingUseSystem ? systemSpacing : value }
        var configuration = StackConstraintBuilder.Configuration()
        configuration.axis = axis
        configuration.spacing = resolve(spacing)
        configuration.customSpacing = customSpacings.mapValues(resolve)
        configuration.isLayoutMarginsRelative = isLayoutMarginsRelativeArrangement
        configuration.isBaselineRelative = isBaselineRelativeArrangement
        configuration.canvasFitPriority = UILayoutPriority(49)
        switch alignment {
        case .fill: configuration.alignment = .fill
        case .leading: configuration.alignment = .leading
        case .firstBaseline: configuration.alignment = .firstBaseline
        case .center: configuration.alignment = .center
        case .trailing: configuration.alignment = .trailing
        case .lastBaseline: configuration.alignment = .lastBaseline
        }
        switch distribution {
        case .fill: configuration.distribution = .fill
        case .fillEqually: configuration.distribution = .fillEqually
        case .fillProportionally: configuration.distribution = .fillProportionally
        case .equalSpacing: configuration.distribution = .equalSpacing
        case .equalCentering: configuration.distribution = .equalCentering
        }
        return configuration
    }

    // MARK: ArrangedSubviewsContainer

    func arrangedSubviewVisibilityDidChange(_ view: UIView) {
        if arrangedSubviews.contains(where: { $0 === view }) { invalidateArrangement() }
    }

    // A plain `addSubview(_:)` does not arrange a view in a `UIStackView`.
    func arrangedSubviewWasAdded(_ view: UIView) {}

    func arrangedSubviewWasRemoved(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        invalidateArrangement()
    }

    func arrangedSubviewIntrinsicSizeDidChange(_ view: UIView) {
        if distribution == .fillProportionally, arrangedSubviews.contains(where: { $0 === view }) { invalidateArrangement() }
    }
}
