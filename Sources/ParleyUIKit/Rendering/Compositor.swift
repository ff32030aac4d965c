import CCairoPango
import Foundation

/// Composes a layer tree into a Cairo surface.
///
/// Contract (the renderer's one owner of the paint and composite phases):
/// - Layout has already run; the compositor never changes geometry.
/// - A layer's content surface is redrawn only when it is marked dirty (`setNeedsDisplay`, a
///   size or scale change, a light/dark change); everything else is composed from cache, so
///   moving or fading layers (scrolling) rasterises nothing. `rasterizedLayers` counts redraws.
/// - Cached surfaces are painted at whole device pixels when the transform is a plain
///   translation and scale, so text stays sharp at any position.
@MainActor
public enum Compositor {
    /// Whether anything changed since the last frame (the run loop renders only then).
    public private(set) static var needsFrame = true
    /// Content surfaces redrawn while composing the last frame (for tests and `parley bench`).
    public private(set) static var rasterizedLayersInLastFrame = 0
    /// Content surfaces redrawn since launch.
    public private(set) static var totalRasterizedLayers = 0
    /// Layers composed in the last frame.
    public private(set) static var composedLayersInLastFrame = 0

    private static var rasterizedThisFrame = 0
    /// A solid fill of whole device pixels not drawn yet (see `deferFill`).
    private static var pendingFill: PendingFill?
    private static var composedThisFrame = 0

    /// Asks for a frame (called by every visual change).
    public static func setNeedsFrame() { needsFrame = true }

    /// Whether any layer has had a composed bitmap (`shouldRasterize`): until then, changes need
    /// not tell their ancestors.
    static var hasRasterCaches = false

    /// Classes whose `draw(_:)` was found to draw nothing, so their instances keep no surface.
    static var nonDrawingClasses: Set<ObjectIdentifier> = []

    /// Whether `delegate` is a view of a class whose `draw(_:)` was seen to draw nothing.
    static func isNonDrawing(_ delegate: CALayerDelegate?) -> Bool {
        guard let delegate, !nonDrawingClasses.isEmpty else { return false }
        return nonDrawingClasses.contains(ObjectIdentifier(type(of: delegate)))
    }

    /// Prepares a target for a frame of `root`: clears it, unless the root's own opaque
    /// background will cover every pixel anyway (the common case of a window).
    static func clearTarget(_ cr: OpaquePointer, for root: CALayer, traits: UITraitCollection) {
        let traits = (root.delegate as? UIView)?.traitCollection ?? traits
        let opaque = (root.backgroundColor?.components(for: traits).alpha ?? 0) >= 1 && root.cornerRadius == 0 && root.opacity >= 1 && !root.isHidden
        guard !opaque else { return }
        paintTarget(cr, red: 0, green: 0, blue: 0, alpha: 0)
    }

