import Foundation

/// A relation between two layout attributes that the Auto Layout engine keeps:
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`.
///
/// UIKit's API and semantics. Make constraints with anchors and turn them on in a batch:
///
/// ```swift
/// NSLayoutConstraint.activate([
///     dot.widthAnchor.constraint(equalTo: dot.heightAnchor),
///     dot.widthAnchor.constraint(equalToConstant: 10),
/// ])
/// ```
///
/// Items are `UIView`s and `UILayoutGuide`s, held weakly. A view whose
/// `translatesAutoresizingMaskIntoConstraints` is `false` is positioned by the constraints of its
/// layout root: the nearest ancestor whose frame is set from outside. Changing `constant` re-solves
/// that root's system incrementally on the next layout pass; the constraint is not removed and
/// added again.
///
/// Required constraints that contradict each other do not crash: the engine keeps the others,
/// stops requiring one (it still pulls as hard as any non-required priority can) and reports the
/// conflict once through `NSLayoutConstraint.conflictHandler`.
@preconcurrency @MainActor
open class NSLayoutConstraint: @MainActor CustomStringConvertible {
    /// A part of an item's geometry a constraint can relate, with UIKit's raw values.
    public enum Attribute: Int, Sendable, CustomStringConvertible {
        /// The left edge.
        case left = 1
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The leading edge: left in left-to-right layouts, right in right-to-left ones.
        case leading
        /// The trailing edge: right in left-to-right layouts, left in right-to-left ones.
        case trailing
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal centre.
        case centerX
        /// The vertical centre.
        case centerY
        /// The baseline of the last line of text (the bottom for views without text).
        case lastBaseline
        /// The baseline of the first line of text (the bottom for views without text).
        case firstBaseline
        /// The left edge of the layout margins.
        case leftMargin
        /// The right edge of the layout margins.
        case rightMargin
        /// The top edge of the layout margins.
        case topMargin
        /// The bottom edge of the layout margins.
        case bottomMargin
        /// The leading edge of the layout margins.
        case leadingMargin
        /// The trailing edge of the layout margins.
        case trailingMargin
        /// The horizontal centre of the layout margins.
        case centerXWithinMargins
        /// The vertical centre of the layout margins.
        case centerYWithinMargins
        /// No attribute: the second item of a constraint against a constant.
        case notAnAttribute = 0

        /// The attribute of the layout margins guide a margin attribute stands for (`.leadingMargin`
        /// is the margins guide's `.leading`), or nil for the others.
        var marginBase: Attribute? {
            switch self {
            case .leftMargin: .left
            case .rightMargin: .right
            case .topMargin: .top
            case .bottomMargin: .bottom
            case .leadingMargin: .leading
            case .trailingMargin: .trailing
            case .centerXWithinMargins: .centerX
            case .centerYWithinMargins: .centerY
            default: nil
            }
        }

        /// Whether the attribute is a position (an edge, centre or baseline) rather than a size.
        var isPosition: Bool {
            switch self {
            case .width, .height, .notAnAttribute: false
            default: true
            }
        }

        /// Whether the attribute flips in right-to-left layouts.
        var isDirectional: Bool {
            switch self {
            case .leading, .trailing, .leadingMargin, .trailingMargin: true
            default: false
            }
        }

        /// UIKit's name, as constraint descriptions print it.
        public var description: String {
            switch self {
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .lastBaseline: "lastBaseline"
            case .firstBaseline: "firstBaseline"
            case .leftMargin: "leftMargin"
            case .rightMargin: "rightMargin"
            case .topMargin: "topMargin"
            case .bottomMargin: "bottomMargin"
            case .leadingMargin: "leadingMargin"
            case .trailingMargin: "trailingMargin"
            case .centerXWithinMargins: "centerXWithinMargins"
            case .centerYWithinMargins: "centerYWithinMargins"
            case .notAnAttribute: "notAnAttribute"
            }
        }
    }

