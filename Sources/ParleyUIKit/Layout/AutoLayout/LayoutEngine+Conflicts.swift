import Foundation

/// Unsatisfiable required constraints: the engine never crashes on them. It keeps the
/// constraints already in force, stops requiring one (a constraint of yours: the newcomer, or for
/// a conflict with the engine's own constraints, the most recent of yours involved), and reports
/// the conflict once.
///
/// A broken constraint stays in the solver at `brokenStrength`, so it still holds whenever the
/// others allow it, and the layout comes back by itself when the conflict goes away.
extension LayoutEngine {
    /// Adds one of the engine's own required constraints (a size, pin, frame, inset, required
    /// content size). On a conflict, breaks the user's constraint that contradicts it and tries
    /// again; with none of the user's involved, relaxes this one. Returns the constraint now in
    /// the solver (a relaxed copy, if it came to that).
    func addSystem(_ constraint: SolverConstraint) -> SolverConstraint {
        for _ in 0..<8 {
            do {
                try solver.addConstraint(constraint)
                return constraint
            } catch {
                guard case .unsatisfiableConstraint(_, let conflicting) = error else { return constraint }
                if breakUserConstraint(among: conflicting, cause: constraint) { continue }
                let relaxed = SolverConstraint(constraint.expression, constraint.relation, strength: LayoutEngine.brokenStrength)
                try? solver.addConstraint(relaxed)
                reportConflict(conflicting: conflicting, cause: describe(constraint), broken: nil)
                return relaxed
            }
        }
        return constraint
    }

    /// Changes the constant of one of the engine's own constraints, resolving conflicts as
    /// `addSystem` does. Returns the constraint now in the solver.
    func changeSystemConstant(_ constant: Double, of constraint: SolverConstraint) -> SolverConstraint {
        for _ in 0..<8 {
            do {
                try solver.setConstant(constant, for: constraint)
                return constraint
            } catch {
                guard case .unsatisfiableConstraint(_, let conflicting) = error else { return constraint }
                if breakUserConstraint(among: conflicting, cause: constraint) { continue }
                try? solver.removeConstraint(constraint)
                let relaxed = SolverConstraint(SolverExpression(constraint.expression.terms, constant: constant),
                                               constraint.relation, strength: LayoutEngine.brokenStrength)
                try? solver.addConstraint(relaxed)
                reportConflict(conflicting: conflicting, cause: describe(relaxed), broken: nil)
                return relaxed
            }
        }
        return constraint
    }

    /// Changes the constant of a user constraint; if the new value contradicts required
    /// constraints, this constraint gives way. Returns the constraint now in the solver.
    func changeUserConstant(_ constant: Double, of record: Installed) -> SolverConstraint {
        do {
            try solver.setConstant(constant, for: record.solverConstraint)
            return record.solverConstraint
        } catch {
            guard case .unsatisfiableConstraint(_, let conflicting) = error else { return record.solverConstraint }
            try? solver.removeConstraint(record.solverConstraint)
            userBySolver[ObjectIdentifier(record.solverConstraint)] = nil
            let relaxed = SolverConstraint(SolverExpression(record.terms, constant: constant),
                                           record.constraint.relation.solverRelation, strength: LayoutEngine.brokenStrength)
            try? solver.addConstraint(relaxed)
            userBySolver[ObjectIdentifier(relaxed)] = record.constraint
            var broken = record
            broken.isBroken = true
            broken.solverConstraint = relaxed
            broken.constant = constant
            installed[ObjectIdentifier(record.constraint)] = broken
            reportConflict(conflicting: conflicting, cause: record.constraint.description, broken: record.constraint)
            return relaxed
        }
    }

    /// Relaxes the most recently added required user constraint among `conflicting`; false if
    /// there is none.
    private func breakUserConstraint(among conflicting: [SolverConstraint], cause: SolverConstraint) -> Bool {
        guard let victim = conflicting.reversed().lazy.compactMap({ self.userBySolver[ObjectIdentifier($0)] }).first,
              var record = installed[ObjectIdentifier(victim)], !record.isBroken
        else { return false }
        try? solver.removeConstraint(record.solverConstraint)
        userBySolver[ObjectIdentifier(record.solverConstraint)] = nil
        let relaxed = SolverConstraint(SolverExpression(record.terms, constant: record.constant),
                                       victim.relation.solverRelation, strength: LayoutEngine.brokenStrength)
        try? solver.addConstraint(relaxed)
        record.solverConstraint = relaxed
        record.isBroken = true
        installed[ObjectIdentifier(victim)] = record
        userBySolver[ObjectIdentifier(relaxed)] = victim
        reportConflict(conflicting: conflicting, cause: describe(cause), broken: victim)
        return true
    }

