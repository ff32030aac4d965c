import Foundation

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top left (minimum x, minimum y in UIKit's flipped space).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// Top right.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// Bottom left.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// Bottom right.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// All four corners.
    public static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    var rectCorners: UIRectCorner {
        var corners: UIRectCorner = []
        if contains(.layerMinXMinYCorner) { corners.insert(.topLeft) }
        if contains(.layerMaxXMinYCorner) { corners.insert(.topRight) }
        if contains(.layerMinXMaxYCorner) { corners.insert(.bottomLeft) }
        if contains(.layerMaxXMaxYCorner) { corners.insert(.bottomRight) }
        return corners
    }
}

/// Who draws a layer's content: views are their layers' delegates.
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Draws the layer's content into `context` (in the layer's bounds coordinates).
    func draw(_ layer: CALayer, in context: CGContext)
}

/// A node of the retained render tree (a Core Animation subset).
///
/// A layer has geometry, a background, a border, a shadow, an opacity and an optional backing
/// surface — its content, drawn by its delegate or by `draw(in:)` — that is cached and redrawn only
/// after `setNeedsDisplay()` or a change of size or scale. A frame composes the cached surfaces
/// (see `Compositor`); changing a position or an opacity redraws nothing.
@preconcurrency @MainActor
open class CALayer {
    /// The layer's own coordinate space: its size and the origin of its sublayers' space.
    open var bounds: CGRect = .zero {
        didSet {
            if bounds.size != oldValue.size { invalidateContent() } else if bounds != oldValue { drawingChanged() }
        }
    }
    /// Where the anchor point sits in the superlayer's space.
    open var position: CGPoint = .zero { didSet { if position != oldValue { placementChanged() } } }
    /// The point of the bounds (0…1 of each side) that `position` locates and `transform` turns around.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { placementChanged() } }
    var affine: CGAffineTransform = .identity { didSet { placementChanged() } }