    /// How the two sides compare, with UIKit's raw values.
    public enum Relation: Int, Sendable, CustomStringConvertible {
        /// The first side is at most the second.
        case lessThanOrEqual = -1
        /// The sides are equal.
        case equal = 0
        /// The first side is at least the second.
        case greaterThanOrEqual = 1

        /// `<=`, `==` or `>=`.
        public var description: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }

        var solverRelation: SolverRelation {
            switch self {
            case .lessThanOrEqual: .lessThanOrEqual
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        }
    }

    /// A layout axis: content hugging, compression resistance and stack views are per axis.
    public enum Axis: Int, Sendable {
        /// Left to right (or leading to trailing).
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }

    // MARK: Definition

    /// Items are weak, as in UIKit: a view holds the constraints that mention it, never the reverse.
    weak var firstLayoutItem: (any LayoutItem)?
    weak var secondLayoutItem: (any LayoutItem)?

    /// The first item: a `UIView` or a `UILayoutGuide`.
    public var firstItem: AnyObject? { firstLayoutItem }
    /// The second item, or nil for a constraint against a constant.
    public var secondItem: AnyObject? { secondLayoutItem }
    /// The attribute of the first item.
    public let firstAttribute: Attribute
    /// The attribute of the second item (`.notAnAttribute` without one).
    public let secondAttribute: Attribute
    /// How the sides compare.
    public let relation: Relation
    /// The factor applied to the second attribute.
    public let multiplier: CGFloat

    /// The value added to the second side. Changing it re-solves incrementally on the next layout
    /// pass: the cheap way to animate or adjust a layout.
    public var constant: CGFloat {
        didSet {
            guard constant != oldValue, isActive else { return }
            LayoutInvalidation.constraintDidChange(self)
        }
    }

