import CCairoPango
import Foundation

/// The paint phase: a layer's own pixels (its content, and a rounded background and border baked
/// with it) drawn into its cached surface when something they depend on changed.
extension FramePass {
    /// The layer's own pixels — its content and, when baked, its rounded background — redrawn
    /// first if anything they depend on changed.
    mutating func backing(for layer: CALayer, record: ComposeRecord, traits: UITraitCollection, bakesBackground: Bool, bakesBorder: Bool) -> Surface? {
        let drawsContent = record.drawsContent && layer.hasContent
        guard drawsContent || bakesBackground else { layer.backing = nil; return nil }
        let styleChanged = layer.traitsForDrawing.map {
            $0.userInterfaceStyle != traits.userInterfaceStyle || $0.layoutDirection != traits.layoutDirection
        } ?? true
        let decoration = bakesBackground
            ? BakedDecoration(background: record.bakedBackground, radius: record.cornerRadius, corners: record.maskedCorners,
                              clips: record.masksToBounds && !record.hasSublayers,
                              border: bakesBorder ? record.bakedBorder : nil, borderWidth: bakesBorder ? record.borderWidth : 0)
            : nil
        // What the content rectangle depends on (size, text, image) marks the layer dirty, so a
        // clean layer reuses its surface without asking for the rectangle.
        if !layer.needsDisplayFlag, !styleChanged, layer.backingScale == scale, decoration == layer.bakedDecoration, let surface = layer.backing {
            return surface
        }
        if drawsContent, decoration == nil, let view = layer.delegate as? UIView, hints.classesThatDrewNothing.contains(ObjectIdentifier(type(of: view))),
           drawsNothingNow(layer, traits: traits) {
            // Another view of its class drew nothing in this compositor: this one was asked
            // first, without a surface, and draws nothing either.
            layer.drawsNothing = true
            layer.hasContent = false
            layer.needsDisplayFlag = false
            layer.backing = nil
            return nil
        }
        let size = record.bounds.size
        let rect = bakesBackground ? layer.drawingRect.union(CGRect(origin: .zero, size: size)) : layer.drawingRect
        let pw = Int((rect.width * scale).rounded(.up)), ph = Int((rect.height * scale).rounded(.up))
        guard pw > 0, ph > 0 else { layer.backing = nil; layer.needsDisplayFlag = false; return nil }
        guard let surface = Surface.reusing(layer.backing, pixelWidth: pw, pixelHeight: ph), let cr = surface.clearedContext() else { return nil }
        cairo_scale(cr, Double(scale), Double(scale))
        cairo_translate(cr, Double(-rect.minX), Double(-rect.minY))
        let bounds = CGRect(origin: .zero, size: size)
        if let decoration {
            let radius = min(decoration.radius, bounds.width / 2, bounds.height / 2)
            Self.addRoundedRect(cr, bounds, radius: radius, corners: decoration.corners)
            if let background = decoration.background {
                setSource(cr, background)
                cairo_fill_preserve(cr)
            }
            if decoration.clips { cairo_clip(cr) } else { cairo_new_path(cr) }
        }
        let view = layer.delegate as? UIView
        view?.defaultDrawCalled = false
        if drawsContent {
            let context = CGContext(cairo: cr, traitCollection: traits.modifying(displayScale: scale))
            UIGraphicsPushContext(context)
            layer.draw(in: context)
            UIGraphicsPopContext()
        }
        if let decoration, let border = decoration.border, decoration.borderWidth > 0 {
            cairo_reset_clip(cr)
            let w = decoration.borderWidth
            Self.addRoundedRect(cr, bounds.insetBy(dx: w / 2, dy: w / 2), radius: max(0, min(decoration.radius, bounds.width / 2, bounds.height / 2) - w / 2),
                                corners: decoration.corners)
            setSource(cr, border)
            cairo_set_line_width(cr, Double(w))
            cairo_stroke(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface.raw)
        statistics.rasterizedLayers += 1
        // The surface may be the one redrawn in place: what was resampled from it is stale.
        layer.resampledContent = nil
        layer.needsDisplayFlag = false
        layer.backingScale = scale
        layer.traitsForDrawing = traits
        layer.drawnRect = rect
        layer.bakedDecoration = decoration
        if decoration != nil {
            // The background alone justifies the surface; whether the view draws is not probed here.
            layer.backing = surface
            return surface
        }
        if let view, view.defaultDrawCalled, Self.isTransparent(surface) {
            // Only UIView's empty draw(_:) ran: keep no surface for this view (see `drawsNothing`),
            // and ask the next views of its class without a surface first.
            hints.classesThatDrewNothing.insert(ObjectIdentifier(type(of: view)))
            layer.drawsNothing = true
            layer.hasContent = false
            layer.backing = nil
            return nil
        }
        if !layer.hasContent { layer.backing = nil; return nil }
        layer.backing = surface
        return surface
    }

    /// Asks a layer known to draw nothing (`drawsNothing`) that was asked to redraw whether it
    /// draws now, without a surface. A view whose `draw(_:)` calls `super` and draws only in some
    /// states starts drawing again here.
    func probeDrawsNothing(_ layer: CALayer, traits: UITraitCollection) {
        if drawsNothingNow(layer, traits: traits) {
            layer.needsDisplayFlag = false
        } else {
            // It draws: the usual redraw (and, if it drew nothing after all, the usual check) follows.
            layer.drawsNothing = false
            layer.hasContent = true
        }
    }

    /// Whether only UIView's empty `draw(_:)` runs for the layer's view and it leaves no ink,
    /// found by recording the drawing rather than rasterising it: no surface to allocate,
    /// clear and scan.
    private func drawsNothingNow(_ layer: CALayer, traits: UITraitCollection) -> Bool {
        guard let view = layer.delegate as? UIView, layer.contents == nil,
              let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return false }
        defer { cairo_surface_destroy(recording) }
        guard let cr = cairo_create(recording) else { return false }
        cairo_scale(cr, Double(scale), Double(scale))
        view.defaultDrawCalled = false
        let context = CGContext(cairo: cr, traitCollection: traits.modifying(displayScale: scale))
        UIGraphicsPushContext(context)
        layer.draw(in: context)
        UIGraphicsPopContext()
        cairo_destroy(cr)
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &width, &height)
        return view.defaultDrawCalled && (width <= 0 || height <= 0)
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

