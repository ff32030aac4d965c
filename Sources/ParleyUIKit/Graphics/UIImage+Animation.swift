import CCairoPango
import CPixbufAnimation
import Foundation

/// Animated images, as UIKit's: `UIImage.animatedImage(with:duration:)` makes one of frames, and a
/// `UIImageView` showing it plays it (see `UIImageView+Animation.swift`). Animated GIFs are
/// decoded into one with `UIImage.thumbnail(data:filling:scale:)`.
extension UIImage {
    /// An image whose `images` are `images`, shown for `duration` seconds in all; its size and
    /// scale are the first frame's. Nil without frames.
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        return UIImage(content: first.content, size: first.size, scale: first.scale, renderingMode: first.renderingMode,
                       images: images, duration: max(0, duration))
    }
}

/// The frames of an animated GIF, downsampled (gdk-pixbuf composites each frame; the delays come
/// from the file's graphic control extensions).
enum GIFAnimation {
    /// The most frames decoded, and the most decoded bytes; beyond them the GIF shows its first frame.
    static let maxFrames = 200
    static let maxBytes = 48 << 20

    /// Each frame's delay in seconds (a delay under 20 ms is shown for 100 ms, as browsers do);
    /// nil when `data` is not a well-formed GIF with at least two frames.
    static func frameDelays(_ data: Data) -> [TimeInterval]? {
        let bytes = [UInt8](data.prefix(16 << 20))
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        var delays: [TimeInterval] = []
        var pendingDelay = 0
        func skipSubBlocks() -> Bool {
            while index < bytes.count {
                let length = Int(bytes[index])
                index += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:
                guard index + 2 < bytes.count else { return nil }
                if bytes[index + 1] == 0xF9, index + 6 < bytes.count {
                    pendingDelay = Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8
                }
                index += 2
                guard skipSubBlocks() else { return nil }
            case 0x2C:
                guard index + 10 < bytes.count else { return nil }
                let packed = bytes[index + 9]
                index += 10
                if packed & 0x80 != 0 { index += 3 << (Int(packed & 0x07) + 1) }
                index += 1 // LZW minimum code size
                guard skipSubBlocks() else { return nil }
                delays.append(pendingDelay < 2 ? 0.1 : Double(pendingDelay) / 100)
                pendingDelay = 0
                if delays.count > maxFrames { return nil }
            case 0x3B:
                return delays.count >= 2 ? delays : nil
            default:
                return nil
            }
        }
        return delays.count >= 2 ? delays : nil
    }

    /// The GIF's frames scaled to `target` pixels, as an animated image; nil when it is not
    /// animated, cannot be decoded, or would take more than `maxBytes`.
    static func decode(_ data: Data, target: (width: Int, height: Int), scale: CGFloat) -> UIImage? {
        guard let delays = frameDelays(data), delays.count * target.width * target.height * 4 <= maxBytes,
              let loader = ImageDecoding.loadedPixbufLoader(data, size: nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        guard let animation = gdk_pixbuf_loader_get_animation(loader),
              gdk_pixbuf_animation_is_static_image(animation) == 0,
              let iter = parley_animation_iter_at(animation, 0) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(iter)) }
        var frames: [UIImage] = []
        var elapsed = 0
        for delay in delays {
            guard let pixbuf = gdk_pixbuf_animation_iter_get_pixbuf(iter) else { return nil }
            let sized: OpaquePointer?
            if Int(gdk_pixbuf_get_width(pixbuf)) == target.width && Int(gdk_pixbuf_get_height(pixbuf)) == target.height {
                sized = nil
            } else {
                sized = gdk_pixbuf_scale_simple(pixbuf, Int32(target.width), Int32(target.height), GDK_INTERP_BILINEAR)
                guard sized != nil else { return nil }
            }
            defer { if let sized { g_object_unref(UnsafeMutableRawPointer(sized)) } }
            guard let surface = ImageDecoding.surface(from: sized ?? pixbuf) else { return nil }
            frames.append(UIImage(surface: surface, scale: scale))
            elapsed += Int((delay * 1000).rounded())
            _ = parley_animation_iter_advance(iter, elapsed)
        }
        return UIImage.animatedImage(with: frames, duration: delays.reduce(0, +))
    }
}
