/// Why a `CassowarySolver` refused a request. The solver is unchanged after any of them.
public enum SolverError: Error, CustomStringConvertible {
    /// The constraint is already in the solver. Remove it first, or change its constant with
    /// `setConstant(_:for:)`.
    case duplicateConstraint(SolverConstraint)

    /// The constraint is not in the solver.
    case unknownConstraint(SolverConstraint)

    /// A required constraint cannot hold together with the required constraints already in the
    /// solver. `conflicting` lists those it contradicts, in the order they were added: together
    /// with `constraint` they have no solution (non-required constraints never conflict).
    ///
    /// Thrown by `addConstraint(_:)`, which then leaves the constraint out, and by
    /// `setConstant(_:for:)`, which then keeps the previous constant. To recover as UIKit does,
    /// add the constraint with a lower strength, or remove the lowest-priority one of the set.
    case unsatisfiableConstraint(SolverConstraint, conflicting: [SolverConstraint])

    /// The variable is already an edit variable.
    case duplicateEditVariable(SolverVariable)

    /// The variable is not an edit variable: call `addEditVariable(_:strength:)` first.
    case unknownEditVariable(SolverVariable)

    /// Edit variables must have a non-required strength (a required edit would make
    /// `suggestValue(_:for:)` able to contradict other required constraints).
    case requiredEditVariable(SolverVariable)

    /// The constraint uses a variable this solver did not make.
    case unknownVariable(SolverVariable, in: SolverConstraint)

    /// What went wrong and what to do, in one paragraph.
    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            return "The constraint \(constraint) is already in the solver; remove it first or change its constant."
        case .unknownConstraint(let constraint):
            return "The constraint \(constraint) is not in the solver."
        case .unsatisfiableConstraint(let constraint, let conflicting):
            let list = conflicting.map { "    \($0)" }.joined(separator: "\n")
            return """
                Unable to simultaneously satisfy constraints. The required constraint
                    \(constraint)
                contradicts the required constraints
                \(list.isEmpty ? "    (none found)" : list)
                It was not applied; lower its priority or one of the others.
                """
        case .duplicateEditVariable(let variable):
            return "The variable \(variable) is already an edit variable."
        case .unknownEditVariable(let variable):
            return "The variable \(variable) is not an edit variable; call addEditVariable(_:strength:) first."
        case .requiredEditVariable(let variable):
            return "The edit variable \(variable) needs a strength below required."
        case .unknownVariable(let variable, let constraint):
            return "The constraint \(constraint) uses \(variable), which this solver did not make."
        }
    }
}
