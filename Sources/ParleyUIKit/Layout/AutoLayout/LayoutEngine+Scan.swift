import Foundation

/// Membership and translation: which items and constraints belong to the system, and how a
/// `NSLayoutConstraint` becomes a linear `SolverConstraint`.
extension LayoutEngine {
    // MARK: Scan

    /// Walks the host's subtree, finds the members and the constraints whose items are all
    /// members, and brings the solver in step: removals first (they never conflict), then the
    /// new items' auxiliary and intrinsic constraints, then new or changed user constraints, in
    /// a deterministic order (depth first, then activation order).
    func scan() {
        generation += 1
        var order: [Item] = []
        var candidates: [ObjectIdentifier: (view: UIView, parent: Item)] = [:]

        let hostItem = ensureItem(host, kind: .host, parent: nil)
        self.hostItem = hostItem
        appendGuides(of: host, owner: hostItem, to: &order)
        var pending: [(UIView, Item)] = [(host, hostItem)]
        // Depth first, children in subview order, so frames are applied parents first.
        while let (view, item) = pending.popLast() {
            var children: [(UIView, Item)] = []
            for subview in view.subviews {
                if subview.translatesAutoresizingMaskIntoConstraints {
                    candidates[ObjectIdentifier(subview)] = (subview, item)
                    continue
                }
                let child = ensureItem(subview, kind: .solved, parent: item)
                order.append(child)
                appendGuides(of: subview, owner: child, to: &order)
                children.append((subview, child))
            }
            pending.append(contentsOf: children.reversed())
        }

        var desired: [NSLayoutConstraint] = []
        var seen = Set<ObjectIdentifier>()
        var fixed: [Item] = []
        for item in [hostItem] + order {
            guard let state = item.object?.existingLayoutState else { continue }
            for constraint in state.constraints where seen.insert(ObjectIdentifier(constraint)).inserted {
                guard constraint.firstLayoutItem != nil else { continue }
                var installable = true
                for object in constraint.layoutItems {
                    let key = ObjectIdentifier(object)
                    if let member = items[key], member.generation == generation { continue }
                    if let candidate = candidates[key] {
                        let fixedItem = ensureItem(candidate.view, kind: .fixed, parent: candidate.parent)
                        fixed.append(fixedItem)
                        continue
                    }
                    installable = false
                    break
                }
                if installable { desired.append(constraint) }
            }
        }

        // Removals: constraints no longer wanted, then items no longer members.
        let desiredKeys = Set(desired.map(ObjectIdentifier.init))
        let stale = installed.values.filter { !desiredKeys.contains(ObjectIdentifier($0.constraint)) }.sorted { $0.order < $1.order }
        for record in stale { uninstall(record) }
        let retired = items.values.filter { $0.generation != generation }.sorted { $0.order < $1.order }
        for item in retired {
            retire(item)
            items[item.key] = nil
        }

        // Auxiliary and intrinsic constraints of new items.
        var allMembers = [hostItem] + order
        allMembers.append(contentsOf: fixed)
        for item in allMembers where item.aux.isEmpty {
            installAuxiliaryConstraints(item)
        }
        for item in [hostItem] + order where item.view != nil && item.intrinsic.needsRefresh {
            refreshIntrinsic(item)
        }

        // User constraints: new ones, and those whose translation changed (direction, baseline view).
        for constraint in desired {
            sync(constraint)
        }

        arranged = order
        fixedItems = fixed
        systemGuides = order.filter { $0.guide?.systemKind != nil }
        if hostItem.guide?.systemKind != nil { systemGuides.append(hostItem) }
        updateAutoWidthLabels()
    }

    private func ensureItem(_ object: any LayoutItem, kind: Kind, parent: Item?) -> Item {
        let key = ObjectIdentifier(object)
        if let item = items[key] {
            // The same object (not a new one at a dead one's address) of the same kind: reuse.
            if item.kind == kind, item.object === object {
                item.generation = generation
                if item.parent !== parent, !item.aux.isEmpty {
                    // Frame and inset constraints name the parent's variables: redo them.
                    for constraint in item.aux { try? solver.removeConstraint(constraint) }
                    item.aux = []
                }
                item.parent = parent
                return item
            }
            // A view that became fixed or solved gets new variables; its old constraints go now.
            retire(item)
        }
        nextOrder += 1
        let item = Item(object: object, kind: kind, solver: solver, generation: generation, order: nextOrder, parent: parent)
        items[key] = item
        return item
    }

    private func appendGuides(of view: UIView, owner: Item, to order: inout [Item]) {
        guard let state = view.autoLayoutStorage else { return }
        for guide in state.layoutGuides {
            order.append(ensureItem(guide, kind: .guide, parent: owner))
        }
        if let guide = state.marginsGuide { order.append(ensureItem(guide, kind: .guide, parent: owner)) }
        if let guide = state.safeAreaGuide { order.append(ensureItem(guide, kind: .guide, parent: owner)) }
    }

