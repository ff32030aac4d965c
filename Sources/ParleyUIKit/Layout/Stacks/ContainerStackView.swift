import Foundation

/// A stack view in the style of the seeds' chat SDK: a row or column of subviews built on
/// constraints, simpler to customise than `UIStackView`.
///
/// Every subview is arranged, in `subviews` order: `insertArrangedSubview(_:at:)` inserts the
/// view as a subview at that index, and `removeArrangedSubview(_:)` removes it from the container
/// altogether (unlike `UIStackView`). Arranged subviews may carry their own constraints:
///
/// ```swift
/// NSLayoutConstraint.activate([
///     dot.widthAnchor.constraint(equalTo: dot.heightAnchor),
///     dot.widthAnchor.constraint(equalToConstant: 10),
/// ])
/// mainContainer.insertArrangedSubview(dot, at: 0)     // the left-most view
/// topContainer.removeArrangedSubview(unreadCountView)  // gone from the layout and the view
/// ```
///
/// A hidden subview collapses to zero length and the spacing next to it disappears; it comes
/// back when shown. Every change re-arranges lazily, on the next layout pass, reusing the
/// constraints that still apply.
@preconcurrency @MainActor
open class ContainerStackView: UIView, ArrangedSubviewsContainer {
    /// How arranged subviews share the container's length.
    public struct Distribution: Equatable, Sendable {
        private let rawValue: Int
        /// Each view keeps its natural size (the one that hugs least takes up the slack).
        public static let natural = Distribution(rawValue: 0)
        /// All views get the same length.
        public static let equal = Distribution(rawValue: 1)
    }

    /// Where arranged subviews sit across the container's axis. The names come in pairs for the
    /// two axes (`top` in a row is `leading` in a column) and as axis-neutral names
    /// (`axisLeading`, `axisTrailing`).
    public struct Alignment: Equatable, Sendable {
        private let rawValue: Int
        /// Views fill the container's breadth.
        public static let fill = Alignment(rawValue: 0)
        /// Views stick to the start of the cross axis: the top of a row, the leading edge of a column.
        public static let axisLeading = Alignment(rawValue: 1)
        /// Views stick to the end of the cross axis: the bottom of a row, the trailing edge of a column.
        public static let axisTrailing = Alignment(rawValue: 2)
        /// Views are centred across the axis.
        public static let center = Alignment(rawValue: 3)
        /// Columns: views stick to the leading edge (`axisLeading`).
        public static let leading = axisLeading
        /// Rows: views stick to the top (`axisLeading`).
        public static let top = axisLeading
        /// Columns: views stick to the trailing edge (`axisTrailing`).
        public static let trailing = axisTrailing
        /// Rows: views stick to the bottom (`axisTrailing`).
        public static let bottom = axisTrailing
        /// Columns: views are centred horizontally (`center`).
        public static let centerX = center
        /// Rows: views are centred vertically (`center`).
        public static let centerY = center
    }

    /// The gap between arranged views: a number (`spacing = 8`) or `.auto`, the system spacing.
    public struct Spacing: Equatable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        /// The gap in points; infinity means `.auto`.
        public var rawValue: CGFloat

        /// A gap of `rawValue` points.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// `spacing = 4.5`.
        public init(floatLiteral value: Double) { rawValue = CGFloat(value) }
        /// `spacing = 8`.
        public init(integerLiteral value: Int) { rawValue = CGFloat(value) }

        /// The system spacing between sibling views (8 points).
        public static let auto = Spacing(.infinity)

