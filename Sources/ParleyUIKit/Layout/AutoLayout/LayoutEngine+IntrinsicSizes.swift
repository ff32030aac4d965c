import Foundation

/// The constraints the engine adds itself: intrinsic content sizes (hugging and compression
/// resistance) and auxiliary constraints (see LayoutEngine+Scan.swift for the scan that calls them).
extension LayoutEngine {
    // MARK: Intrinsic sizes

    func refreshPendingIntrinsicSizes() {
        let views = pendingIntrinsic
        pendingIntrinsic.removeAll()
        var refreshed = false
        if needsIntrinsicRefreshForAll {
            needsIntrinsicRefreshForAll = false
            for item in items.values.sorted(by: { $0.order < $1.order })
            where item.view != nil && (item.kind == .solved || item.kind == .host) {
                refreshIntrinsic(item)
            }
            refreshed = true
        }
        for view in views {
            guard let item = items[ObjectIdentifier(view)], item.kind == .solved || item.kind == .host else { continue }
            refreshIntrinsic(item)
            refreshed = true
        }
        if refreshed { updateAutoWidthLabels() }
    }

    /// Reads the view's intrinsic size, priorities and (for labels already used for baselines)
    /// baseline offsets, and puts the size in the solver.
    func refreshIntrinsic(_ item: Item) {
        guard let view = item.view else { return }
        item.intrinsic.needsRefresh = false
        if let label = view as? UILabel {
            item.intrinsic.isAutoWidthLabel = label.numberOfLines != 1 && label.preferredMaxLayoutWidth == 0
            if let old = item.intrinsic.baselines {
                let new = label.baselineOffsetsForLayout
                if new != old {
                    item.intrinsic.baselines = new
                    structureDirty = true
                }
            }
        } else if let textView = view as? UITextView {
            // Read-only text that sizes itself wraps at the solved width, as a label.
            item.intrinsic.isAutoWidthLabel = textView.showsStaticText
        }
        item.intrinsic.wrapped = nil
        item.intrinsic.natural = view.intrinsicContentSize
        applyIntrinsic(item, size: item.intrinsic.natural)
    }

    /// Puts `size` (and the view's current priorities) in the solver as content-size constraints.
    func applyIntrinsic(_ item: Item, size: CGSize) {
        let state = item.view?.autoLayoutStorage
        item.intrinsic.applied = size
        let horizontal = updatedAxis(item.intrinsic.horizontal, variable: item.width, value: size.width,
                                     hug: state?.hugging.horizontal ?? .defaultLow,
                                     resist: state?.compressionResistance.horizontal ?? .defaultHigh)
        item.intrinsic.horizontal = horizontal
        let vertical = updatedAxis(item.intrinsic.vertical, variable: item.height, value: size.height,
                                   hug: state?.hugging.vertical ?? .defaultLow,
                                   resist: state?.compressionResistance.vertical ?? .defaultHigh)
        item.intrinsic.vertical = vertical
    }

    private func updatedAxis(_ axis: AxisIntrinsic, variable: SolverVariable, value: CGFloat,
                             hug: UILayoutPriority, resist: UILayoutPriority) -> AxisIntrinsic {
        var axis = axis
        let hasValue = value >= 0 && value.isFinite
        axis.hug = updatedBound(axis.hug, enabled: hasValue && hug.rawValue > 0, oldPriority: axis.hugPriority,
                                priority: hug, relation: .lessThanOrEqual, variable: variable,
                                oldValue: axis.value, value: value)
        axis.resist = updatedBound(axis.resist, enabled: hasValue && resist.rawValue > 0, oldPriority: axis.resistPriority,
                                   priority: resist, relation: .greaterThanOrEqual, variable: variable,
                                   oldValue: axis.value, value: value)
        axis.hugPriority = hug
        axis.resistPriority = resist
        axis.value = hasValue ? value : -1
        return axis
    }

