import Foundation
import Parley

/// Pictures drawn here for demos and scenes (a landscape: sky, sun, hills) — nothing comes from
/// the network.
public enum DemoPictures {
    /// The sky and hill colours of picture `index`.
    static let palettes: [(sky: UInt32, far: UInt32, near: UInt32)] = [
        (0xF4A259, 0xBC4B51, 0x5B3A4C),
        (0x8ECAE6, 0x219EBC, 0x023047),
        (0xA7C957, 0x6A994E, 0x386641),
        (0xCDB4DB, 0x9D4EDD, 0x3C096C),
        (0xFFE066, 0xF4A261, 0x2A9D8F),
    ]

    static func color(_ rgb: UInt32) -> UIColor {
        UIColor(red: CGFloat(rgb >> 16 & 0xFF) / 255, green: CGFloat(rgb >> 8 & 0xFF) / 255, blue: CGFloat(rgb & 0xFF) / 255, alpha: 1)
    }

    /// Picture `index` at `width × height` pixels.
    @MainActor
    public static func image(index: Int, width: Int, height: Int) -> UIImage {
        let palette = palettes[((index % palettes.count) + palettes.count) % palettes.count]
        let w = CGFloat(width), h = CGFloat(height)
        return UIGraphicsImageRenderer(size: CGSize(width: w, height: h), scale: 1).image { context in
            color(palette.sky).setFill()
            context.fill(CGRect(x: 0, y: 0, width: w, height: h))
            UIColor(white: 1, alpha: 0.85).setFill()
            let sun = min(w, h) * 0.22
            context.fillEllipse(in: CGRect(x: w * 0.66, y: h * 0.14, width: sun, height: sun))
            color(palette.far).setFill()
            context.fillEllipse(in: CGRect(x: -w * 0.3, y: h * 0.5, width: w * 1.1, height: h))
            color(palette.near).setFill()
            context.fillEllipse(in: CGRect(x: w * 0.25, y: h * 0.66, width: w * 1.2, height: h))
        }
    }

    /// Picture `index` as PNG data.
    @MainActor
    public static func png(index: Int, width: Int, height: Int) -> Data? {
        image(index: index, width: width, height: height).pngData()
    }
}
