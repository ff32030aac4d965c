@testable import ParleyUIKit
import Testing

// MARK: - Helpers

/// `Σ terms relation rhs`.
private func make(
    _ terms: [(SolverVariable, Double)], _ relation: SolverRelation, _ rhs: Double,
    _ strength: SolverStrength = .required, name: String = ""
) -> SolverConstraint {
    SolverConstraint(SolverExpression(terms.map { SolverTerm($0.0, $0.1) }, constant: -rhs), relation,
                     strength: strength, name: name)
}

/// `x relation rhs`.
private func make(
    _ x: SolverVariable, _ relation: SolverRelation, _ rhs: Double,
    _ strength: SolverStrength = .required, name: String = ""
) -> SolverConstraint {
    make([(x, 1)], relation, rhs, strength, name: name)
}

private func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

private func allClose(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { isClose($0, $1) }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
private struct SplitMix64: RandomNumberGenerator {
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
private func refusal(
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

private func values(_ solver: CassowarySolver, _ variables: [SolverVariable]) -> [Double] {
    solver.updateVariables()
    return variables.map { solver.value(of: $0) }
}

// MARK: - Equalities and inequalities

@Test func simpleEqualities() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x"), y = solver.makeVariable("y"), z = solver.makeVariable("z")
    try solver.addConstraint(make(x, .equal, 10))
    try solver.addConstraint(make([(y, 1), (x, -1)], .equal, 5))            // y == x + 5
    try solver.addConstraint(make([(z, 2), (x, -1), (y, -1)], .equal, 0))   // 2z == x + y
    solver.updateVariables()
    #expect(solver.value(of: x) == 10)
    #expect(solver.value(of: y) == 15)
    #expect(solver.value(of: z) == 12.5)
    #expect(solver.name(of: y) == "y")
    #expect(solver.variableCount == 3)
}

@Test func repeatedVariableInAnExpressionAddsUp() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable()
    try solver.addConstraint(make([(x, 1), (x, 1)], .equal, 8))   // x + x == 8
    solver.updateVariables()
    #expect(solver.value(of: x) == 4)
}

@Test func inequalitiesWithStrengths() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x")
    try solver.addConstraint(make(x, .greaterThanOrEqual, 10))
    try solver.addConstraint(make(x, .equal, 5, .weak))
    solver.updateVariables()
    #expect(solver.value(of: x) == 10)   // required beats weak

    try solver.addConstraint(make(x, .lessThanOrEqual, 20))
    try solver.addConstraint(make(x, .equal, 30, .strong))
    try solver.addConstraint(make(x, .equal, 15, .medium))
    solver.updateVariables()
    #expect(solver.value(of: x) == 20)   // strong pulls up to the required bound

    let y = solver.makeVariable("y")
    try solver.addConstraint(make(y, .equal, 40, .medium))
    try solver.addConstraint(make(y, .equal, 60, .weak))
    try solver.addConstraint(make(y, .lessThanOrEqual, 50, .weak))
    solver.updateVariables()
    #expect(solver.value(of: y) == 40)   // medium beats two weak ones
}

@Test func weightsWithinATierAddUp() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable()
    try solver.addConstraint(make(x, .equal, 0, SolverStrength(strong: 0, medium: 0, weak: 1, weight: 3)))
    try solver.addConstraint(make(x, .equal, 10, .weak))
    try solver.addConstraint(make(x, .equal, 10, .weak))
    solver.updateVariables()
    #expect(solver.value(of: x) == 0)    // 3 > 1 + 1
}

@Test func layoutPrioritiesMapToOrderedStrengths() {
    #expect(SolverStrength(layoutPriority: 1000).isRequired)
    #expect(SolverStrength(layoutPriority: 1000) == .required)
    #expect(!SolverStrength(layoutPriority: 999).isRequired)
    let priorities: [Double] = [1, 50, 249, 250, 251, 500, 749, 750, 751, 999]
    let strengths = priorities.map { SolverStrength(layoutPriority: $0) }
    #expect(strengths == strengths.sorted())
    #expect(Set(strengths).count == priorities.count)
    #expect(SolverStrength(layoutPriority: 750).value > 1000 * SolverStrength(layoutPriority: 250).value)
    #expect(SolverStrength(layoutPriority: 0).value == 0)
    #expect(SolverStrength(5e9) == .required)
}