    /// The layer's rounded border drawn once into a bitmap of its bounds, when the layer is
    /// composed axis-aligned at `scale` (so the blit lands on whole pixels); nil otherwise.
    mutating func borderRing(_ layer: CALayer, record: ComposeRecord, color: ResolvedColor, radius: CGFloat, matrix: cairo_matrix_t) -> BorderRing? {
        guard isAxisAligned(matrix, at: scale) else { return nil }
        let key = BorderRing.Key(size: record.bounds.size, radius: radius, width: record.borderWidth, corners: record.maskedCorners,
                                 color: TextColor(color), scale: scale)
        if let ring = layer.borderRing, ring.key == key { return ring }
        let pw = Int((key.size.width * scale).rounded(.up)), ph = Int((key.size.height * scale).rounded(.up))
        guard pw > 0, ph > 0, pw * ph <= 4_000_000, let surface = Surface(pixelWidth: pw, pixelHeight: ph),
              let ring = cairo_create(surface.raw) else { return nil }
        cairo_scale(ring, Double(scale), Double(scale))
        setSource(ring, key.color)
        cairo_set_line_width(ring, Double(key.width))
        let w = key.width
        Self.addRoundedRect(ring, CGRect(origin: .zero, size: key.size).insetBy(dx: w / 2, dy: w / 2), radius: max(0, radius - w / 2), corners: key.corners)
        cairo_stroke(ring)
        cairo_destroy(ring)
        cairo_surface_flush(surface.raw)
        statistics.rasterizedLayers += 1
        let made = BorderRing(key: key, surface: surface)
        layer.borderRing = made
        return made
    }

    private func setSource(_ cr: OpaquePointer, _ c: TextColor) {
        cairo_set_source_rgba(cr, Double(c.red) / 65535, Double(c.green) / 65535, Double(c.blue) / 65535, Double(c.alpha) / 65535)
    }
}

/// What a compositor has learned about view classes, to make first draws cheaper. Only hints:
/// each view's own drawing is still what decides (see `FramePass.backing`).
@MainActor
final class DrawingHints {
    /// Classes a view of which ran only UIView's empty `draw(_:)` and left no pixels.
    var classesThatDrewNothing: Set<ObjectIdentifier> = []
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

/// A layer's rounded border, stroked once (see `FramePass.borderRing`).
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
