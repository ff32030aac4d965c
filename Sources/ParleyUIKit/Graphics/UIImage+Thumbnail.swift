import CCairoPango
import Foundation

/// Downsampled decoding for pictures shown smaller than they are (a Parley addition, in the
/// spirit of UIKit's `preparingThumbnail(of:)`, but from encoded data, so the full-size bitmap is
/// never made where the decoder can avoid it).
///
/// Safe on any thread: decode pictures off the main thread and hand the `UIImage` back to it.
extension UIImage {
    /// The size in pixels an image's header declares (PNG, JPEG, GIF), read without decoding;
    /// `nil` for other, truncated or corrupt data.
    public nonisolated static func pixelSize(ofImageData data: Data) -> CGSize? {
        guard let format = ImageDecoding.format(of: data), format != .svg,
              let (w, h) = ImageDecoding.dimensions(of: data, format: format), w > 0, h > 0 else { return nil }
        return CGSize(width: w, height: h)
    }

    /// Whether `data` starts with the header of a PNG, JPEG or GIF that ``thumbnail(data:filling:scale:)``
    /// would decode: a known format, a size it declares, and no more pixels than the decoder takes
    /// (a decompression bomb fails here). Reads the header only; nothing is decoded.
    public nonisolated static func isDecodableImageHeader(_ data: Data) -> Bool {
        guard let format = ImageDecoding.format(of: data), format != .svg,
              let (w, h) = ImageDecoding.dimensions(of: data, format: format), w > 0, h > 0 else { return false }
        return ImageDecoding.thumbnailSize(width: w, height: h, filling: CGSize(width: 1, height: 1), format: format) != nil
    }

    /// Decodes PNG, JPEG or GIF `data` to at most the pixels needed to fill `pixelSize` (the
    /// aspect ratio kept, never enlarged), shown at `scale` pixels per point.
    ///
    /// Returns `nil` for corrupt, truncated, empty or unknown data, and for an image whose header
    /// declares more pixels than can be decoded (a decompression bomb is refused from its header,
    /// before any pixel memory is allocated). JPEGs are scaled while decoding (libjpeg's DCT
    /// scaling), other formats just after.
    public nonisolated static func thumbnail(data: Data, filling pixelSize: CGSize, scale: CGFloat) -> UIImage? {
        ThumbnailDecodeCounter.record()
        guard let format = ImageDecoding.format(of: data), format != .svg,
              let (w, h) = ImageDecoding.dimensions(of: data, format: format), w > 0, h > 0,
              let target = ImageDecoding.thumbnailSize(width: w, height: h, filling: pixelSize, format: format) else { return nil }
        if format == .gif, let animated = GIFAnimation.decode(data, target: target, scale: max(scale, 0.01)) { return animated }
        guard let surface = ImageDecoding.decodeThumbnail(data, format: format, width: w, height: h, target: target) else { return nil }
        return UIImage(surface: surface, scale: max(scale, 0.01))
    }
}

extension ImageDecoding {
    /// The pixel size to decode a `width × height` image at so it fills `pixelSize`, or `nil`
    /// when the image is too big to decode at all: more than `maxPixels` (JPEG: more than
    /// `maxPixels` after libjpeg's 1/8 scaling).
    static func thumbnailSize(width w: Int, height h: Int, filling pixelSize: CGSize, format: Format) -> (width: Int, height: Int)? {
        let pixels = w.multipliedReportingOverflow(by: h)
        guard !pixels.overflow else { return nil }
        let limit = format == .jpeg ? maxPixels * 64 : maxPixels
        guard pixels.partialValue <= limit else { return nil }
        let wantW = max(1, Double(pixelSize.width)), wantH = max(1, Double(pixelSize.height))
        var factor = min(1, max(wantW / Double(w), wantH / Double(h)))
        // Never more than the decoder may hold.
        if Double(w) * Double(h) * factor * factor > Double(maxPixels) {
            factor = (Double(maxPixels) / (Double(w) * Double(h))).squareRoot()
        }
        return (max(1, Int((Double(w) * factor).rounded())), max(1, Int((Double(h) * factor).rounded())))
    }