@Test func huggingAgainstCompressionResistance() throws {
    // Two labels share 300 points; the one that hugs harder keeps its intrinsic width.
    let solver = CassowarySolver()
    let a = solver.makeVariable("a"), b = solver.makeVariable("b")
    try solver.addConstraint(make([(a, 1), (b, 1)], .equal, 300))
    for (label, intrinsic, hugging) in [(a, 100.0, 251.0), (b, 120.0, 250.0)] {
        try solver.addConstraint(make(label, .lessThanOrEqual, intrinsic, SolverStrength(layoutPriority: hugging)))
        try solver.addConstraint(make(label, .greaterThanOrEqual, intrinsic, SolverStrength(layoutPriority: 750)))
    }
    solver.updateVariables()
    #expect(solver.value(of: a) == 100)
    #expect(solver.value(of: b) == 200)
}

// MARK: - Edit variables

@Test func editVariablesFollowSuggestions() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x"), right = solver.makeVariable("right")
    try solver.addConstraint(make([(right, 1), (x, -1)], .equal, 50))   // right == x + 50
    try solver.addConstraint(make(right, .lessThanOrEqual, 300))
    try solver.addEditVariable(x, strength: .strong)
    #expect(solver.hasEditVariable(x))

    try solver.suggestValue(42, for: x)
    solver.updateVariables()
    #expect(solver.value(of: x) == 42)
    #expect(solver.value(of: right) == 92)

    try solver.suggestValue(400, for: x)          // the required bound wins
    solver.updateVariables()
    #expect(solver.value(of: x) == 250)
    #expect(solver.value(of: right) == 300)

    try solver.suggestValue(-12.5, for: x)
    solver.updateVariables()
    #expect(solver.value(of: x) == -12.5)

    try solver.removeEditVariable(x)
    #expect(!solver.hasEditVariable(x))
    #expect(solver.constraints.count == 2)
}

@Test func editVariableErrors() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x")
    #expect(throws: SolverError.self) { try solver.suggestValue(1, for: x) }
    #expect(throws: SolverError.self) { try solver.removeEditVariable(x) }
    #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: .required) }
    try solver.addEditVariable(x, strength: .medium)
    #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: .strong) }

    let y = solver.makeVariable("y")
    do {
        try solver.suggestValue(1, for: y)
        Issue.record("expected an error")
    } catch {
        guard case .unknownEditVariable(let variable) = error else { Issue.record("unexpected \(error)"); return }
        #expect(solver.name(of: variable) == "y")
    }
}

@Test func twoEditVariablesCompeteByStrength() throws {
    let solver = CassowarySolver()
    let width = solver.makeVariable("width"), height = solver.makeVariable("height")
    try solver.addConstraint(make([(width, 1), (height, -1)], .equal, 0))  // square
    try solver.addEditVariable(width, strength: .strong)
    try solver.addEditVariable(height, strength: .medium)
    try solver.suggestValue(80, for: width)
    try solver.suggestValue(30, for: height)
    #expect(values(solver, [width, height]) == [80, 80])
    try solver.removeEditVariable(width)
    #expect(values(solver, [width, height]) == [30, 30])
}

// MARK: - Constants

