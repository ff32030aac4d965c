import CCairoPango
import Foundation

/// A Cairo ARGB32 (premultiplied) image surface that owns its pixels (from ``PixelBufferPool``
/// when the surface is made here).
///
/// Invariant: `raw` is a valid image surface in `CAIRO_STATUS_SUCCESS`; construction fails otherwise.
final class Surface: @unchecked Sendable {
    let raw: OpaquePointer
    let pixelWidth: Int
    let pixelHeight: Int

    /// A cleared surface of `width × height` pixels, or nil for empty/oversized requests or on
    /// allocation failure.
    init?(pixelWidth: Int, pixelHeight: Int) {
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32_767, pixelHeight <= 32_767 else { return nil }
        guard let surface = PixelBufferPool.shared.makeSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight) else { return nil }
        raw = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// Adopts a surface created elsewhere (takes ownership of one reference).
    init?(adopting surface: OpaquePointer?) {
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
            cairo_surface_destroy(surface)
            return nil
        }
        raw = surface
        pixelWidth = Int(cairo_image_surface_get_width(surface))
        pixelHeight = Int(cairo_image_surface_get_height(surface))
    }

    /// `old` when it already has this size (its pixels are about to be redrawn), else a new surface.
    static func reusing(_ old: Surface?, pixelWidth: Int, pixelHeight: Int) -> Surface? {
        if let old, old.pixelWidth == pixelWidth, old.pixelHeight == pixelHeight { return old }
        return Surface(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// A Cairo context over the surface with every pixel cleared, drawing with OVER; the caller
    /// destroys it (and flushes the surface) when done.
    func clearedContext() -> OpaquePointer? {
        guard let cr = cairo_create(raw) else { return nil }
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        return cr
    }

    deinit {
        if let pixmanImage { pixman_image_unref(pixmanImage) }
        cairo_surface_destroy(raw)
    }

    /// The pixels as a pixman image (made on first use), for blits that skip Cairo's setup.
    private(set) lazy var pixmanImage: OpaquePointer? = Surface.pixmanImage(wrapping: raw)

    /// A pixman image over an ARGB32 or RGB24 image surface's pixels (nil for other formats).
    static func pixmanImage(wrapping surface: OpaquePointer) -> OpaquePointer? {
        let format: pixman_format_code_t
        switch cairo_image_surface_get_format(surface) {
        case CAIRO_FORMAT_ARGB32: format = PIXMAN_a8r8g8b8
        case CAIRO_FORMAT_RGB24: format = PIXMAN_x8r8g8b8
        default: return nil
        }
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return pixman_image_create_bits(format, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface),
                                        UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                        cairo_image_surface_get_stride(surface))
    }

    /// A new surface holding the `width × height` pixels at (`x`, `y`) of this one; nil when
    /// that rectangle is not inside the surface or allocation fails.
    func copy(x: Int, y: Int, width: Int, height: Int) -> Surface? {
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= pixelWidth, y + height <= pixelHeight,
              let source = pixmanImage, let part = Surface(pixelWidth: width, pixelHeight: height), let target = part.pixmanImage else { return nil }
        cairo_surface_flush(raw)
        cairo_surface_flush(part.raw)
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, target, Int32(x), Int32(y), 0, 0, 0, 0, Int32(width), Int32(height))
        cairo_surface_mark_dirty(part.raw)
        return part
    }

    var stride: Int { Int(cairo_image_surface_get_stride(raw)) }

    /// Direct access to the pixels (BGRA in memory on little-endian, premultiplied).
    func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(raw)
        let data = cairo_image_surface_get_data(raw)!
        let result = try body(data, stride)
        cairo_surface_mark_dirty(raw)
        return result
    }

    /// Premultiplied ARGB of one pixel, for tests and hit checks.
    func pixel(x: Int, y: Int) -> (a: UInt8, r: UInt8, g: UInt8, b: UInt8) {
        guard x >= 0, y >= 0, x < pixelWidth, y < pixelHeight else { return (0, 0, 0, 0) }
        cairo_surface_flush(raw)
        let data = cairo_image_surface_get_data(raw)!
        let p = data + y * stride + x * 4
        return (p[3], p[2], p[1], p[0])
    }

    /// The surface encoded as PNG.
    func pngData() -> Data? {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(raw, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? sink.data : nil
    }
}
