import Foundation

/// The app: its scenes and windows, its event loop and its backend, as UIKit's `UIApplication`.
///
/// `UIApplication.shared` exists from the first use; `UIApplicationMain(sceneDelegate:…)` gives it a
/// desktop backend, connects the first scene and runs the loop. Tests use
/// `HeadlessBackend.install()` instead, which gives the shared application a fresh in-memory backend.
///
/// The loop (see `run()`): pump the backend's events, drain the main dispatch queue (so
/// `DispatchQueue.main`, `Task { @MainActor in }` and `Timer` run), fire timers, run per-frame
/// callbacks (animations, momentum, display links), lay out, and render a frame only when
/// something changed or animates, paced to the display's refresh; otherwise sleep until the next
/// event, main-queue job or timer.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The states of the application.
    public enum State: Int, Sendable {
        /// In the foreground, receiving events.
        case active
        /// In the foreground, not receiving events (no window has focus).
        case inactive
        /// In the background.
        case background
    }

    private static var current: UIApplication?

    /// The application.
    public static var shared: UIApplication {
        if let current { return current }
        let made = UIApplication(backend: HeadlessBackend())
        current = made
        return made
    }

    /// The application if one was installed (nil before; `shared` would make one).
    static var sharedIfInstalled: UIApplication? { current }

    var backend: PlatformBackend
    /// The application delegate.
    open weak var delegate: UIApplicationDelegate?
    /// Keeps a delegate alive that `UIApplicationMain` created.
    var retainedDelegate: UIApplicationDelegate?
    /// Makes the delegate of each new scene.
    var sceneDelegateFactory: (@MainActor () -> UISceneDelegate)?
    /// The launch settings (title and size of new windows).
    var launchConfiguration = UIApplication.LaunchConfiguration()

    /// The state.
    public internal(set) var applicationState: State = .inactive
    /// The connected scenes, in the order they connected.
    public private(set) var openScenes: [UIScene] = []
    /// The connected scenes.
    public var connectedScenes: Set<UIScene> { Set(openScenes) }
    /// The open sessions.
    public var openSessions: Set<UISceneSession> { Set(openScenes.map(\.session)) }

    /// Every window of every scene.
    public var windows: [UIWindow] { openScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows) }
    /// The window that receives keyboard input.
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// The text size the user prefers: `PARLEY_TEXT_SIZE` (xs, s, m, l, xl, xxl, xxxl, ax1…ax5),
    /// else large. Every scene's traits start with it; a window changes its own with
    /// `traitOverrides.preferredContentSizeCategory`.
    public var preferredContentSizeCategory: UIContentSizeCategory { Self.environmentContentSizeCategory }

    /// `PARLEY_TEXT_SIZE`'s category; an unknown name is reported once and reads as large.
    static var environmentContentSizeCategory: UIContentSizeCategory {
        guard let name = ProcessInfo.processInfo.environment["PARLEY_TEXT_SIZE"], !name.isEmpty else { return .large }
        if let category = UIContentSizeCategory(name: name) { return category }
        if !reportedTextSize {
            reportedTextSize = true
            FileHandle.standardError.write(Data("PARLEY_TEXT_SIZE=\(name) is not a text size (xs, s, m, l, xl, xxl, xxxl, ax1…ax5); using l.\n".utf8))
        }
        return .large
    }
    private static var reportedTextSize = false

    /// Whether the loop should stop.
    private(set) var isTerminating = false
    /// When the last frame was rendered.
    private var lastFrameTime: TimeInterval = -.infinity
    /// Calls to run once the next layout pass finished (`viewDidAppear` follows the first layout).
    private var afterLayout: [@MainActor () -> Void] = []
    private var nextFrameBlocks: [@MainActor () -> Void] = []
    /// The pointer and touches between events.
    let pointer = PointerState()
    /// The scroll view the wheel or keyboard scrolled last (keys go there when nothing is under the pointer).
    weak var lastScrolledView: UIScrollView?
    /// Frames rendered since launch (tests and benchmarks read it).
    public private(set) var framesRendered = 0

    init(backend: PlatformBackend) {
        self.backend = backend
        super.init()
        FrameScheduler.shared.clock = { [weak self] in self?.backend.currentTime ?? ProcessInfo.processInfo.systemUptime }
    }

    /// Replaces the shared application with a fresh one on `backend` (tests; launch).
    /// `fresh` drops the timers, touches and animations of before (tests); a launch keeps what
    /// `main.swift` set up before it (display links, animations).
    static func install(backend: PlatformBackend, fresh: Bool = true) -> UIApplication {
        AllocatorTuning.apply()
        if let old = current {
            for scene in old.openScenes { old.disconnect(scene, closeNative: true) }
        }
        if fresh {
            FrameScheduler.shared.reset()
            TouchDispatcher.shared.reset()
            GestureArena.shared.reset()
            UIViewAnimator.shared.reset()
            UIResponder.currentFirstResponder = nil
        }
        let app = UIApplication(backend: backend)
        current = app
        FrameScheduler.shared.isDriven = true
        return app
    }

    /// The application delegate is the last responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// The end of the responder chain for keys: Page Up/Down, Home/End, arrows and space scroll the
    /// scroll view under the pointer (or the one scrolled last).
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let responder = event?.keyCommandResponder, presses.contains(where: { responder.performKeyCommand(for: $0, shortcutsOnly: false) }) { return }
        if let window = event?.pointerWindow ?? keyWindow, presses.contains(where: { window.focusSystem.handleUnhandled($0) }) { return }
        if scrollForUnhandledPresses(presses) { return }
        super.pressesBegan(presses, with: event)
    }

    // MARK: Scenes

    /// Opens a native window and connects a new window scene to it, with a delegate from the
    /// scene-delegate factory; `configure` runs before the delegate's `scene(_:willConnectTo:options:)`.
    @discardableResult
    func connectScene(title: String? = nil, size: CGSize? = nil, delegate: UISceneDelegate? = nil,
                      configure: (@MainActor (UIWindowScene) -> Void)? = nil) -> UIWindowScene {
        let session = UISceneSession(role: .windowApplication)
        let scene = UIWindowScene(session: session, connectionOptions: UIScene.ConnectionOptions())
        let nativeSize = size ?? launchConfiguration.size
        scene.nativeWindow = backend.openWindow(title: title ?? launchConfiguration.title, size: nativeSize)
        scene.title = title ?? launchConfiguration.title
        scene.updateGeometry(size: backend.size(of: scene.nativeWindow), scale: backend.scale(of: scene.nativeWindow))
        openScenes.append(scene)
        scene.delegate = delegate ?? sceneDelegateFactory?()
        configure?(scene)
        scene.delegate?.scene(scene, willConnectTo: session, options: scene.connectionOptions)
        scene.activationState = .foregroundActive
        scene.delegate?.sceneWillEnterForeground(scene)
        scene.delegate?.sceneDidBecomeActive(scene)
        applicationState = .active
        Compositor.setNeedsFrame()
        return scene
    }

    /// Disconnects a scene and closes its native window.
    func disconnect(_ scene: UIScene, closeNative: Bool) {
        guard let index = openScenes.firstIndex(where: { $0 === scene }) else { return }
        scene.activationState = .unattached
        scene.delegate?.sceneDidDisconnect(scene)
        openScenes.remove(at: index)
        if let windowScene = scene as? UIWindowScene {
            TouchDispatcher.shared.cancelAll(time: backend.currentTime)
            if closeNative { backend.closeWindow(windowScene.nativeWindow) }
            windowScene.nativeWindow = -1
        }
        if openScenes.isEmpty, launchConfiguration.quitsWhenLastWindowCloses, UIApplication.current === self { isTerminating = true }
    }

    /// Opens a new scene (a new native window), or with an open scene's session brings its
    /// window to the front and gives it the keyboard focus, as UIKit's
    /// `requestSceneSessionActivation`.
    open func requestSceneSessionActivation(_ sceneSession: UISceneSession?, userActivity: Any?, options: UIScene.ActivationRequestOptions?,
                                            errorHandler: ((any Error) -> Void)? = nil) {
        if let sceneSession, let scene = sceneSession.scene as? UIWindowScene {
            scene.windows.first { $0.isKeyWindow }?.makeKey()
            if scene.nativeWindow >= 0 { backend.raiseWindow(scene.nativeWindow) }
            return
        }
        connectScene()
    }

    /// Closes a scene's window, as UIKit's `requestSceneSessionDestruction`.
    open func requestSceneSessionDestruction(_ sceneSession: UISceneSession, options: UISceneDestructionRequestOptions?,
                                             errorHandler: ((any Error) -> Void)? = nil) {
        guard let scene = sceneSession.scene else { return }
        disconnect(scene, closeNative: true)
    }

    /// The scene of a native window.
    func scene(forNative window: Int) -> UIWindowScene? {
        openScenes.lazy.compactMap { $0 as? UIWindowScene }.first { $0.nativeWindow == window }
    }

    /// Asks the loop to stop after this iteration.
    public func terminate() { isTerminating = true }

    // MARK: Frames

    /// Runs `block` after the next layout pass (or now, when nothing drives frames).
    func afterNextLayout(_ block: @escaping @MainActor () -> Void) {
        guard FrameScheduler.shared.isDriven else {
            for window in windows { window.layoutIfNeeded() }
            block()
            return
        }
        afterLayout.append(block)
        Compositor.setNeedsFrame()
    }

    /// Runs `block` at the start of the next frame, before its layout — or at once when nothing
    /// drives frames (a view rendered to an image, a test without a backend). Work that would
    /// make one frame late (measuring rows ahead of a scroll, say) continues there, a part per
    /// frame. Parley's addition to UIKit.
    public func performOnNextFrame(_ block: @escaping @MainActor () -> Void) {
        guard FrameScheduler.shared.isDriven else {
            block()
            return
        }
        nextFrameBlocks.append(block)
    }

    /// Whether a frame should be produced now (something changed, animates, or waits for layout).
    var wantsFrame: Bool {
        Compositor.needsFrame || UIView.layoutIsPending || FrameScheduler.shared.hasActiveTickers || !afterLayout.isEmpty
            || !nextFrameBlocks.isEmpty
    }

    /// One frame: timers, per-frame callbacks, layout, deferred appearance calls, and rendering
    /// if anything changed.
    func performFrame(at time: TimeInterval) {
        let scheduler = FrameScheduler.shared
        if !nextFrameBlocks.isEmpty {
            // Blocks these add wait for the frame after.
            let blocks = nextFrameBlocks
            nextFrameBlocks.removeAll()
            for block in blocks { block() }
        }
        scheduler.fireDueTimers(at: time)
        scheduler.tick(at: time)
        layoutWindows()
        if !afterLayout.isEmpty {
            // `viewDidAppear` and friends may change views again: lay out once more after them.
            let blocks = afterLayout
            afterLayout.removeAll()
            for block in blocks { block() }
            layoutWindows()
        }
        for window in windows where window.focusSystem.isRingVisible || !window.focusSystem.ringLayer.isHidden {
            window.focusSystem.updateRing()
        }
        if Compositor.needsFrame {
            render()
            lastFrameTime = time
            UIAccessibility.frameObserver?()
        }
    }

    /// Lays out every window while layout is pending (layout may request more layout; bounded).
    func layoutWindows() {
        var passes = 0
        while UIView.layoutIsPending && passes < 8 {
            UIView.layoutIsPending = false
            for scene in openScenes.compactMap({ $0 as? UIWindowScene }) {
                for window in scene.windows { window.layoutIfNeeded() }
            }
            passes += 1
        }
    }

    /// Renders every scene into its native window.
    func render() {
        let scenes = openScenes.compactMap { $0 as? UIWindowScene }
        for scene in scenes where scene.nativeWindow >= 0 {
            backend.present(scene.nativeWindow) { cr in scene.draw(into: cr) }
        }
        framesRendered += 1
    }

    /// The earliest time the next frame may be drawn (the display's pace).
    var nextFrameTime: TimeInterval { lastFrameTime + 1 / max(1, backend.refreshRate) }
}

