import Foundation

/// The corners of a rectangle, for rounding some of them.
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a set from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top left.
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// Top right.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// Bottom left.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// Bottom right.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// Line ends.
public enum CGLineCap: Int32, Sendable {
    /// Square end at the endpoint.
    case butt
    /// Rounded end.
    case round
    /// Square end past the endpoint.
    case square
}

/// Line joins.
public enum CGLineJoin: Int32, Sendable {
    /// Sharp corner.
    case miter
    /// Rounded corner.
    case round
    /// Cut corner.
    case bevel
}

/// A vector path with UIKit's API: build it, then fill, stroke or clip with it in the current context.
open class UIBezierPath {
    /// The path's commands.
    public private(set) var elements: [CGPath.Element] = []
    /// Stroke width.
    open var lineWidth: CGFloat = 1
    /// Stroke ends.
    open var lineCapStyle: CGLineCap = .butt
    /// Stroke joins.
    open var lineJoinStyle: CGLineJoin = .miter
    /// Even-odd instead of non-zero winding when filling.
    open var usesEvenOddFillRule = false
    private var currentPointStorage: CGPoint?

    /// An empty path.
    public init() {}

    /// A path from a Core Graphics path.
    public convenience init(cgPath: CGPath) {
        self.init()
        elements = cgPath.elements
    }

    /// A rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        // Four cubic quarter-arcs: exact enough (error < 0.03 %) and scales to ellipses.
        let k: CGFloat = 0.552_284_749_8
        let rx = rect.width / 2, ry = rect.height / 2, cx = rect.midX, cy = rect.midY
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + k * ry), controlPoint2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - k * rx, y: cy + ry), controlPoint2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - k * ry), controlPoint2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + k * rx, y: cy - ry), controlPoint2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// A rectangle with all corners rounded by `cornerRadius` (clamped to half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with some corners rounded.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = max(0, min(cornerRadii.width, rect.width / 2, rect.height / 2))
        func radius(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? r : 0 }
        let tl = radius(.topLeft), tr = radius(.topRight), br = radius(.bottomRight), bl = radius(.bottomLeft)
        move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 { addArc(withCenter: CGPoint(x: rect.maxX - tr, y: rect.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: true) }
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 { addArc(withCenter: CGPoint(x: rect.maxX - br, y: rect.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: true) }
        addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 { addArc(withCenter: CGPoint(x: rect.minX + bl, y: rect.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: true) }
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 { addArc(withCenter: CGPoint(x: rect.minX + tl, y: rect.minY + tl), radius: tl, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true) }
        close()
    }

    /// An arc.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// The path as an immutable Core Graphics path.
    open var cgPath: CGPath { CGPath(elements: elements) }

    /// The last point added.
    open var currentPoint: CGPoint { currentPointStorage ?? .zero }

    /// Whether the path is empty.
    open var isEmpty: Bool { elements.isEmpty }

    /// The bounding box of the points and control points.
    open var bounds: CGRect { cgPath.boundingBox }

    /// Starts a subpath.
    open func move(to point: CGPoint) { elements.append(.move(point)); currentPointStorage = point }
    /// Adds a straight line.
    open func addLine(to point: CGPoint) { elements.append(.line(point)); currentPointStorage = point }
    /// Adds a cubic curve.
    open func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2)); currentPointStorage = point
    }
    /// Adds a quadratic curve.
    open func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        elements.append(.quadCurve(to: point, control: controlPoint)); currentPointStorage = point
    }
    /// Adds an arc (with a line from the current point to its start, as Core Graphics does).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise))
        currentPointStorage = CGPoint(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle))
    }
    /// Closes the subpath.
    open func close() { elements.append(.close) }
    /// Removes every element.
    open func removeAllPoints() { elements.removeAll(); currentPointStorage = nil }
    /// Appends another path's elements.
    open func append(_ path: UIBezierPath) { elements += path.elements; currentPointStorage = path.currentPointStorage }

    /// Maps every point through `transform` (arcs become curves only when the transform is not a similarity).
    open func apply(_ transform: CGAffineTransform) {
        let scale = sqrt(abs(transform.a * transform.d - transform.b * transform.c))
        elements = elements.map { element in
            switch element {
            case .move(let p): return .move(p.applying(transform))
            case .line(let p): return .line(p.applying(transform))
            case let .quadCurve(p, c): return .quadCurve(to: p.applying(transform), control: c.applying(transform))
            case let .curve(p, c1, c2): return .curve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case let .arc(center, r, s, e, cw):
                let rotation = atan2(transform.b, transform.a)
                return .arc(center: center.applying(transform), radius: r * scale, startAngle: s + rotation, endAngle: e + rotation, clockwise: cw)
            case .close: return .close
            }
        }
    }

    /// Fills the path in the current context with its fill colour.
    @preconcurrency @MainActor open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path in the current context with its stroke colour.
    @preconcurrency @MainActor open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    @preconcurrency @MainActor open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
