import Foundation

/// Straight (non-premultiplied) RGBA pixels of an image, row by row, for tests and tools.
public struct RGBAPixels: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var bytes: [UInt8]

    /// Pixels from raw bytes; nil when the byte count does not match the size.
    public init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width > 0, height > 0, bytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at (x, y).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
}

extension UIImage {
    /// The image's pixels at `scale` (its own scale for bitmaps when nil), un-premultiplied.
    public func rgbaPixels(scale outputScale: CGFloat? = nil) -> RGBAPixels? {
        guard let surface = rasterized(scale: outputScale ?? (isVector ? 2 : scale)) else { return nil }
        return surface.rgbaPixels()
    }

    /// An image made from RGBA pixels.
    public convenience init?(pixels: RGBAPixels, scale: CGFloat = 1) {
        guard let surface = Surface(pixelWidth: pixels.width, pixelHeight: pixels.height) else { return nil }
        surface.withPixels { data, stride in
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    let i = (y * pixels.width + x) * 4
                    let a = UInt32(pixels.bytes[i + 3])
                    let d = data + y * stride + x * 4
                    d[0] = UInt8((UInt32(pixels.bytes[i + 2]) * a + 127) / 255)
                    d[1] = UInt8((UInt32(pixels.bytes[i + 1]) * a + 127) / 255)
                    d[2] = UInt8((UInt32(pixels.bytes[i]) * a + 127) / 255)
                    d[3] = UInt8(a)
                }
            }
        }
        self.init(surface: surface, scale: scale)
    }
}

extension Surface {
    func rgbaPixels() -> RGBAPixels? {
        var bytes = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        withPixels { data, stride in
            for y in 0..<pixelHeight {
                for x in 0..<pixelWidth {
                    let s = data + y * stride + x * 4
                    let a = UInt32(s[3]), i = (y * pixelWidth + x) * 4
                    if a == 0 { continue }
                    bytes[i] = UInt8(min(255, (UInt32(s[2]) * 255 + a / 2) / a))
                    bytes[i + 1] = UInt8(min(255, (UInt32(s[1]) * 255 + a / 2) / a))
                    bytes[i + 2] = UInt8(min(255, (UInt32(s[0]) * 255 + a / 2) / a))
                    bytes[i + 3] = UInt8(a)
                }
            }
        }
        return RGBAPixels(width: pixelWidth, height: pixelHeight, bytes: bytes)
    }
}

extension UIView {
    /// The view rendered (on an optional opaque background) as straight RGBA pixels.
    public func renderPixels(scale: CGFloat = 2, userInterfaceStyle: UIUserInterfaceStyle? = nil, background: UIColor? = nil) -> RGBAPixels? {
        renderSurface(scale: scale, userInterfaceStyle: userInterfaceStyle, background: background)?.rgbaPixels()
    }

    /// The view rendered by `compositor` (tests compare compositors' settings and state).
    func renderPixels(scale: CGFloat = 2, compositor: Compositor) -> RGBAPixels? {
        renderSurface(scale: scale, userInterfaceStyle: nil, compositor: compositor)?.rgbaPixels()
    }
}