    /// Fills the bounds (rounded by `cornerRadius`) under the content.
    open var backgroundColor: UIColor? { didSet { if backgroundColor != oldValue || backgroundColor?.isDynamic == true { drawingChanged() } } }
    /// Rounds the background, the border and, with `masksToBounds`, the content and sublayers.
    open var cornerRadius: CGFloat = 0 { didSet { if cornerRadius != oldValue { drawingChanged() } } }
    /// Which corners `cornerRadius` rounds.
    open var maskedCorners: CACornerMask = .all { didSet { drawingChanged() } }
    /// Clips content and sublayers to the (rounded) bounds.
    open var masksToBounds = false { didSet { if masksToBounds != oldValue { drawingChanged() } } }
    /// Border width, drawn inside the bounds above content and sublayers.
    open var borderWidth: CGFloat = 0 { didSet { drawingChanged() } }
    /// Border colour.
    open var borderColor: UIColor? = .black { didSet { drawingChanged() } }
    /// Shadow colour.
    open var shadowColor: UIColor? = .black { didSet { drawingChanged() } }
    /// Shadow opacity (0 hides the shadow).
    open var shadowOpacity: Float = 0 { didSet { drawingChanged() } }
    /// Shadow offset.
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { drawingChanged() } }
    /// Shadow blur radius.
    open var shadowRadius: CGFloat = 3 { didSet { if shadowRadius != oldValue { shadowCache = nil }; drawingChanged() } }
    /// Shadow shape; nil uses the rounded bounds.
    open var shadowPath: CGPath? { didSet { if shadowPath != oldValue { shadowCache = nil }; drawingChanged() } }
    /// Opacity multiplied into the layer and its sublayers.
    open var opacity: Float = 1 { didSet { if opacity != oldValue { placementChanged() } } }
    /// Hidden layers and their sublayers are not drawn.
    open var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            // A hidden layer (a parked list row) keeps no composed bitmap.
            if isHidden { rasterCache = nil }
            placementChanged()
        }
    }
    /// Composes the layer and its sublayers once into a bitmap (at the screen's scale) that
    /// frames reuse until something in the subtree changes; moving, fading or hiding the layer
    /// itself keeps the bitmap. For subtrees that move as a whole, such as list rows: a scroll
    /// frame then blits one bitmap per row instead of composing each label and bubble.
    open var shouldRasterize = false {
        didSet { if shouldRasterize != oldValue { rasterCache = nil; placementChanged() } } }
    /// An image shown as the content, scaled to the bounds (instead of drawing).
    open var contents: UIImage? { didSet { setNeedsDisplay() } }
    /// A name for debugging.
    open var name: String?
    /// The drawer of the content: the view that owns this layer.
    open weak var delegate: CALayerDelegate? { didSet { placementChanged() } }

    /// The sublayers, back to front.
    public private(set) var sublayers: [CALayer]?
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: CALayer?

    // Rendering state, owned by the compositor.
    var backing: Surface?
    var backingScale: CGFloat = 0
    var needsDisplayFlag = true
    var hasContent = true
    var shadowCache: ShadowCache?
    var rasterCache: RasterCache?
    var borderRing: BorderRing?
    final var resampledContent: ResampledContent?
    var traitsForDrawing: UITraitCollection?
    var drawnRect: CGRect = .zero
    var bakedDecoration: BakedDecoration?
    /// Only UIView's empty `draw(_:)` ran the last time this layer's view drew, and it left no
    /// pixels: the layer keeps no surface, and a redraw request first checks, without a surface,
    /// whether the view now draws (see `Compositor.probeDrawsNothing`).
    final var drawsNothing = false

    // Model state cached for the compositor, so a frame reads one value per layer instead of
    // calling the open getters, loading the weak delegate and resolving colours (see ComposeRecord).

    /// The traits of the view this layer backs, pushed by the view whenever its traits change
    /// (nil for a layer no view owns: it takes its superlayer's).
    final var viewTraits: UITraitCollection? {
        didSet { if viewTraits !== oldValue { cachedDrawingRect = nil; composeRecord = nil } }
    }
    /// What composing reads of this layer, resolved for `composeRecord.traits`; nil after any change.
    final var composeRecord: ComposeRecord?
    /// `drawingRect` as last computed; nil after anything it depends on changed (they all mark
    /// the drawing changed: size, text, image, path).
    final var cachedDrawingRect: CGRect?
    /// Whether an ancestor may hold a composed bitmap (`rasterCache`) that includes this layer,
    /// so a change must walk up and invalidate it.
    /// Invariant: an ancestor with a `rasterCache` implies this is true; true on a layer implies
    /// true on its sublayers. It is never cleared (a stale true only costs the walk).
    final var mayBeInRasterCache = false

    /// A layer.
    public required init() {}

    /// The frame in the superlayer's space, derived from position, bounds, anchor point and transform.
    open var frame: CGRect {
        get {
            let local = CGRect(x: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height, width: bounds.width, height: bounds.height)
            return local.applying(affine).offsetBy(dx: position.x, dy: position.y)
        }
        set {
            let size = newValue.size
            bounds.size = CGSize(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? size.height : 0)
            let x = newValue.minX + anchorPoint.x * size.width, y = newValue.minY + anchorPoint.y * size.height
            position = CGPoint(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0)
        }
    }

    /// The affine transform applied around the anchor point.
    public func affineTransform() -> CGAffineTransform { affine }
    /// Sets the affine transform.
    public func setAffineTransform(_ transform: CGAffineTransform) { affine = transform }

    /// Adds a sublayer on top.
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
    }

    /// Inserts a sublayer at an index (clamped).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        if layer === self { return }
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
        if mayBeInRasterCache || rasterCache != nil { layer.markMayBeInRasterCache() }
        drawingChanged()
    }

    /// Inserts a sublayer just below a sibling.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, let index = sublayers?.firstIndex(where: { $0 === sibling }) else { return insertSublayer(layer, at: 0) }
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts a sublayer just above a sibling.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, let index = sublayers?.firstIndex(where: { $0 === sibling }) else { return addSublayer(layer) }
        let adjusted = layer.superlayer === self && (sublayers?.firstIndex(where: { $0 === layer }) ?? Int.max) < index ? index : index + 1
        insertSublayer(layer, at: UInt32(adjusted))
    }

    /// Detaches the layer from its superlayer.
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
        parent.drawingChanged()
    }

    /// Marks the content for redrawing before the next frame.
    open func setNeedsDisplay() {
        needsDisplayFlag = true
        // A view known to draw nothing stays without a surface: allocating, drawing and scanning
        // one on every redraw request (a trait change) is what made it known. The compositor
        // checks without a surface whether it draws now.
        if contents != nil || !drawsNothing { hasContent = true }
        drawingChanged()
    }

    /// Whether the content will be redrawn before the next frame.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Draws the content; the default asks the delegate. Subclasses override to draw themselves.
    open func draw(in context: CGContext) {
        if let contents {
            contents.draw(in: CGRect(origin: .zero, size: bounds.size), context: context, tint: nil, alpha: 1)
        } else if let delegate {
            delegate.draw(self, in: context)
        } else {
            hasContent = false
        }
    }

    /// Whether this layer (or a subclass) draws content at all; plain layers with neither
    /// contents nor a drawing delegate keep no surface.
    open var drawsContent: Bool { contents != nil || delegate != nil }

    /// The rectangle of the bounds space the backing surface covers; subclasses that draw outside
    /// their bounds (shape layers) widen it.
    open var drawingRect: CGRect {
        if let view = delegate as? UIView, let rect = view.contentDrawingRect { return rect }
        return CGRect(origin: .zero, size: bounds.size)
    }

    private func invalidateContent() {
        needsDisplayFlag = true
        shadowCache = nil
        drawingChanged()
    }

    /// Composes the bitmap of a layer that rasterizes (`shouldRasterize`) now, if it is out of
    /// date, at its view's display scale and style, so the frame that first shows the layer only
    /// blits it: for a list row prepared (sized and laid out) ahead of display.
    public func rasterizeIfNeeded() {
        guard shouldRasterize else { return }
        let view = delegate as? UIView
        let traits = view?.traitCollection ?? .default
        // The compositor that will show the layer, whose hints apply; a layer outside any
        // window gets one of its own.
        let compositor = view?.window?.windowScene?.compositor ?? Compositor()
        compositor.rasterize(self, scale: max(1, traits.displayScale), traits: traits)
    }

    /// What the layer draws changed (content, background, border, shadow, sublayers): its own
    /// composed bitmap and those of its ancestors are out of date.
    func drawingChanged() {
        rasterCache?.isValid = false
        cachedDrawingRect = nil
        placementChanged()
    }

    /// Where or how visibly the layer sits changed (position, transform, opacity, hidden): the
    /// ancestors' composed bitmaps are out of date; its own still holds.
    func placementChanged() {
        // Every property setter ends here, so this is where the compositor's copy goes stale.
        composeRecord = nil
        Compositor.setNeedsFrame()
        assert(mayBeInRasterCache || !hasAncestorWithRasterCache, "a layer under a composed bitmap was not marked")
        guard mayBeInRasterCache else { return }
        var ancestor = superlayer
        while let layer = ancestor {
            layer.rasterCache?.isValid = false
            ancestor = layer.superlayer
        }
    }

    /// Marks this layer and its sublayers as possibly inside an ancestor's composed bitmap.
    final func markMayBeInRasterCache() {
        // Marked implies marked sublayers, so a marked layer ends the walk.
        guard !mayBeInRasterCache else { return }
        mayBeInRasterCache = true
        for sublayer in sublayers ?? [] { sublayer.markMayBeInRasterCache() }
    }

    /// Whether an ancestor holds a composed bitmap (for the debug check of `mayBeInRasterCache`).
    private var hasAncestorWithRasterCache: Bool {
        var ancestor = superlayer
        while let layer = ancestor {
            if layer.rasterCache != nil { return true }
            ancestor = layer.superlayer
        }
        return false
    }

    /// Converts a point from this layer's space to another layer's space (both in one tree).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let inRoot = toRoot(point)
        guard let layer else { return inRoot }
        return layer.fromRoot(inRoot)
    }

    /// Converts a point from another layer's space to this layer's space.
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        let inRoot = layer?.toRoot(point) ?? point
        return fromRoot(inRoot)
    }

    /// The transform from this layer's bounds space to its superlayer's space.
    var transformToSuperlayer: CGAffineTransform {
        CGAffineTransform(translationX: -bounds.minX - anchorPoint.x * bounds.width, y: -bounds.minY - anchorPoint.y * bounds.height)
            .concatenating(affine)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    private func toRoot(_ point: CGPoint) -> CGPoint {
        var p = point
        var layer: CALayer? = self
        while let current = layer, current.superlayer != nil {
            p = p.applying(current.transformToSuperlayer)
            layer = current.superlayer
        }
        return p
    }

    private func fromRoot(_ point: CGPoint) -> CGPoint {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer, current.superlayer != nil { chain.append(current); layer = current.superlayer }
        var p = point
        for current in chain.reversed() { p = p.applying(current.transformToSuperlayer.inverted()) }
        return p
    }
}

