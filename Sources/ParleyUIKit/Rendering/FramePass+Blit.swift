import CCairoPango
import Foundation

/// The composite phase's last step: a cached surface onto the target, straight through pixman
/// when it lands on whole pixels under a plain clip, through Cairo otherwise.
extension FramePass {
    /// Paints a cached surface with matrix `m` (Cairo's own matrix is not used and is left
    /// unspecified). `directClip` is the clip in force, in device pixels, when it is a plain
    /// rectangle and drawing goes straight to the target (not into a group). `resampledIn`: the
    /// layer whose content `surface` is, to keep it resampled for a turned or scaled matrix.
    mutating func paint(_ surface: Surface, at rect: CGRect, scale: CGFloat, alpha: CGFloat, matrix m: cairo_matrix_t, directClip: CGRect? = nil,
                        resampledIn layer: CALayer? = nil) {
        if isAxisAligned(m, at: scale) {
            // Axis-aligned at the surface's own scale: blit at whole device pixels.
            let dx = (m.x0 + m.xx * Double(rect.minX)).rounded(), dy = (m.y0 + m.yy * Double(rect.minY)).rounded()
            blit(surface, x: dx, y: dy, alpha: alpha, directClip: directClip)
            return
        }
        if alpha >= 1, keepsResampledContent, let layer, let resampled = resample(surface, at: rect, scale: scale, matrix: m, for: layer) {
            blit(resampled.surface, x: m.x0.rounded(.down) + Double(resampled.offsetX), y: m.y0.rounded(.down) + Double(resampled.offsetY),
                 alpha: 1, directClip: directClip)
            return
        }
        setResampledSource(surface, at: rect, scale: scale, matrix: m, on: cr)
        fillPath(alpha: alpha)
    }

