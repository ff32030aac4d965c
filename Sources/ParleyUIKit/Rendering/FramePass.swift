import CCairoPango
import Foundation

/// One frame's walk over a layer tree into one Cairo target: the compose phase.
///
/// A value owned by the `Compositor` for the length of a frame (and by a composed bitmap while it
/// is drawn), so its counts and its held fill are plain stored values, not shared state.
///
/// Invariants:
/// - Matrices are computed here, in the order Cairo would compute them, and handed to Cairo
///   (`cairo_set_matrix`) only before an operation that uses Cairo's matrix: a layer that is
///   blitted straight to pixman costs no Cairo call besides the blit. Cairo's own matrix is
///   therefore unspecified between operations; nothing may rely on it.
/// - `direct` is non-nil only while drawing straight into the target's pixels (never in a
///   pushed group), and `plainClip` is false inside groups and non-rectangular clips.
@MainActor
struct FramePass {
    let cr: OpaquePointer
    let scale: CGFloat
    var heldFill: HeldFill
    /// The target's pixels, for blits that skip Cairo (nil: every blit goes through Cairo).
    let direct: DirectTarget?
    /// Whether composed bitmaps drawn during this pass may blit straight to pixman too.
    let usesDirectBlits: Bool
    /// Whether content under a turn or a scale is resampled once and kept (`resample`).
    let keepsResampledContent: Bool
    /// The compositor's hints for first draws.
    let hints: DrawingHints
    var statistics = FrameStatistics()

    init(cr: OpaquePointer, scale: CGFloat, heldFill: HeldFill = HeldFill(), direct: DirectTarget?, usesDirectBlits: Bool,
         keepsResampledContent: Bool, hints: DrawingHints) {
        self.cr = cr
        self.scale = scale
        self.heldFill = heldFill
        self.direct = direct
        self.usesDirectBlits = usesDirectBlits
        self.keepsResampledContent = keepsResampledContent
        self.hints = hints
    }

    /// Composes `layer` and its sublayers.
    /// `parent`: the matrix of the superlayer's bounds space (of the target's space for the root).
    /// `plainClip`: Cairo's clip is exactly `deviceClip` (no rounded or rotated clip, no group),
    /// so a background that fills whole device pixels can be held back (`HeldFill`).
    /// `rasterRoot`: the layer is composed into its own bitmap (`shouldRasterize`), at the
    /// origin, without its opacity (the bitmap's blit applies it).
    mutating func compose(_ layer: CALayer, parent: cairo_matrix_t, parentTraits: UITraitCollection, isRoot: Bool,
                          deviceClip: CGRect, plainClip: Bool, rasterRoot: Bool = false) {
        // A view's layer carries its traits; a layer no view owns takes its superlayer's.
        let traits = layer.viewTraits ?? (layer.delegate as? UIView)?.traitCollection ?? parentTraits
        let record = layer.composeRecord(for: traits)
        // A bitmap holds the layer as it looks when shown: its own hiding and opacity apply at the blit.
        if !rasterRoot && (record.isHidden || record.opacity <= 0) { return }
        let size = record.bounds.size
        var matrix = parent
        if !isRoot {
            translate(&matrix, Double(record.position.x), Double(record.position.y))
            if record.hasTransform {
                let t = record.affine
                var m = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
                var before = matrix
                cairo_matrix_multiply(&matrix, &m, &before)
            }
            translate(&matrix, Double(-record.anchorPoint.x * size.width), Double(-record.anchorPoint.y * size.height))
        } else {
            translate(&matrix, Double(record.bounds.minX), Double(record.bounds.minY))
        }

        if record.shouldRasterize && !rasterRoot && isAxisAligned(matrix, at: scale) {
            composeRasterized(layer, record: record, traits: traits, matrix: matrix, deviceClip: deviceClip, plainClip: plainClip)
            return
        }

        // Skip what lies entirely outside the clip: the layer itself always, its sublayers when it clips them.
        // A clean layer's content rectangle is the one it was drawn in (computing it can cost a text lookup).
        let contentRect = layer.backing != nil && !layer.needsDisplayFlag ? layer.drawnRect : layer.cachedOrFreshDrawingRect
        let bounds = CGRect(origin: .zero, size: size)
        let ownRect = bounds.union(contentRect)
        let pad = record.shadowPad + record.borderWidth
        let ownVisible = deviceClip.intersects(Self.deviceBox(ownRect.insetBy(dx: -pad, dy: -pad), matrix))
        if !ownVisible && (record.masksToBounds || !record.hasSublayers) { return }
        statistics.composedLayers += 1
        if ownVisible && layer.drawsNothing && layer.needsDisplayFlag && !layer.hasContent {
            probeDrawsNothing(layer, traits: traits)
        }

        let opacity = rasterRoot ? 1 : CGFloat(record.opacity)
        let hasBackground = record.background != nil
        let hasBorder = record.borderWidth > 0 && record.border != nil
        let hasContent = record.drawsContent && layer.hasContent
        // Rounded backgrounds are rasterised once into the layer's surface with its content (and,
        // for leaves, its corner clip), so a frame blits them instead of filling curved paths.
        let leafClip = record.masksToBounds && !record.hasSublayers
        let bakesBackground = record.cornerRadius > 0 && (hasBackground || (leafClip && hasContent) || (hasBorder && !record.hasSublayers))
        // A leaf's rounded border goes into its surface too (nothing is drawn between content and border).
        let bakesBorder = bakesBackground && hasBorder && !record.hasSublayers
        let content = ownVisible ? backing(for: layer, record: record, traits: traits, bakesBackground: bakesBackground, bakesBorder: bakesBorder) : nil
        let drawCount = (hasBackground ? 1 : 0) + (content != nil ? 1 : 0) + (hasBorder ? 1 : 0) + (record.shadowOpacity > 0 ? 1 : 0)
        let group = opacity < 1 && (record.hasSublayers || drawCount > 1)
        let clipsAtCompose = record.masksToBounds && !(leafClip && bakesBackground)
        var savedState = false
        defer { if savedState { cairo_restore(cr) } }
        if group || clipsAtCompose {
            cairo_save(cr)
            savedState = true
        }
        if group {
            heldFill.flush(cr)
            // The group's surface spans the clip: bound it by what this subtree can cover, so a
            // fading button does not allocate, clear and blend a whole frame.
            let extent = Self.deviceBox(Self.subtreeExtent(layer), matrix).intersection(deviceClip)
            guard !extent.isEmpty else { return }
            let x0 = extent.minX.rounded(.down), y0 = extent.minY.rounded(.down)
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, Double(x0), Double(y0), Double(extent.maxX.rounded(.up) - x0), Double(extent.maxY.rounded(.up) - y0))
            cairo_clip(cr)
            cairo_push_group(cr)
        }
        let alpha = group ? 1 : opacity

