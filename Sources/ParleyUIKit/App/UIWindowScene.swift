import CCairoPango
import Foundation

/// A scene that shows windows — on the desktop, one native window — as UIKit's `UIWindowScene`.
///
/// Its windows fill the native window and are drawn back to front by `windowLevel`; resizing the
/// native window resizes them (and lays them out), and its display scale becomes their traits'.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// The windows of the scene, in the order they were attached.
    public internal(set) var windows: [UIWindow] = []
    /// The display the scene is on.
    public let screen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 1024, height: 720), scale: 1)
    /// The key window of the scene.
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// The scene's area in points.
    public var coordinateSpaceBounds: CGRect { screen.bounds }
    /// The traits the scene gives its windows.
    public private(set) var traitCollection = UITraitCollection.default

    /// The backend's native window, or -1 when disconnected.
    var nativeWindow = -1
    /// Composes the windows into the native window's frames (the held background crosses windows,
    /// so the scene, which owns the target, owns the compositor).
    let compositor = Compositor()

    /// A window scene for a session.
    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        super.init(session: session, connectionOptions: connectionOptions)
        traitCollection = Self.systemTraits(scale: 1)
    }

    override func titleDidChange() {
        guard nativeWindow >= 0 else { return }
        UIApplication.shared.backend.setTitle(title ?? "", of: nativeWindow)
    }

    /// The light/dark setting of the desktop: `PARLEY_APPEARANCE=dark` or a GTK theme name ending
    /// in "-dark"; the text size: `PARLEY_TEXT_SIZE` (``UIApplication/preferredContentSizeCategory``).
    static func systemTraits(scale: CGFloat) -> UITraitCollection {
        let env = ProcessInfo.processInfo.environment
        let dark = env["PARLEY_APPEARANCE"]?.lowercased() == "dark" || (env["GTK_THEME"]?.lowercased().hasSuffix(":dark") ?? false)
        return UITraitCollection(userInterfaceStyle: dark ? .dark : .light, displayScale: scale,
                                 preferredContentSizeCategory: UIApplication.environmentContentSizeCategory)
    }

    /// Changes the traits the system gives the scene (the desktop's light or dark preference, its
    /// text size) and passes them to every window; what a window or view overrides still wins.
    package func updateSystemTraits(userInterfaceStyle: UIUserInterfaceStyle? = nil,
                                    preferredContentSizeCategory: UIContentSizeCategory? = nil) {
        let updated = traitCollection.modifying(userInterfaceStyle: userInterfaceStyle,
                                                preferredContentSizeCategory: preferredContentSizeCategory)
        guard updated != traitCollection else { return }
        traitCollection = updated
        for window in windows {
            window.windowTraitCollection = window.windowTraitCollection.modifying(
                userInterfaceStyle: userInterfaceStyle, preferredContentSizeCategory: preferredContentSizeCategory)
        }
        Compositor.setNeedsFrame()
    }

    /// Takes the native window's size and scale: the windows follow.
    func updateGeometry(size: CGSize, scale: CGFloat) {
        let sizeChanged = screen.bounds.size != size
        screen.bounds = CGRect(origin: .zero, size: size)
        screen.scale = scale
        if traitCollection.displayScale != scale {
            traitCollection = traitCollection.modifying(displayScale: scale)
        }
        for window in windows {
            window.windowTraitCollection = window.windowTraitCollection.modifying(displayScale: scale)
            if sizeChanged || window.frame.size != size { window.frame = CGRect(origin: .zero, size: size) }
        }
        Compositor.setNeedsFrame()
    }

    func attach(_ window: UIWindow) {
        guard !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
        window.windowTraitCollection = traitCollection
        window.frame = screen.bounds
        Compositor.setNeedsFrame()
    }

    func detach(_ window: UIWindow) {
        windows.removeAll { $0 === window }
        Compositor.setNeedsFrame()
    }

    /// The visible windows, back to front.
    var visibleWindows: [UIWindow] {
        windows.enumerated().filter { $0.element.isShownInScene && !$0.element.isHidden }
            .sorted { ($0.element.windowLevel.rawValue, $0.offset) < ($1.element.windowLevel.rawValue, $1.offset) }
            .map(\.element)
    }

    /// The frontmost visible window containing `point` (native window points).
    func window(at point: CGPoint) -> UIWindow? {
        visibleWindows.reversed().first { $0.frame.contains(point) && $0.isUserInteractionEnabled } ?? visibleWindows.last
    }

    /// Draws the scene's windows into a frame (Cairo user space in points).
    func draw(into cr: OpaquePointer) {
        let background = traitCollection.userInterfaceStyle == .dark ? 0.0 : 1.0
        // Held back: a window with an opaque background over the whole scene replaces it.
        compositor.paintTarget(cr, red: background, green: background, blue: background, alpha: 1)
        for window in visibleWindows {
            cairo_save(cr)
            cairo_translate(cr, Double(window.frame.minX), Double(window.frame.minY))
            compositor.renderFrame(window.layer, into: cr, scale: screen.scale, traits: window.traitCollection)
            cairo_restore(cr)
        }
        compositor.flushPendingFill(cr)
    }
}