extension UIApplication {
    /// How `UIApplicationMain` opens the application's first window.
    public struct LaunchConfiguration {
        /// Which window system to use.
        public enum Backend: Sendable {
            /// SDL when a display is available (`DISPLAY` or `WAYLAND_DISPLAY` is set), otherwise headless.
            case automatic
            /// SDL (X11 or Wayland).
            case sdl
            /// No display: frames are rendered in memory (for smoke tests on servers).
            case headless
        }

        /// The first window's title.
        public var title: String
        /// The first window's size, in points.
        public var size: CGSize
        /// Which window system to use.
        public var backend: Backend
        /// The first window's root view controller, as a storyboard's initial controller: when set,
        /// the window exists (in `scene.windows`, assigned to the delegate's `window`) before the scene
        /// delegate's `scene(_:willConnectTo:options:)` runs, and is made key and visible after it.
        public var initialViewController: (@MainActor () -> UIViewController)?
        /// Whether closing the last window ends the application (default true).
        public var quitsWhenLastWindowCloses: Bool

        /// A configuration.
        public init(title: String = ProcessInfo.processInfo.processName, size: CGSize = CGSize(width: 1024, height: 720),
                    backend: Backend = .automatic, quitsWhenLastWindowCloses: Bool = true,
                    initialViewController: (@MainActor () -> UIViewController)? = nil) {
            self.title = title
            self.size = size
            self.backend = backend
            self.quitsWhenLastWindowCloses = quitsWhenLastWindowCloses
            self.initialViewController = initialViewController
        }
    }
}

/// Options for `requestSceneSessionActivation` (accepted; Parley opens a plain new window).
public final class UISceneActivationRequestOptions: Sendable {
    /// Options.
    public init() {}
}

extension UIScene {
    /// Options for `requestSceneSessionActivation`.
    public typealias ActivationRequestOptions = UISceneActivationRequestOptions
}

/// Options for `requestSceneSessionDestruction` (accepted; none apply).
public final class UISceneDestructionRequestOptions: Sendable {
    /// Options.
    public init() {}
}
