import CCairoPango
import Foundation

/// How a path's interior is decided when filling or clipping.
public enum CGPathFillRule: Sendable {
    /// Non-zero winding.
    case winding
    /// Even-odd.
    case evenOdd
}

/// A drawing context with Core Graphics' names, drawing with Cairo.
///
/// Coordinates are in points with the origin at the top left (UIKit's flipped space); the device
/// scale is already applied. Dynamic colours resolve with the context's `traitCollection`.
@preconcurrency @MainActor
public final class CGContext {
    let cairo: OpaquePointer
    /// The traits dynamic colours resolve with.
    public let traitCollection: UITraitCollection
    private var fillColor: UIColor = .black
    private var strokeColor: UIColor = .black
    private var alpha: CGFloat = 1
    private var stateStack: [(UIColor, UIColor, CGFloat)] = []

    init(cairo: OpaquePointer, traitCollection: UITraitCollection) {
        self.cairo = cairo
        self.traitCollection = traitCollection
        cairo_set_line_width(cairo, 1)
    }

    /// Pushes the graphics state.
    public func saveGState() {
        cairo_save(cairo)
        stateStack.append((fillColor, strokeColor, alpha))
    }

    /// Pops the graphics state.
    public func restoreGState() {
        cairo_restore(cairo)
        if let state = stateStack.popLast() { (fillColor, strokeColor, alpha) = state }
    }

    /// Moves the origin.
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cairo, Double(x), Double(y)) }
    /// Scales the coordinate space.
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cairo, Double(x), Double(y)) }
    /// Rotates the coordinate space.
    public func rotate(by angle: CGFloat) { cairo_rotate(cairo, Double(angle)) }
    /// Applies a transform to the coordinate space.
    public func concatenate(_ t: CGAffineTransform) {
        var m = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
        cairo_transform(cairo, &m)
    }

    /// Sets the colour `fill…` calls use.
    public func setFillColor(_ color: UIColor) { fillColor = color }
    /// Sets the colour `stroke…` calls use.
    public func setStrokeColor(_ color: UIColor) { strokeColor = color }
    /// Sets a global alpha multiplied into every fill and stroke.
    public func setAlpha(_ alpha: CGFloat) { self.alpha = alpha }
    /// Sets the stroke width.
    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cairo, Double(width)) }
    /// Sets the stroke ends.
    public func setLineCap(_ cap: CGLineCap) { cairo_set_line_cap(cairo, cairo_line_cap_t(UInt32(cap.rawValue))) }
    /// Sets the stroke joins.
    public func setLineJoin(_ join: CGLineJoin) { cairo_set_line_join(cairo, cairo_line_join_t(UInt32(join.rawValue))) }
    /// Sets a dash pattern (empty for solid lines).
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let values = lengths.map(Double.init)
        cairo_set_dash(cairo, values, Int32(values.count), Double(phase))
    }

    /// Starts a new path, discarding the current one.
    public func beginPath() { cairo_new_path(cairo) }
    /// Starts a subpath.
    public func move(to point: CGPoint) { cairo_move_to(cairo, Double(point.x), Double(point.y)) }
    /// Adds a line.
    public func addLine(to point: CGPoint) { cairo_line_to(cairo, Double(point.x), Double(point.y)) }
    /// Adds a rectangle.
    public func addRect(_ rect: CGRect) { cairo_rectangle(cairo, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height)) }
    /// Adds an ellipse.
    public func addEllipse(in rect: CGRect) { addPath(CGPath(ellipseIn: rect)) }
    /// Closes the subpath.
    public func closePath() { cairo_close_path(cairo) }

    /// Adds a path's elements to the current path.
    public func addPath(_ path: CGPath) {
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cairo, Double(p.x), Double(p.y))
            case .line(let p): cairo_line_to(cairo, Double(p.x), Double(p.y))
            case let .quadCurve(p, c):
                // Cairo has only cubics: raise the degree.
                var x0 = 0.0, y0 = 0.0
                if cairo_has_current_point(cairo) != 0 { cairo_get_current_point(cairo, &x0, &y0) } else { x0 = Double(p.x); y0 = Double(p.y) }
                let c1x = x0 + 2.0 / 3.0 * (Double(c.x) - x0), c1y = y0 + 2.0 / 3.0 * (Double(c.y) - y0)
                let c2x = Double(p.x) + 2.0 / 3.0 * (Double(c.x) - Double(p.x)), c2y = Double(p.y) + 2.0 / 3.0 * (Double(c.y) - Double(p.y))
                cairo_curve_to(cairo, c1x, c1y, c2x, c2y, Double(p.x), Double(p.y))
            case let .curve(p, c1, c2):
                cairo_curve_to(cairo, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
            case let .arc(center, r, s, e, clockwise):
                // UIKit's y axis points down, so its "clockwise" is Cairo's positive direction.
                if clockwise {
                    cairo_arc(cairo, Double(center.x), Double(center.y), Double(r), Double(s), Double(e))
                } else {
                    cairo_arc_negative(cairo, Double(center.x), Double(center.y), Double(r), Double(s), Double(e))
                }
            case .close: cairo_close_path(cairo)
            }
        }
    }

    private func setSource(_ color: UIColor) {
        let c = color.components(for: traitCollection)
        cairo_set_source_rgba(cairo, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
    }

    /// Fills the current path and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        setSource(fillColor)
        cairo_fill(cairo)
    }

    /// Strokes the current path and clears it.
    public func strokePath() {
        setSource(strokeColor)
        cairo_stroke(cairo)
    }

    /// Intersects the clip with the current path and clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cairo)
    }

    /// Intersects the clip with a rectangle.
    public func clip(to rect: CGRect) {
        cairo_new_path(cairo)
        addRect(rect)
        cairo_clip(cairo)
    }

    /// Fills a rectangle with the fill colour.
    public func fill(_ rect: CGRect) { cairo_new_path(cairo); addRect(rect); fillPath() }
    /// Strokes a rectangle with the stroke colour.
    public func stroke(_ rect: CGRect) { cairo_new_path(cairo); addRect(rect); strokePath() }
    /// Fills an ellipse.
    public func fillEllipse(in rect: CGRect) { cairo_new_path(cairo); addEllipse(in: rect); fillPath() }
    /// Strokes an ellipse.
    public func strokeEllipse(in rect: CGRect) { cairo_new_path(cairo); addEllipse(in: rect); strokePath() }

    /// Makes a rectangle transparent.
    public func clear(_ rect: CGRect) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_new_path(cairo)
        addRect(rect)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Draws an image scaled into `rect`.
    public func draw(_ image: UIImage, in rect: CGRect) {
        image.draw(in: rect, context: self, tint: nil, alpha: alpha)
    }

    /// The current transform from user space to device pixels.
    public var ctm: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }
}

