import CCairoPango
import Foundation

/// Composed bitmaps (`CALayer.shouldRasterize`): a subtree composed once and blitted until
/// something in it changes.
extension FramePass {
    /// The layer's up-to-date bitmap, composed now if anything in the subtree changed (or the
    /// scale or light/dark style did); nil when the subtree draws nothing or `isVisible` says
    /// its rectangle (layer space) is not worth composing. What composing it cost is added to
    /// `statistics`.
    static func rasterCache(for layer: CALayer, scale: CGFloat, traits: UITraitCollection, usesDirectBlits: Bool,
                            keepsResampledContent: Bool, hints: DrawingHints,
                            statistics: inout FrameStatistics, isVisible: (CGRect) -> Bool) -> RasterCache? {
        if let existing = layer.rasterCache, existing.isValid, existing.scale == scale,
           existing.style == traits.userInterfaceStyle, existing.direction == traits.layoutDirection {
            return existing
        }
        // Whole device pixels around everything the subtree draws.
        guard let rect = pixelBox(subtreeExtent(layer, includesOwnBounds: false), scale: scale) else {
            layer.rasterCache = nil
            return nil
        }
        guard isVisible(rect) else { return nil }
        let pw = Int((rect.width * scale).rounded()), ph = Int((rect.height * scale).rounded())
        guard pw > 0, ph > 0, pw * ph <= 16_000_000 else { layer.rasterCache = nil; return nil }
        guard let surface = Surface.reusing(layer.rasterCache?.surface, pixelWidth: pw, pixelHeight: ph),
              let inner = surface.clearedContext() else { return nil }
        cairo_scale(inner, Double(scale), Double(scale))
        cairo_translate(inner, Double(-rect.minX - layer.bounds.minX), Double(-rect.minY - layer.bounds.minY))
        var matrix = cairo_matrix_t()
        cairo_get_matrix(inner, &matrix)
        // A pass of its own: a fill the frame holds back belongs to the frame's target, not to the bitmap.
        cairo_surface_flush(surface.raw)
        let image = usesDirectBlits ? surface.pixmanImage : nil
        let direct = image.map { DirectTarget(surface: surface.raw, image: $0, width: Int32(pw), height: Int32(ph)) }
        var pass = FramePass(cr: inner, scale: scale, direct: direct, usesDirectBlits: usesDirectBlits,
                             keepsResampledContent: keepsResampledContent, hints: hints)
        let full = CGRect(x: 0, y: 0, width: pw, height: ph)
        pass.compose(layer, parent: matrix, parentTraits: traits, isRoot: true, deviceClip: full, plainClip: true, rasterRoot: true)
        pass.heldFill.flush(inner)
        cairo_destroy(inner)
        cairo_surface_flush(surface.raw)
        statistics += pass.statistics
        statistics.rasterizedLayers += 1
        let (kept, keptRect) = cropped(surface, rect: rect, to: subtreeExtent(layer, includesOwnBounds: false), scale: scale)
        let cache = RasterCache(surface: kept, rect: keptRect, scale: scale, style: traits.userInterfaceStyle, direction: traits.layoutDirection)
        layer.rasterCache = cache
        // Changes below this layer must now find the bitmap to invalidate it.
        for sublayer in layer.sublayers ?? [] { sublayer.markMayBeInRasterCache() }
        return cache
    }

    /// `extent` grown to whole device pixels; nil when it is empty or not finite.
    static func pixelBox(_ extent: CGRect, scale: CGFloat) -> CGRect? {
        guard !extent.isNull, !extent.isEmpty, extent.width.isFinite, extent.height.isFinite else { return nil }
        let x0 = (extent.minX * scale).rounded(.down) / scale, y0 = (extent.minY * scale).rounded(.down) / scale
        return CGRect(x: x0, y: y0, width: ((extent.maxX * scale).rounded(.up)) / scale - x0,
                      height: ((extent.maxY * scale).rounded(.up)) / scale - y0)
    }

    /// The bitmap cut down to `extent` when that saves a fifth of it or more. Until a view has
    /// drawn once, the extent counts its bounds (it might draw anywhere in them); composing the
    /// bitmap teaches which views draw nothing — a full-width row's stack views around a bubble
    /// a third as wide — so the extent measured after it is the bitmap's real content. Every
    /// frame then blits (and every kept bitmap holds) only that: the band beside the bubble is
    /// transparent, and compositing transparent pixels still costs a pass over them.
    private static func cropped(_ surface: Surface, rect: CGRect, to extent: CGRect, scale: CGFloat) -> (Surface, CGRect) {
        guard let tight = pixelBox(extent, scale: scale)?.intersection(rect), !tight.isEmpty,
              tight.width * tight.height <= 0.8 * rect.width * rect.height else { return (surface, rect) }
        let x = Int(((tight.minX - rect.minX) * scale).rounded()), y = Int(((tight.minY - rect.minY) * scale).rounded())
        let width = Int((tight.width * scale).rounded()), height = Int((tight.height * scale).rounded())
        guard let part = surface.copy(x: x, y: y, width: width, height: height) else { return (surface, rect) }
        return (part, tight)
    }

    /// Where a layer and its visible sublayers can put pixels (content, border, shadow), in the
    /// layer's own space (origin at its bounds' top-left corner).
    /// `includesOwnBounds: false` leaves out the bounds of a layer that draws nothing itself (a
    /// full-width row whose bubble covers a third of it).
    static func subtreeExtent(_ layer: CALayer, includesOwnBounds: Bool = true) -> CGRect {
        let shadowPad = layer.shadowOpacity > 0 ? layer.shadowRadius * 3 + max(abs(layer.shadowOffset.width), abs(layer.shadowOffset.height)) : 0
        let pad = shadowPad + layer.borderWidth
        let ownBounds = CGRect(origin: .zero, size: layer.bounds.size)
        let drawsItself = includesOwnBounds || layer.masksToBounds || layer.backgroundColor != nil || pad > 0
            || (layer.drawsContent && layer.hasContent && !layer.drawsNothing)
        var rect = drawsItself ? ownBounds.union(layer.drawingRect).insetBy(dx: -pad, dy: -pad) : CGRect.null
        if layer.masksToBounds {
            return rect
        }
        if let sublayers = layer.sublayers {
            let toLocal = CGAffineTransform(translationX: -layer.bounds.minX, y: -layer.bounds.minY)
            for sublayer in sublayers where !sublayer.isHidden && sublayer.opacity > 0 {
                let toParent = CGAffineTransform(translationX: sublayer.bounds.minX, y: sublayer.bounds.minY)
                    .concatenating(sublayer.transformToSuperlayer).concatenating(toLocal)
                let child = subtreeExtent(sublayer, includesOwnBounds: includesOwnBounds)
                if !child.isNull { rect = rect.union(child.applying(toParent)) }
            }
        }
        return rect
    }
}

/// A layer's subtree composed into one bitmap (`CALayer.shouldRasterize`).
final class RasterCache {
    let surface: Surface
    /// The bitmap's rectangle in the layer's own space (origin at its bounds' top-left corner).
    let rect: CGRect
    let scale: CGFloat
    let style: UIUserInterfaceStyle
    let direction: UITraitEnvironmentLayoutDirection
    /// False once anything in the subtree changed.
    var isValid = true

    init(surface: Surface, rect: CGRect, scale: CGFloat, style: UIUserInterfaceStyle, direction: UITraitEnvironmentLayoutDirection) {
        self.surface = surface
        self.rect = rect
        self.scale = scale
        self.style = style
        self.direction = direction
    }
}
