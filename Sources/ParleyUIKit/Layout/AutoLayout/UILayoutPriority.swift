import Foundation

/// How much a constraint, a content-hugging or a compression-resistance setting matters, from 1 to
/// 1000 (`required`), with UIKit's names and values.
///
/// A required constraint must hold; lower priorities are preferences the layout engine satisfies as
/// far as it can, higher ones first. Priorities map to solver strengths with
/// `SolverStrength(layoutPriority:)`.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The priority as a number, 1…1000.
    public var rawValue: Float

    /// A priority from its number.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// A priority from its number.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: the default compression resistance; what a button resists being squeezed with.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510: a window resize drag that can resize the scene.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: the scene keeps its size.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490: a window resize drag that cannot resize the scene.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: the default content hugging.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the priority `systemLayoutSizeFitting` asks for the target size with by default, so
    /// the content's own preferences win.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Orders by number.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A priority `rhs` points higher, as in `.defaultHigh + 1`.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }

    /// A priority `rhs` points lower, as in `.required - 1`.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }

    /// The number, as UIKit prints it.
    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }

    /// Whether the constraint must hold.
    var isRequired: Bool { rawValue >= 1000 }

    /// The solver strength of this priority.
    var strength: SolverStrength { SolverStrength(layoutPriority: Double(rawValue)) }
}
