/// An incremental Cassowary linear-constraint solver (Badros, Borning and Stuckey, 2001), in the
/// design of Kiwi: a simplex tableau of slack, error and dummy symbols, a single objective that
/// weighs each non-required constraint by its strength, and edit variables re-solved by the dual
/// simplex.
///
/// ```swift
/// let solver = CassowarySolver()
/// let x = solver.makeVariable("x"), width = solver.makeVariable("width")
/// try solver.addConstraint(SolverConstraint(SolverExpression(x, constant: -8), .equal))        // x == 8
/// try solver.addConstraint(SolverConstraint(SolverExpression(width, constant: -100), .equal,
///                                           strength: .weak))                                 // width == 100, weakly
/// solver.updateVariables()
/// solver.value(of: x)   // 8
/// ```
///
/// Everything is incremental: adding or removing a constraint, changing a constant
/// (`setConstant(_:for:)`) and suggesting a value for an edit variable (`suggestValue(_:for:)`) update
/// the tableau in place; nothing rebuilds it. Read results with `updateVariables()` then
/// `value(of:)`.
///
/// Required constraints that cannot hold are refused with `SolverError.unsatisfiableConstraint`,
/// which names the constraints they contradict; the solver stays as it was. Non-required
/// constraints never fail. Ties between equally good solutions are broken by symbol creation order,
/// so the same calls always give the same values.
///
/// Not thread-safe: use a solver from one thread (the main actor) at a time.
public final class CassowarySolver {
    private var impl = Cassowary.SolverImpl()

    /// An empty solver.
    public init() {}

    // MARK: Variables

    /// A new variable, 0 until constraints say otherwise. Variables are cheap (an index).
    public func makeVariable(_ name: String = "") -> SolverVariable {
        impl.makeVariable(name)
    }

    /// The number of variables made so far; their ids are `0..<variableCount`.
    public var variableCount: Int { impl.variableCount }

    /// The name given to `makeVariable(_:)`, or `v<id>` if it was empty.
    public func name(of variable: SolverVariable) -> String {
        impl.name(of: variable)
    }

    /// Copies the current solution into the values `value(of:)` returns. Call it after a batch of
    /// changes; it costs one lookup per variable.
    public func updateVariables() {
        impl.updateVariables()
    }

    /// The value of `variable` as of the last `updateVariables()`.
    public func value(of variable: SolverVariable) -> Double {
        impl.value(of: variable)
    }

    // MARK: Constraints

    /// Adds a constraint and re-solves.
    ///
    /// - Throws: `SolverError.duplicateConstraint` if it is already in; `.unknownVariable` if it uses
    ///   a variable this solver did not make; `.unsatisfiableConstraint` if it is required and
    ///   contradicts the required constraints in the solver. After an error the solver is unchanged.
    public func addConstraint(_ constraint: SolverConstraint) throws(SolverError) {
        try impl.addConstraint(constraint)
    }

    /// Removes a constraint and re-solves.
    ///
    /// - Throws: `SolverError.unknownConstraint` if it is not in the solver.
    public func removeConstraint(_ constraint: SolverConstraint) throws(SolverError) {
        try impl.removeConstraint(constraint)
    }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: SolverConstraint) -> Bool {
        impl.hasConstraint(constraint)
    }

    /// The constraints in the solver, in the order they were added (edit constraints excluded).
    public var constraints: [SolverConstraint] { impl.constraints }

    /// The constant the solver uses for `constraint` (the constant term of `expression relation 0`),
    /// or nil if the constraint is not in the solver.
    public func constant(for constraint: SolverConstraint) -> Double? {
        impl.constant(for: constraint)
    }

    /// Changes the constant term of a constraint in the solver (`expression relation 0`) and
    /// re-solves incrementally: the rows that mention the constraint's marker move, then the dual
    /// simplex restores feasibility. The tableau is not rebuilt; this is the cheap way to animate
    /// or update a constant (for `a == b + c`, the constant is `-c`).
    ///
    /// - Throws: `SolverError.unknownConstraint` if it is not in the solver;
    ///   `.unsatisfiableConstraint` if it is required and the new constant contradicts other
    ///   required constraints, in which case the previous constant stays.
    public func setConstant(_ constant: Double, for constraint: SolverConstraint) throws(SolverError) {
        try impl.setConstant(constant, for: constraint)
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable: a non-required `variable == value` whose value
    /// `suggestValue(_:for:)` changes cheaply (dragging, animating, fitting sizes). Starts at 0.
    ///
    /// - Throws: `SolverError.duplicateEditVariable`, `.requiredEditVariable` for a required
    ///   strength, `.unknownVariable` for a variable of another solver.
    public func addEditVariable(_ variable: SolverVariable, strength: SolverStrength = .strong) throws(SolverError) {
        try impl.addEditVariable(variable, strength: strength)
    }

    /// Stops editing `variable` and re-solves.
    ///
    /// - Throws: `SolverError.unknownEditVariable`.
    public func removeEditVariable(_ variable: SolverVariable) throws(SolverError) {
        try impl.removeEditVariable(variable)
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: SolverVariable) -> Bool {
        impl.hasEditVariable(variable)
    }

    /// Asks for `variable == value` at the edit variable's strength, re-solving with the dual
    /// simplex (no rebuild).
    ///
    /// - Throws: `SolverError.unknownEditVariable`.
    public func suggestValue(_ value: Double, for variable: SolverVariable) throws(SolverError) {
        try impl.suggestValue(value, for: variable)
    }

    /// The number of rows in the tableau (for tests: removals must not leave rows behind).
    var tableauRowCount: Int { impl.tableau.rows.count }
}