@Test func constantChangeEqualsAFreshSolve() throws {
    // A small vertical stack: the change of the top margin and of one spacing must give the same
    // frames as a solver built from scratch with the new constants.
    func build(topMargin: Double, spacing: Double) throws -> (CassowarySolver, [SolverVariable], SolverConstraint, SolverConstraint) {
        let solver = CassowarySolver()
        var tops: [SolverVariable] = [], heights: [SolverVariable] = []
        for i in 0..<5 {
            tops.append(solver.makeVariable("top\(i)"))
            heights.append(solver.makeVariable("height\(i)"))
        }
        let margin = make(tops[0], .equal, topMargin, name: "margin")
        try solver.addConstraint(margin)
        var gap: SolverConstraint?
        for i in 0..<5 {
            try solver.addConstraint(make(heights[i], .greaterThanOrEqual, 20))
            try solver.addConstraint(make(heights[i], .equal, Double(30 + 5 * i), .medium))
            if i > 0 {
                let spacingConstraint = make([(tops[i], 1), (tops[i - 1], -1), (heights[i - 1], -1)], .greaterThanOrEqual,
                                             i == 2 ? spacing : 8)
                try solver.addConstraint(spacingConstraint)
                if i == 2 { gap = spacingConstraint }
                try solver.addConstraint(make([(tops[i], 1), (tops[i - 1], -1), (heights[i - 1], -1)], .equal, 0, .weak))
            }
        }
        // The last view must end by 260: it squeezes the heights once the margin grows.
        try solver.addConstraint(make([(tops[4], 1), (heights[4], 1)], .lessThanOrEqual, 260))
        return (solver, tops + heights, margin, gap!)
    }

    let (solver, variables, margin, gap) = try build(topMargin: 8, spacing: 8)
    for (newMargin, newSpacing) in [(20.0, 8.0), (20.0, 30.0), (60.0, 30.0), (0.0, 2.0), (8.0, 8.0)] {
        try solver.setConstant(-newMargin, for: margin)
        try solver.setConstant(-newSpacing, for: gap)
        #expect(solver.constant(for: margin) == -newMargin)
        let (fresh, freshVariables, _, _) = try build(topMargin: newMargin, spacing: newSpacing)
        let incremental = values(solver, variables)
        let scratch = values(fresh, freshVariables)
        #expect(allClose(incremental, scratch), "\(incremental) vs \(scratch)")
    }
}

@Test func constantChangeOfNonRequiredConstraints() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x")
    let preference = make(x, .equal, 10, .weak)
    let floor = make(x, .greaterThanOrEqual, 0, .medium)
    try solver.addConstraint(preference)
    try solver.addConstraint(floor)
    try solver.setConstant(-25, for: preference)
    #expect(values(solver, [x]) == [25])
    try solver.setConstant(-40, for: floor)         // x >= 40 at medium beats x == 25 weak
    #expect(values(solver, [x]) == [40])
    try solver.setConstant(25, for: preference)     // x == -25, weak
    try solver.setConstant(0, for: floor)
    #expect(values(solver, [x]) == [0])
    #expect(throws: SolverError.self) { try solver.setConstant(1, for: make(x, .equal, 0)) }
}

// MARK: - Conflicts

@Test func conflictingEqualityIsRefusedAndNamed() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x")
    let a = make(x, .equal, 10, name: "A: x == 10")
    let b = make(x, .equal, 20, name: "B: x == 20")
    try solver.addConstraint(a)
    let refused = try #require(refusal { () throws(SolverError) in try solver.addConstraint(b) })
    #expect(refused.constraint === b)
    #expect(refused.conflicting.map(\.name) == ["A: x == 10"])
    #expect(!solver.hasConstraint(b))
    #expect(values(solver, [x]) == [10])
    // The weaker version goes in.
    try solver.addConstraint(make(x, .equal, 20, .strong))
    #expect(values(solver, [x]) == [10])
}

