import Foundation

/// A display, as UIKit's `UIScreen`: on the desktop, the area and scale a window scene is shown at.
@preconcurrency @MainActor
public final class UIScreen {
    /// The screen's area in points (a scene's: its native window's size).
    public internal(set) var bounds: CGRect
    /// Pixels per point.
    public internal(set) var scale: CGFloat
    /// Pixels per point of the hardware.
    public var nativeScale: CGFloat { scale }
    /// The refresh rate in frames per second.
    public internal(set) var maximumFramesPerSecond: Int = 60

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }

    /// The screen of the first connected scene (a 1024 × 720 point, 1× screen before any).
    public static var main: UIScreen {
        if let scene = UIApplication.shared.openScenes.lazy.compactMap({ $0 as? UIWindowScene }).first { return scene.screen }
        return fallback
    }

    private static let fallback = UIScreen(bounds: CGRect(x: 0, y: 0, width: 1024, height: 720), scale: 1)

    /// The screen's traits (its scale).
    public var traitCollection: UITraitCollection { UITraitCollection.default.modifying(displayScale: scale) }
}
