import Foundation

/// How the expression of a `SolverConstraint` compares with zero.
public enum SolverRelation: String, Hashable, Sendable {
    /// `expression == 0`
    case equal = "=="
    /// `expression <= 0`
    case lessThanOrEqual = "<="
    /// `expression >= 0`
    case greaterThanOrEqual = ">="
}

/// How hard the solver tries to satisfy a constraint.
///
/// As in Kiwi, a strength is one number built from three tiers, `strong`, `medium` and `weak`,
/// each worth 1,000 of the tier below (and each clipped to 0…1000), times a weight. A `required`
/// constraint must hold; the others are preferences: the solver minimises the sum, over
/// non-required constraints, of strength × violation.
///
/// UIKit's `UILayoutPriority` maps with `init(layoutPriority:)`.
public struct SolverStrength: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The weight in the objective. `required` and above means "must hold".
    public let value: Double

    /// A strength from an explicit weight (clipped to 0…`required`).
    public init(_ value: Double) {
        self.value = min(max(value, 0), SolverStrength.requiredValue)
    }

    /// Kiwi's `strength::create`: `strong × 10⁶ + medium × 10³ + weak`, each tier times `weight`
    /// and clipped to 0…1000.
    public init(strong: Double, medium: Double, weak: Double, weight: Double = 1) {
        func tier(_ x: Double) -> Double { min(max(x * weight, 0), 1000) }
        self.init(tier(strong) * 1_000_000 + tier(medium) * 1_000 + tier(weak))
    }

    /// UIKit's layout priority (1…1000) as a strength.
    ///
    /// 1000 and above is `required`. Below, the weight doubles every 50 points,
    /// `2^(priority / 50)`: 250 (`defaultLow`) ≈ 32, 500 ≈ 1,024 (about `medium`), 750 (`defaultHigh`)
    /// ≈ 32,768, 999 ≈ 10⁶ (about `strong`), 50 (`fittingSizeLevel`) = 2. Every step of one point
    /// wins over an equal violation at the priority below (×1.014), and a gap of 500 points makes the
    /// higher priority win over about a thousand units of violation of the lower one, which is close to
    /// UIKit's "higher priorities are satisfied first" without exhausting a double's precision.
    /// Priorities ≤ 0 give a zero weight (the constraint has no effect).
    public init(layoutPriority: Double) {
        if layoutPriority >= 1000 {
            self = .required
        } else if layoutPriority <= 0 {
            self.init(0)
        } else {
            self.init(pow(2, layoutPriority / 50))
        }
    }

    static let requiredValue = 1_001_001_000.0

    /// Must hold. Adding a required constraint that cannot hold throws.
    public static let required = SolverStrength(requiredValue)
    /// Kiwi's strong: 10⁶.
    public static let strong = SolverStrength(1_000_000)
    /// Kiwi's medium: 10³.
    public static let medium = SolverStrength(1_000)
    /// Kiwi's weak: 1.
    public static let weak = SolverStrength(1)

    /// Whether constraints of this strength must hold.
    public var isRequired: Bool { value >= SolverStrength.requiredValue }

    /// Weaker strengths order first.
    public static func < (lhs: SolverStrength, rhs: SolverStrength) -> Bool { lhs.value < rhs.value }

    /// `required`, `strong`, `medium`, `weak`, or the number.
    public var description: String {
        switch value {
        case SolverStrength.requiredValue: "required"
        case 1_000_000: "strong"
        case 1_000: "medium"
        case 1: "weak"
        default: "\(value)"
        }
    }
}

/// A linear constraint `expression relation 0` with a strength, e.g. `x - y - 8 == 0` for
/// `x == y + 8`.
///
/// A constraint is an immutable object compared by identity: the solver finds it again by
/// reference for `removeConstraint(_:)` and `setConstant(_:for:)`. The constant a solver currently
/// uses may differ from `expression.constant` after `setConstant(_:for:)`; ask the solver with
/// `constant(for:)`.
///
/// For an Auto Layout constraint `item1.attr1 relation multiplier × item2.attr2 + constant`, use the
/// expression `attr1 - multiplier × attr2 - constant`, so the solver's constant is `-constant`.
public final class SolverConstraint: Sendable, CustomStringConvertible {
    /// The left-hand side; the right-hand side is 0.
    public let expression: SolverExpression
    /// How `expression` compares with 0.
    public let relation: SolverRelation
    /// How hard the solver tries to satisfy the constraint.
    public let strength: SolverStrength
    /// A name for messages (an Auto Layout constraint's description, say). May be empty.
    public let name: String

    /// `expression relation 0`.
    public init(_ expression: SolverExpression, _ relation: SolverRelation,
                strength: SolverStrength = .required, name: String = "") {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.name = name
    }

    /// `lhs relation rhs`, stored as `lhs - rhs relation 0`.
    public convenience init(_ lhs: SolverExpression, _ relation: SolverRelation, _ rhs: SolverExpression,
                            strength: SolverStrength = .required, name: String = "") {
        self.init(lhs.adding(rhs, times: -1), relation, strength: strength, name: name)
    }

    /// The name if there is one, else the equation, e.g. `1.0×v3 - 1.0×v5 - 8.0 == 0 (required)`.
    public var description: String {
        if !name.isEmpty { return name }
        var text = ""
        for term in expression.terms {
            if text.isEmpty {
                text = "\(term.coefficient)×\(term.variable)"
            } else {
                text += term.coefficient < 0 ? " - \(-term.coefficient)×\(term.variable)"
                    : " + \(term.coefficient)×\(term.variable)"
            }
        }
        let constant = expression.constant
        if text.isEmpty {
            text = "\(constant)"
        } else if constant != 0 {
            text += constant < 0 ? " - \(-constant)" : " + \(constant)"
        }
        return "\(text) \(relation.rawValue) 0 (\(strength))"
    }
}
