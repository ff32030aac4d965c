import Foundation

/// A rectangle in a view's layout that is not a view: spacing, a region between views, the
/// layout margins or the safe area. It takes part in Auto Layout like a view, without drawing,
/// hit testing or a layer.
///
/// ```swift
/// let gap = UILayoutGuide()
/// container.addLayoutGuide(gap)
/// NSLayoutConstraint.activate([
///     gap.leadingAnchor.constraint(equalTo: left.trailingAnchor),
///     gap.trailingAnchor.constraint(equalTo: right.leadingAnchor),
///     gap.widthAnchor.constraint(equalToConstant: 12),
/// ])
/// ```
@preconcurrency @MainActor
open class UILayoutGuide: LayoutItem, @MainActor CustomStringConvertible {
    /// The view the guide belongs to (set by `UIView.addLayoutGuide(_:)`).
    public internal(set) weak var owningView: UIView?

    /// A name for descriptions and conflict reports.
    open var identifier = ""

    /// The guide's rectangle in the owning view's coordinates, as of the last layout pass.
    public internal(set) var layoutFrame: CGRect = .zero

    /// The guide's Auto Layout bookkeeping.
    let state = AutoLayoutState()

    /// A guide; add it to a view with `addLayoutGuide(_:)` before constraining it.
    public init() {}

    var layoutState: AutoLayoutState { state }
    var existingLayoutState: AutoLayoutState? { state }
    var layoutOwnerView: UIView? { owningView }

    /// The leading edge (left in left-to-right layouts).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge (right in left-to-right layouts).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }

    /// `<UILayoutGuide: 0x…; identifier = …; layoutFrame = …>`.
    public var description: String {
        "<\(String(describing: type(of: self))): \(LayoutConflictReporter.address(of: self)); identifier = \"\(identifier)\"; layoutFrame = \(layoutFrame)>"
    }

    /// Which of the owning view's insets a system guide follows; nil for guides added by code.
    enum SystemKind { case margins, safeArea }
    var systemKind: SystemKind?
}
