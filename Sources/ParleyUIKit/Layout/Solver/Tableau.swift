extension Cassowary {
    /// The simplex tableau of the Cassowary paper: the rows (one per basic symbol), the objective to
    /// minimise, and the primal and dual simplex steps on them.
    ///
    /// Invariants between calls:
    /// - a basic symbol appears in its own row only: in no other row and not in the objective;
    /// - every row whose basic symbol is restricted (slack, error, dummy) has a constant ≥ 0 (primal
    ///   feasibility), except rows queued in `infeasible` while a dual simplex is pending;
    /// - the objective is optimal: no parametric non-dummy symbol has a negative cost (so after an add,
    ///   only the costs the add touched need checking: `optimize(afterAdding:)`);
    /// - every row whose basic symbol is a dummy holds dummies only, with a constant of 0 (it records a
    ///   redundant required equality; `setConstant` relies on this to detect new conflicts);
    /// - no restricted row and not the objective mentions a parametric external variable (so solving a
    ///   new row for a variable cannot make a restricted row infeasible, and the objective is bounded);
    /// - a symbol marked `neverUsed` is in no row and not in the objective;
    /// - ties (entering or leaving symbol) go to the lowest symbol id, so results never depend on
    ///   storage order, and the simplex cannot cycle (Bland's rule).
    ///
    /// Rows live in one array for fast scans (each with a mask that rules most rows out without a
    /// search); `rowIndex` maps a symbol id to its row.
    struct Tableau {
        private static let notBasic: Int32 = -1
        /// A symbol that has never been in a row, so substituting it needs no scan.
        private static let neverUsed: Int32 = -2

        private(set) var rows: [Row] = []
        /// `basics[i]` is the basic symbol of `rows[i]`.
        private(set) var basics: [Symbol] = []
        /// For each symbol id, the position of its row in `rows`, or `notBasic`, or `neverUsed`.
        private var rowIndex: [Int32] = [notBasic]

        /// Σ strength × error over the non-required constraints, in terms of non-basic symbols.
        var objective = Row()
        /// Phase-one objective while `addWithArtificialVariable` runs.
        private var artificial: Row?
        /// Basic symbols whose rows may have a negative constant, for `dualOptimize()`.
        var infeasible: [Symbol] = []

        // MARK: Symbols and rows

        mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
            let symbol = Symbol(id: rowIndex.count, kind: kind)
            rowIndex.append(Tableau.neverUsed)
            return symbol
        }

        @inline(__always)
        func position(of symbol: Symbol) -> Int? {
            let index = rowIndex[symbol.id]
            return index < 0 ? nil : Int(index)
        }

        /// The value of `symbol` in the current basic solution: its row's constant, or 0 if parametric.
        @inline(__always)
        func value(of symbol: Symbol) -> Double {
            let index = rowIndex[symbol.id]
            return index < 0 ? 0 : rows[Int(index)].constant
        }

        mutating func insert(_ row: consuming Row, basic: Symbol) {
            rowIndex[basic.id] = Int32(rows.count)
            rows.append(row)
            basics.append(basic)
        }

        mutating func removeRow(at position: Int) -> Row {
            let last = rows.count - 1
            rowIndex[basics[position].id] = Tableau.notBasic
            if position != last {
                rows.swapAt(position, last)
                basics.swapAt(position, last)
                rowIndex[basics[position].id] = Int32(position)
            }
            basics.removeLast()
            return rows.removeLast()
        }

        /// Drops `symbol` from the problem: its row if it is basic, else its column (setting it to 0).
        /// Only valid for a symbol that no remaining constraint needs.
        mutating func discard(_ symbol: Symbol) {
            if let position = position(of: symbol) {
                _ = removeRow(at: position)
            } else {
                removeColumn(symbol)
            }
        }

        mutating func removeColumn(_ symbol: Symbol) {
            let bit = symbol.maskBit
            for i in rows.indices where rows[i].mask & bit != 0 {
                rows[i].remove(symbol)
            }
            objective.remove(symbol)
        }

        /// Replaces the parametric `symbol` by `row` in every row and the objectives.
        mutating func substitute(_ symbol: Symbol, _ row: Row) {
            let bit = symbol.maskBit
            for i in rows.indices where rows[i].mask & bit != 0 {
                if rows[i].substitute(symbol, row), rows[i].constant < 0, !basics[i].isExternal {
                    infeasible.append(basics[i])
                }
            }
            objective.substitute(symbol, row)
            artificial?.substitute(symbol, row)
        }

        /// `entering` enters the basis through the row at `position`, whose basic symbol leaves.
        mutating func pivot(at position: Int, entering: Symbol) {
            let leaving = basics[position]
            var row = removeRow(at: position)
            row.solve(for: leaving, entering)
            substitute(entering, row)
            insert(consume row, basic: entering)
        }

        // MARK: Adding a row

        /// The row of a new constraint `Σ terms + constant relation 0`, with its marker symbol (slack,
        /// dummy or positive error) and other symbol (the second error symbol, or invalid).
        /// Basic variables are replaced by their rows; error symbols enter the objective.
        ///
        /// `markerCoefficient` is the marker's coefficient before any sign reversal; the other symbol's
        /// is its opposite. `setConstant` needs it to move the constant.
        mutating func makeRow(
            terms: [SolverTerm], constant: Double, relation: SolverRelation, strength: SolverStrength,
            symbol symbolOfVariable: (Int) -> Symbol
        ) -> (row: Row, marker: Symbol, other: Symbol, markerCoefficient: Double) {
            // Room for the terms, the constraint's symbols and a few more from substituted rows.
            var row = Row(constant: constant, capacity: terms.count + 4)
            for term in terms where !isNearZero(term.coefficient) {
                let symbol = symbolOfVariable(term.variable.id)
                if let position = position(of: symbol) {
                    row.insert(rows[position], term.coefficient)
                } else {
                    row.insert(symbol, term.coefficient)
                }
            }
            var marker = Symbol.invalid
            var other = Symbol.invalid
            var markerCoefficient = 1.0
            switch relation {
            case .lessThanOrEqual, .greaterThanOrEqual:
                // expression + slack == 0 for <=, expression - slack == 0 for >=; slack ≥ 0.
                markerCoefficient = relation == .lessThanOrEqual ? 1 : -1
                marker = makeSymbol(.slack)
                row.insert(marker, markerCoefficient)
                if !strength.isRequired {
                    // The error lets the expression overshoot, at a cost.
                    other = makeSymbol(.error)
                    row.insert(other, -markerCoefficient)
                    objective.insert(other, strength.value)
                }
            case .equal:
                if strength.isRequired {
                    marker = makeSymbol(.dummy)
                    row.insert(marker)
                } else {
                    // expression == errorPlus - errorMinus, both ≥ 0 and weighted.
                    markerCoefficient = -1
                    marker = makeSymbol(.error)
                    other = makeSymbol(.error)
                    row.insert(marker, -1)
                    row.insert(other, 1)
                    objective.insert(marker, strength.value)
                    objective.insert(other, strength.value)
                }
            }
            if row.constant < 0 { row.reverseSign() }
            return (row, marker, other, markerCoefficient)
        }

        /// The symbol a new row can be solved for without breaking feasibility: an external variable
        /// (the lowest id), else a slack or error of the constraint with a negative coefficient.
        /// Invalid when there is none and an artificial variable is needed.
        static func subject(of row: Row, marker: Symbol, other: Symbol) -> Symbol {
            for cell in row.cells where cell.symbol.isExternal {
                return cell.symbol
            }
            if marker.isPivotable && row.coefficient(for: marker) < 0 { return marker }
            if other.isPivotable && row.coefficient(for: other) < 0 { return other }
            return .invalid
        }

        /// Solves `row` (with `subject`) into the tableau.
        mutating func add(_ row: consuming Row, subject: Symbol) {
            var row = row
            // A subject no row has used (a new view's variable, the constraint's own slack or error) is
            // in no other row: only the objective can mention it, and the scan of every row is skipped.
            let isNew = rowIndex[subject.id] == Tableau.neverUsed
            markUsed(row)
            row.solve(for: subject)
            if isNew {
                objective.substitute(subject, row)
            } else {
                substitute(subject, row)
            }
            insert(consume row, basic: subject)
        }

        private mutating func markUsed(_ row: Row) {
            for cell in row.cells where rowIndex[cell.symbol.id] == Tableau.neverUsed {
                rowIndex[cell.symbol.id] = Tableau.notBasic
            }
        }

        /// Phase one of the simplex for a row with no usable subject: a new slack `art` is made basic
        /// for the row and the row itself is minimised. The constraint can hold iff `art` reaches 0.
        ///
        /// On success the row is in the tableau. On failure the tableau is as before except for the
        /// basis and the constraint's own symbols, which the caller discards; the returned row then
        /// expresses `art` > 0 in the parametric symbols that block it: the markers of the constraints
        /// that contradict the new one (a Farkas certificate).
        mutating func addWithArtificialVariable(_ row: Row) -> (added: Bool, certificate: Row) {
            let art = makeSymbol(.slack)
            markUsed(row)
            insert(row, basic: art)
            artificial = row
            optimize(artificialPhase: true)
            let added = isNearZero(artificial?.constant ?? 0)
            artificial = nil

            var certificate = Row()
            if let position = position(of: art) {
                var artRow = removeRow(at: position)
                if !added {
                    certificate = artRow
                } else if !artRow.cells.isEmpty {
                    // `art` is basic at 0: swap it for another symbol of its row so it can go. A row of
                    // dummies only is a redundant equality; a dummy keeps it as the invariant asks.
                    let entering = artRow.cells.first { $0.symbol.isPivotable }?.symbol ?? artRow.cells[0].symbol
                    artRow.solve(for: art, entering)
                    substitute(entering, artRow)
                    insert(consume artRow, basic: entering)
                }
            }
            removeColumn(art)
            return (added, certificate)
        }

        // MARK: Removing a row

        /// Removes the row of a constraint given its marker: if the marker is parametric it first
        /// enters the basis through the row the paper's ratio rules choose, which keeps feasibility.
        mutating func removeRow(of marker: Symbol) {
            if let position = position(of: marker) {
                _ = removeRow(at: position)
            } else if let position = markerLeavingRow(for: marker) {
                let leaving = basics[position]
                var row = removeRow(at: position)
                row.solve(for: leaving, marker)
                substitute(marker, row)
            } else {
                removeColumn(marker)
            }
        }

        /// Takes a constraint's errors out of the objective (before its row goes).
        mutating func removeErrors(_ symbols: Symbol..., strength: SolverStrength) {
            for symbol in symbols where symbol.isError {
                if let position = position(of: symbol) {
                    objective.insert(rows[position], -strength.value)
                } else {
                    objective.insert(symbol, -strength.value)
                }
            }
        }

        private func markerLeavingRow(for marker: Symbol) -> Int? {
            var first: Int?, second: Int?, third: Int?
            var firstRatio = Double.greatestFiniteMagnitude
            var secondRatio = Double.greatestFiniteMagnitude
            let bit = marker.maskBit
            for i in rows.indices where rows[i].mask & bit != 0 {
                let coefficient = rows[i].coefficient(for: marker)
                if coefficient == 0 { continue }
                if basics[i].isExternal {
                    if third.map({ basics[i] < basics[$0] }) ?? true { third = i }
                } else if coefficient < 0 {
                    let ratio = -rows[i].constant / coefficient
                    if ratio < firstRatio || (ratio == firstRatio && basics[i] < basics[first!]) {
                        firstRatio = ratio
                        first = i
                    }
                } else {
                    let ratio = rows[i].constant / coefficient
                    if ratio < secondRatio || (ratio == secondRatio && basics[i] < basics[second!]) {
                        secondRatio = ratio
                        second = i
                    }
                }
            }
            return first ?? second ?? third
        }

        // MARK: Constants

        /// Moves the constant of a constraint by `delta` in place ("edit constant" in the paper).
        ///
        /// The constraint reads `e + c + k·marker (- k·other) = 0`. Changing `c` by `delta` is the same
        /// as renaming `marker` to `marker' = marker - delta/k`, so only the rows that mention the marker
        /// change: the marker's own row if it is basic, else the other symbol's row if that is basic,
        /// else every row with the marker in it. Rows that go negative are queued for `dualOptimize()`.
        mutating func shiftConstant(marker: Symbol, other: Symbol, markerCoefficient: Double, by delta: Double) {
            let step = delta / markerCoefficient
            if let position = position(of: marker) {
                rows[position].constant -= step
                if rows[position].constant < 0 { infeasible.append(marker) }
            } else if !other.isInvalid, let position = position(of: other) {
                rows[position].constant += step
                if rows[position].constant < 0 { infeasible.append(other) }
            } else {
                let bit = marker.maskBit
                for i in rows.indices where rows[i].mask & bit != 0 {
                    let coefficient = rows[i].coefficient(for: marker)
                    guard coefficient != 0 else { continue }
                    rows[i].constant += coefficient * step
                    if rows[i].constant < 0, !basics[i].isExternal { infeasible.append(basics[i]) }
                }
            }
        }

        /// The dummy row that would stop holding if `dummy` moved: its own row, or a redundant
        /// equality's row that mentions it. Nil if the dummy can move freely.
        func dummyRow(mentioning dummy: Symbol) -> (basic: Symbol, row: Row)? {
            if let position = position(of: dummy) { return (dummy, rows[position]) }
            let bit = dummy.maskBit
            for i in rows.indices where basics[i].isDummy && rows[i].mask & bit != 0 {
                if rows[i].coefficient(for: dummy) != 0 { return (basics[i], rows[i]) }
            }
            return nil
        }

        /// Queues every restricted row with a negative constant.
        mutating func queueInfeasibleRows() {
            infeasible.removeAll(keepingCapacity: true)
            for i in rows.indices where rows[i].constant < 0 && !basics[i].isExternal {
                infeasible.append(basics[i])
            }
        }

        // MARK: Simplex

        /// Primal simplex on the objective (or the artificial objective): pivots while a parametric
        /// symbol has a negative cost, keeping every restricted row feasible.
        mutating func optimize(artificialPhase: Bool = false) {
            while true {
                let entering = artificialPhase ? Tableau.enteringSymbol(of: artificial ?? Row())
                    : Tableau.enteringSymbol(of: objective)
                if entering.isInvalid { return }
                // No leaving row means an unbounded objective, which Σ strength × error ≥ 0 rules out.
                guard let position = leavingRow(for: entering) else { return }
                pivot(at: position, entering: entering)
            }
        }

        /// `optimize()` after `add(_:subject:)`. The objective was optimal before (no negative cost)
        /// and the add changed only the costs of the symbols in the subject's row, so when none of those
        /// is negative the objective is still optimal and the scan of the whole objective is skipped.
        mutating func optimize(afterAdding subject: Symbol) {
            if let position = position(of: subject) {
                let mayImprove = rows[position].cells.contains { cell in
                    !cell.symbol.isDummy && objective.coefficient(for: cell.symbol) < 0
                }
                if !mayImprove { return }
            }
            optimize()
        }

        /// The lowest-id non-dummy symbol with a negative cost, or invalid at the optimum.
        private static func enteringSymbol(of objective: Row) -> Symbol {
            for cell in objective.cells where cell.coefficient < 0 && !cell.symbol.isDummy {
                return cell.symbol
            }
            return .invalid
        }

        /// The restricted row that limits `entering` first (minimum ratio), lowest basic id on ties.
        private func leavingRow(for entering: Symbol) -> Int? {
            var best: Int?
            var bestRatio = Double.greatestFiniteMagnitude
            let bit = entering.maskBit
            for i in rows.indices where rows[i].mask & bit != 0 && !basics[i].isExternal {
                let coefficient = rows[i].coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let ratio = -rows[i].constant / coefficient
                if ratio < bestRatio || (ratio == bestRatio && basics[i] < basics[best!]) {
                    bestRatio = ratio
                    best = i
                }
            }
            return best
        }

        /// Dual simplex: restores feasibility of the queued rows while keeping the objective optimal.
        /// Returns the row that cannot be made feasible (a contradiction among required constraints),
        /// with its basic symbol, or nil on success.
        mutating func dualOptimize() -> (basic: Symbol, row: Row)? {
            while let leaving = infeasible.popLast() {
                guard let position = position(of: leaving),
                      rows[position].constant < 0, !isNearZero(rows[position].constant) else { continue }
                let entering = dualEnteringSymbol(for: rows[position])
                if entering.isInvalid {
                    infeasible.removeAll()
                    return (leaving, rows[position])
                }
                pivot(at: position, entering: entering)
            }
            return nil
        }

        /// The symbol of `row` with a positive coefficient and the least cost ratio, lowest id on ties.
        private func dualEnteringSymbol(for row: Row) -> Symbol {
            var entering = Symbol.invalid
            var bestRatio = Double.greatestFiniteMagnitude
            for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
                let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
                if ratio < bestRatio {
                    bestRatio = ratio
                    entering = cell.symbol
                }
            }
            return entering
        }
    }
}
