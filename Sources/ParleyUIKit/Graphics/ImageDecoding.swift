import CCairoPango
import Foundation

/// Decoders behind `UIImage(data:)`: PNG through Cairo, JPEG and GIF through gdk-pixbuf, SVG
/// through librsvg. Every decoder checks the header's dimensions first so that a huge image is
/// downsampled (JPEG) or refused (others) before any pixel memory is allocated.
enum ImageDecoding {
    /// The largest number of decoded pixels per image (4096 × 4096, 64 MB).
    static let maxPixels = 4096 * 4096

    enum Format { case png, jpeg, gif, svg }

    static func format(of data: Data) -> Format? {
        let bytes = [UInt8](data.prefix(512))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        if let head = String(bytes: bytes, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
           head.hasPrefix("<svg") || (head.hasPrefix("<?xml") && head.contains("<svg")) || (head.hasPrefix("<!--") && head.contains("<svg")) {
            return .svg
        }
        return nil
    }

    /// Width and height from the header, without decoding.
    static func dimensions(of data: Data, format: Format) -> (width: Int, height: Int)? {
        let b = [UInt8](data.prefix(format == .jpeg ? data.count : 32))
        switch format {
        case .png:
            guard b.count >= 24 else { return nil }
            let w = Int(b[16]) << 24 | Int(b[17]) << 16 | Int(b[18]) << 8 | Int(b[19])
            let h = Int(b[20]) << 24 | Int(b[21]) << 16 | Int(b[22]) << 8 | Int(b[23])
            return (w, h)
        case .gif:
            guard b.count >= 10 else { return nil }
            return (Int(b[6]) | Int(b[7]) << 8, Int(b[8]) | Int(b[9]) << 8)
        case .jpeg:
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) {
                    let h = Int(b[i + 5]) << 8 | Int(b[i + 6])
                    let w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                    return (w, h)
                }
                i += 2 + length
            }
            return nil
        case .svg:
            return nil
        }
    }

    static func decodePNG(_ data: Data) -> Surface? {
        guard let (w, h) = dimensions(of: data, format: .png), w > 0, h > 0, w * h <= maxPixels else { return nil }
        final class Reader { let data: Data; var offset = 0; init(_ data: Data) { self.data = data } }
        let reader = Reader(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let n = Int(length)
            guard reader.offset + n <= reader.data.count else { return CAIRO_STATUS_READ_ERROR }
            // Relative to the start: a slice of a larger `Data` does not start at index 0.
            let start = reader.data.startIndex + reader.offset
            reader.data.copyBytes(to: buffer, from: start..<(start + n))
            reader.offset += n
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())
        return Surface(adopting: surface)
    }

    /// JPEG and GIF through gdk-pixbuf; big JPEGs are scaled while decoding (libjpeg's DCT scaling).
    static func decodeWithPixbuf(_ data: Data, format: Format) -> Surface? {
        guard let (w, h) = dimensions(of: data, format: format), w > 0, h > 0 else { return nil }
        var targetW = w, targetH = h
        if w * h > maxPixels {
            guard format == .jpeg else { return nil }
            let factor = (Double(maxPixels) / Double(w * h)).squareRoot()
            targetW = max(1, Int(Double(w) * factor)); targetH = max(1, Int(Double(h) * factor))
        }
        return decodePixbuf(data, size: targetW != w ? (targetW, targetH) : nil)
    }

    /// Converts a gdk-pixbuf (RGB[A], straight alpha) into a Cairo ARGB32 (premultiplied) surface.
    static func surface(from pixbuf: OpaquePointer) -> Surface? {
        let w = Int(gdk_pixbuf_get_width(pixbuf)), h = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let srcStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard channels == 3 || channels == 4, let src = gdk_pixbuf_read_pixels(pixbuf),
              let surface = Surface(pixelWidth: w, pixelHeight: h) else { return nil }
        surface.withPixels { dst, dstStride in
            for y in 0..<h {
                let s = src + y * srcStride, d = dst + y * dstStride
                for x in 0..<w {
                    let r = UInt32(s[x * channels]), g = UInt32(s[x * channels + 1]), b = UInt32(s[x * channels + 2])
                    let a: UInt32 = channels == 4 ? UInt32(s[x * channels + 3]) : 255
                    d[x * 4 + 0] = UInt8((b * a + 127) / 255)
                    d[x * 4 + 1] = UInt8((g * a + 127) / 255)
                    d[x * 4 + 2] = UInt8((r * a + 127) / 255)
                    d[x * 4 + 3] = UInt8(a)
                }
            }
        }
        return surface
    }
}

/// A parsed SVG document, rendered as vectors at whatever scale it is drawn.
final class SVGDocument: @unchecked Sendable {
    let handle: UnsafeMutablePointer<RsvgHandle>
    /// The intrinsic size in points (CSS pixels).
    let size: CGSize

    init?(data: Data) {
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { raw -> UnsafeMutablePointer<RsvgHandle>? in
            rsvg_handle_new_from_data(raw.bindMemory(to: guint8.self).baseAddress, gsize(raw.count), &error)
        }
        if let error { g_error_free(error) }
        guard let handle else { return nil }
        self.handle = handle
        var w = 0.0, h = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) != 0, w > 0, h > 0, w.isFinite, h.isFinite {
            size = CGSize(width: min(w, 16_384), height: min(h, 16_384))
        } else {
            size = CGSize(width: 24, height: 24)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Renders the document into `rect` of `cairo`'s user space.
    func render(into cairo: OpaquePointer, rect: CGRect) {
        var viewport = RsvgRectangle(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
        var error: UnsafeMutablePointer<GError>?
        _ = rsvg_handle_render_document(handle, cairo, &viewport, &error)
        if let error { g_error_free(error) }
    }
}
