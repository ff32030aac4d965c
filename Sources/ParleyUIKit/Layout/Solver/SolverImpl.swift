extension Cassowary {
    /// The engine behind `CassowarySolver` (Kiwi's `SolverImpl`): the tableau plus what the solver
    /// remembers about variables, constraints and edit variables.
    ///
    /// A struct, so that one public call is one exclusive access to the solver's state rather than one
    /// per field touched; the public class only forwards.
    struct SolverImpl {
        /// What the solver remembers about a constraint in it.
        struct Record {
            let constraint: SolverConstraint
            /// Slack, dummy or positive error: the symbol that finds the constraint's row again.
            let marker: Symbol
            /// The negative error symbol, or invalid.
            let other: Symbol
            /// The marker's coefficient in the constraint's row as built (see `Tableau.makeRow`).
            let markerCoefficient: Double
            /// The constant in use (`setConstant` changes it).
            var constant: Double
            /// Insertion order, for deterministic messages and rebuilds.
            let order: Int
        }

        /// A variable's column and its value as of the last `updateVariables()`.
        private struct Variable {
            var symbol: Symbol
            var value: Double
        }

        private(set) var tableau = Tableau()
        /// By variable id.
        private var variables: [Variable] = []
        /// Only the names that are not empty, by variable id.
        private var variableNames: [Int: String] = [:]
        private var records: [ObjectIdentifier: Record] = [:]
        /// The edit constraint (`variable + constant == 0`) of each edit variable, by variable id.
        private var edits: [Int: SolverConstraint] = [:]
        private var nextOrder = 0

        // MARK: Variables

        mutating func makeVariable(_ name: String) -> SolverVariable {
            let variable = SolverVariable(id: variables.count)
            variables.append(Variable(symbol: tableau.makeSymbol(.external), value: 0))
            if !name.isEmpty { variableNames[variable.id] = name }
            return variable
        }

        var variableCount: Int { variables.count }

        func name(of variable: SolverVariable) -> String {
            variableNames[variable.id] ?? variable.description
        }

        mutating func updateVariables() {
            for id in variables.indices {
                variables[id].value = tableau.value(of: variables[id].symbol)
            }
        }

        func value(of variable: SolverVariable) -> Double {
            variables[variable.id].value
        }

        // MARK: Constraints

        mutating func addConstraint(_ constraint: SolverConstraint) throws(SolverError) {
            guard records[ObjectIdentifier(constraint)] == nil else {
                throw .duplicateConstraint(constraint)
            }
            for term in constraint.expression.terms where !variables.indices.contains(term.variable.id) {
                throw .unknownVariable(term.variable, in: constraint)
            }
            if records.isEmpty {
                // A layout root has tens of constraints: skip the first few doublings of the table.
                records.reserveCapacity(48)
            }
            try insert(constraint, constant: constraint.expression.constant, order: nextOrder)
            nextOrder += 1
        }

        mutating func removeConstraint(_ constraint: SolverConstraint) throws(SolverError) {
            guard let record = records.removeValue(forKey: ObjectIdentifier(constraint)) else {
                throw .unknownConstraint(constraint)
            }
            // Errors leave the objective before the pivots, or the pivots would substitute them back.
            tableau.removeErrors(record.marker, record.other, strength: constraint.strength)
            tableau.removeRow(of: record.marker)
            if !record.other.isInvalid { tableau.discard(record.other) }
            tableau.optimize()
        }

        func hasConstraint(_ constraint: SolverConstraint) -> Bool {
            records[ObjectIdentifier(constraint)] != nil
        }

        var constraints: [SolverConstraint] {
            let editConstraints = Set(edits.values.map(ObjectIdentifier.init))
            return records.values.sorted { $0.order < $1.order }.map(\.constraint)
                .filter { !editConstraints.contains(ObjectIdentifier($0)) }
        }

        func constant(for constraint: SolverConstraint) -> Double? {
            records[ObjectIdentifier(constraint)]?.constant
        }

        mutating func setConstant(_ constant: Double, for constraint: SolverConstraint) throws(SolverError) {
            let key = ObjectIdentifier(constraint)
            guard var record = records[key] else { throw .unknownConstraint(constraint) }
            let delta = constant - record.constant
            guard delta != 0 else { return }

            if record.marker.isDummy, let blocking = tableau.dummyRow(mentioning: record.marker) {
                // A redundant required equality holds the dummy at 0: any move contradicts it.
                throw .unsatisfiableConstraint(
                    constraint, conflicting: requiredConstraints(in: blocking.row, basic: blocking.basic, except: constraint))
            }
            record.constant = constant
            records[key] = record
            tableau.infeasible.removeAll(keepingCapacity: true)
            tableau.shiftConstant(marker: record.marker, other: record.other,
                                  markerCoefficient: record.markerCoefficient, by: delta)
            guard let failure = tableau.dualOptimize() else { return }

            guard constraint.strength.isRequired else {
                // Cannot happen in exact arithmetic (errors absorb any constant); recover from rounding.
                rebuild()
                return
            }
            let conflicting = requiredConstraints(in: failure.row, basic: failure.basic, except: constraint)
            record.constant -= delta
            records[key] = record
            tableau.shiftConstant(marker: record.marker, other: record.other,
                                  markerCoefficient: record.markerCoefficient, by: -delta)
            tableau.queueInfeasibleRows()
            if tableau.dualOptimize() != nil { rebuild() }
            throw .unsatisfiableConstraint(constraint, conflicting: conflicting)
        }

        // MARK: Edit variables

        mutating func addEditVariable(_ variable: SolverVariable, strength: SolverStrength) throws(SolverError) {
            guard edits[variable.id] == nil else { throw .duplicateEditVariable(variable) }
            guard !strength.isRequired else { throw .requiredEditVariable(variable) }
            let constraint = SolverConstraint(SolverExpression(variable), .equal, strength: strength,
                                              name: "edit \(name(of: variable))")
            try addConstraint(constraint)
            edits[variable.id] = constraint
        }

        mutating func removeEditVariable(_ variable: SolverVariable) throws(SolverError) {
            guard let constraint = edits.removeValue(forKey: variable.id) else { throw .unknownEditVariable(variable) }
            try removeConstraint(constraint)
        }

        func hasEditVariable(_ variable: SolverVariable) -> Bool {
            edits[variable.id] != nil
        }

        mutating func suggestValue(_ value: Double, for variable: SolverVariable) throws(SolverError) {
            guard let constraint = edits[variable.id] else { throw .unknownEditVariable(variable) }
            try setConstant(-value, for: constraint)
        }

        // MARK: Internals

        /// Adds the row of `constraint` with `constant` in place of its expression's constant.
        private mutating func insert(_ constraint: SolverConstraint, constant: Double, order: Int) throws(SolverError) {
            let (row, marker, other, markerCoefficient) = tableau.makeRow(
                terms: constraint.expression.terms, constant: constant, relation: constraint.relation,
                strength: constraint.strength, symbol: { variables[$0].symbol })

            var subject = Tableau.subject(of: row, marker: marker, other: other)
            if subject.isInvalid && row.hasOnlyDummies {
                // Only required equalities left: either redundant (0 == 0) or contradictory.
                guard isNearZero(row.constant) else {
                    throw .unsatisfiableConstraint(
                        constraint, conflicting: requiredConstraints(in: row, basic: .invalid, except: constraint))
                }
                subject = marker
            }
            if subject.isInvalid {
                let (added, certificate) = tableau.addWithArtificialVariable(row)
                guard added else {
                    // Phase one moved the basis but not the solution set; drop what the constraint made.
                    tableau.discard(marker)
                    tableau.optimize()
                    throw .unsatisfiableConstraint(
                        constraint, conflicting: requiredConstraints(in: certificate, basic: .invalid, except: constraint))
                }
                tableau.optimize()
            } else {
                tableau.add(consume row, subject: subject)
                tableau.optimize(afterAdding: subject)
            }
            records[ObjectIdentifier(constraint)] = Record(
                constraint: constraint, marker: marker, other: other, markerCoefficient: markerCoefficient,
                constant: constant, order: order)
        }

        /// The required constraints (other than `except`) whose symbols appear in `row` or are `basic`:
        /// the constraints a contradiction found in that row depends on, in the order they were added.
        private func requiredConstraints(in row: Row, basic: Symbol, except: SolverConstraint) -> [SolverConstraint] {
            var ids = Set(row.cells.map(\.symbol.id))
            if !basic.isInvalid { ids.insert(basic.id) }
            return records.values
                .filter { record in
                    record.constraint !== except && record.constraint.strength.isRequired
                        && (ids.contains(record.marker.id) || (!record.other.isInvalid && ids.contains(record.other.id)))
                }
                .sorted { $0.order < $1.order }
                .map(\.constraint)
        }

        /// Builds the tableau again from the constraints and their current constants. Only used to
        /// recover if rounding ever left the dual simplex stuck, which exact arithmetic rules out.
        private mutating func rebuild() {
            let old = records.values.sorted { $0.order < $1.order }
            tableau = Tableau()
            for id in variables.indices {
                variables[id].symbol = tableau.makeSymbol(.external)
            }
            records.removeAll(keepingCapacity: true)
            for record in old {
                try? insert(record.constraint, constant: record.constant, order: record.order)
            }
        }
    }
}