// MARK: - The current context

@MainActor private var contextStack: [CGContext] = []

/// The context `draw(_:)`, `UIBezierPath.fill()` and friends draw into, if any.
@preconcurrency @MainActor
public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }

/// Makes `context` current.
@preconcurrency @MainActor
public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }

/// Restores the previous current context.
@preconcurrency @MainActor
public func UIGraphicsPopContext() { _ = contextStack.popLast() }

extension UIColor {
    /// Makes this the fill and stroke colour of the current context.
    @preconcurrency @MainActor public func set() { setFill(); setStroke() }
    /// Makes this the fill colour of the current context.
    @preconcurrency @MainActor public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self) }
    /// Makes this the stroke colour of the current context.
    @preconcurrency @MainActor public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self) }
}

/// Draws into a new image, as UIKit's image renderer does.
@preconcurrency @MainActor
public final class UIGraphicsImageRenderer {
    /// The image size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// The traits dynamic colours resolve with.
    public let traitCollection: UITraitCollection

    /// A renderer for images of `size` points at `scale` (default 2).
    public init(size: CGSize, scale: CGFloat = 2, traitCollection: UITraitCollection = .default) {
        self.size = size
        self.scale = scale
        self.traitCollection = traitCollection
    }

    /// Runs `actions` with a context whose current drawing goes into the returned image.
    public func image(actions: (CGContext) -> Void) -> UIImage {
        let pw = max(1, Int((size.width * scale).rounded(.up))), ph = max(1, Int((size.height * scale).rounded(.up)))
        guard let surface = Surface(pixelWidth: pw, pixelHeight: ph), let cr = cairo_create(surface.raw) else {
            return UIImage.empty
        }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(scale), Double(scale))
        let context = CGContext(cairo: cr, traitCollection: traitCollection)
        UIGraphicsPushContext(context)
        actions(context)
        UIGraphicsPopContext()
        cairo_surface_flush(surface.raw)
        return UIImage(surface: surface, scale: scale)
    }

    /// The same drawing, encoded as PNG.
    public func pngData(actions: (CGContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}