    /// Removes an item's own constraints (pins, frame, insets, intrinsic size) from the solver.
    private func retire(_ item: Item) {
        for constraint in item.aux { try? solver.removeConstraint(constraint) }
        item.aux = []
        for constraint in [item.intrinsic.horizontal.hug, item.intrinsic.horizontal.resist,
                           item.intrinsic.vertical.hug, item.intrinsic.vertical.resist] {
            if let constraint { try? solver.removeConstraint(constraint) }
        }
        item.intrinsic = IntrinsicState()
    }

    func updateAutoWidthLabels() {
        autoWidthLabels = arranged.filter { $0.intrinsic.isAutoWidthLabel }
        if let hostItem, hostItem.intrinsic.isAutoWidthLabel { autoWidthLabels.append(hostItem) }
    }

    // MARK: User constraints

    /// Adds `constraint`, or brings its installed form up to date (constant, priority, translation).
    private func sync(_ constraint: NSLayoutConstraint) {
        guard let (terms, constant) = translate(constraint) else {
            if let record = installed[ObjectIdentifier(constraint)] { uninstall(record) }
            return
        }
        let strength = constraint.priority.strength
        if var record = installed[ObjectIdentifier(constraint)] {
            if record.terms == terms && record.strength == strength {
                guard record.constant != constant else { return }
                record.constant = constant
                record.solverConstraint = changeUserConstant(constant, of: record)
                installed[ObjectIdentifier(constraint)] = record
                return
            }
            uninstall(record)
        }
        install(constraint, terms: terms, constant: constant, strength: strength)
    }

    func refreshPendingConstants() {
        let constraints = pendingConstants
        pendingConstants.removeAll()
        for constraint in constraints where installed[ObjectIdentifier(constraint)] != nil {
            sync(constraint)
        }
    }

    private func install(_ constraint: NSLayoutConstraint, terms: [SolverTerm], constant: Double, strength: SolverStrength) {
        nextOrder += 1
        let solverConstraint = SolverConstraint(SolverExpression(terms, constant: constant),
                                                constraint.relation.solverRelation, strength: strength)
        var record = Installed(constraint: constraint, solverConstraint: solverConstraint, terms: terms,
                               constant: constant, strength: strength, isBroken: false, order: nextOrder)
        do {
            try solver.addConstraint(solverConstraint)
        } catch {
            guard case .unsatisfiableConstraint(_, let conflicting) = error else { return }
            // Keep what is in; this one, the newcomer, gives way.
            let relaxed = SolverConstraint(SolverExpression(terms, constant: constant), constraint.relation.solverRelation,
                                           strength: LayoutEngine.brokenStrength)
            try? solver.addConstraint(relaxed)
            record.solverConstraint = relaxed
            record.isBroken = true
            reportConflict(conflicting: conflicting, cause: constraint.description, broken: constraint)
        }
        installed[ObjectIdentifier(constraint)] = record
        userBySolver[ObjectIdentifier(record.solverConstraint)] = constraint
    }

    func uninstall(_ record: Installed) {
        try? solver.removeConstraint(record.solverConstraint)
        installed[ObjectIdentifier(record.constraint)] = nil
        userBySolver[ObjectIdentifier(record.solverConstraint)] = nil
    }

    // MARK: Translation

    /// `first - multiplier × second - constant` as solver terms and constant, or nil when an item
    /// is not a member.
    ///
    /// Right-to-left: when a constraint names leading or trailing and its coordinate space runs
    /// right to left, every x position is measured from the right (x ↦ −x), so `leading` is
    /// −maxX and positive constants move leading edges leftwards, as in UIKit. Positions with a
    /// multiplier other than 1 are measured from the origin of the constraint's owner (the
    /// closest common ancestor), so `centerX == 0.5 × superview.centerX` is a quarter of the way.
    func translate(_ constraint: NSLayoutConstraint) -> (terms: [SolverTerm], constant: Double)? {
        guard let first = constraint.firstLayoutItem else { return nil }
        let flipped = (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional)
            && isRightToLeft(first)
        var terms: [SolverTerm] = []
        terms.reserveCapacity(6)
        guard let firstConstant = accumulate(constraint.firstAttribute, of: first, factor: 1, flipped: flipped, into: &terms)
        else { return nil }
        var constant = firstConstant - Double(constraint.constant)
        let multiplier = Double(constraint.multiplier)
        if let second = constraint.secondLayoutItem {
            guard let secondConstant = accumulate(constraint.secondAttribute, of: second, factor: -multiplier,
                                                  flipped: flipped, into: &terms)
            else { return nil }
            constant += secondConstant
        }
        if constraint.firstAttribute.isPosition && (constraint.secondLayoutItem == nil || multiplier != 1) {
            // Absolute positions mean "in the container's coordinates": subtract its origin.
            let container = constraint.secondLayoutItem == nil ? (first.layoutOwnerView?.superview ?? first.layoutOwnerView)
                : constraint.owner
            let factor = constraint.secondLayoutItem == nil ? -1 : -(1 - multiplier)
            let originAttribute: NSLayoutConstraint.Attribute = isHorizontal(constraint.firstAttribute)
                ? (flipped ? .leading : .left) : .top
            let origin: (any LayoutItem)? = container.flatMap { items[ObjectIdentifier($0)] != nil ? $0 : nil } ?? host
            if let origin, factor != 0,
               let originConstant = accumulate(originAttribute, of: origin, factor: factor, flipped: flipped, into: &terms) {
                constant += originConstant
            }
        }
        return (terms, constant)
    }

