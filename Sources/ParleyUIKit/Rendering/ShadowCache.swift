import CCairoPango
import Foundation

/// Shadows: a blurred mask of the layer's shape, made once per shape and size, then used as a
/// mask for the shadow colour every frame.
extension FramePass {
    mutating func drawShadow(_ layer: CALayer, color c: ResolvedColor, record: ComposeRecord, matrix m: cairo_matrix_t, alpha: CGFloat) {
        let key = ShadowCache.Key(size: record.bounds.size, radius: record.shadowRadius, cornerRadius: record.cornerRadius, scale: scale,
                                  path: layer.shadowPath)
        let cache: ShadowCache
        if let existing = layer.shadowCache, existing.key == key {
            cache = existing
        } else {
            guard let made = ShadowCache(key: key, corners: record.maskedCorners) else { return }
            cache = made
            layer.shadowCache = made
            statistics.rasterizedLayers += 1
        }
        cairo_save(cr)
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha) * Double(record.shadowOpacity) * Double(alpha))
        let x = Double(cache.origin.x + record.shadowOffset.width), y = Double(cache.origin.y + record.shadowOffset.height)
        if isAxisAligned(m, at: scale) {
            // Axis-aligned: put the mask at whole device pixels so it is copied, not resampled.
            let dx = (m.x0 + m.xx * x).rounded(), dy = (m.y0 + m.yy * y).rounded()
            cairo_identity_matrix(cr)
            cairo_mask_surface(cr, cache.mask, dx, dy)
        } else {
            setMatrix(m)
            cairo_translate(cr, x, y)
            cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
            cairo_mask_surface(cr, cache.mask, 0, 0)
        }
        cairo_restore(cr)
    }
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
            FramePass.addRoundedRect(cr, CGRect(origin: .zero, size: key.size), radius: key.cornerRadius, corners: corners)
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
