import Foundation
import ParleyUIKit

/// The space a component may take: a minimum and a maximum size.
///
/// A component's `layout(_:)` returns a render node whose size lies within the constraint. An
/// infinite maximum means "as much as you like" along that axis: a vertical list lays its rows
/// out with a finite width and an infinite height.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    /// The smallest size allowed.
    public var minSize: CGSize
    /// The largest size allowed; `.infinity` along an axis means unbounded.
    public var maxSize: CGSize

    /// A constraint between `minSize` and `maxSize` (unbounded by default).
    ///
    /// Negative or NaN values become 0, and a minimum larger than the maximum is lowered to it,
    /// so every constraint a layout sees is well formed.
    public init(minSize: CGSize = .zero, maxSize: CGSize = CGSize(width: CGFloat.infinity, height: CGFloat.infinity)) {
        let maxWidth = Constraint.clean(maxSize.width, fallback: .infinity)
        let maxHeight = Constraint.clean(maxSize.height, fallback: .infinity)
        self.maxSize = CGSize(width: maxWidth, height: maxHeight)
        self.minSize = CGSize(width: min(Constraint.clean(minSize.width, fallback: 0), maxWidth),
                              height: min(Constraint.clean(minSize.height, fallback: 0), maxHeight))
    }

    /// A constraint that allows exactly one size.
    public init(tightSize: CGSize) {
        self.init(minSize: tightSize, maxSize: tightSize)
    }

    /// No limits at all.
    public static let unlimited = Constraint()

    /// Whether only one size is allowed.
    public var isTight: Bool { minSize == maxSize }

    /// The constraint left for content inside `insets`: both sizes shrink by the insets (never
    /// below 0); unbounded axes stay unbounded.
    public func inset(by insets: UIEdgeInsets) -> Constraint {
        func shrink(_ value: CGFloat, by amount: CGFloat) -> CGFloat {
            value == .infinity ? .infinity : max(0, value - amount)
        }
        return Constraint(
            minSize: CGSize(width: shrink(minSize.width, by: insets.horizontal), height: shrink(minSize.height, by: insets.vertical)),
            maxSize: CGSize(width: shrink(maxSize.width, by: insets.horizontal), height: shrink(maxSize.height, by: insets.vertical))
        )
    }

    /// A readable form for test failures.
    public var description: String {
        "Constraint(min: \(minSize.width)×\(minSize.height), max: \(maxSize.width)×\(maxSize.height))"
    }

    /// Negative and NaN lengths are meaningless for a constraint; `fallback` stands in for NaN.
    private static func clean(_ value: CGFloat, fallback: CGFloat) -> CGFloat {
        if value.isNaN { return fallback }
        return max(0, value)
    }
}

extension CGSize {
    /// The size clamped into `constraint` (each axis between its minimum and maximum).
    public func bound(to constraint: Constraint) -> CGSize {
        CGSize(width: min(max(width, constraint.minSize.width), constraint.maxSize.width),
               height: min(max(height, constraint.minSize.height), constraint.maxSize.height))
    }
}
