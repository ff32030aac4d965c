import Foundation

/// The constraints of a stack view (`UIStackView`, `ContainerStackView`), built from its arranged
/// subviews and settings, and kept in step with them without churn: a rebuild reuses every
/// constraint that still exists (changing only constants) and activates or deactivates only the
/// difference, so hiding a view or changing the spacing is a handful of constant changes in the
/// layout engine, never a new system.
///
/// The constraints are UIKit's stack-view constraints (the identifiers are UIKit's `UISV-…`):
/// - along the axis, the first visible view's leading edge and the last one's trailing edge meet
///   the canvas (the container, or its layout margins guide) and consecutive visible views are
///   `spacing` apart (`fill`); or equal in size (`fillEqually`), proportional to their intrinsic
///   sizes (`fillProportionally`), with equal gaps (`equalSpacing`) or equal distances between
///   centres (`equalCentering`), the last two through spacer layout guides;
/// - across the axis, each view fills the canvas, or sticks to one edge, the centre or the first
///   or last baseline while staying inside it; when views do not fill, a weak constraint makes the
///   canvas as small as its content (`UISV-canvas-fit`) and weak ones settle views without an
///   intrinsic size (`UISV-ambiguity-suppression`);
/// - a hidden view leaves the chain: it collapses to zero along the axis where it would have been,
///   and the spacing around it goes with it.
@MainActor
final class StackConstraintBuilder {
    enum Alignment { case fill, leading, center, trailing, firstBaseline, lastBaseline }
    enum Distribution { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }

    struct Configuration {
        var axis: NSLayoutConstraint.Axis = .horizontal
        var alignment: Alignment = .fill
        var distribution: Distribution = .fill
        var spacing: CGFloat = 0
        /// Spacing after particular views, by view.
        var customSpacing: [ObjectIdentifier: CGFloat] = [:]
        var isLayoutMarginsRelative = false
        /// Per-view overrides of `isLayoutMarginsRelative`, by view.
        var respectsLayoutMargins: [ObjectIdentifier: Bool] = [:]
        /// Vertical stacks: spacing measured from baseline to baseline.
        var isBaselineRelative = false
        /// The priority of `UISV-canvas-fit`.
        var canvasFitPriority = UILayoutPriority(1)
    }

    /// What makes a constraint the same constraint across rebuilds: everything but the constant.
    private struct Key: Hashable {
        let first: ObjectIdentifier
        let firstAttribute: NSLayoutConstraint.Attribute
        let relation: NSLayoutConstraint.Relation
        let second: ObjectIdentifier?
        let secondAttribute: NSLayoutConstraint.Attribute
        let multiplier: CGFloat
        let priority: Float
        let identifier: String
    }

    private struct Spec {
        let first: any LayoutItem
        let firstAttribute: NSLayoutConstraint.Attribute
        let relation: NSLayoutConstraint.Relation
        let second: (any LayoutItem)?
        let secondAttribute: NSLayoutConstraint.Attribute
        var multiplier: CGFloat = 1
        var constant: CGFloat = 0
        var priority: UILayoutPriority = .required
        let identifier: String

        var key: Key {
            Key(first: ObjectIdentifier(first), firstAttribute: firstAttribute, relation: relation,
                second: second.map(ObjectIdentifier.init), secondAttribute: secondAttribute, multiplier: multiplier,
                priority: priority.rawValue, identifier: identifier)
        }
    }

    private var active: [Key: NSLayoutConstraint] = [:]
    private var spacers: [UILayoutGuide] = []

    /// The constraints in force, for tests and debugging.
    var constraints: [NSLayoutConstraint] { Array(active.values) }

    /// Brings the container's stack constraints in step with `arranged` and `configuration`.
    func update(container: UIView, arranged: [UIView], configuration: Configuration) {
        let specs = makeSpecs(container: container, arranged: arranged, configuration: configuration)
        var next: [Key: NSLayoutConstraint] = [:]
        var added: [NSLayoutConstraint] = []
        for spec in specs {
            let key = spec.key
            guard next[key] == nil else { continue }
            // A constraint deactivated behind our back (its view was removed, a spacer dropped) is
            // not reused: its key may even name a new object at a recycled address.
            if let existing = active.removeValue(forKey: key), existing.isActive {
                if existing.constant != spec.constant { existing.constant = spec.constant }
                next[key] = existing
            } else {
                let constraint = NSLayoutConstraint(first: spec.first, spec.firstAttribute, spec.relation,
                                                    second: spec.second, spec.secondAttribute,
                                                    multiplier: spec.multiplier, constant: spec.constant)
                constraint.priority = spec.priority
                constraint.identifier = spec.identifier
                next[key] = constraint
                added.append(constraint)
            }
        }
        LayoutInvalidation.batchingStructureChanges {
            NSLayoutConstraint.deactivate(Array(active.values))
            for constraint in added { constraint.install(on: container) }
        }
        active = next
    }