    /// Reports a conflict: the constraints the solver found contradicting `cause`, then `cause`.
    func reportConflict(conflicting: [SolverConstraint], cause: String, broken: NSLayoutConstraint?) {
        var involved: [String] = []
        var users: [NSLayoutConstraint] = []
        for constraint in conflicting {
            involved.append(describe(constraint))
            if let user = userBySolver[ObjectIdentifier(constraint)] { users.append(user) }
        }
        involved.append(cause)
        if let broken, !users.contains(where: { $0 === broken }) { users.append(broken) }
        LayoutConflictReporter.report(involved: involved, constraints: users, broken: broken,
                                      brokenDescription: broken?.description ?? cause)
    }

    /// A readable name for a constraint in the solver: the user's constraint, or what the engine
    /// added it for, in UIKit's style.
    func describe(_ constraint: SolverConstraint) -> String {
        let key = ObjectIdentifier(constraint)
        if let user = userBySolver[key] { return user.description }
        let hostName = LayoutConflictReporter.name(of: host)
        for (axis, size) in sizes.enumerated() where size.map({ ObjectIdentifier($0.constraint) == key }) == true {
            let name = axis == 0 ? "width" : "height"
            let value = LayoutConflictReporter.number(CGFloat(size?.value ?? 0))
            let tag = size?.strength.isRequired == true ? "UIView-Encapsulated-Layout-\(axis == 0 ? "Width" : "Height")"
                : "UIView-Fitting-\(axis == 0 ? "Width" : "Height")"
            return "<NSLayoutConstraint:\(LayoutConflictReporter.address(of: constraint)) '\(tag)' \(hostName).\(name) == \(value)   (active)>"
        }
        for item in items.values {
            let itemName = LayoutConflictReporter.name(of: item.object)
            if let index = item.aux.firstIndex(where: { ObjectIdentifier($0) == key }) {
                let fields = ["minX", "minY", "width", "height"]
                let value = index < item.auxValues.count ? LayoutConflictReporter.number(item.auxValues[index]) : "?"
                switch item.kind {
                case .host:
                    return "<NSLayoutConstraint:\(LayoutConflictReporter.address(of: constraint)) 'UIView-Root-Origin' \(itemName).\(fields[index]) == 0   (active)>"
                case .fixed:
                    return "<NSAutoresizingMaskLayoutConstraint:\(LayoutConflictReporter.address(of: constraint)) \(itemName).\(fields[index]) == \(value)   (active)>"
                default:
                    let owner = LayoutConflictReporter.name(of: item.guide?.owningView)
                    let insets = ["left", "top", "right", "bottom"]
                    return "<NSLayoutConstraint:\(LayoutConflictReporter.address(of: constraint)) '\(item.guide?.identifier ?? "guide")-\(insets[index])' \(itemName) inset \(value) from \(owner)   (active)>"
                }
            }
            let bounds: [(SolverConstraint?, String)] = [
                (item.intrinsic.horizontal.hug, "width <= \(LayoutConflictReporter.number(item.intrinsic.horizontal.value)) hug:\(item.intrinsic.horizontal.hugPriority)"),
                (item.intrinsic.horizontal.resist, "width >= \(LayoutConflictReporter.number(item.intrinsic.horizontal.value)) compressionResistance:\(item.intrinsic.horizontal.resistPriority)"),
                (item.intrinsic.vertical.hug, "height <= \(LayoutConflictReporter.number(item.intrinsic.vertical.value)) hug:\(item.intrinsic.vertical.hugPriority)"),
                (item.intrinsic.vertical.resist, "height >= \(LayoutConflictReporter.number(item.intrinsic.vertical.value)) compressionResistance:\(item.intrinsic.vertical.resistPriority)"),
            ]
            for (candidate, text) in bounds where candidate.map({ ObjectIdentifier($0) == key }) == true {
                return "<NSContentSizeLayoutConstraint:\(LayoutConflictReporter.address(of: constraint)) \(itemName).\(text)   (active)>"
            }
        }
        return "<\(constraint)>"
    }
}