    /// Draws `surface` at device pixel (`x`, `y`), by pixman when it may, else by Cairo.
    private mutating func blit(_ surface: Surface, x: Double, y: Double, alpha: CGFloat, directClip: CGRect?) {
        if alpha >= 1, let directClip, let direct, blitDirect(surface, into: direct, x: x, y: y, clip: directClip) { return }
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface.raw, x, y)
        // Fill the surface's own rectangle rather than paint: the operation stays bounded to it.
        cairo_rectangle(cr, x, y, Double(surface.pixelWidth), Double(surface.pixelHeight))
        fillPath(alpha: alpha)
    }

    /// Fills the current path with the source, at `alpha`.
    private func fillPath(alpha: CGFloat) {
        if alpha >= 1 {
            cairo_fill(cr)
        } else {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, Double(alpha))
            cairo_restore(cr)
        }
    }

    /// Sets `surface`, placed at `rect` by `m`, as `cr`'s source (resampled smoothly), and its
    /// rectangle as the path.
    private func setResampledSource(_ surface: Surface, at rect: CGRect, scale: CGFloat, matrix m: cairo_matrix_t, on cr: OpaquePointer) {
        var m = m
        cairo_set_matrix(cr, &m)
        cairo_translate(cr, Double(rect.minX), Double(rect.minY))
        cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
        cairo_set_source_surface(cr, surface.raw, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, Double(surface.pixelWidth), Double(surface.pixelHeight))
    }

    /// The layer's content as it lands on the target under `m`, resampled into device pixels
    /// once and kept while the content and the matrix (up to a move by whole pixels) stay:
    /// resampling through Cairo sets up a transformed composite per row, every frame. Drawn at
    /// the same fraction of a pixel, the same samples only shift by whole pixels; only the
    /// antialiased edge can differ from resampling in place, by a rounding (at most 2/255: its
    /// coverage is rounded into the bitmap before the blit).
    private mutating func resample(_ surface: Surface, at rect: CGRect, scale: CGFloat, matrix m: cairo_matrix_t, for layer: CALayer) -> ResampledContent? {
        let originX = m.x0.rounded(.down), originY = m.y0.rounded(.down)
        let key = ResampledContent.Key(source: surface, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, fractionX: m.x0 - originX,
                                       fractionY: m.y0 - originY, rect: rect, scale: scale)
        if let kept = layer.resampledContent, kept.key == key { return kept }
        let box = Self.deviceBox(rect, m)
        guard box.width.isFinite, box.height.isFinite, abs(box.minX) < 1e9, abs(box.minY) < 1e9, abs(box.maxX) < 1e9, abs(box.maxY) < 1e9 else { return nil }
        let left = box.minX.rounded(.down), top = box.minY.rounded(.down)
        let width = Int(box.maxX.rounded(.up) - left), height = Int(box.maxY.rounded(.up) - top)
        guard width > 0, height > 0, width * height <= 4_000_000, let bitmap = Surface(pixelWidth: width, pixelHeight: height),
              let resampling = bitmap.clearedContext() else { return nil }
        var shifted = m
        shifted.x0 -= left
        shifted.y0 -= top
        setResampledSource(surface, at: rect, scale: scale, matrix: shifted, on: resampling)
        cairo_fill(resampling)
        cairo_destroy(resampling)
        cairo_surface_flush(bitmap.raw)
        statistics.rasterizedLayers += 1
        let made = ResampledContent(key: key, surface: bitmap, offsetX: Int(left - originX), offsetY: Int(top - originY))
        layer.resampledContent = made
        return made
    }

    /// Composites `surface` over the target at device pixel (`x`, `y`), cut to `clip` (device
    /// pixels, the plain rectangular clip in force), with one pixman call: a Cairo fill with a
    /// surface source spends more setting up than a row's blit costs. Returns false (nothing
    /// drawn) when Cairo must do it: a clip edge inside a pixel, a surface pixman cannot read.
    private mutating func blitDirect(_ surface: Surface, into target: DirectTarget, x: Double, y: Double, clip: CGRect) -> Bool {
        guard let source = surface.pixmanImage, abs(x) < 1e9, abs(y) < 1e9 else { return false }
        // The clip within the target, in whole pixels.
        let box = clip.intersection(CGRect(x: 0, y: 0, width: CGFloat(target.width), height: CGFloat(target.height)))
        if box.isNull || box.isEmpty { return true }
        guard isWholePixel(box.minX), isWholePixel(box.minY), isWholePixel(box.maxX), isWholePixel(box.maxY) else { return false }
        let x0 = max(x, Double(box.minX)), y0 = max(y, Double(box.minY))
        let x1 = min(x + Double(surface.pixelWidth), Double(box.maxX)), y1 = min(y + Double(surface.pixelHeight), Double(box.maxY))
        guard x1 > x0, y1 > y0 else { return true }
        let dx = Int32(x0), dy = Int32(y0), w = Int32(x1 - x0), h = Int32(y1 - y0)
        // No flushes: cached surfaces are flushed when drawn, and Cairo draws into image
        // surfaces at once (the target is flushed when the frame starts).
        pixman_image_composite32(PIXMAN_OP_OVER, source, nil, target.image, dx - Int32(x), dy - Int32(y), 0, 0, dx, dy, w, h)
        cairo_surface_mark_dirty_rectangle(target.surface, dx, dy, w, h)
        statistics.directBlits += 1
        return true
    }
}

/// A layer's content resampled for a turned or scaled matrix (see `FramePass.resample`).
final class ResampledContent {
    struct Key: Equatable {
        /// The content surface (held, so a new surface at the same address cannot match).
        let source: Surface
        let xx: Double, yx: Double, xy: Double, yy: Double
        /// Where the matrix's origin falls within a device pixel.
        let fractionX: Double, fractionY: Double
        let rect: CGRect
        let scale: CGFloat

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.source === rhs.source && lhs.xx == rhs.xx && lhs.yx == rhs.yx && lhs.xy == rhs.xy && lhs.yy == rhs.yy
                && lhs.fractionX == rhs.fractionX && lhs.fractionY == rhs.fractionY && lhs.rect == rhs.rect && lhs.scale == rhs.scale
        }
    }

    let key: Key
    let surface: Surface
    /// The bitmap's top-left corner from the device pixel that holds the matrix's origin.
    let offsetX: Int, offsetY: Int

    init(key: Key, surface: Surface, offsetX: Int, offsetY: Int) {
        self.key = key
        self.surface = surface
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}