    private func isHorizontal(_ attribute: NSLayoutConstraint.Attribute) -> Bool {
        switch attribute {
        case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .width:
            true
        default:
            false
        }
    }

    /// Whether leading is on the right for `item`: the direction of the space it is laid out in
    /// (a view's superview, a guide's owning view).
    private func isRightToLeft(_ item: any LayoutItem) -> Bool {
        let space: UIView?
        if let view = item as? UIView {
            space = view === host ? view : (view.superview ?? view)
        } else {
            space = item.layoutOwnerView
        }
        if space === host { return lastDirection == .rightToLeft }
        return space?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// Adds `factor × attribute(item)` to `terms` and returns its constant part; nil if the item
    /// is not a member.
    private func accumulate(_ attribute: NSLayoutConstraint.Attribute, of object: any LayoutItem, factor: Double,
                            flipped: Bool, into terms: inout [SolverTerm]) -> Double? {
        var object = object
        var attribute = attribute
        if let base = attribute.marginBase {
            guard let guide = (object as? UIView)?.autoLayoutStorage?.marginsGuide else { return nil }
            object = guide
            attribute = base
        }
        if attribute == .firstBaseline || attribute == .lastBaseline, let view = object as? UIView {
            return accumulateBaseline(first: attribute == .firstBaseline, of: view, factor: factor, into: &terms)
        }
        guard let item = items[ObjectIdentifier(object)], item.generation == generation else { return nil }
        let sign = flipped ? -1.0 : 1.0
        switch attribute {
        case .left:
            terms.append(SolverTerm(item.x, factor * sign))
        case .right:
            terms.append(SolverTerm(item.x, factor * sign))
            terms.append(SolverTerm(item.width, factor * sign))
        case .centerX:
            terms.append(SolverTerm(item.x, factor * sign))
            terms.append(SolverTerm(item.width, factor * sign * 0.5))
        case .leading:
            // Left to right: minX. Right to left, measured from the right: −maxX.
            terms.append(SolverTerm(item.x, factor * sign))
            if flipped { terms.append(SolverTerm(item.width, -factor)) }
        case .trailing:
            terms.append(SolverTerm(item.x, factor * sign))
            if !flipped { terms.append(SolverTerm(item.width, factor)) }
        case .top:
            terms.append(SolverTerm(item.y, factor))
        case .bottom, .firstBaseline, .lastBaseline:
            terms.append(SolverTerm(item.y, factor))
            terms.append(SolverTerm(item.height, factor))
        case .centerY:
            terms.append(SolverTerm(item.y, factor))
            terms.append(SolverTerm(item.height, factor * 0.5))
        case .width:
            terms.append(SolverTerm(item.width, factor))
        case .height:
            terms.append(SolverTerm(item.height, factor))
        default:
            break
        }
        return 0
    }

    /// A baseline: the text's for labels (from the top for the first, from the bottom for the
    /// last, as UIKit measures them), the bottom edge for views without text. A view that names
    /// another for its baselines (`forFirstBaselineLayout`: stack views name an arranged view) is
    /// followed while the other is a member.
    private func accumulateBaseline(first: Bool, of view: UIView, factor: Double, into terms: inout [SolverTerm]) -> Double? {
        var target = view
        for _ in 0..<8 {
            let next = first ? target.forFirstBaselineLayout : target.forLastBaselineLayout
            guard next !== target, let member = items[ObjectIdentifier(next)], member.generation == generation,
                  member.kind != .guide else { break }
            target = next
        }
        guard let item = items[ObjectIdentifier(target)], item.generation == generation else { return nil }
        if let label = target as? UILabel {
            let offsets = baselines(of: item, label: label)
            terms.append(SolverTerm(item.y, factor))
            if first { return factor * Double(offsets.top) }
            terms.append(SolverTerm(item.height, factor))
            return -factor * Double(offsets.bottom)
        }
        terms.append(SolverTerm(item.y, factor))
        terms.append(SolverTerm(item.height, factor))
        return 0
    }

    private func baselines(of item: Item, label: UILabel) -> (top: CGFloat, bottom: CGFloat) {
        if let baselines = item.intrinsic.baselines { return baselines }
        let offsets = label.baselineOffsetsForLayout
        item.intrinsic.baselines = offsets
        return offsets
    }
}