/// A layer that draws a path: fill, stroke, line width, caps and joins.
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
    /// The path, in the layer's bounds space.
    open var path: CGPath? { didSet { if path != oldValue { setNeedsDisplay() } } }
    /// Fill colour (nil for none).
    open var fillColor: UIColor? = .black { didSet { setNeedsDisplay() } }
    /// Stroke colour (nil for none).
    open var strokeColor: UIColor? { didSet { setNeedsDisplay() } }
    /// Stroke width.
    open var lineWidth: CGFloat = 1 { didSet { setNeedsDisplay() } }
    /// Stroke ends.
    open var lineCap: CGLineCap = .butt { didSet { setNeedsDisplay() } }
    /// Stroke joins.
    open var lineJoin: CGLineJoin = .miter { didSet { setNeedsDisplay() } }
    /// Even-odd filling.
    open var fillRule: CGPathFillRule = .winding { didSet { setNeedsDisplay() } }

    /// A shape layer.
    public required init() { super.init() }

    /// Shape layers draw whenever they have a path.
    open override var drawsContent: Bool { path != nil }

    /// The path's box (widened by the stroke) joined with the bounds.
    open override var drawingRect: CGRect {
        guard let path, !path.isEmpty else { return super.drawingRect }
        let pad = strokeColor == nil ? 1 : lineWidth / 2 + 1
        return path.boundingBox.insetBy(dx: -pad, dy: -pad).union(super.drawingRect).integral
    }

    /// Fills then strokes the path.
    open override func draw(in context: CGContext) {
        guard let path else { return }
        if let fillColor {
            context.saveGState()
            context.addPath(path)
            context.setFillColor(fillColor)
            context.fillPath(using: fillRule)
            context.restoreGState()
        }
        if let strokeColor, lineWidth > 0 {
            context.saveGState()
            context.addPath(path)
            context.setStrokeColor(strokeColor)
            context.setLineWidth(lineWidth)
            context.setLineCap(lineCap)
            context.setLineJoin(lineJoin)
            context.strokePath()
            context.restoreGState()
        }
    }
}

extension CALayer {
    /// Frees the bitmaps the compositor drew for this layer and its sublayers (content, composed
    /// raster, resampled image, shadow); the next frame that shows them draws them again.
    ///
    /// For views parked out of sight for reuse, as a list's pooled rows: they get new content
    /// before they are shown again, so their old bitmaps are only memory (a pool of 64 message
    /// rows held tens of megabytes of text bitmaps).
    package func discardRenderedContent() {
        backing = nil
        backingScale = 0
        needsDisplayFlag = true
        rasterCache = nil
        resampledContent = nil
        shadowCache = nil
        bakedDecoration = nil
        sublayers?.forEach { $0.discardRenderedContent() }
    }
}
