extension Cassowary {
    /// A column of the simplex tableau (the paper's "variable" in the augmented problem).
    ///
    /// Kinds follow Badros, Borning and Stuckey's Cassowary paper and Kiwi:
    /// - `external`: a user variable (`SolverVariable`); unrestricted in sign.
    /// - `slack`: turns an inequality into an equation; restricted to ≥ 0.
    /// - `error`: measures how far a non-required constraint is from holding; ≥ 0, weighted in the objective.
    /// - `dummy`: marks a required equality; always 0, never enters the basis. A dummy lets the solver
    ///   find the constraint again (for removal or a constant change) and detect redundant equalities.
    ///
    /// The id and the kind share one integer so that a cell of a row is 16 bytes and symbols order by
    /// id. Ids are handed out in creation order and never reused within a tableau, which is what makes
    /// the lowest-id tie-break (Bland's rule) deterministic.
    struct Symbol: Hashable, Comparable {
        enum Kind: Int {
            case invalid = 0, external, slack, error, dummy
        }

        /// `id << 3 | kind`.
        let raw: Int

        init(id: Int, kind: Kind) {
            raw = id << 3 | kind.rawValue
        }

        static let invalid = Symbol(id: 0, kind: .invalid)

        var id: Int { raw >> 3 }

        var isInvalid: Bool { raw == 0 }
        var isExternal: Bool { raw & 7 == Kind.external.rawValue }
        var isDummy: Bool { raw & 7 == Kind.dummy.rawValue }
        var isError: Bool { raw & 7 == Kind.error.rawValue }
        /// Slack and error symbols: restricted to ≥ 0 and allowed to enter the basis.
        var isPivotable: Bool {
            let kind = raw & 7
            return kind == Kind.slack.rawValue || kind == Kind.error.rawValue
        }

        /// The bit of this symbol in a row's occupancy mask (see `Row.mask`).
        var maskBit: UInt64 { 1 &<< UInt64(truncatingIfNeeded: (raw >> 3) & 63) }

        static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
    }
}