    /// Sets every pixel inside the current clip to one colour (alpha 0 clears). The fill is held
    /// back like a layer's opaque background, so the backgrounds composed over it can replace it;
    /// the next `renderFrame` or `flushPendingFill` draws it if they do not.
    static func paintTarget(_ cr: OpaquePointer, red: Double, green: Double, blue: Double, alpha: Double) {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_user_to_device(cr, &x1, &y1)
        cairo_user_to_device(cr, &x2, &y2)
        let extents = CGRect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
        let fill = PendingFill(rect: extents, red: red, green: green, blue: blue, alpha: alpha)
        if let aligned = fill.pixelAligned, !isDrawingIntoGroup(cr) {
            deferFill(aligned, cr)
        } else {
            flushPendingFill(cr)
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, red, green, blue, alpha)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// Whether `cr` draws into a pushed group (whose pixels a deferred fill must not skip).
    private static func isDrawingIntoGroup(_ cr: OpaquePointer) -> Bool {
        cairo_get_group_target(cr) != cairo_get_target(cr)
    }

    /// Holds back a solid fill of whole device pixels instead of drawing it. A full-screen chat
    /// frame fills the same rectangles several times (the scene, the window, the screen's view,
    /// the list); painting only the last opaque one saves a pass over the frame per layer.
    /// - A later opaque fill that covers the held one replaces it.
    /// - A later fill of the same colour inside the held one is dropped.
    /// - Anything else drawn first (`flushPendingFill`) paints the held fill.
    private static func deferFill(_ fill: PendingFill, _ cr: OpaquePointer) {
        if let held = pendingFill {
            if fill.alpha >= 1 && fill.rect.contains(held.rect) {
                pendingFill = fill
                return
            }
            if fill.hasSameColor(as: held) && held.rect.contains(fill.rect) { return }
            flushPendingFill(cr)
        }
        pendingFill = fill
    }

    /// Draws the held fill, if any (before anything else is drawn or clipped).
    static func flushPendingFill(_ cr: OpaquePointer) {
        guard let fill = pendingFill else { return }
        pendingFill = nil
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, fill.alpha)
        cairo_rectangle(cr, Double(fill.rect.minX), Double(fill.rect.minY), Double(fill.rect.width), Double(fill.rect.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Composes `root` (at its own bounds origin, ignoring its position) into `cr`, whose user
    /// space must be in points with `scale` already applied.
    static func renderFrame(_ root: CALayer, into cr: OpaquePointer, scale: CGFloat, traits: UITraitCollection) {
        rasterizedThisFrame = 0
        composedThisFrame = 0
        cairo_save(cr)
        cairo_translate(cr, Double(-root.bounds.minX), Double(-root.bounds.minY))
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_user_to_device(cr, &x1, &y1)
        cairo_user_to_device(cr, &x2, &y2)
        let deviceClip = CGRect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
        compose(root, cr, scale: scale, parentTraits: traits, isRoot: true, deviceClip: deviceClip,
                plainClip: !isDrawingIntoGroup(cr))
        flushPendingFill(cr)
        cairo_restore(cr)
        rasterizedLayersInLastFrame = rasterizedThisFrame
        composedLayersInLastFrame = composedThisFrame
        totalRasterizedLayers += rasterizedThisFrame
        needsFrame = false
    }

    /// The box of `rect` (user space) in device pixels under matrix `m`.
    private static func deviceBox(_ rect: CGRect, _ m: cairo_matrix_t) -> CGRect {
        if m.xy == 0 && m.yx == 0 {
            let x1 = m.xx * Double(rect.minX) + m.x0, x2 = m.xx * Double(rect.maxX) + m.x0
            let y1 = m.yy * Double(rect.minY) + m.y0, y2 = m.yy * Double(rect.maxY) + m.y0
            return CGRect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
        }
        let t = CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        return rect.applying(t)
    }

    /// `plainClip`: Cairo's clip is exactly `deviceClip` (no rounded or rotated clip, no group),
    /// so a background that fills whole device pixels can be held back (`deferFill`).
    /// `rasterRoot`: the layer is composed into its own bitmap (`shouldRasterize`), at the
    /// origin, without its opacity (the bitmap's blit applies it).
    private static func compose(_ layer: CALayer, _ cr: OpaquePointer, scale: CGFloat, parentTraits: UITraitCollection, isRoot: Bool,
                                deviceClip: CGRect, plainClip: Bool, rasterRoot: Bool = false) {
        // A bitmap holds the layer as it looks when shown: its own hiding and opacity apply at the blit.
        if !rasterRoot && (layer.isHidden || layer.opacity <= 0) { return }
        let traits = (layer.delegate as? UIView)?.traitCollection ?? parentTraits
        let size = layer.bounds.size
        // Only the matrix changes unless this layer clips or groups; then the whole state is saved.
        var entryMatrix = cairo_matrix_t()
        cairo_get_matrix(cr, &entryMatrix)
        var savedState = false
        defer {
            // The state is saved after this layer's transform, so the matrix is always put back too.
            if savedState { cairo_restore(cr) }
            cairo_set_matrix(cr, &entryMatrix)
        }

        if !isRoot {
            let t = layer.affine
            cairo_translate(cr, Double(layer.position.x), Double(layer.position.y))
            if !t.isIdentity {
                var m = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
                cairo_transform(cr, &m)
            }
            cairo_translate(cr, Double(-layer.anchorPoint.x * size.width), Double(-layer.anchorPoint.y * size.height))
        } else {
            cairo_translate(cr, Double(layer.bounds.minX), Double(layer.bounds.minY))
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)

        if layer.shouldRasterize && !rasterRoot && matrix.xy == 0 && matrix.yx == 0
            && abs(matrix.xx - Double(scale)) < 1e-9 && abs(matrix.yy - Double(scale)) < 1e-9 {
            composeRasterized(layer, cr, scale: scale, traits: traits, matrix: matrix, deviceClip: deviceClip, plainClip: plainClip)
            return
        }

        // Skip what lies entirely outside the clip: the layer itself always, its sublayers when it clips them.
        // A clean layer's content rectangle is the one it was drawn in (computing it can cost a text lookup).
        let contentRect = layer.backing != nil && !layer.needsDisplayFlag ? layer.drawnRect : layer.drawingRect
        let ownRect = CGRect(origin: .zero, size: size).union(contentRect)
        let shadowPad = layer.shadowOpacity > 0 ? layer.shadowRadius * 3 + max(abs(layer.shadowOffset.width), abs(layer.shadowOffset.height)) : 0
        let ownVisible = deviceClip.intersects(deviceBox(ownRect.insetBy(dx: -shadowPad - layer.borderWidth, dy: -shadowPad - layer.borderWidth), matrix))
        if !ownVisible && (layer.masksToBounds || layer.sublayers == nil) { return }
        composedThisFrame += 1

        let opacity = rasterRoot ? 1 : CGFloat(layer.opacity)
        let hasBackground = (layer.backgroundColor?.components(for: traits).alpha ?? 0) > 0
        let hasBorder = layer.borderWidth > 0 && layer.borderColor != nil
        // Rounded backgrounds are rasterised once into the layer's surface with its content (and,
        // for leaves, its corner clip), so a frame blits them instead of filling curved paths.
        let leafClip = layer.masksToBounds && layer.sublayers == nil
        let bakesBackground = layer.cornerRadius > 0 && (hasBackground || (leafClip && layer.drawsContent && layer.hasContent) || (hasBorder && layer.sublayers == nil))
        // A leaf's rounded border goes into its surface too (nothing is drawn between content and border).
        let bakesBorder = bakesBackground && hasBorder && layer.sublayers == nil
        let content = ownVisible ? backing(for: layer, scale: scale, traits: traits, bakesBackground: bakesBackground, bakesBorder: bakesBorder) : nil
        let drawCount = (hasBackground ? 1 : 0) + (content != nil ? 1 : 0) + (hasBorder ? 1 : 0) + (layer.shadowOpacity > 0 ? 1 : 0)
        let group = opacity < 1 && (layer.sublayers != nil || drawCount > 1)
        let clipsAtCompose = layer.masksToBounds && !(leafClip && bakesBackground)
        if group || clipsAtCompose {
            cairo_save(cr)
            savedState = true
        }
        if group {
            flushPendingFill(cr)
            // The group's surface spans the clip: bound it by what this subtree can cover, so a
            // fading button does not allocate, clear and blend a whole frame.
            let extent = deviceBox(subtreeExtent(layer), matrix).intersection(deviceClip)
            guard !extent.isEmpty else { return }
            let x0 = extent.minX.rounded(.down), y0 = extent.minY.rounded(.down)
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, Double(x0), Double(y0), Double(extent.maxX.rounded(.up) - x0), Double(extent.maxY.rounded(.up) - y0))
            cairo_clip(cr)
            cairo_set_matrix(cr, &matrix)
            cairo_push_group(cr)
        }
        let alpha = group ? 1 : opacity

        let bounds = CGRect(origin: .zero, size: size)
        let radius = min(layer.cornerRadius, size.width / 2, size.height / 2)
        let axisAligned = matrix.xy == 0 && matrix.yx == 0 && matrix.xx > 0 && matrix.yy > 0
        if ownVisible && layer.shadowOpacity > 0, let color = layer.shadowColor {
            flushPendingFill(cr)
            drawShadow(layer, color: color, cr, scale: scale, traits: traits, alpha: alpha)
        }
        if ownVisible && hasBackground && !bakesBackground, let color = layer.backgroundColor {
            let c = color.components(for: traits)
            let fill = PendingFill(rect: deviceBox(bounds, matrix).intersection(deviceClip), red: Double(c.red), green: Double(c.green),
                                   blue: Double(c.blue), alpha: Double(c.alpha * alpha))
            if plainClip && !group && radius <= 0 && axisAligned && fill.alpha >= 1, let aligned = fill.pixelAligned {
                if !aligned.rect.isEmpty { deferFill(aligned, cr) }
            } else {
                flushPendingFill(cr)
                setSource(cr, color, traits, alpha)
                addRoundedRect(cr, bounds, radius: radius, corners: layer.maskedCorners)
                cairo_fill(cr)
            }
        }
        var childClip = deviceClip
        if clipsAtCompose {
            flushPendingFill(cr)
            addRoundedRect(cr, bounds, radius: radius, corners: layer.maskedCorners)
            cairo_clip(cr)
            childClip = deviceClip.intersection(deviceBox(bounds, matrix))
        }
        // Whether the clip now in force (for this layer's content, border and sublayers) is the
        // plain rectangle `childClip`: no group, no rounded or turned clip in the way. Blits can
        // then skip Cairo's per-operation setup.
        let childPlainClip = plainClip && !group && (!clipsAtCompose || (radius <= 0 && axisAligned))
        let directClip = childPlainClip ? childClip : nil
        if let content {
            flushPendingFill(cr)
            paint(content, cr, at: layer.drawnRect, scale: layer.backingScale, alpha: alpha, matrix: matrix, directClip: directClip)
        }
        if let sublayers = layer.sublayers, !childClip.isEmpty {
            cairo_translate(cr, Double(-layer.bounds.minX), Double(-layer.bounds.minY))
            for sublayer in sublayers {
                compose(sublayer, cr, scale: scale, parentTraits: traits, isRoot: false, deviceClip: childClip, plainClip: childPlainClip)
            }
            cairo_set_matrix(cr, &matrix)
        }
        if ownVisible && hasBorder && !bakesBorder, let color = layer.borderColor {
            flushPendingFill(cr)
            let w = layer.borderWidth
            setSource(cr, color, traits, alpha)
            if radius <= 0 {
                // A square border as the ring between two rectangles: a fill, on pixel-aligned fast paths.
                cairo_new_path(cr)
                cairo_rectangle(cr, 0, 0, Double(size.width), Double(size.height))
                cairo_rectangle(cr, Double(w), Double(w), Double(max(0, size.width - 2 * w)), Double(max(0, size.height - 2 * w)))
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            } else if let ring = borderRing(layer, color: color, traits: traits, radius: radius, scale: scale, matrix: matrix) {
                // Stroking a curve costs more than blitting it: the ring is drawn once.
                paint(ring.surface, cr, at: bounds, scale: scale, alpha: alpha, matrix: matrix, directClip: directClip)
            } else {
                cairo_set_line_width(cr, Double(w))
                addRoundedRect(cr, bounds.insetBy(dx: w / 2, dy: w / 2), radius: max(0, radius - w / 2), corners: layer.maskedCorners)
                cairo_stroke(cr)
            }
        }
        if group {
            flushPendingFill(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Double(opacity))
        }
    }

    /// The layer's rounded border drawn once into a bitmap of its bounds, when the layer is
    /// composed axis-aligned at `scale` (so the blit lands on whole pixels); nil otherwise.
    private static func borderRing(_ layer: CALayer, color: UIColor, traits: UITraitCollection, radius: CGFloat, scale: CGFloat,
                                   matrix: cairo_matrix_t) -> BorderRing? {
        guard matrix.xy == 0, matrix.yx == 0, abs(matrix.xx - Double(scale)) < 1e-9, abs(matrix.yy - Double(scale)) < 1e-9 else { return nil }
        let key = BorderRing.Key(size: layer.bounds.size, radius: radius, width: layer.borderWidth, corners: layer.maskedCorners,
                                 color: TextColor(color, traits: traits), scale: scale)
        if let ring = layer.borderRing, ring.key == key { return ring }
        let pw = Int((key.size.width * scale).rounded(.up)), ph = Int((key.size.height * scale).rounded(.up))
        guard pw > 0, ph > 0, pw * ph <= 4_000_000, let surface = Surface(pixelWidth: pw, pixelHeight: ph),
              let ring = cairo_create(surface.raw) else { return nil }
        cairo_scale(ring, Double(scale), Double(scale))
        let c = key.color
        cairo_set_source_rgba(ring, Double(c.red) / 65535, Double(c.green) / 65535, Double(c.blue) / 65535, Double(c.alpha) / 65535)
        cairo_set_line_width(ring, Double(key.width))
        let w = key.width
        addRoundedRect(ring, CGRect(origin: .zero, size: key.size).insetBy(dx: w / 2, dy: w / 2), radius: max(0, radius - w / 2), corners: key.corners)
        cairo_stroke(ring)
        cairo_destroy(ring)
        cairo_surface_flush(surface.raw)
        rasterizedThisFrame += 1
        let made = BorderRing(key: key, surface: surface)
        layer.borderRing = made
        return made
    }

    /// Blits the layer's composed bitmap, composing it first when something in the subtree
    /// changed (or the scale or light/dark style did). `matrix` is axis-aligned at `scale`.
    private static func composeRasterized(_ layer: CALayer, _ cr: OpaquePointer, scale: CGFloat, traits: UITraitCollection,
                                          matrix: cairo_matrix_t, deviceClip: CGRect, plainClip: Bool) {
        // Cull first: a row scrolled out of the clip is not worth a bitmap.
        let visible: (CGRect) -> Bool = { deviceClip.intersects(deviceBox($0, matrix)) }
        guard let cache = rasterCache(for: layer, scale: scale, traits: traits, isVisible: visible), visible(cache.rect) else { return }
        composedThisFrame += 1
        flushPendingFill(cr)
        paint(cache.surface, cr, at: cache.rect, scale: scale, alpha: CGFloat(layer.opacity), matrix: matrix,
              directClip: plainClip ? deviceClip : nil)
    }

    /// Composes the bitmap of a layer that rasterizes, if it is out of date, outside any frame
    /// (see `CALayer.rasterizeIfNeeded()`).
    static func rasterize(_ layer: CALayer, scale: CGFloat, traits: UITraitCollection) {
        guard layer.shouldRasterize else { return }
        _ = rasterCache(for: layer, scale: scale, traits: traits, isVisible: { _ in true })
    }

    /// The layer's up-to-date bitmap, composed now if anything in the subtree changed (or the
    /// scale or light/dark style did); nil when the subtree draws nothing or `isVisible` says
    /// its rectangle (layer space) is not worth composing.
    private static func rasterCache(for layer: CALayer, scale: CGFloat, traits: UITraitCollection,
                                    isVisible: (CGRect) -> Bool) -> RasterCache? {
        if let existing = layer.rasterCache, existing.isValid, existing.scale == scale,
           existing.style == traits.userInterfaceStyle, existing.direction == traits.layoutDirection {
            return existing
        }
        // Whole device pixels around everything the subtree draws.
        let extent = subtreeExtent(layer, includesOwnBounds: false)
        guard !extent.isNull, !extent.isEmpty, extent.width.isFinite, extent.height.isFinite else {
            layer.rasterCache = nil
            return nil
        }
        let x0 = (extent.minX * scale).rounded(.down) / scale, y0 = (extent.minY * scale).rounded(.down) / scale
        let rect = CGRect(x: x0, y: y0, width: ((extent.maxX * scale).rounded(.up)) / scale - x0,
                          height: ((extent.maxY * scale).rounded(.up)) / scale - y0)
        guard isVisible(rect) else { return nil }
        let pw = Int((rect.width * scale).rounded()), ph = Int((rect.height * scale).rounded())
        guard pw > 0, ph > 0, pw * ph <= 16_000_000 else { layer.rasterCache = nil; return nil }
        let surface: Surface
        if let old = layer.rasterCache?.surface, old.pixelWidth == pw, old.pixelHeight == ph {
            surface = old
        } else if let fresh = Surface(pixelWidth: pw, pixelHeight: ph) {
            surface = fresh
        } else {
            return nil
        }
        guard let inner = cairo_create(surface.raw) else { return nil }
        // A fill held back for the frame belongs to the frame's target, not to the bitmap.
        let held = pendingFill
        pendingFill = nil
        defer { pendingFill = held }
        cairo_set_operator(inner, CAIRO_OPERATOR_CLEAR)
        cairo_paint(inner)
        cairo_set_operator(inner, CAIRO_OPERATOR_OVER)
        cairo_scale(inner, Double(scale), Double(scale))
        cairo_translate(inner, Double(-rect.minX - layer.bounds.minX), Double(-rect.minY - layer.bounds.minY))
        let full = CGRect(x: 0, y: 0, width: pw, height: ph)
        compose(layer, inner, scale: scale, parentTraits: traits, isRoot: true, deviceClip: full, plainClip: true, rasterRoot: true)
        flushPendingFill(inner)
        cairo_destroy(inner)
        cairo_surface_flush(surface.raw)
        rasterizedThisFrame += 1
        let cache = RasterCache(surface: surface, rect: rect, scale: scale, style: traits.userInterfaceStyle, direction: traits.layoutDirection)
        layer.rasterCache = cache
        hasRasterCaches = true
        return cache
    }

    /// Where a layer and its visible sublayers can put pixels (content, border, shadow), in the
    /// layer's own space (origin at its bounds' top-left corner).
    /// `includesOwnBounds: false` leaves out the bounds of a layer that draws nothing itself (a
    /// full-width row whose bubble covers a third of it).
    private static func subtreeExtent(_ layer: CALayer, includesOwnBounds: Bool = true) -> CGRect {
        let shadowPad = layer.shadowOpacity > 0 ? layer.shadowRadius * 3 + max(abs(layer.shadowOffset.width), abs(layer.shadowOffset.height)) : 0
        let pad = shadowPad + layer.borderWidth
        let ownBounds = CGRect(origin: .zero, size: layer.bounds.size)
        let drawsItself = includesOwnBounds || layer.masksToBounds || layer.backgroundColor != nil || pad > 0
            || (layer.drawsContent && layer.hasContent && !isNonDrawing(layer.delegate))
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

    /// The layer's own pixels — its content and, when baked, its rounded background — redrawn
    /// first if anything they depend on changed.
    private static func backing(for layer: CALayer, scale: CGFloat, traits: UITraitCollection, bakesBackground: Bool, bakesBorder: Bool) -> Surface? {
        let drawsContent = layer.drawsContent && layer.hasContent
        guard drawsContent || bakesBackground else { layer.backing = nil; return nil }
        let styleChanged = layer.traitsForDrawing.map {
            $0.userInterfaceStyle != traits.userInterfaceStyle || $0.layoutDirection != traits.layoutDirection
        } ?? true
        let decoration = bakesBackground
            ? BakedDecoration(background: layer.backgroundColor.map { TextColor($0, traits: traits) }.flatMap { $0.alpha > 0 ? $0 : nil }, radius: layer.cornerRadius,
                              corners: layer.maskedCorners, clips: layer.masksToBounds && layer.sublayers == nil,
                              border: bakesBorder ? layer.borderColor.map { TextColor($0, traits: traits) } : nil, borderWidth: bakesBorder ? layer.borderWidth : 0)
            : nil
        // What the content rectangle depends on (size, text, image) marks the layer dirty, so a
        // clean layer reuses its surface without asking for the rectangle.
        if !layer.needsDisplayFlag, !styleChanged, layer.backingScale == scale, decoration == layer.bakedDecoration, let surface = layer.backing {
            return surface
        }
        let rect = bakesBackground ? layer.drawingRect.union(CGRect(origin: .zero, size: layer.bounds.size)) : layer.drawingRect
        let pw = Int((rect.width * scale).rounded(.up)), ph = Int((rect.height * scale).rounded(.up))
        guard pw > 0, ph > 0 else { layer.backing = nil; layer.needsDisplayFlag = false; return nil }
        let surface: Surface
        if let old = layer.backing, old.pixelWidth == pw, old.pixelHeight == ph {
            surface = old
        } else if let fresh = Surface(pixelWidth: pw, pixelHeight: ph) {
            surface = fresh
        } else {
            return nil
        }
        guard let cr = cairo_create(surface.raw) else { return nil }
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, Double(scale), Double(scale))
        cairo_translate(cr, Double(-rect.minX), Double(-rect.minY))
        if let decoration {
            let bounds = CGRect(origin: .zero, size: layer.bounds.size)
            let radius = min(decoration.radius, bounds.width / 2, bounds.height / 2)
            addRoundedRect(cr, bounds, radius: radius, corners: decoration.corners)
            if let background = decoration.background {
                cairo_set_source_rgba(cr, Double(background.red) / 65535, Double(background.green) / 65535, Double(background.blue) / 65535, Double(background.alpha) / 65535)
                cairo_fill_preserve(cr)
            }
            if decoration.clips { cairo_clip(cr) } else { cairo_new_path(cr) }
        }
        let context = CGContext(cairo: cr, traitCollection: traits.modifying(displayScale: scale))
        let view = layer.delegate as? UIView
        view?.defaultDrawCalled = false
        if drawsContent {
            UIGraphicsPushContext(context)
            layer.draw(in: context)
            UIGraphicsPopContext()
        }
        if let decoration, let border = decoration.border, decoration.borderWidth > 0 {
            cairo_reset_clip(cr)
            let w = decoration.borderWidth
            let bounds = CGRect(origin: .zero, size: layer.bounds.size)
            addRoundedRect(cr, bounds.insetBy(dx: w / 2, dy: w / 2), radius: max(0, min(decoration.radius, bounds.width / 2, bounds.height / 2) - w / 2), corners: decoration.corners)
            cairo_set_source_rgba(cr, Double(border.red) / 65535, Double(border.green) / 65535, Double(border.blue) / 65535, Double(border.alpha) / 65535)
            cairo_set_line_width(cr, Double(w))
            cairo_stroke(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface.raw)
        rasterizedThisFrame += 1
        layer.needsDisplayFlag = false
        layer.backingScale = scale
        layer.traitsForDrawing = traits
        layer.drawnRect = rect
        layer.bakedDecoration = decoration
        if decoration != nil {
            // The background alone justifies the surface; whether the class draws is not probed here.
            layer.backing = surface
            return surface
        }
        if let view, view.defaultDrawCalled, isTransparent(surface) {
            // Only UIView's empty draw(_:) ran: keep no surface for this view, nor for its class.
            nonDrawingClasses.insert(ObjectIdentifier(type(of: view)))
            layer.hasContent = false
            layer.backing = nil
            return nil
        }
        if !layer.hasContent { layer.backing = nil; return nil }
        layer.backing = surface
        return surface
    }

    private static func isTransparent(_ surface: Surface) -> Bool {
        surface.withPixels { data, stride in
            for y in 0..<surface.pixelHeight {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<surface.pixelWidth where row[x] != 0 { return false }
            }
            return true
        }
    }

    /// Paints a cached surface with the current matrix `m` (passed in to avoid asking Cairo again);
    /// leaves the matrix as it found it. `directClip` is the clip in force, in device pixels,
    /// when it is a plain rectangle and drawing goes straight to the target (not into a group).
    private static func paint(_ surface: Surface, _ cr: OpaquePointer, at rect: CGRect, scale: CGFloat, alpha: CGFloat,
                              matrix m: cairo_matrix_t, directClip: CGRect? = nil) {
        var m = m
        // Fill the surface's own rectangle rather than paint: the operation stays bounded to it.
        if m.xy == 0, m.yx == 0, abs(m.xx - Double(scale)) < 1e-9, abs(m.yy - Double(scale)) < 1e-9 {
            // Axis-aligned at the surface's own scale: blit at whole device pixels.
            let dx = (m.x0 + m.xx * Double(rect.minX)).rounded(), dy = (m.y0 + m.yy * Double(rect.minY)).rounded()
            if alpha >= 1, let directClip, blitDirect(surface, cr, x: dx, y: dy, clip: directClip) { return }
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, surface.raw, dx, dy)
            cairo_rectangle(cr, dx, dy, Double(surface.pixelWidth), Double(surface.pixelHeight))
        } else {
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
        cairo_set_matrix(cr, &m)
    }

    /// Whether opaque, pixel-aligned blits under a plain rectangular clip go straight to pixman
    /// (tests turn it off to compare with Cairo's result).
    static var usesDirectBlits = true
    /// Blits done by pixman directly since launch (for tests).
    static var directBlitCount = 0

    /// The target surface's pixman image, kept while frames draw into the same pixels.
    private static var targetImage: (surface: OpaquePointer, data: UnsafeMutablePointer<UInt8>, width: Int32, height: Int32,
                                     stride: Int32, image: OpaquePointer)?

    /// Composites `surface` over the image surface `cr` draws into, at device pixel (`x`, `y`)
    /// and cut to `clip` (device pixels, the plain rectangular clip in force), with one pixman
    /// call: a Cairo fill with a surface source spends more setting up than a row's blit costs.
    /// Returns false (nothing drawn) when Cairo must do it: a group, a device transform, a clip
    /// edge inside a pixel, another target format.
    private static func blitDirect(_ surface: Surface, _ cr: OpaquePointer, x: Double, y: Double, clip: CGRect) -> Bool {
        guard usesDirectBlits, let source = surface.pixmanImage, let target = cairo_get_target(cr),
              cairo_get_group_target(cr) == target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              let data = cairo_image_surface_get_data(target) else { return false }
        var offsetX = 0.0, offsetY = 0.0, scaleX = 0.0, scaleY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        guard offsetX == 0, offsetY == 0, scaleX == 1, scaleY == 1, abs(x) < 1e9, abs(y) < 1e9 else { return false }
        let width = cairo_image_surface_get_width(target), height = cairo_image_surface_get_height(target)
        let stride = cairo_image_surface_get_stride(target)
        // The clip within the target, in whole pixels.
        let box = clip.intersection(CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height)))
        if box.isNull || box.isEmpty { return true }
        guard [box.minX, box.minY, box.maxX, box.maxY].allSatisfy({ abs($0 - $0.rounded()) < 1e-6 }) else { return false }
        let image: OpaquePointer
        if let cached = targetImage, cached.surface == target, cached.data == data, cached.width == width,
           cached.height == height, cached.stride == stride {
            image = cached.image
        } else {
            guard let made = Surface.pixmanImage(wrapping: target) else { return false }
            if let old = targetImage { pixman_image_unref(old.image) }
            targetImage = (target, data, width, height, stride, made)
            image = made
        }
        let x0 = max(x, Double(box.minX)), y0 = max(y, Double(box.minY))
        let x1 = min(x + Double(surface.pixelWidth), Double(box.maxX)), y1 = min(y + Double(surface.pixelHeight), Double(box.maxY))
        guard x1 > x0, y1 > y0 else { return true }
        let dx = Int32(x0), dy = Int32(y0), w = Int32(x1 - x0), h = Int32(y1 - y0)
        cairo_surface_flush(surface.raw)
        cairo_surface_flush(target)
        pixman_image_composite32(PIXMAN_OP_OVER, source, nil, image, dx - Int32(x), dy - Int32(y), 0, 0, dx, dy, w, h)
        cairo_surface_mark_dirty_rectangle(target, dx, dy, w, h)
        directBlitCount += 1
        return true
    }

    private static func setSource(_ cr: OpaquePointer, _ color: UIColor, _ traits: UITraitCollection, _ alpha: CGFloat) {
        let c = color.components(for: traits)
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
    }

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

    // MARK: Shadows

    private static func drawShadow(_ layer: CALayer, color: UIColor, _ cr: OpaquePointer, scale: CGFloat, traits: UITraitCollection, alpha: CGFloat) {
        let size = layer.bounds.size
        let key = ShadowCache.Key(size: size, radius: layer.shadowRadius, cornerRadius: layer.cornerRadius, scale: scale, path: layer.shadowPath)
        let cache: ShadowCache
        if let existing = layer.shadowCache, existing.key == key {
            cache = existing
        } else {
            guard let made = ShadowCache(key: key, corners: layer.maskedCorners) else { return }
            cache = made
            layer.shadowCache = made
            rasterizedThisFrame += 1
        }
        let c = color.components(for: traits)
        cairo_save(cr)
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha) * Double(layer.shadowOpacity) * Double(alpha))
        let x = Double(cache.origin.x + layer.shadowOffset.width), y = Double(cache.origin.y + layer.shadowOffset.height)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        if m.xy == 0, m.yx == 0, abs(m.xx - Double(scale)) < 1e-9, abs(m.yy - Double(scale)) < 1e-9 {
            // Axis-aligned: put the mask at whole device pixels so it is copied, not resampled.
            let dx = (m.x0 + m.xx * x).rounded(), dy = (m.y0 + m.yy * y).rounded()
            cairo_identity_matrix(cr)
            cairo_mask_surface(cr, cache.mask, dx, dy)
        } else {
            cairo_translate(cr, x, y)
            cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
            cairo_mask_surface(cr, cache.mask, 0, 0)
        }
        cairo_restore(cr)
    }
}