    /// How much the constraint matters; 1000 (`required`) must hold. Unlike UIKit, changing it
    /// between required and optional while active is allowed (it re-installs the constraint).
    public var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue, isActive else { return }
            LayoutInvalidation.constraintDidChange(self)
        }
    }

    /// A name that descriptions and conflict reports print.
    public var identifier: String?

    /// UIKit's archiving flag; kept for source compatibility, it changes nothing here.
    public var shouldBeArchived = false

    /// The view the constraint was installed on: the closest common ancestor of its items when it
    /// was activated (what `UIView.constraints` lists).
    weak var owner: UIView?

    /// Whether a conflict that broke this constraint was reported (a conflict is reported once).
    var hasReportedConflict = false

    private var active = false

    /// Whether the constraint takes part in layout. Setting it is `activate`/`deactivate`.
    public var isActive: Bool {
        get { active }
        set {
            guard newValue != active else { return }
            if newValue { install(on: nil) } else { uninstall() }
        }
    }

    init(first: (any LayoutItem)?, _ firstAttribute: Attribute, _ relation: Relation,
         second: (any LayoutItem)?, _ secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat) {
        self.firstLayoutItem = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondLayoutItem = second
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier.isFinite ? multiplier : 1
        self.constant = constant.isFinite ? constant : 0
    }

    /// UIKit's explicit form: `view1.attr1 relation multiplier × view2.attr2 + c`.
    ///
    /// Items must be `UIView`s or `UILayoutGuide`s; pass nil and `.notAnAttribute` for a constraint
    /// against a constant. A constraint with another kind of item does nothing (it is reported
    /// through `conflictHandler`'s log when activated) rather than crashing.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                            toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.init(first: view1 as? any LayoutItem, attr1, relation, second: view2 as? any LayoutItem, attr2,
                  multiplier: multiplier, constant: c)
        if !(view1 is any LayoutItem) || (view2 != nil && !(view2 is any LayoutItem)) {
            invalidItems = true
        }
    }

    /// Set when an item given to the explicit initializer was not a view or a layout guide.
    private var invalidItems = false

    /// The first item's anchor for `firstAttribute`.
    public var firstAnchor: NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor<AnyObject>(item: firstLayoutItem, attribute: firstAttribute)
    }

    /// The second item's anchor, or nil for a constraint against a constant.
    public var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondLayoutItem.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: secondAttribute) }
    }

    // MARK: Activation

    /// Activates every constraint (faster to read, and UIKit's recommended form, than setting
    /// `isActive` one by one).
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        LayoutInvalidation.batchingStructureChanges {
            for constraint in constraints { constraint.isActive = true }
        }
    }

    /// Deactivates every constraint.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        LayoutInvalidation.batchingStructureChanges {
            for constraint in constraints { constraint.isActive = false }
        }
    }

    /// The items, first then second.
    var layoutItems: [any LayoutItem] {
        var items: [any LayoutItem] = []
        if let firstLayoutItem { items.append(firstLayoutItem) }
        if let secondLayoutItem { items.append(secondLayoutItem) }
        return items
    }

    /// Registers the constraint with its items (and `owner`, or their closest common ancestor).
    func install(on explicitOwner: UIView?) {
        guard !active else { return }
        if invalidItems {
            LayoutConflictReporter.log("NSLayoutConstraint: \(self) relates an item that is neither a UIView nor a UILayoutGuide; it does nothing.")
        }
        active = true
        let items = layoutItems
        for item in items {
            item.layoutState.constraints.append(self)
            // Margin attributes are the margins guide's edges: make the guide before the engine scans.
            if let view = item as? UIView, firstAttribute.marginBase != nil || secondAttribute.marginBase != nil {
                _ = view.layoutMarginsGuide
            }
        }
        let owner = explicitOwner ?? NSLayoutConstraint.commonAncestor(of: items)
        self.owner = owner
        owner?.autoLayoutState.ownedConstraints.append(self)
        LayoutInvalidation.constraintActivationDidChange(self)
    }

    private func uninstall() {
        guard active else { return }
        active = false
        for item in layoutItems {
            item.existingLayoutState?.constraints.removeAll { $0 === self }
        }
        owner?.autoLayoutStorage?.ownedConstraints.removeAll { $0 === self }
        owner = nil
        LayoutInvalidation.constraintActivationDidChange(self)
    }

    /// The closest common ancestor of the items' views (a guide counts as its owning view), or the
    /// first item's view when they share none.
    static func commonAncestor(of items: [any LayoutItem]) -> UIView? {
        let views = items.compactMap(\.layoutOwnerView)
        guard var candidate = views.first else { return nil }
        for view in views.dropFirst() {
            var ancestor: UIView? = candidate
            while let current = ancestor, !view.isDescendant(of: current) { ancestor = current.superview }
            guard let found = ancestor else { return views.first }
            candidate = found
        }
        return candidate
    }

    // MARK: Description

    /// UIKit's form, e.g. `<NSLayoutConstraint:0x… 'gap' UILabel:0x….leading == UIView:0x….leading + 8   (active)>`.
    public var description: String {
        var text = "<\(String(describing: type(of: self))):\(LayoutConflictReporter.address(of: self))"
        if let identifier { text += " '\(identifier)'" }
        text += " " + equationDescription
        text += active ? "   (active)>" : "   (inactive)>"
        return text
    }

    /// `item.attr == m*item.attr + c @priority`.
    var equationDescription: String {
        var text = "\(LayoutConflictReporter.name(of: firstLayoutItem)).\(firstAttribute) \(relation)"
        var hasRight = false
        if let secondLayoutItem {
            text += " "
            if multiplier != 1 { text += "\(LayoutConflictReporter.number(multiplier))*" }
            text += "\(LayoutConflictReporter.name(of: secondLayoutItem)).\(secondAttribute)"
            hasRight = true
        }
        if !hasRight {
            text += " \(LayoutConflictReporter.number(constant))"
        } else if constant != 0 {
            text += constant < 0 ? " - \(LayoutConflictReporter.number(-constant))" : " + \(LayoutConflictReporter.number(constant))"
        }
        if !priority.isRequired { text += " @\(priority)" }
        return text
    }
}
