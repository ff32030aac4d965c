import Foundation
import ParleyUIKit

/// `parley bench solver`: Parley's Cassowary solver against Kiwi (C++, through the `kiwisolver`
/// pip package) on the same systems, in the same run.
///
/// Both solvers build their systems from one description: this file generates each system as data
/// (variables, constraints with coefficients, relation, constant, strength), writes it to a temporary
/// JSON file and runs `scripts/bench-kiwi.py` on it. The script's docstring says what its timings
/// include. On our side:
/// - build (a) and (b): a new `CassowarySolver`, one `makeVariable()` per variable, one
///   `addConstraint` per pre-built `SolverConstraint`, `updateVariables()`. Kiwi's variables exist
///   before its timing starts, so making ours inside the timing only costs us.
/// - re-solve (c): `setConstant(_:for:)` on the changed constraint, then `updateVariables()`. Kiwi has
///   no in-place constant change: it either removes the constraint and adds a pre-built copy with
///   the new constant, or, in a variant of the system built for it, suggests a value to an edit
///   variable that stands for the constant. The ratio is against the faster of the two. The edit
///   idiom is also compared on both sides (`solver.resolve_edit_vs_kiwi`, no target).
/// - Kiwi's figures carry one Python-to-C call per solver call. The ratios divide by Kiwi's time
///   *minus* an estimate of those calls that over-estimates them, so the ratios favour Kiwi.
/// - Each figure is the median over repetitions after a warm-up. Rounds alternate ours and Kiwi's
///   (so a busy machine slows both alike) and each side keeps its best median.
/// - The solutions are compared too: `solver.max_diff_vs_kiwi` is the largest difference between a
///   variable's value in the two solvers, over all systems and states.
enum SolverBench {
    /// Measures both solvers (about 15 s, or 5 s with `quick`) and returns the `solver.*` results.
    static func run(quick: Bool) throws -> [BenchResult] {
        var cell = chatCellSystem()
        cell.buildRepetitions = quick ? 300 : 3000
        var form = formSystem(rows: 167)
        form.buildRepetitions = quick ? 5 : 30
        form.change?.repetitions = quick ? 100 : 1000
        let budget = quick ? 0.5 : 1.5
        let rounds = quick ? 2 : 3

        var ours: [[Measurement]] = []
        var kiwi: [KiwiReport] = []
        for _ in 0..<rounds {
            ours.append(try [cell, form].map { try measure($0, budget: budget) })
            kiwi.append(try runKiwi(on: [cell, form], budget: budget))
        }
        func best(_ figure: (Measurement) -> Double?, _ system: Int) -> Double {
            ours.compactMap { figure($0[system]) }.min() ?? .nan
        }
        /// Kiwi's best median and its best median less the estimated Python call overhead.
        func bestKiwi(_ system: String, _ figure: (KiwiReport.System) -> (Double, Double)?) -> (raw: Double, net: Double) {
            let figures = kiwi.compactMap { $0.systems[system].flatMap(figure) }
            return (figures.map(\.0).min() ?? .nan, figures.map { max($0.0 - $0.1, $0.0 * 0.05) }.min() ?? .nan)
        }

        let oursCell = best({ $0.buildUs }, 0), oursForm = best({ $0.buildUs }, 1)
        let oursResolve = best({ $0.resolveUs }, 1), oursEdit = best({ $0.editResolveUs }, 1)
        let kiwiCell = bestKiwi(cell.name) { ($0.buildUs, $0.buildOverheadUs) }
        let kiwiForm = bestKiwi(form.name) { ($0.buildUs, $0.buildOverheadUs) }
        let kiwiResolve = bestKiwi(form.name) { s in s.resolveUs.map { ($0, s.resolveOverheadUs ?? 0) } }
        let kiwiEdit = bestKiwi(form.name) { s in s.editResolveUs.map { ($0, s.editResolveOverheadUs ?? 0) } }
        // Kiwi changes a constant either by remove + add or, if the system was built for it, by an
        // edit variable; the ratio is against whichever is faster.
        let kiwiBestResolve = min(kiwiResolve.net, kiwiEdit.net)

        guard let lastOurs = ours.last, let lastKiwi = kiwi.last,
              let kiwiCellValues = lastKiwi.systems[cell.name], let kiwiFormValues = lastKiwi.systems[form.name]
        else { throw SolverBenchError.kiwiOutput("missing systems in the output of bench-kiwi.py") }
        let differences = [
            maxDifference(lastOurs[0].values, kiwiCellValues.values),
            maxDifference(lastOurs[1].values, kiwiFormValues.values),
            maxDifference(lastOurs[1].valuesAfterChange ?? [], kiwiFormValues.valuesAfterChange ?? []),
            maxDifference(lastOurs[1].editValuesAfterChange ?? [], kiwiFormValues.editValuesAfterChange ?? []),
        ]

        let fitting = try cellFittingResults(quick: quick)

        return fitting + [
            BenchResult(name: "solver.cell_vs_kiwi", value: oursCell / kiwiCell.net, unit: "ratio", target: 1.5, better: .lower),
            BenchResult(name: "solver.form_vs_kiwi", value: oursForm / kiwiForm.net, unit: "ratio", target: 1.5, better: .lower),
            BenchResult(name: "solver.resolve_vs_kiwi", value: oursResolve / kiwiBestResolve, unit: "ratio", target: 2.0,
                        better: .lower),
            BenchResult(name: "solver.max_diff_vs_kiwi", value: differences.max() ?? .nan, unit: "pt", target: 1e-6,
                        better: .lower),
            // The figures behind the ratios; no targets.
            info("solver.cell_constraints", Double(cell.constraints.count), "count"),
            info("solver.cell_us", oursCell, "us"),
            info("solver.cell_kiwi_us", kiwiCell.raw, "us"),
            info("solver.cell_kiwi_net_us", kiwiCell.net, "us"),
            info("solver.form_constraints", Double(form.constraints.count), "count"),
            info("solver.form_us", oursForm, "us"),
            info("solver.form_kiwi_us", kiwiForm.raw, "us"),
            info("solver.form_kiwi_net_us", kiwiForm.net, "us"),
            info("solver.resolve_us", oursResolve, "us"),
            info("solver.resolve_kiwi_remove_add_us", kiwiResolve.raw, "us"),
            info("solver.resolve_kiwi_edit_us", kiwiEdit.raw, "us"),
            info("solver.resolve_edit_us", oursEdit, "us"),
            info("solver.resolve_edit_vs_kiwi", oursEdit / kiwiEdit.net, "ratio"),
        ]
    }

