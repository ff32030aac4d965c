@testable import ParleyUIKit
import Testing

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