@Test func conflictingInequalitiesNameEveryConstraintInvolved() throws {
    let solver = CassowarySolver()
    let left = solver.makeVariable("left"), width = solver.makeVariable("width"), right = solver.makeVariable("right")
    let pin = make(left, .equal, 0, name: "left == 0")
    let sum = make([(right, 1), (left, -1), (width, -1)], .equal, 0, name: "right == left + width")
    let minimum = make(width, .greaterThanOrEqual, 100, name: "width >= 100")
    let unrelated = make(solver.makeVariable("other"), .equal, 3, name: "other == 3")
    let preference = make(width, .equal, 500, .strong, name: "width == 500 (strong)")
    for constraint in [pin, sum, unrelated, minimum, preference] {
        try solver.addConstraint(constraint)
    }
    let bound = make(right, .lessThanOrEqual, 80, name: "right <= 80")
    let refused = try #require(refusal { () throws(SolverError) in try solver.addConstraint(bound) })
    #expect(refused.constraint === bound)
    #expect(refused.conflicting.map(\.name) == ["left == 0", "right == left + width", "width >= 100"])
    let message = SolverError.unsatisfiableConstraint(bound, conflicting: refused.conflicting).description
    #expect(message.contains("Unable to simultaneously satisfy constraints"))
    #expect(message.contains("right <= 80") && message.contains("width >= 100"))
    #expect(values(solver, [left, width, right]) == [0, 500, 500])
    // The solver still works after the refusal.
    try solver.removeConstraint(preference)
    try solver.addConstraint(make(right, .lessThanOrEqual, 120))
    #expect(values(solver, [left, width, right])[1] >= 100)
    #expect(values(solver, [left, width, right])[2] <= 120)
}

@Test func constantChangeThatContradictsIsRefused() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x"), y = solver.makeVariable("y")
    let floor = make(x, .greaterThanOrEqual, 0, name: "x >= 0")
    let offset = make([(y, 1), (x, -1)], .equal, 10, name: "y == x + 10")
    let ceiling = make(y, .lessThanOrEqual, 50, name: "y <= 50")
    try solver.addConstraint(floor)
    try solver.addConstraint(offset)
    try solver.addConstraint(ceiling)
    try solver.addConstraint(make(x, .equal, 30, .weak))
    #expect(values(solver, [x, y]) == [30, 40])

    // y == x + 60 needs x <= -10.
    let refused = try #require(refusal { () throws(SolverError) in try solver.setConstant(-60, for: offset) })
    #expect(refused.constraint === offset)
    #expect(refused.conflicting.map(\.name) == ["x >= 0", "y <= 50"])
    #expect(solver.constant(for: offset) == -10)
    #expect(values(solver, [x, y]) == [30, 40])
    try solver.setConstant(-45, for: offset)
    #expect(values(solver, [x, y]) == [5, 50])
}

@Test func redundantEqualityCannotMoveAlone() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable("x")
    let first = make(x, .equal, 10, name: "first")
    let second = make(x, .equal, 10, name: "second")
    try solver.addConstraint(first)
    try solver.addConstraint(second)          // redundant, accepted
    let refused = try #require(refusal { () throws(SolverError) in try solver.setConstant(-20, for: second) })
    #expect(refused.constraint === second)
    #expect(refused.conflicting.map(\.name) == ["first"])
    #expect(values(solver, [x]) == [10])
    try solver.removeConstraint(first)
    try solver.setConstant(-20, for: second)
    #expect(values(solver, [x]) == [20])
}

@Test func duplicateAndUnknownConstraints() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable()
    let c = make(x, .equal, 1)
    try solver.addConstraint(c)
    #expect(solver.hasConstraint(c))
    #expect(throws: SolverError.self) { try solver.addConstraint(c) }
    try solver.removeConstraint(c)
    #expect(!solver.hasConstraint(c))
    #expect(throws: SolverError.self) { try solver.removeConstraint(c) }
    #expect(throws: SolverError.self) { try solver.setConstant(3, for: c) }

    let stranger = CassowarySolver()
    _ = stranger.makeVariable()
    _ = stranger.makeVariable()
    let foreign = make(stranger.makeVariable(), .equal, 1)
    #expect(throws: SolverError.self) { try solver.addConstraint(foreign) }
}

// MARK: - Removal and determinism