    static func info(_ name: String, _ value: Double, _ unit: String) -> BenchResult {
        BenchResult(name: name, value: value, unit: unit, target: nil, better: .lower)
    }

    private static func maxDifference(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count else { return .infinity }
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    // MARK: - Systems

    /// A constraint system as data: the one description both solvers build.
    struct System: Encodable {
        struct Term: Encodable {
            var variable: Int
            var coefficient: Double

            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(variable)
                try container.encode(coefficient)
            }
        }

        /// `Σ terms + constant relation 0`.
        struct Item: Encodable {
            var terms: [Term]
            var constant: Double
            var relation: String
            var strength: Double
        }

        /// The constraint whose constant re-solve (c) toggles between `constants`.
        struct Change: Encodable {
            var constraint: Int
            var constants: [Double]
            var repetitions: Int
            var editStrength: Double
        }

        var name: String
        var variables = 0
        var constraints: [Item] = []
        var buildRepetitions = 100
        var change: Change?

        init(name: String) {
            self.name = name
        }

        mutating func variable() -> Int {
            variables += 1
            return variables - 1
        }

        /// minX, minY, width, height of a view.
        mutating func rect() -> Rect {
            Rect(x: variable(), y: variable(), width: variable(), height: variable())
        }

        /// Adds `Σ terms relation rhs` and returns its index.
        @discardableResult
        mutating func add(_ terms: [(Int, Double)], _ relation: SolverRelation, _ rhs: Double,
                          _ strength: SolverStrength = .required) -> Int {
            constraints.append(Item(terms: terms.map { Term(variable: $0.0, coefficient: $0.1) }, constant: -rhs,
                                    relation: relation.rawValue, strength: strength.value))
            return constraints.count - 1
        }

        /// The constraints for a solver whose variables are `variables` (ids in creation order).
        func solverConstraints(_ variables: [SolverVariable], replacing index: Int? = nil,
                               with replacement: SolverConstraint? = nil) -> [SolverConstraint] {
            constraints.enumerated().map { position, item in
                if position == index, let replacement { return replacement }
                return SolverConstraint(
                    SolverExpression(item.terms.map { SolverTerm(variables[$0.variable], $0.coefficient) },
                                     constant: item.constant),
                    SolverRelation(rawValue: item.relation)!, strength: SolverStrength(item.strength))
            }
        }
    }