/// A layer's rounded border, stroked once (see `Compositor.borderRing`).
final class BorderRing {
    struct Key: Equatable {
        var size: CGSize
        var radius: CGFloat
        var width: CGFloat
        var corners: CACornerMask
        var color: TextColor
        var scale: CGFloat
    }

    let key: Key
    let surface: Surface

    init(key: Key, surface: Surface) {
        self.key = key
        self.surface = surface
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

/// A solid rectangle fill in device pixels, drawn with Cairo's SOURCE operator.
struct PendingFill {
    var rect: CGRect
    var red: Double, green: Double, blue: Double, alpha: Double

    /// The fill snapped to whole device pixels, or nil when an edge falls inside a pixel (that
    /// pixel is only partly covered, so the fill cannot stand in for what lies beneath).
    var pixelAligned: PendingFill? {
        if rect.isEmpty { return PendingFill(rect: .zero, red: red, green: green, blue: blue, alpha: alpha) }
        let edges = [rect.minX, rect.minY, rect.maxX, rect.maxY]
        guard edges.allSatisfy({ abs($0 - $0.rounded()) < 1e-6 }) else { return nil }
        var aligned = self
        aligned.rect = CGRect(x: rect.minX.rounded(), y: rect.minY.rounded(),
                              width: rect.maxX.rounded() - rect.minX.rounded(), height: rect.maxY.rounded() - rect.minY.rounded())
        return aligned
    }

    func hasSameColor(as other: PendingFill) -> Bool {
        red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    }
}

/// What a layer's surface bakes in besides its content: a rounded background and its clip.
struct BakedDecoration: Equatable {
    var background: TextColor?
    var radius: CGFloat
    var corners: CACornerMask
    var clips: Bool
    var border: TextColor?
    var borderWidth: CGFloat
}

/// A blurred alpha mask of a layer's shadow shape, kept until the shape, size or radius changes.
final class ShadowCache {
    struct Key: Equatable {
        var size: CGSize
        var radius: CGFloat
        var cornerRadius: CGFloat
        var scale: CGFloat
        var path: CGPath?
    }

    let key: Key
    let mask: OpaquePointer
    /// Where the mask's top-left sits in the layer's bounds space.
    let origin: CGPoint

    @MainActor init?(key: Key, corners: CACornerMask) {
        self.key = key
        let shapeRect = key.path?.boundingBox ?? CGRect(origin: .zero, size: key.size)
        guard !shapeRect.isNull, shapeRect.width > 0 || shapeRect.height > 0 else { return nil }
        let pad = max(0, key.radius) * 2 + 2
        let rect = shapeRect.insetBy(dx: -pad, dy: -pad)
        let pw = Int((rect.width * key.scale).rounded(.up)), ph = Int((rect.height * key.scale).rounded(.up))
        guard pw > 0, ph > 0, pw * ph <= 16_000_000,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(pw), Int32(ph)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        cairo_scale(cr, Double(key.scale), Double(key.scale))
        cairo_translate(cr, Double(-rect.minX), Double(-rect.minY))
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        if let path = key.path {
            CGContext(cairo: cr, traitCollection: .default).addPath(path)
        } else {
            Compositor.addRoundedRect(cr, CGRect(origin: .zero, size: key.size), radius: key.cornerRadius, corners: corners)
        }
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        // A Gaussian of sigma = radius / 2 approximated by three box blurs.
        let sigma = Double(key.radius * key.scale) / 2
        if sigma > 0.5 {
            let box = max(1, Int((sqrt(12 * sigma * sigma / 3 + 1) - 1) / 2))
            let data = cairo_image_surface_get_data(surface)!
            let stride = Int(cairo_image_surface_get_stride(surface))
            ShadowCache.blur(data, width: pw, height: ph, stride: stride, radius: box)
            cairo_surface_mark_dirty(surface)
        }
        mask = surface
        origin = rect.origin
    }

    deinit { cairo_surface_destroy(mask) }

    /// Three horizontal and three vertical box-blur passes over an A8 buffer.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        var line = [Int](repeating: 0, count: max(width, height))
        func pass(count: Int, length: Int, index: (Int, Int) -> Int) {
            let window = 2 * radius + 1
            for lane in 0..<count {
                for i in 0..<length { line[i] = Int(data[index(lane, i)]) }
                var sum = 0
                for i in -radius...radius { sum += line[min(max(i, 0), length - 1)] * (i < 0 || i >= length ? 0 : 1) }
                for i in 0..<length {
                    data[index(lane, i)] = UInt8(min(255, sum / window))
                    let outgoing = i - radius, incoming = i + radius + 1
                    if outgoing >= 0 { sum -= line[outgoing] }
                    if incoming < length { sum += line[incoming] }
                }
            }
        }
        for _ in 0..<3 {
            pass(count: height, length: width) { lane, i in lane * stride + i }
            pass(count: width, length: height) { lane, i in i * stride + lane }
        }
    }
}
