extension Cassowary {
    /// One equation of the tableau: `basic = constant + Σ coefficient × symbol`.
    ///
    /// A row that is not (yet) in the tableau reads `0 = constant + Σ coefficient × symbol`; `solve(for:)`
    /// turns it into the first form.
    ///
    /// Invariants: `cells` is sorted by symbol (so iteration visits the lowest id first), holds each
    /// symbol at most once, and holds no coefficient within `Cassowary.epsilon` of zero. `mask` has the bit
    /// of every symbol in `cells` set (it may have more bits set than needed), so most rows that do not
    /// mention a symbol are skipped without a search.
    struct Row {
        struct Cell {
            var symbol: Symbol
            var coefficient: Double
        }

        var constant: Double
        private(set) var cells: [Cell]
        private(set) var mask: UInt64

        init(constant: Double = 0, capacity: Int = 0) {
            self.constant = constant
            cells = []
            cells.reserveCapacity(capacity)
            mask = 0
        }

        /// True when every symbol of the row is a dummy (or there is none).
        var hasOnlyDummies: Bool {
            cells.allSatisfy { $0.symbol.isDummy }
        }

        @inline(__always)
        func mayContain(_ symbol: Symbol) -> Bool { mask & symbol.maskBit != 0 }

        /// The position of `symbol` in `cells`, or where it would be inserted.
        @inline(__always)
        private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
            var low = 0
            var high = cells.count
            while low < high {
                let middle = (low + high) >> 1
                if cells[middle].symbol.raw < symbol.raw { low = middle + 1 } else { high = middle }
            }
            return (low, low < cells.count && cells[low].symbol == symbol)
        }

        func coefficient(for symbol: Symbol) -> Double {
            guard mayContain(symbol) else { return 0 }
            let (index, found) = position(of: symbol)
            return found ? cells[index].coefficient : 0
        }

        /// Adds `coefficient × symbol`, dropping the cell if the sum is zero.
        mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
            if let last = cells.last, last.symbol.raw < symbol.raw {
                // New symbols have the highest ids, so appending is the common case.
                guard !isNearZero(coefficient) else { return }
                cells.append(Cell(symbol: symbol, coefficient: coefficient))
                mask |= symbol.maskBit
                return
            }
            let (index, found) = position(of: symbol)
            if found {
                let sum = cells[index].coefficient + coefficient
                if isNearZero(sum) {
                    cells.remove(at: index)
                } else {
                    cells[index].coefficient = sum
                }
            } else if !isNearZero(coefficient) {
                cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
                mask |= symbol.maskBit
            }
        }

        /// Adds `coefficient × other` (constant and cells).
        mutating func insert(_ other: Row, _ coefficient: Double = 1) {
            constant += other.constant * coefficient
            if other.cells.count <= 8 || other.cells.count * 4 <= cells.count {
                for cell in other.cells {
                    insert(cell.symbol, cell.coefficient * coefficient)
                }
            } else {
                merge(other, coefficient)
            }
        }

        /// `insert(_:_:)` for long rows: one linear pass instead of a search per cell.
        private mutating func merge(_ other: Row, _ coefficient: Double) {
            var merged: [Cell] = []
            merged.reserveCapacity(cells.count + other.cells.count)
            var newMask: UInt64 = 0
            var i = 0
            var j = 0
            let lhs = cells
            let rhs = other.cells
            while i < lhs.count || j < rhs.count {
                let cell: Cell
                if j == rhs.count || (i < lhs.count && lhs[i].symbol.raw < rhs[j].symbol.raw) {
                    cell = lhs[i]
                    i += 1
                } else if i == lhs.count || rhs[j].symbol.raw < lhs[i].symbol.raw {
                    cell = Cell(symbol: rhs[j].symbol, coefficient: rhs[j].coefficient * coefficient)
                    j += 1
                } else {
                    cell = Cell(symbol: lhs[i].symbol, coefficient: lhs[i].coefficient + rhs[j].coefficient * coefficient)
                    i += 1
                    j += 1
                }
                if !isNearZero(cell.coefficient) {
                    merged.append(cell)
                    newMask |= cell.symbol.maskBit
                }
            }
            cells = merged
            mask = newMask
        }

        mutating func remove(_ symbol: Symbol) {
            guard mayContain(symbol) else { return }
            let (index, found) = position(of: symbol)
            if found { cells.remove(at: index) }
        }

        mutating func reverseSign() {
            constant = -constant
            for index in cells.indices {
                cells[index].coefficient = -cells[index].coefficient
            }
        }

        /// Turns `0 = constant + a × symbol + rest` into `symbol = -constant/a - rest/a`.
        /// `symbol` must be in the row.
        mutating func solve(for symbol: Symbol) {
            let (index, found) = position(of: symbol)
            precondition(found, "solve(for:) needs a symbol of the row")
            let scale = -1 / cells[index].coefficient
            cells.remove(at: index)
            constant *= scale
            var newMask: UInt64 = 0
            for i in cells.indices {
                cells[i].coefficient *= scale
                newMask |= cells[i].symbol.maskBit
            }
            mask = newMask
        }

        /// Turns `lhs = … + a × rhs + …` into `rhs = …`: `lhs` leaves the basis and `rhs` enters.
        mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        /// Replaces `symbol` by the right-hand side of `row` (the row whose basic symbol it is).
        /// Returns whether the row mentioned `symbol`.
        @discardableResult
        mutating func substitute(_ symbol: Symbol, _ row: Row) -> Bool {
            guard mayContain(symbol) else { return false }
            let (index, found) = position(of: symbol)
            guard found else { return false }
            let coefficient = cells[index].coefficient
            cells.remove(at: index)
            insert(row, coefficient)
            return true
        }
    }
}