    struct Rect {
        var x, y, width, height: Int
    }

    /// (a) A chat message cell, as Auto Layout would give it to the solver: avatar, name label,
    /// bubble, text, timestamp and reactions in a 375-point-wide content view; intrinsic sizes as
    /// hugging (weak) and compression resistance (strong) pairs. About 40 constraints.
    static func chatCellSystem() -> System {
        var s = System(name: "cell")
        let cell = s.rect(), avatar = s.rect(), name = s.rect(), bubble = s.rect(), text = s.rect()
        let time = s.rect(), reactions = s.rect()
        func right(_ r: Rect) -> [(Int, Double)] { [(r.x, 1), (r.width, 1)] }
        func bottom(_ r: Rect) -> [(Int, Double)] { [(r.y, 1), (r.height, 1)] }
        func negated(_ terms: [(Int, Double)]) -> [(Int, Double)] { terms.map { ($0.0, -$0.1) } }

        s.add([(cell.x, 1)], .equal, 0)
        s.add([(cell.y, 1)], .equal, 0)
        s.add([(cell.width, 1)], .equal, 375)
        // Avatar: leading 8, 32 × 32, bottom aligned with the bubble.
        s.add([(avatar.x, 1), (cell.x, -1)], .equal, 8)
        s.add([(avatar.width, 1)], .equal, 32)
        s.add([(avatar.height, 1), (avatar.width, -1)], .equal, 0)
        s.add(bottom(avatar) + negated(bottom(bubble)), .equal, 0)
        // Name: after the avatar, top 8, intrinsic 74 × 16, inside the trailing margin.
        s.add([(name.x, 1)] + negated(right(avatar)), .equal, 8)
        s.add([(name.y, 1), (cell.y, -1)], .equal, 8)
        s.add([(name.height, 1)], .equal, 16)
        s.add([(name.width, 1)], .greaterThanOrEqual, 74, .strong)
        s.add([(name.width, 1)], .lessThanOrEqual, 74, .weak)
        s.add(right(name) + negated(right(cell)), .lessThanOrEqual, -8)
        // Bubble: under the name, at most 3/4 of the cell and clear of the trailing 60 points.
        s.add([(bubble.x, 1), (name.x, -1)], .equal, 0)
        s.add([(bubble.y, 1)] + negated(bottom(name)), .equal, 4)
        s.add([(bubble.width, 1), (cell.width, -0.75)], .lessThanOrEqual, 0)
        s.add(right(bubble) + negated(right(cell)), .lessThanOrEqual, -60)
        s.add([(bubble.width, 1)], .greaterThanOrEqual, 40)
        s.add([(bubble.height, 1)], .greaterThanOrEqual, 36)
        // Text: inset 12 × 8 in the bubble, intrinsic 236 × 54.
        s.add([(text.x, 1), (bubble.x, -1)], .equal, 12)
        s.add(right(text) + negated(right(bubble)), .equal, -12)
        s.add([(text.y, 1), (bubble.y, -1)], .equal, 8)
        s.add(bottom(text) + negated(bottom(bubble)), .equal, -8)
        s.add([(text.width, 1)], .greaterThanOrEqual, 236, .strong)
        s.add([(text.width, 1)], .lessThanOrEqual, 236, .weak)
        s.add([(text.height, 1)], .greaterThanOrEqual, 54, .strong)
        s.add([(text.height, 1)], .lessThanOrEqual, 54, .weak)
        // Timestamp: after the bubble, bottom aligned, 38 × 12.
        s.add([(time.x, 1)] + negated(right(bubble)), .equal, 4)
        s.add(bottom(time) + negated(bottom(bubble)), .equal, 0)
        s.add([(time.width, 1)], .equal, 38, .medium)
        s.add([(time.height, 1)], .equal, 12)
        s.add(right(time) + negated(right(cell)), .lessThanOrEqual, -8)
        // Reactions: overlapping the bubble's bottom trailing corner, 52 × 22.
        s.add(right(reactions) + negated(right(bubble)), .equal, 6)
        s.add([(reactions.y, 1)] + negated(bottom(bubble)), .equal, -4)
        s.add([(reactions.width, 1)], .equal, 52, .strong)
        s.add([(reactions.height, 1)], .equal, 22)
        s.add([(reactions.x, 1), (bubble.x, -1)], .greaterThanOrEqual, 0)
        // Cell height: hugs its content.
        s.add(bottom(cell) + negated(bottom(reactions)), .greaterThanOrEqual, 8)
        s.add(bottom(cell) + negated(bottom(avatar)), .greaterThanOrEqual, 8)
        s.add([(cell.height, 1)], .equal, 0, .weak)
        return s
    }