        let radius = min(record.cornerRadius, size.width / 2, size.height / 2)
        let axisAligned = matrix.xy == 0 && matrix.yx == 0 && matrix.xx > 0 && matrix.yy > 0
        if ownVisible && record.shadowOpacity > 0, let color = record.shadowColor {
            heldFill.flush(cr)
            drawShadow(layer, color: color, record: record, matrix: matrix, alpha: alpha)
        }
        if ownVisible && !bakesBackground, let c = record.background {
            let fill = PendingFill(rect: Self.deviceBox(bounds, matrix).intersection(deviceClip), red: Double(c.red), green: Double(c.green),
                                   blue: Double(c.blue), alpha: Double(c.alpha * alpha))
            if plainClip && !group && radius <= 0 && axisAligned && fill.alpha >= 1, let aligned = fill.pixelAligned {
                if !aligned.rect.isEmpty { heldFill.hold(aligned, cr) }
            } else {
                heldFill.flush(cr)
                setMatrix(matrix)
                setSource(c, alpha)
                Self.addRoundedRect(cr, bounds, radius: radius, corners: record.maskedCorners)
                cairo_fill(cr)
            }
        }
        var childClip = deviceClip
        if clipsAtCompose {
            heldFill.flush(cr)
            setMatrix(matrix)
            Self.addRoundedRect(cr, bounds, radius: radius, corners: record.maskedCorners)
            cairo_clip(cr)
            childClip = deviceClip.intersection(Self.deviceBox(bounds, matrix))
        }
        // Whether the clip now in force (for this layer's content, border and sublayers) is the
        // plain rectangle `childClip`: no group, no rounded or turned clip in the way. Blits can
        // then skip Cairo's per-operation setup.
        let childPlainClip = plainClip && !group && (!clipsAtCompose || (radius <= 0 && axisAligned))
        let directClip = childPlainClip ? childClip : nil
        if let content {
            heldFill.flush(cr)
            paint(content, at: layer.drawnRect, scale: layer.backingScale, alpha: alpha, matrix: matrix, directClip: directClip, resampledIn: layer)
        }
        if let sublayers = layer.sublayers, !childClip.isEmpty {
            var sublayerSpace = matrix
            translate(&sublayerSpace, Double(-record.bounds.minX), Double(-record.bounds.minY))
            for sublayer in sublayers {
                compose(sublayer, parent: sublayerSpace, parentTraits: traits, isRoot: false, deviceClip: childClip, plainClip: childPlainClip)
            }
        }
        if ownVisible && hasBorder && !bakesBorder, let color = record.border {
            heldFill.flush(cr)
            drawBorder(layer, record: record, color: color, radius: radius, matrix: matrix, alpha: alpha, directClip: directClip)
        }
        if group {
            heldFill.flush(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Double(opacity))
        }
    }

    /// A border over the content and sublayers: a ring fill when square, a bitmap drawn once
    /// when rounded (stroking a curve costs more than blitting it), a stroke otherwise.
    private mutating func drawBorder(_ layer: CALayer, record: ComposeRecord, color: ResolvedColor, radius: CGFloat, matrix: cairo_matrix_t,
                                     alpha: CGFloat, directClip: CGRect?) {
        let w = record.borderWidth
        let size = record.bounds.size
        setMatrix(matrix)
        setSource(color, alpha)
        if radius <= 0 {
            // A square border as the ring between two rectangles: a fill, on pixel-aligned fast paths.
            cairo_new_path(cr)
            cairo_rectangle(cr, 0, 0, Double(size.width), Double(size.height))
            cairo_rectangle(cr, Double(w), Double(w), Double(max(0, size.width - 2 * w)), Double(max(0, size.height - 2 * w)))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        } else if let ring = borderRing(layer, record: record, color: color, radius: radius, matrix: matrix) {
            paint(ring.surface, at: CGRect(origin: .zero, size: size), scale: scale, alpha: alpha, matrix: matrix, directClip: directClip)
        } else {
            cairo_set_line_width(cr, Double(w))
            Self.addRoundedRect(cr, CGRect(origin: .zero, size: size).insetBy(dx: w / 2, dy: w / 2), radius: max(0, radius - w / 2),
                                corners: record.maskedCorners)
            cairo_stroke(cr)
        }
    }

    /// Blits the layer's composed bitmap, composing it first when something in the subtree
    /// changed (or the scale or light/dark style did). `matrix` is axis-aligned at `scale`.
    private mutating func composeRasterized(_ layer: CALayer, record: ComposeRecord, traits: UITraitCollection, matrix: cairo_matrix_t,
                                            deviceClip: CGRect, plainClip: Bool) {
        // Cull first: a row scrolled out of the clip is not worth a bitmap.
        let cache = Self.rasterCache(for: layer, scale: scale, traits: traits, usesDirectBlits: usesDirectBlits,
                                     keepsResampledContent: keepsResampledContent, hints: hints, statistics: &statistics) {
            deviceClip.intersects(Self.deviceBox($0, matrix))
        }
        guard let cache, deviceClip.intersects(Self.deviceBox(cache.rect, matrix)) else { return }
        statistics.composedLayers += 1
        heldFill.flush(cr)
        paint(cache.surface, at: cache.rect, scale: scale, alpha: CGFloat(record.opacity), matrix: matrix,
              directClip: plainClip ? deviceClip : nil)
    }

    // MARK: Matrices

    /// Hands `matrix` to Cairo before an operation that uses Cairo's matrix.
    func setMatrix(_ matrix: cairo_matrix_t) {
        var matrix = matrix
        cairo_set_matrix(cr, &matrix)
    }

    /// `cairo_translate` on a matrix of our own: the same arithmetic, without a Cairo call.
    @inline(__always)
    func translate(_ m: inout cairo_matrix_t, _ tx: Double, _ ty: Double) {
        m.x0 = tx * m.xx + ty * m.xy + m.x0
        m.y0 = tx * m.yx + ty * m.yy + m.y0
    }

    /// Whether `m` only translates and scales by `scale` (so surfaces land on whole pixels).
    func isAxisAligned(_ m: cairo_matrix_t, at scale: CGFloat) -> Bool {
        m.xy == 0 && m.yx == 0 && abs(m.xx - Double(scale)) < 1e-9 && abs(m.yy - Double(scale)) < 1e-9
    }

    /// The box of `rect` (user space) in device pixels under matrix `m`.
    static func deviceBox(_ rect: CGRect, _ m: cairo_matrix_t) -> CGRect {
        if m.xy == 0 && m.yx == 0 {
            let x1 = m.xx * Double(rect.minX) + m.x0, x2 = m.xx * Double(rect.maxX) + m.x0
            let y1 = m.yy * Double(rect.minY) + m.y0, y2 = m.yy * Double(rect.maxY) + m.y0
            return CGRect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
        }
        let t = CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        return rect.applying(t)
    }

    private func setSource(_ c: ResolvedColor, _ alpha: CGFloat) {
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
    }

    /// Adds a rectangle with rounded `corners` as the current path.
    nonisolated static func addRoundedRect(_ cr: OpaquePointer, _ rect: CGRect, radius: CGFloat, corners: CACornerMask) {
        cairo_new_path(cr)
        let r = Double(max(0, min(radius, rect.width / 2, rect.height / 2)))
        let x = Double(rect.minX), y = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        if r <= 0 {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        let tl = corners.contains(.layerMinXMinYCorner) ? r : 0, tr = corners.contains(.layerMaxXMinYCorner) ? r : 0
        let bl = corners.contains(.layerMinXMaxYCorner) ? r : 0, br = corners.contains(.layerMaxXMaxYCorner) ? r : 0
        cairo_move_to(cr, x + tl, y)
        cairo_line_to(cr, x + w - tr, y)
        if tr > 0 { cairo_arc(cr, x + w - tr, y + tr, tr, -.pi / 2, 0) }
        cairo_line_to(cr, x + w, y + h - br)
        if br > 0 { cairo_arc(cr, x + w - br, y + h - br, br, 0, .pi / 2) }
        cairo_line_to(cr, x + bl, y + h)
        if bl > 0 { cairo_arc(cr, x + bl, y + h - bl, bl, .pi / 2, .pi) }
        cairo_line_to(cr, x, y + tl)
        if tl > 0 { cairo_arc(cr, x + tl, y + tl, tl, .pi, 1.5 * .pi) }
        cairo_close_path(cr)
    }
}
