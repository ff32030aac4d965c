@testable import ParleyUIKit
import Testing

// Helpers shared by the solver tests (SolverTests.swift, SolverPropertyTests.swift).

/// `Σ terms relation rhs`.
func make(
    _ terms: [(SolverVariable, Double)], _ relation: SolverRelation, _ rhs: Double,
    _ strength: SolverStrength = .required, name: String = ""
) -> SolverConstraint {
    SolverConstraint(SolverExpression(terms.map { SolverTerm($0.0, $0.1) }, constant: -rhs), relation,
                     strength: strength, name: name)
}

/// `x relation rhs`.
func make(
    _ x: SolverVariable, _ relation: SolverRelation, _ rhs: Double,
    _ strength: SolverStrength = .required, name: String = ""
) -> SolverConstraint {
    make([(x, 1)], relation, rhs, strength, name: name)
}

func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func allClose(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { isClose($0, $1) }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The refusal `body` throws, if it is `unsatisfiableConstraint`.
///
/// (A `catch .unsatisfiableConstraint(let …)` clause on a typed `throws(SolverError)` call crashes
/// the Swift 6.3.1 compiler in SILGen; binding the error first works.)
func refusal(
    _ body: () throws(SolverError) -> Void
) -> (constraint: SolverConstraint, conflicting: [SolverConstraint])? {
    do {
        try body()
    } catch {
        if case .unsatisfiableConstraint(let constraint, let conflicting) = error { return (constraint, conflicting) }
        Issue.record("unexpected \(error)")
    }
    return nil
}

func values(_ solver: CassowarySolver, _ variables: [SolverVariable]) -> [Double] {
    solver.updateVariables()
    return variables.map { solver.value(of: $0) }
}
