/// An unknown of a `CassowarySolver`, such as the minX or the width of a view.
///
/// Make variables with `CassowarySolver.makeVariable(_:)`. A variable is an index: `id` counts the
/// variables of its solver in creation order, from 0. It belongs to the solver that made it; a
/// constraint may be added to another solver only if that solver made the same ids (it made as
/// many variables, in the same order).
public struct SolverVariable: Hashable, Sendable, CustomStringConvertible {
    /// The position of the variable among its solver's variables, in creation order.
    public let id: Int

    init(id: Int) {
        self.id = id
    }

    /// `v<id>`; the solver knows the variable's name (`CassowarySolver.name(of:)`).
    public var description: String { "v\(id)" }
}

/// `coefficient × variable`, one term of a `SolverExpression`.
public struct SolverTerm: Hashable, Sendable {
    /// The variable.
    public var variable: SolverVariable
    /// The factor it is multiplied by.
    public var coefficient: Double

    /// `coefficient × variable`.
    public init(_ variable: SolverVariable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient × variable + constant`.
///
/// A variable may appear in several terms; the solver adds their coefficients.
///
/// ```swift
/// // label.minX - (avatar.minX + avatar.width) - 8
/// let gap = SolverExpression([SolverTerm(labelX), SolverTerm(avatarX, -1), SolverTerm(avatarWidth, -1)],
///                            constant: -8)
/// ```
public struct SolverExpression: Hashable, Sendable {
    /// The terms, in the order they were given.
    public var terms: [SolverTerm]
    /// The constant term.
    public var constant: Double

    /// `Σ terms + constant`.
    public init(_ terms: [SolverTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// `coefficient × variable + constant`.
    public init(_ variable: SolverVariable, _ coefficient: Double = 1, constant: Double = 0) {
        self.terms = [SolverTerm(variable, coefficient)]
        self.constant = constant
    }

    /// A constant expression.
    public init(constant: Double) {
        self.terms = []
        self.constant = constant
    }

    /// This expression plus `coefficient × variable`.
    public func adding(_ variable: SolverVariable, _ coefficient: Double = 1) -> SolverExpression {
        var result = self
        result.terms.append(SolverTerm(variable, coefficient))
        return result
    }

    /// This expression plus `factor × other`.
    public func adding(_ other: SolverExpression, times factor: Double = 1) -> SolverExpression {
        var result = self
        result.terms.reserveCapacity(terms.count + other.terms.count)
        for term in other.terms {
            result.terms.append(SolverTerm(term.variable, term.coefficient * factor))
        }
        result.constant += other.constant * factor
        return result
    }

    /// This expression plus `value`.
    public func adding(constant value: Double) -> SolverExpression {
        var result = self
        result.constant += value
        return result
    }
}
