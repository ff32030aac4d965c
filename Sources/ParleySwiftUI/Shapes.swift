import Foundation
import ParleyComponent
import ParleyUIKit

/// A shape that fills the frame it is given (SwiftUI's `Shape`): filled with the primary colour
/// unless given another, stroked with ``stroke(_:lineWidth:)``, or used to clip with
/// `clipShape(_:)`.
@preconcurrency @MainActor
public protocol Shape: PrimitiveView {
    /// The corner radius that draws the shape in a frame of `size` (Parley's shapes are rounded
    /// rectangles).
    func cornerRadius(in size: CGSize) -> CGFloat
    /// Where the shape is drawn in a frame of `size` (the whole frame, but for a circle: a
    /// square of the shorter side, centred).
    func drawnRect(in size: CGSize) -> CGRect
}

extension Shape {
    /// The whole frame.
    public func drawnRect(in size: CGSize) -> CGRect { CGRect(origin: .zero, size: size) }
}

extension Shape {
    /// The shape filled with `color`.
    public func fill(_ color: Color) -> ShapeView { ShapeView(shape: self, fill: color.uiColor) }
    /// The shape filled with `gradient`.
    public func fill(_ gradient: LinearGradient) -> ShapeView {
        ShapeView(shape: self, fill: nil, gradient: gradient)
    }
    /// The shape's outline in `color`, `lineWidth` points wide.
    public func stroke(_ color: Color, lineWidth: CGFloat = 1) -> ShapeView {
        ShapeView(shape: self, fill: nil, stroke: color.uiColor, lineWidth: lineWidth)
    }
    /// The shape filled with `color`.
    public func foregroundColor(_ color: Color?) -> ShapeView { ShapeView(shape: self, fill: color?.uiColor ?? .label) }
    /// The shape filled with `color`.
    public func foregroundStyle(_ color: Color) -> ShapeView { fill(color) }

    /// Filled with the primary colour.
    public func layout(_ constraint: Constraint) -> ShapeRenderNode {
        ShapeView(shape: self, fill: .label).layout(constraint)
    }
}

/// A circle (drawn in the frame's shorter side).
public struct Circle: Shape {
    /// A circle.
    public init() {}
    /// Half the shorter side.
    public func cornerRadius(in size: CGSize) -> CGFloat { min(size.width, size.height) / 2 }
    /// A square of the shorter side, centred (SwiftUI fits a circle in its frame).
    public func drawnRect(in size: CGSize) -> CGRect {
        let side = min(size.width, size.height)
        return CGRect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
    }
}

/// A capsule: a rectangle with fully rounded ends.
public struct Capsule: Shape {
    /// A capsule.
    public init() {}
    /// Half the shorter side.
    public func cornerRadius(in size: CGSize) -> CGFloat { min(size.width, size.height) / 2 }
}

/// A rectangle.
public struct Rectangle: Shape {
    /// A rectangle.
    public init() {}
    /// No rounding.
    public func cornerRadius(in size: CGSize) -> CGFloat { 0 }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    /// The corner radius.
    public let radius: CGFloat

    /// A rectangle whose corners are rounded by `cornerRadius`.
    public init(cornerRadius: CGFloat) { radius = cornerRadius }
    /// A rectangle whose corners are rounded by `cornerSize`'s width.
    public init(cornerSize: CGSize) { radius = cornerSize.width }
    /// The radius, at most half the shorter side.
    public func cornerRadius(in size: CGSize) -> CGFloat { min(radius, min(size.width, size.height) / 2) }
}

/// A drawn shape: its fill, outline and rounding.
public struct ShapeView: PrimitiveView {
    let shape: any Shape
    let fill: UIColor?
    var gradient: LinearGradient?
    var stroke: UIColor?
    var lineWidth: CGFloat = 0

    init(shape: any Shape, fill: UIColor?, gradient: LinearGradient? = nil,
         stroke: UIColor? = nil, lineWidth: CGFloat = 0) {
        self.shape = shape
        self.fill = fill
        self.gradient = gradient
        self.stroke = stroke
        self.lineWidth = lineWidth
    }

    /// Fills the frame it is given (a circle: the largest centred square of it).
    public func layout(_ constraint: Constraint) -> ShapeRenderNode {
        let size = constraint.fillingSize
        let drawn = shape.drawnRect(in: size)
        let node = ShapeRenderNode(size: drawn.size, radius: shape.cornerRadius(in: drawn.size), fill: fill, gradient: gradient,
                                   stroke: stroke, lineWidth: lineWidth)
        guard drawn.size != size else { return node }
        // The frame is the shape's; the view is the drawn part's.
        return ShapeRenderNode(size: size, drawn: node, at: drawn.origin)
    }
}

/// The render node of a shape: a view with a background, a corner radius and a border (or, for
/// a shape drawn in part of its frame, the frame holding that part's node).
public struct ShapeRenderNode: RenderNode {
    /// The shape's size.
    public let size: CGSize
    let radius: CGFloat
    let fill: UIColor?
    let gradient: LinearGradient?
    let stroke: UIColor?
    let lineWidth: CGFloat
    /// The drawn part, when it is not the whole frame.
    public let children: [any RenderNode]
    /// Where the drawn part is.
    public let positions: [CGPoint]