@Test func removalRestoresThePreviousSolution() throws {
    let solver = CassowarySolver()
    let left = solver.makeVariable(), width = solver.makeVariable(), right = solver.makeVariable()
    try solver.addConstraint(make([(right, 1), (left, -1), (width, -1)], .equal, 0))
    try solver.addConstraint(make(left, .greaterThanOrEqual, 10))
    try solver.addConstraint(make(width, .equal, 100, .medium))
    try solver.addConstraint(make(right, .lessThanOrEqual, 400))
    try solver.addConstraint(make(left, .equal, 0, .weak))
    let before = values(solver, [left, width, right])
    #expect(before == [10, 100, 110])

    let extras = [
        make(right, .equal, 300, .strong),
        make(left, .greaterThanOrEqual, 250),
        make(width, .lessThanOrEqual, 60, .weak),
        make([(width, 2), (left, -1)], .equal, 0),
    ]
    for extra in extras {
        try solver.addConstraint(extra)
        try solver.removeConstraint(extra)
        #expect(allClose(values(solver, [left, width, right]), before))
    }
    for extra in extras { try solver.addConstraint(extra) }
    for extra in extras.reversed() { try solver.removeConstraint(extra) }
    #expect(allClose(values(solver, [left, width, right]), before))
    for extra in extras { try solver.addConstraint(extra) }
    for extra in extras { try solver.removeConstraint(extra) }
    #expect(allClose(values(solver, [left, width, right]), before))
    #expect(solver.tableauRowCount <= 6)
}

@Test func ambiguousSystemsAreDeterministic() throws {
    // x + y == 100 with nothing else: any split is optimal; every build must pick the same.
    var seen: Set<[Double]> = []
    for _ in 0..<20 {
        let solver = CassowarySolver()
        let x = solver.makeVariable(), y = solver.makeVariable(), z = solver.makeVariable()
        try solver.addConstraint(make([(x, 1), (y, 1)], .equal, 100))
        try solver.addConstraint(make([(z, 1), (x, -1)], .greaterThanOrEqual, 5))
        try solver.addConstraint(make([(x, 1), (y, -1)], .equal, 0, .weak))
        try solver.addConstraint(make([(x, 1), (y, -1)], .equal, 20, .weak))
        seen.insert(values(solver, [x, y, z]))
    }
    #expect(seen.count == 1)
}

// MARK: - Properties

/// One constraint of a random system, as data, so the same system can be built twice.
private struct Spec {
    var terms: [(Int, Double)]
    var relation: SolverRelation
    var rhs: Double
    var strength: SolverStrength

    func constraint(_ variables: [SolverVariable]) -> SolverConstraint {
        make(terms.map { (variables[$0.0], $0.1) }, relation, rhs, strength)
    }
}

/// A random feasible system: a required chain `x[b] - x[a] >= c` (a < b, always feasible), a
/// preference `x[i] == r` per variable with a random weight (so the optimum is unique), and random
/// non-required equalities and bounds.
private func randomSystem(_ rng: inout SplitMix64, count: Int) -> [Spec] {
    func weight() -> SolverStrength { SolverStrength(Double.random(in: 1...5000, using: &rng)) }
    var specs: [Spec] = []
    for i in 0..<count {
        specs.append(Spec(terms: [(i, 1)], relation: .equal, rhs: Double(Int.random(in: -50...150, using: &rng)),
                          strength: weight()))
    }
    for _ in 0..<(count * 2) {
        let a = Int.random(in: 0..<(count - 1), using: &rng)
        let b = Int.random(in: (a + 1)..<count, using: &rng)
        let c = Double(Int.random(in: -20...40, using: &rng))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0, 1:
            specs.append(Spec(terms: [(b, 1), (a, -1)], relation: .greaterThanOrEqual, rhs: c, strength: .required))
        case 2:
            specs.append(Spec(terms: [(b, 1), (a, -1)], relation: .equal, rhs: c, strength: weight()))
        default:
            specs.append(Spec(terms: [(b, 1), (a, 0.5)], relation: .lessThanOrEqual, rhs: c + 60, strength: weight()))
        }
    }
    return specs
}