    /// (b) A form of `rows` rows, each a label and a field, as a form screen with aligned fields
    /// gives it to the solver: every label fits in a shared label column (a layout guide whose width
    /// hugs the widest label: compression resistance, strong, beats hugging, weak), every field
    /// starts 8 points after the column and ends 16 points before the form's trailing edge (so all
    /// fields have equal widths), fields are centred on their labels, each row is at least 8 points
    /// under the previous one and weakly exactly 8, and field heights prefer 30, 36 or 42 (medium)
    /// but are at least 30. 12 constraints a row; 167 rows make 2,005.
    ///
    /// (c) changes the top margin of the first field (a required equality), which moves every row.
    ///
    /// (Chaining the label widths row to row instead, `label[i].width == label[i-1].width`, makes
    /// both solvers cubic: Kiwi needs about 100 s for 167 rows. Nobody would lay a form out that
    /// way, so the bench does not either.)
    static func formSystem(rows: Int) -> System {
        var s = System(name: "form")
        let width = s.variable()
        let column = s.variable()
        s.add([(width, 1)], .equal, 600)
        s.add([(column, 1)], .equal, 0, .weak)
        var previous: Rect?
        var changed = 0
        for row in 0..<rows {
            let label = s.rect(), field = s.rect()
            let intrinsic = Double(60 + (row * 37) % 90)
            s.add([(label.x, 1)], .equal, 16)
            s.add([(label.width, 1)], .greaterThanOrEqual, intrinsic, .strong)
            s.add([(label.width, 1)], .lessThanOrEqual, intrinsic, .weak)
            s.add([(label.height, 1)], .equal, 20)
            s.add([(label.width, 1), (column, -1)], .lessThanOrEqual, 0)
            s.add([(field.x, 1), (label.x, -1), (column, -1)], .equal, 8)
            s.add([(field.x, 1), (field.width, 1), (width, -1)], .equal, -16)
            s.add([(field.y, 1), (field.height, 0.5), (label.y, -1), (label.height, -0.5)], .equal, 0)
            s.add([(field.height, 1)], .greaterThanOrEqual, 30)
            s.add([(field.height, 1)], .equal, Double(30 + 6 * (row % 3)), .medium)
            if let previous {
                let gap = [(field.y, 1.0), (previous.y, -1), (previous.height, -1)]
                s.add(gap, .greaterThanOrEqual, 8)
                s.add(gap, .equal, 8, .weak)
            } else {
                changed = s.add([(field.y, 1)], .equal, 8)
            }
            previous = field
        }
        s.change = System.Change(constraint: changed, constants: [-8, -20], repetitions: 1000,
                                 editStrength: SolverStrength.strong.value)
        return s
    }