        /// The gap in points, with `.auto` resolved.
        var points: CGFloat { rawValue.isFinite ? rawValue : systemSpacing }
    }

    /// Row (`.horizontal`) or column (`.vertical`).
    public var axis: NSLayoutConstraint.Axis = .horizontal { didSet { if axis != oldValue { invalidateArrangement() } } }
    /// Where views sit across the axis.
    public var alignment: Alignment = .fill { didSet { if alignment != oldValue { invalidateArrangement() } } }
    /// How views share the length.
    public var distribution: Distribution = .natural { didSet { if distribution != oldValue { invalidateArrangement() } } }
    /// The gap between consecutive visible views.
    public var spacing: Spacing = .auto { didSet { if spacing != oldValue { invalidateArrangement() } } }
    /// Arrange inside the layout margins rather than the bounds.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { invalidateArrangement() } }
    }

    /// The arranged views: all the subviews, in order.
    public var arrangedSubviews: [UIView] { subviews }

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var respectsLayoutMargins: [ObjectIdentifier: Bool] = [:]
    private let builder = StackConstraintBuilder()
    private var needsArrangement = true

    /// A container with its settings and first arranged views.
    public convenience init(axis: NSLayoutConstraint.Axis = .horizontal, alignment: Alignment = .fill,
                            spacing: Spacing = .auto, distribution: Distribution = .natural,
                            arrangedSubviews: [UIView] = []) {
        self.init(frame: .zero)
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.distribution = distribution
        addArrangedSubviews(arrangedSubviews)
    }

    /// An empty horizontal container.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setNeedsUpdateConstraints()
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Appends views, in order, after the current ones.
    public func addArrangedSubviews(_ subviews: [UIView]) {
        for subview in subviews { addArrangedSubview(subview) }
    }

    /// Appends a view. `respectsLayoutMargins` overrides `isLayoutMarginsRelativeArrangement`
    /// for this view (nil: follow it).
    public func addArrangedSubview(_ subview: UIView, respectsLayoutMargins: Bool? = nil) {
        insertArrangedSubview(subview, at: subviews.count, respectsLayoutMargins: respectsLayoutMargins)
    }

    /// Inserts a view at `index` (0 is the leading or top-most position).
    public func insertArrangedSubview(_ subview: UIView, at index: Int, respectsLayoutMargins: Bool? = nil) {
        guard subview !== self else { return }
        subview.translatesAutoresizingMaskIntoConstraints = false
        self.respectsLayoutMargins[ObjectIdentifier(subview)] = respectsLayoutMargins
        insertSubview(subview, at: index)
        invalidateArrangement()
    }

    /// Removes a view from the arrangement and from the container.
    public func removeArrangedSubview(_ subview: UIView) {
        guard subview.superview === self else { return }
        subview.removeFromSuperview()
    }

    /// Removes every arranged view.
    public func removeAllArrangedSubviews() {
        for subview in subviews { removeArrangedSubview(subview) }
    }

    /// Replaces the arranged views with `subviews`.
    public func replaceArrangedSubviews(with subviews: [UIView]) {
        removeAllArrangedSubviews()
        addArrangedSubviews(subviews)
    }

    /// Sets the gap after one arranged view.
    public func setCustomSpacing(_ spacing: Spacing, after subview: UIView) {
        guard subview.superview === self else { return }
        customSpacings[ObjectIdentifier(subview)] = spacing.points
        invalidateArrangement()
    }

    /// Rebuilds the container's constraints if something changed, then runs `super`.
    open override func updateConstraints() {
        if needsArrangement {
            needsArrangement = false
            builder.update(container: self, arranged: subviews, configuration: configuration)
        }
        super.updateConstraints()
    }

    /// The first visible arranged view (its baseline is the container's).
    open override var forFirstBaselineLayout: UIView { subviews.first { !$0.isHidden } ?? self }

    /// The last visible arranged view.
    open override var forLastBaselineLayout: UIView { subviews.last { !$0.isHidden } ?? self }

    private func invalidateArrangement() {
        needsArrangement = true
        setNeedsUpdateConstraints()
    }

    private var configuration: StackConstraintBuilder.Configuration {
        var configuration = StackConstraintBuilder.Configuration()
        configuration.axis = axis
        configuration.spacing = spacing.points
        configuration.customSpacing = customSpacings
        configuration.isLayoutMarginsRelative = isLayoutMarginsRelativeArrangement
        configuration.respectsLayoutMargins = respectsLayoutMargins
        configuration.distribution = distribution == .equal ? .fillEqually : .fill
        switch alignment {
        case .axisLeading: configuration.alignment = .leading
        case .axisTrailing: configuration.alignment = .trailing
        case .center: configuration.alignment = .center
        default: configuration.alignment = .fill
        }
        return configuration
    }

    // MARK: ArrangedSubviewsContainer

    func arrangedSubviewVisibilityDidChange(_ view: UIView) { invalidateArrangement() }

    func arrangedSubviewWasRemoved(_ view: UIView) {
        customSpacings[ObjectIdentifier(view)] = nil
        respectsLayoutMargins[ObjectIdentifier(view)] = nil
        invalidateArrangement()
    }

    func arrangedSubviewIntrinsicSizeDidChange(_ view: UIView) {}

    // A subview added with `addSubview(_:)` is arranged too (every subview is).
    func arrangedSubviewWasAdded(_ view: UIView) { invalidateArrangement() }
}