    /// JPEG and GIF through gdk-pixbuf at `target` size; PNG through Cairo (which refuses
    /// truncated data the pixbuf loader would hand back half drawn), scaled after.
    static func decodeThumbnail(_ data: Data, format: Format, width w: Int, height h: Int, target: (width: Int, height: Int)) -> Surface? {
        guard format == .png else { return decodePixbuf(data, size: target.width == w && target.height == h ? nil : target) }
        guard w * h <= maxPixels, let full = decodePNG(data) else { return nil }
        return scaled(full, to: target)
    }

    /// Feeds `data` to a gdk-pixbuf loader (scaled to `size` when given).
    static func decodePixbuf(_ data: Data, size: (width: Int, height: Int)?) -> Surface? {
        guard let loader = loadedPixbufLoader(data, size: size) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        return surface(from: pixbuf)
    }

    /// A gdk-pixbuf loader fed all of `data` (scaled to `size` when given) and closed, or nil
    /// when the data does not decode; the caller releases it with `g_object_unref`.
    static func loadedPixbufLoader(_ data: Data, size: (width: Int, height: Int)?) -> UnsafeMutablePointer<GdkPixbufLoader>? {
        guard !data.isEmpty, let loader = gdk_pixbuf_loader_new() else { return nil }
        if let size { gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height)) }
        var error: UnsafeMutablePointer<GError>?
        let written = data.withUnsafeBytes { raw -> gboolean in
            gdk_pixbuf_loader_write(loader, raw.bindMemory(to: guchar.self).baseAddress, gsize(raw.count), &error)
        }
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if let error { g_error_free(error) }
        if let closeError { g_error_free(closeError) }
        guard written != 0, closed != 0 else {
            g_object_unref(UnsafeMutableRawPointer(loader))
            return nil
        }
        return loader
    }

    /// `source` drawn into a new surface of `target` pixels (Cairo's good filter).
    private static func scaled(_ source: Surface, to target: (width: Int, height: Int)) -> Surface? {
        if source.pixelWidth == target.width, source.pixelHeight == target.height { return source }
        guard let result = Surface(pixelWidth: target.width, pixelHeight: target.height),
              let cr = result.clearedContext() else { return nil }
        cairo_scale(cr, Double(target.width) / Double(source.pixelWidth), Double(target.height) / Double(source.pixelHeight))
        cairo_set_source_surface(cr, source.raw, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(result.raw)
        return result
    }
}

extension UIImage {
    /// The image as JPEG data at `compressionQuality` (0…1), through gdk-pixbuf; transparent
    /// pixels are flattened onto black, as JPEG has no alpha. `nil` when it cannot be encoded.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let surface = rasterized(scale: isVector ? 2 : scale) else { return nil }
        let w = surface.pixelWidth, h = surface.pixelHeight
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(w), Int32(h)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard let dst = gdk_pixbuf_get_pixels(pixbuf) else { return nil }
        cairo_surface_flush(surface.raw)
        surface.withPixels { src, srcStride in
            for y in 0..<h {
                let s = src + y * srcStride, d = dst + y * stride
                for x in 0..<w {
                    d[x * 3] = s[x * 4 + 2]
                    d[x * 3 + 1] = s[x * 4 + 1]
                    d[x * 3 + 2] = s[x * 4]
                }
            }
        }
        let quality = String(Int((min(1, max(0, compressionQuality)) * 100).rounded()))
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let saved = "quality".withCString { key in
            quality.withCString { value in
                var keys: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: key), nil]
                var values: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: value), nil]
                return gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &keys, &values, &error)
            }
        }
        if let error { g_error_free(error) }
        guard saved != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}

/// How many thumbnails were decoded on the main thread and off it (`parley bench chat` checks
/// that scrolling through pictures decodes none on the main thread).
@_spi(Benchmarks)
public enum ThumbnailDecodeCounter {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var main = 0
    nonisolated(unsafe) private static var background = 0

    /// Counts one decoding on the calling thread.
    static func record() {
        let isMain = Thread.isMainThread
        lock.lock(); defer { lock.unlock() }
        if isMain { main += 1 } else { background += 1 }
    }

    /// The decodings so far: on the main thread, off it.
    public static func counts() -> (main: Int, background: Int) {
        lock.lock(); defer { lock.unlock() }
        return (main, background)
    }
}
