import Foundation

/// Insets for the four edges of a rectangle, as in UIKit.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// No insets.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The sum of the left and right insets.
    public var horizontal: CGFloat { left + right }
    /// The sum of the top and bottom insets.
    public var vertical: CGFloat { top + bottom }
}

/// Edge insets that use leading and trailing instead of left and right; they flip in a
/// right-to-left layout.
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The leading inset (left in left-to-right layouts).
    public var leading: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The trailing inset (right in left-to-right layouts).
    public var trailing: CGFloat

    /// Creates insets.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// No insets.
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// The left/right form for a layout direction.
    public func edgeInsets(for direction: UIUserInterfaceLayoutDirection) -> UIEdgeInsets {
        direction == .rightToLeft
            ? UIEdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown for negative insets), as UIKit's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let rect = standardized
        let width = rect.width - insets.left - insets.right
        let height = rect.height - insets.top - insets.bottom
        guard width >= 0, height >= 0 else { return .null }
        return CGRect(x: rect.minX + insets.left, y: rect.minY + insets.top, width: width, height: height)
    }
}

extension CGFloat {
    /// Rounds up to the next multiple of `1 / scale` (a whole device pixel).
    public func ceiled(toScale scale: CGFloat) -> CGFloat {
        guard scale > 0 else { return self.rounded(.up) }
        // The small epsilon keeps 10.000000001 from becoming 10.5.
        return ((self * scale) - 1e-6).rounded(.up) / scale
    }

    /// Rounds to the nearest multiple of `1 / scale`.
    public func rounded(toScale scale: CGFloat) -> CGFloat {
        guard scale > 0 else { return self.rounded() }
        return (self * scale).rounded() / scale
    }
}

extension CGRect {
    /// The centre point.
    var center: CGPoint { CGPoint(x: midX, y: midY) }
}