    private func updatedBound(_ existing: SolverConstraint?, enabled: Bool, oldPriority: UILayoutPriority,
                              priority: UILayoutPriority, relation: SolverRelation, variable: SolverVariable,
                              oldValue: CGFloat, value: CGFloat) -> SolverConstraint? {
        guard enabled else {
            if let existing { try? solver.removeConstraint(existing) }
            return nil
        }
        if let existing, oldPriority == priority {
            guard oldValue != value else { return existing }
            return changeSystemConstant(-Double(value), of: existing)
        }
        if let existing { try? solver.removeConstraint(existing) }
        return addSystem(SolverConstraint(SolverExpression(variable, constant: -Double(value)), relation,
                                          strength: priority.strength))
    }

    // MARK: Auxiliary constraints

    /// What an item's auxiliary constraints hold: nothing for plain guides and solved views; the
    /// origin for the host; the frame for fixed views; the insets for system guides.
    private func auxiliaryValues(_ item: Item) -> [CGFloat] {
        switch item.kind {
        case .host:
            return [0, 0]
        case .fixed:
            guard let view = item.view else { return [] }
            // The untransformed frame, as autoresizing constraints describe it.
            let size = view.bounds.size
            return [view.center.x - size.width / 2, view.center.y - size.height / 2, size.width, size.height]
        case .guide:
            guard let guide = item.guide, let kind = guide.systemKind, let owner = guide.owningView else { return [] }
            let insets = kind == .margins ? owner.effectiveLayoutMargins : owner.safeAreaInsets
            return [insets.left, insets.top, insets.right, insets.bottom]
        case .solved:
            return []
        }
    }

    func installAuxiliaryConstraints(_ item: Item) {
        let values = auxiliaryValues(item)
        guard !values.isEmpty else { return }
        item.auxValues = values
        item.aux = auxiliaryExpressions(item, values).map {
            addSystem(SolverConstraint($0, .equal, strength: .required))
        }
    }

    /// The expressions (`… == 0`) of an item's auxiliary constraints for `values`.
    private func auxiliaryExpressions(_ item: Item, _ values: [CGFloat]) -> [SolverExpression] {
        let v = values.map(Double.init)
        switch item.kind {
        case .host:
            return [SolverExpression(item.x), SolverExpression(item.y)]
        case .fixed:
            guard let parent = item.parent else { return [] }
            return [
                SolverExpression([SolverTerm(item.x), SolverTerm(parent.x, -1)], constant: -v[0]),
                SolverExpression([SolverTerm(item.y), SolverTerm(parent.y, -1)], constant: -v[1]),
                SolverExpression(item.width, constant: -v[2]),
                SolverExpression(item.height, constant: -v[3]),
            ]
        case .guide:
            guard let owner = item.parent else { return [] }
            // guide.minX == owner.minX + left; guide.width == owner.width - left - right; …
            return [
                SolverExpression([SolverTerm(item.x), SolverTerm(owner.x, -1)], constant: -v[0]),
                SolverExpression([SolverTerm(item.y), SolverTerm(owner.y, -1)], constant: -v[1]),
                SolverExpression([SolverTerm(item.width), SolverTerm(owner.width, -1)], constant: v[0] + v[2]),
                SolverExpression([SolverTerm(item.height), SolverTerm(owner.height, -1)], constant: v[1] + v[3]),
            ]
        case .solved:
            return []
        }
    }

    /// Whether a fixed view's frame or a system guide's insets differ from what the solver holds.
    func auxiliaryValuesChanged() -> Bool {
        for item in fixedItems where auxiliaryValues(item) != item.auxValues { return true }
        for item in systemGuides where auxiliaryValues(item) != item.auxValues { return true }
        return false
    }

    /// Moves the constants of fixed frames and guide insets that changed.
    func refreshAuxiliaryValues() {
        for item in fixedItems + systemGuides {
            let values = auxiliaryValues(item)
            guard values != item.auxValues else { continue }
            let expressions = auxiliaryExpressions(item, values)
            guard expressions.count == item.aux.count else { continue }
            item.auxValues = values
            for index in item.aux.indices {
                item.aux[index] = changeSystemConstant(expressions[index].constant, of: item.aux[index])
            }
        }
    }
}