@Test(arguments: 1...12)
func incrementalChangesMatchAFreshSolve(seed: UInt64) throws {
    var rng = SplitMix64(state: seed)
    let count = Int.random(in: 4...12, using: &rng)
    var specs = randomSystem(&rng, count: count)

    let solver = CassowarySolver()
    let variables = (0..<count).map { solver.makeVariable("x\($0)") }
    var constraints = specs.map { $0.constraint(variables) }
    var active = Array(repeating: true, count: specs.count)
    for constraint in constraints { try solver.addConstraint(constraint) }
    let edited = variables[Int.random(in: 0..<count, using: &rng)]
    let editStrength = SolverStrength(Double.random(in: 1...3000, using: &rng))
    try solver.addEditVariable(edited, strength: editStrength)
    var suggestion = 0.0

    for step in 0..<40 {
        let index = Int.random(in: 0..<specs.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where active[index]:
            specs[index].rhs += Double(Int.random(in: -30...30, using: &rng))
            try solver.setConstant(-specs[index].rhs, for: constraints[index])
        case 1 where active[index] && index >= count:   // keep each variable's preference
            try solver.removeConstraint(constraints[index])
            active[index] = false
        case 2 where !active[index]:
            constraints[index] = specs[index].constraint(variables)
            try solver.addConstraint(constraints[index])
            active[index] = true
        default:
            suggestion = Double(Int.random(in: -100...200, using: &rng))
            try solver.suggestValue(suggestion, for: edited)
        }

        // The same system from scratch, in a shuffled order.
        let fresh = CassowarySolver()
        let freshVariables = (0..<count).map { fresh.makeVariable("x\($0)") }
        var order = specs.indices.filter { active[$0] }
        order.shuffle(using: &rng)
        for i in order { try fresh.addConstraint(specs[i].constraint(freshVariables)) }
        try fresh.addEditVariable(freshVariables[edited.id], strength: editStrength)
        try fresh.suggestValue(suggestion, for: freshVariables[edited.id])

        let incremental = values(solver, variables)
        let scratch = values(fresh, freshVariables)
        #expect(allClose(incremental, scratch),
                "seed \(seed) step \(step): \(incremental) vs \(scratch)")
    }
}

@Test(arguments: 1...12)
func refusedConstraintsLeaveTheSolverAsItWas(seed: UInt64) throws {
    // Random required equalities and bounds, some contradictory: a refused one must leave exactly
    // the solution a solver without it has, and name constraints that are really in the solver.
    var rng = SplitMix64(state: seed &* 7919)
    let count = 6
    let solver = CassowarySolver()
    let variables = (0..<count).map { solver.makeVariable("x\($0)") }
    var accepted: [Spec] = []
    var refusals = 0
    for i in 0..<count {   // random weights: no two sets of preferences weigh the same, so one optimum
        let spec = Spec(terms: [(i, 1)], relation: .equal, rhs: Double(i * 10),
                        strength: SolverStrength(Double.random(in: 1...1000, using: &rng)))
        try solver.addConstraint(spec.constraint(variables))
        accepted.append(spec)
    }
    for _ in 0..<30 {
        let a = Int.random(in: 0..<count, using: &rng)
        var b = Int.random(in: 0..<count, using: &rng)
        if b == a { b = (a + 1) % count }
        let relation: SolverRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
        let spec = Spec(terms: [(a, 1), (b, -1)], relation: relation,
                        rhs: Double(Int.random(in: -30...30, using: &rng)), strength: .required)
        let constraint = spec.constraint(variables)
        let before = values(solver, variables)
        if let refused = refusal({ () throws(SolverError) in try solver.addConstraint(constraint) }) {
            refusals += 1
            #expect(refused.constraint === constraint)
            #expect(!refused.conflicting.isEmpty)
            #expect(refused.conflicting.allSatisfy { solver.hasConstraint($0) && $0.strength.isRequired })
            #expect(!solver.hasConstraint(constraint))
            #expect(allClose(values(solver, variables), before))
        } else {
            accepted.append(spec)
        }
        let fresh = CassowarySolver()
        let freshVariables = (0..<count).map { fresh.makeVariable("x\($0)") }
        for spec in accepted { try fresh.addConstraint(spec.constraint(freshVariables)) }
        let incremental = values(solver, variables)
        let scratch = values(fresh, freshVariables)
        #expect(allClose(incremental, scratch), "seed \(seed): \(incremental) vs \(scratch)")
    }
    #expect(refusals > 0)
}