    /// Deactivates everything (the container is going away or changing kind).
    func removeAll() {
        NSLayoutConstraint.deactivate(Array(active.values))
        active = [:]
    }

    private func makeSpecs(container: UIView, arranged: [UIView], configuration c: Configuration) -> [Spec] {
        let horizontal = c.axis == .horizontal
        let leadingEdge: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let trailingEdge: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let centre: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
        let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let crossStart: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let crossEnd: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let crossCentre: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        let crossSize: NSLayoutConstraint.Attribute = horizontal ? .height : .width

        func canvas(for view: UIView) -> any LayoutItem {
            let margins = c.respectsLayoutMargins[ObjectIdentifier(view)] ?? c.isLayoutMarginsRelative
            return margins ? container.layoutMarginsGuide : container
        }
        let containerCanvas: any LayoutItem = c.isLayoutMarginsRelative ? container.layoutMarginsGuide : container

        var specs: [Spec] = []
        func add(_ first: any LayoutItem, _ firstAttribute: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
                 _ second: (any LayoutItem)?, _ secondAttribute: NSLayoutConstraint.Attribute, constant: CGFloat = 0,
                 multiplier: CGFloat = 1, priority: UILayoutPriority = .required, _ identifier: String) {
            specs.append(Spec(first: first, firstAttribute: firstAttribute, relation: relation, second: second,
                              secondAttribute: secondAttribute, multiplier: multiplier, constant: constant,
                              priority: priority, identifier: identifier))
        }

        let visible = arranged.filter { !$0.isHidden }

        // Along the axis.
        if let first = visible.first, let last = visible.last {
            add(first, leadingEdge, .equal, canvas(for: first), leadingEdge, "UISV-canvas-connection")
            add(last, trailingEdge, .equal, canvas(for: last), trailingEdge, "UISV-canvas-connection")
        } else {
            add(containerCanvas, size, .equal, nil, .notAnAttribute, priority: c.canvasFitPriority, "UISV-canvas-fit")
        }
        let needsSpacers = c.distribution == .equalSpacing || c.distribution == .equalCentering
        adjustSpacers(count: needsSpacers ? max(0, visible.count - 1) : 0, container: container)
        for index in visible.indices.dropFirst() {
            let previous = visible[index - 1], view = visible[index]
            let gap = c.customSpacing[ObjectIdentifier(previous)] ?? c.spacing
            switch c.distribution {
            case .fill, .fillEqually, .fillProportionally:
                if c.isBaselineRelative && !horizontal {
                    add(view, .firstBaseline, .equal, previous, .lastBaseline, constant: gap, "UISV-spacing")
                } else {
                    add(view, leadingEdge, .equal, previous, trailingEdge, constant: gap, "UISV-spacing")
                }
            case .equalSpacing:
                let spacer = spacers[index - 1]
                add(spacer, leadingEdge, .equal, previous, trailingEdge, "UISV-distributing-edge")
                add(spacer, trailingEdge, .equal, view, leadingEdge, "UISV-distributing-edge")
                add(spacer, size, .greaterThanOrEqual, nil, .notAnAttribute, constant: gap, "UISV-spacing")
                if index > 1 { add(spacer, size, .equal, spacers[0], size, "UISV-fill-equally") }
            case .equalCentering:
                let spacer = spacers[index - 1]
                add(spacer, leadingEdge, .equal, previous, centre, "UISV-distributing-edge")
                add(spacer, trailingEdge, .equal, view, centre, "UISV-distributing-edge")
                add(view, leadingEdge, .greaterThanOrEqual, previous, trailingEdge, constant: gap, "UISV-spacing")
                if index > 1 { add(spacer, size, .equal, spacers[0], size, priority: .required - 1, "UISV-fill-equally") }
            }
            if needsSpacers {
                // Spacers have no extent across the axis; pin it so the layout is not ambiguous.
                let spacer = spacers[index - 1]
                add(spacer, crossStart, .equal, containerCanvas, crossStart, "UISV-spacer-cross")
                add(spacer, crossSize, .equal, nil, .notAnAttribute, "UISV-spacer-cross")
            }
        }
        if let first = visible.first {
            switch c.distribution {
            case .fillEqually:
                for view in visible.dropFirst() { add(view, size, .equal, first, size, "UISV-fill-equally") }
            case .fillProportionally:
                let firstSize = intrinsic(first, horizontal: horizontal)
                if firstSize > 0 {
                    for view in visible.dropFirst() {
                        let viewSize = intrinsic(view, horizontal: horizontal)
                        guard viewSize >= 0 else { continue }
                        add(view, size, .equal, first, size, multiplier: viewSize / firstSize, priority: .required - 1,
                            "UISV-fill-proportionally")
                    }
                }
            default:
                break
            }
        }

        // Hidden views: out of the chain, collapsed where they would be.
        var anchor: (item: any LayoutItem, attribute: NSLayoutConstraint.Attribute) = (containerCanvas, leadingEdge)
        for view in arranged {
            guard view.isHidden else {
                anchor = (view, trailingEdge)
                continue
            }
            add(view, leadingEdge, .equal, anchor.item, anchor.attribute, "UISV-hiding")
            add(view, size, .equal, nil, .notAnAttribute, priority: .required - 1, "UISV-hiding")
            add(view, crossStart, .equal, canvas(for: view), crossStart, "UISV-hiding")
        }

        // Across the axis.
        var alignment = c.alignment
        if !horizontal && (alignment == .firstBaseline || alignment == .lastBaseline) {
            // Baselines are vertical positions: a vertical stack cannot align them; UIKit fills.
            alignment = .fill
        }
        for (index, view) in visible.enumerated() {
            let edge = canvas(for: view)
            switch alignment {
            case .fill:
                add(view, crossStart, .equal, edge, crossStart, "UISV-alignment")
                add(view, crossEnd, .equal, edge, crossEnd, "UISV-alignment")
            case .leading:
                add(view, crossStart, .equal, edge, crossStart, "UISV-alignment")
                add(view, crossEnd, .lessThanOrEqual, edge, crossEnd, "UISV-canvas-connection")
            case .trailing:
                add(view, crossEnd, .equal, edge, crossEnd, "UISV-alignment")
                add(view, crossStart, .greaterThanOrEqual, edge, crossStart, "UISV-canvas-connection")
            case .center:
                add(view, crossCentre, .equal, edge, crossCentre, "UISV-alignment")
                add(view, crossStart, .greaterThanOrEqual, edge, crossStart, "UISV-canvas-connection")
                add(view, crossEnd, .lessThanOrEqual, edge, crossEnd, "UISV-canvas-connection")
            case .firstBaseline, .lastBaseline:
                let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if index > 0 { add(view, baseline, .equal, visible[0], baseline, "UISV-alignment") }
                add(view, crossStart, .greaterThanOrEqual, edge, crossStart, "UISV-canvas-connection")
                add(view, crossEnd, .lessThanOrEqual, edge, crossEnd, "UISV-canvas-connection")
            }
            if alignment != .fill {
                add(view, crossSize, .equal, nil, .notAnAttribute, priority: UILayoutPriority(25), "UISV-ambiguity-suppression")
            }
        }
        if alignment != .fill || visible.isEmpty {
            add(containerCanvas, crossSize, .equal, nil, .notAnAttribute, priority: c.canvasFitPriority, "UISV-canvas-fit")
        }
        return specs
    }

    private func intrinsic(_ view: UIView, horizontal: Bool) -> CGFloat {
        let size = view.intrinsicContentSize
        return horizontal ? size.width : size.height
    }

    private func adjustSpacers(count: Int, container: UIView) {
        while spacers.count > count {
            container.removeLayoutGuide(spacers.removeLast())
        }
        while spacers.count < count {
            let guide = UILayoutGuide()
            guide.identifier = "UISV-distributing"
            container.addLayoutGuide(guide)
            spacers.append(guide)
        }
    }
}
