@testable import ParleyUIKit
import Testing

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
