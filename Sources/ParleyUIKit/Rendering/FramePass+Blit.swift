import CCairoPango
import Foundation

/// The composite phase's last step: a cached surface onto the target, straight through pixman
/// when it lands on whole pixels under a plain clip, through Cairo otherwise.
extension FramePass {
    /// Paints a cached surface with matrix `m` (Cairo's own matrix is not used and is left
    /// unspecified). `directClip` is the clip in force, in device pixels, when it is a plain
    /// rectangle and drawing goes straight to the target (not into a group).
    mutating func paint(_ surface: Surface, at rect: CGRect, scale: CGFloat, alpha: CGFloat, matrix m: cairo_matrix_t, directClip: CGRect? = nil) {
        // Fill the surface's own rectangle rather than paint: the operation stays bounded to it.
        if isAxisAligned(m, at: scale) {
            // Axis-aligned at the surface's own scale: blit at whole device pixels.
            let dx = (m.x0 + m.xx * Double(rect.minX)).rounded(), dy = (m.y0 + m.yy * Double(rect.minY)).rounded()
            if alpha >= 1, let directClip, let direct, blitDirect(surface, into: direct, x: dx, y: dy, clip: directClip) { return }
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, surface.raw, dx, dy)
            cairo_rectangle(cr, dx, dy, Double(surface.pixelWidth), Double(surface.pixelHeight))
        } else {
            setMatrix(m)
            cairo_translate(cr, Double(rect.minX), Double(rect.minY))
            cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
            cairo_set_source_surface(cr, surface.raw, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_rectangle(cr, 0, 0, Double(surface.pixelWidth), Double(surface.pixelHeight))
        }
        if alpha >= 1 {
            cairo_fill(cr)
        } else {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, Double(alpha))
            cairo_restore(cr)
        }
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
        cairo_surface_flush(surface.raw)
        cairo_surface_flush(target.surface)
        pixman_image_composite32(PIXMAN_OP_OVER, source, nil, target.image, dx - Int32(x), dy - Int32(y), 0, 0, dx, dy, w, h)
        cairo_surface_mark_dirty_rectangle(target.surface, dx, dy, w, h)
        statistics.directBlits += 1
        return true
    }
}