    // MARK: - Our side

    struct Measurement {
        var buildUs: Double
        var values: [Double]
        var resolveUs: Double?
        var valuesAfterChange: [Double]?
        var editResolveUs: Double?
        var editValuesAfterChange: [Double]?
    }

    /// Median microseconds of `step(i)` for i = 0, 1, … after `warmup` steps; stops after
    /// `repetitions` samples, or after `budget` seconds once it has 5.
    static func medianMicroseconds(repetitions: Int, warmup: Int, budget: Double,
                                           _ step: (Int) throws -> Void) rethrows -> (us: Double, steps: Int) {
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        let began = Bench.now()
        var index = 0
        while samples.count < repetitions
            && (samples.count < 5 || Double(Bench.now() - began) / 1e9 <= budget) {
            let start = Bench.now()
            try step(index)
            let elapsed = Bench.now() - start
            if index >= warmup { samples.append(Double(elapsed) / 1000) }
            index += 1
        }
        return (Bench.median(samples), index)
    }

    private static func measure(_ system: System, budget: Double) throws -> Measurement {
        let template = CassowarySolver()
        let variables = (0..<system.variables).map { _ in template.makeVariable() }
        let constraints = system.solverConstraints(variables)

        func build(_ constraints: [SolverConstraint], variableCount: Int) throws -> CassowarySolver {
            let solver = CassowarySolver()
            for _ in 0..<variableCount { _ = solver.makeVariable() }
            for constraint in constraints { try solver.addConstraint(constraint) }
            solver.updateVariables()
            return solver
        }

        var solver = template
        let (buildUs, _) = try medianMicroseconds(
            repetitions: system.buildRepetitions, warmup: max(2, system.buildRepetitions / 10), budget: budget
        ) { _ in
            solver = try build(constraints, variableCount: system.variables)
        }
        var result = Measurement(buildUs: buildUs, values: variables.map(solver.value(of:)))
        guard let change = system.change else { return result }

        // (c) setConstant on the solver just built, toggling between the two constants.
        let changed = constraints[change.constraint]
        let constants = change.constants
        let (resolveUs, steps) = try medianMicroseconds(repetitions: change.repetitions, warmup: 10, budget: budget) { step in
            try solver.setConstant(constants[1 - step % 2], for: changed)
            solver.updateVariables()
        }
        if steps % 2 == 0 {   // end on the second constant
            try solver.setConstant(constants[1], for: changed)
            solver.updateVariables()
        }
        result.resolveUs = resolveUs
        result.valuesAfterChange = variables.map(solver.value(of:))

        // The edit-variable idiom: `terms + edit == 0`, suggesting the constant.
        let edit = template.makeVariable("edit")
        let item = system.constraints[change.constraint]
        let editConstraint = SolverConstraint(
            SolverExpression(item.terms.map { SolverTerm(variables[$0.variable], $0.coefficient) } + [SolverTerm(edit)]),
            SolverRelation(rawValue: item.relation)!, strength: SolverStrength(item.strength))
        let editSolver = try build(system.solverConstraints(variables, replacing: change.constraint, with: editConstraint),
                                   variableCount: system.variables + 1)
        try editSolver.addEditVariable(edit, strength: SolverStrength(change.editStrength))
        try editSolver.suggestValue(constants[0], for: edit)
        result.editResolveUs = try medianMicroseconds(repetitions: change.repetitions, warmup: 10, budget: budget) { step in
            try editSolver.suggestValue(constants[1 - step % 2], for: edit)
            editSolver.updateVariables()
        }.us
        try editSolver.suggestValue(constants[1], for: edit)
        editSolver.updateVariables()
        result.editValuesAfterChange = variables.map(editSolver.value(of:))
        return result
    }
}