    init(size: CGSize, radius: CGFloat, fill: UIColor?, gradient: LinearGradient?, stroke: UIColor?, lineWidth: CGFloat) {
        self.size = size
        self.radius = radius
        self.fill = fill
        self.gradient = gradient
        self.stroke = stroke
        self.lineWidth = lineWidth
        children = []
        positions = []
    }

    init(size: CGSize, drawn: ShapeRenderNode, at origin: CGPoint) {
        self.size = size
        radius = 0
        fill = nil
        gradient = nil
        stroke = nil
        lineWidth = 0
        children = [drawn]
        positions = [origin]
    }

    /// A shape has a view (a frame holding a drawn part has the part's).
    public var shouldRenderView: Bool { children.isEmpty }

    /// A gradient view (plain when there is no gradient).
    public func makeView() -> UIView {
        let view = GradientView()
        // Paint only: a tap on a button's filled label reaches the button behind it (as a
        // `ColorBox` lets it).
        view.isUserInteractionEnabled = false
        return view
    }

    /// Sets the fill, the rounding and the border.
    public func updateView(_ view: UIView) {
        view.backgroundColor = fill ?? .clear
        view.layer.cornerRadius = radius
        view.layer.masksToBounds = radius > 0
        view.layer.borderWidth = stroke == nil ? 0 : lineWidth
        view.layer.borderColor = stroke
        (view as? GradientView)?.gradient = gradient
    }
}

/// A point in a unit square (SwiftUI's `UnitPoint`): where a gradient starts and ends.
public struct UnitPoint: Sendable, Hashable {
    /// 0 at the leading edge, 1 at the trailing edge.
    public var x: CGFloat
    /// 0 at the top, 1 at the bottom.
    public var y: CGFloat

    /// A point.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// The top edge's centre.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The bottom edge's centre.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The leading edge's centre.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The trailing edge's centre.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The top leading corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top trailing corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom leading corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom trailing corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// Colours a gradient passes through (SwiftUI's `Gradient`).
public struct Gradient: Sendable, Hashable {
    /// The colours, evenly spaced.
    public var colors: [Color]

    /// A gradient through `colors`.
    public init(colors: [Color]) { self.colors = colors }
}

/// A linear gradient filling its frame (SwiftUI's `LinearGradient`).
///
/// ```swift
/// LinearGradient(colors: [.purple, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)
/// ```
public struct LinearGradient: PrimitiveView, Sendable, Hashable {
    /// The colours.
    public var gradient: Gradient
    /// Where the first colour is.
    public var startPoint: UnitPoint
    /// Where the last colour is.
    public var endPoint: UnitPoint

    /// A gradient from `startPoint` to `endPoint`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// A gradient through `colors` from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// Fills the frame it is given.
    public func layout(_ constraint: Constraint) -> ShapeRenderNode {
        ShapeRenderNode(size: constraint.fillingSize, radius: 0, fill: nil, gradient: self, stroke: nil, lineWidth: 0)
    }

    /// The colour at `t` (0…1) along the gradient.
    func color(at t: CGFloat, traits: UITraitCollection) -> UIColor {
        let colors = gradient.colors.map { $0.uiColor.resolvedColor(with: traits) }
        guard colors.count > 1 else { return colors.first ?? .clear }
        let position = max(0, min(1, t)) * CGFloat(colors.count - 1)
        let index = min(Int(position), colors.count - 2)
        let fraction = position - CGFloat(index)
        let a = colors[index].components(for: traits), b = colors[index + 1].components(for: traits)
        return UIColor(red: a.red + (b.red - a.red) * fraction, green: a.green + (b.green - a.green) * fraction,
                       blue: a.blue + (b.blue - a.blue) * fraction, alpha: a.alpha + (b.alpha - a.alpha) * fraction)
    }
}

/// A view that draws a linear gradient in bands (one per device pixel along the axis, at most 256).
final class GradientView: UIView {
    var gradient: LinearGradient? { didSet { if gradient != oldValue { setNeedsDisplay() } } }

    override func draw(_ rect: CGRect) {
        guard let gradient, let context = UIGraphicsGetCurrentContext() else { return }
        let size = bounds.size
        let dx = gradient.endPoint.x - gradient.startPoint.x, dy = gradient.endPoint.y - gradient.startPoint.y
        let length = dx * dx + dy * dy
        guard length > 0 else { return }
        let bands = 64
        // Fill cells of a grid with the colour at their centre's projection on the gradient axis.
        let columns = abs(dx) > 0.001 ? bands : 1, rows = abs(dy) > 0.001 ? bands : 1
        let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows))
        for row in 0..<rows {
            for column in 0..<columns {
                let u = (CGFloat(column) + 0.5) / CGFloat(columns), v = (CGFloat(row) + 0.5) / CGFloat(rows)
                let t = ((u - gradient.startPoint.x) * dx + (v - gradient.startPoint.y) * dy) / length
                context.setFillColor(gradient.color(at: t, traits: traitCollection))
                context.fill(CGRect(x: CGFloat(column) * cell.width, y: CGFloat(row) * cell.height,
                                    width: cell.width + 0.5, height: cell.height + 0.5))
            }
        }
    }
}