@Test(arguments: 1...12)
func refusedConstantChangesLeaveTheSolverAsItWas(seed: UInt64) throws {
    // Required differences between variables, then random new constants for them: a change that
    // contradicts the others is refused, keeps the old constant and the old solution.
    var rng = SplitMix64(state: seed &* 104_729)
    let count = 6
    let solver = CassowarySolver()
    let variables = (0..<count).map { solver.makeVariable("x\($0)") }
    var specs: [Spec] = []
    for i in 0..<count {
        specs.append(Spec(terms: [(i, 1)], relation: .equal, rhs: Double(i * 10),
                          strength: SolverStrength(Double.random(in: 1...1000, using: &rng))))
    }
    for _ in 0..<10 {
        let a = Int.random(in: 0..<count, using: &rng)
        let b = (a + Int.random(in: 1..<count, using: &rng)) % count
        let relation: SolverRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual, .greaterThanOrEqual]
            .randomElement(using: &rng)!
        specs.append(Spec(terms: [(a, 1), (b, -1)], relation: relation, rhs: 0, strength: .required))
    }
    var constraints: [SolverConstraint] = []
    var kept: [Int] = []
    for (index, spec) in specs.enumerated() {
        let constraint = spec.constraint(variables)
        if refusal({ () throws(SolverError) in try solver.addConstraint(constraint) }) == nil { kept.append(index) }
        constraints.append(constraint)
    }
    var refusals = 0
    for _ in 0..<40 {
        let index = kept[Int.random(in: 0..<kept.count, using: &rng)]
        let rhs = Double(Int.random(in: -40...40, using: &rng))
        let before = values(solver, variables)
        if let refused = refusal({ () throws(SolverError) in try solver.setConstant(-rhs, for: constraints[index]) }) {
            refusals += 1
            #expect(refused.constraint === constraints[index])
            #expect(!refused.conflicting.isEmpty)
            #expect(refused.conflicting.allSatisfy { solver.hasConstraint($0) && $0.strength.isRequired })
            #expect(solver.constant(for: constraints[index]) == -specs[index].rhs)
            #expect(allClose(values(solver, variables), before))
        } else {
            specs[index].rhs = rhs
        }
        let fresh = CassowarySolver()
        let freshVariables = (0..<count).map { fresh.makeVariable("x\($0)") }
        for i in kept { try fresh.addConstraint(specs[i].constraint(freshVariables)) }
        let incremental = values(solver, variables)
        let scratch = values(fresh, freshVariables)
        #expect(allClose(incremental, scratch), "seed \(seed): \(incremental) vs \(scratch)")
    }
    #expect(refusals > 0)
}

@Test func manyRemovalsKeepTheTableauSmall() throws {
    let solver = CassowarySolver()
    let x = solver.makeVariable(), y = solver.makeVariable()
    try solver.addConstraint(make([(x, 1), (y, 1)], .equal, 100))
    let baseline = solver.tableauRowCount
    for i in 0..<200 {
        let constraints = [
            make(x, .greaterThanOrEqual, Double(i % 50)),
            make(y, .equal, Double(i), .weak),
            make([(x, 1), (y, -1)], .lessThanOrEqual, 10, .medium),
        ]
        for c in constraints { try solver.addConstraint(c) }
        for c in constraints.shuffled() { try solver.removeConstraint(c) }
    }
    #expect(solver.tableauRowCount == baseline)
}
