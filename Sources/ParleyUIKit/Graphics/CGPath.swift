import Foundation

/// An immutable vector path: the Core Graphics type that layers and contexts take.
public final class CGPath: @unchecked Sendable, Equatable {
    /// One drawing command of a path.
    public enum Element: Equatable, Sendable {
        /// Starts a subpath.
        case move(CGPoint)
        /// A straight line.
        case line(CGPoint)
        /// A quadratic Bézier curve.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A circular arc (angles in radians, clockwise in UIKit's flipped coordinates).
        case arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool)
        /// Closes the current subpath.
        case close
    }

    /// The drawing commands.
    public let elements: [Element]

    /// A path from its elements.
    public init(elements: [Element]) { self.elements = elements }

    /// A rectangle.
    public convenience init(rect: CGRect) {
        self.init(elements: UIBezierPath(rect: rect).elements)
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect) {
        self.init(elements: UIBezierPath(ovalIn: rect).elements)
    }

    /// A rounded rectangle.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        self.init(elements: UIBezierPath(roundedRect: rect, cornerRadius: min(cornerWidth, cornerHeight)).elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest box containing every point and control point (arcs by their full circle).
    public var boundingBox: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case let .quadCurve(p, c): add(p); add(c)
            case let .curve(p, c1, c2): add(p); add(c1); add(c2)
            case let .arc(center, r, _, _, _):
                add(CGPoint(x: center.x - r, y: center.y - r)); add(CGPoint(x: center.x + r, y: center.y + r))
            case .close: break
            }
        }
        guard minX.isFinite else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Paths are equal when their elements are.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
}
