import CCairoPango
import Foundation

/// A window system in memory: no display, synthetic input in, frames out as images, and a clock
/// that moves only when told. The default backend, and the one tests use.
///
/// ```swift
/// let backend = HeadlessBackend.install()               // a fresh UIApplication.shared on it
/// let window = backend.openWindow(size: CGSize(width: 320, height: 480), rootViewController: controller)
/// backend.tap(at: CGPoint(x: 40, y: 60))                // down, 50 ms, up (window coordinates)
/// backend.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100))
/// backend.scroll(by: CGPoint(x: 0, y: 120), at: CGPoint(x: 160, y: 240))
/// backend.type("Hello")                                 // text to the first responder
/// backend.press(.keyboardReturnOrEnter, modifiers: .shift)
/// backend.advance(by: 1)                                // one second of frames at 60 Hz
/// let image = backend.snapshot()                         // the last frame of the key window's scene
/// ```
///
/// Every input method handles the event at the current time and then runs one frame (layout, and
/// rendering when something changed), as the real loop would right after the event.
@preconcurrency @MainActor
public final class HeadlessBackend: PlatformBackend {
    private struct NativeWindow {
        var title: String
        var size: CGSize
        var frame: Surface?
    }

    /// The clock, in seconds; it starts at 1000 and moves only with `advance(by:)` and the input helpers.
    public private(set) var currentTime: TimeInterval = 1000
    /// The pretend display's refresh rate.
    public var refreshRate: Double = 60
    /// The pretend display's scale.
    public let scale: CGFloat
    /// The clipboard.
    public var clipboardText: String?
    /// The clipboard's other types, by MIME type (a test's pretend image copied from another app).
    public var clipboardItems: [String: Data] = [:]
    /// How long another application takes to answer a read of ``clipboardItems`` through
    /// `loadClipboardData` (`nil`: at once, before the call returns; else the answer arrives on
    /// the main queue after this wait, as the X11 selection's owner answers).
    public var clipboardAnswerDelay: Duration?
    /// The keyboard modifiers held now.
    public private(set) var modifierFlags: UIKeyModifierFlags = []
    /// Whether a text input has asked for the keyboard (and input method).
    public private(set) var isTextInputActive = false
    /// Where the input method's window would go, in window points.
    public private(set) var textInputRect: CGRect?
    /// Frames drawn into native windows.
    public private(set) var framesPresented = 0
    /// The current pointer shape's name: "arrow", "iBeam" or "pointingHand".
    public var cursorName: String {
        switch cursor {
        case .arrow: return "arrow"
        case .iBeam: return "iBeam"
        case .pointingHand: return "pointingHand"
        }
    }

    private(set) var cursor: PlatformCursor = .arrow
    private var windows: [Int: NativeWindow] = [:]
    private var nextWindow = 1
    /// The windows raised, in order.
    private var raisedWindows: [Int] = []
    private var queue: [PlatformEvent] = []
    private var pointer: CGPoint = .zero
    private var lastClick: (time: TimeInterval, point: CGPoint, count: Int)?

    /// A backend for a display of `scale` pixels per point.
    public init(scale: CGFloat = 1) {
        self.scale = scale
    }

    /// Makes a fresh `UIApplication.shared` running on a new headless backend and returns the
    /// backend; scenes, timers, touches and animations of a previous one are dropped.
    @discardableResult
    public static func install(scale: CGFloat = 1) -> HeadlessBackend {
        let backend = HeadlessBackend(scale: scale)
        _ = UIApplication.install(backend: backend)
        return backend
    }

    private var app: UIApplication { UIApplication.shared }

    // MARK: Windows

    /// Opens a scene with a key, visible window of `size` points, optionally showing `rootViewController`,
    /// and runs a frame.
    @discardableResult
    public func openWindow(size: CGSize = CGSize(width: 390, height: 640), title: String = "Parley", rootViewController: UIViewController? = nil) -> UIWindow {
        let scene = app.connectScene(title: title, size: size)
        let window = UIWindow(windowScene: scene)
        if let rootViewController { window.rootViewController = rootViewController }
        window.makeKeyAndVisible()
        step()
        return window
    }

    /// Resizes a native window, as a user dragging its edge would (the scene's windows follow).
    public func resize(_ window: UIWindow, to size: CGSize) {
        guard let native = window.windowScene?.nativeWindow, windows[native] != nil else { return }
        windows[native]?.size = size
        send(.resized(window: native, size: size))
    }

    /// Gives a native window the keyboard focus or takes it away, as the window manager would
    /// when the user clicks another app (the scene becomes inactive) and comes back.
    public func setFocused(_ focused: Bool, _ window: UIWindow) {
        guard let native = window.windowScene?.nativeWindow else { return }
        send(.focus(window: native, gained: focused))
    }

    /// Asks to close a window's native window, as its close button would.
    public func close(_ window: UIWindow) {
        guard let native = window.windowScene?.nativeWindow else { return }
        send(.closeRequested(window: native))
    }

    /// The last frame drawn for the scene of `window` (the key window by default).
    public func snapshot(of window: UIWindow? = nil) -> UIImage? {
        guard let native = (window ?? app.keyWindow)?.windowScene?.nativeWindow, let surface = windows[native]?.frame else { return nil }
        return UIImage(surface: surface, scale: scale)
    }

    // MARK: Time

    /// Moves the clock by `seconds`, running a frame every display refresh on the way (timers,
    /// gestures, momentum, animations, layout, rendering), and returns when the time is reached.
    public func advance(by seconds: TimeInterval) {
        let end = currentTime + max(0, seconds)
        let interval = 1 / refreshRate
        while currentTime < end - 1e-9 {
            currentTime = min(end, currentTime + interval)
            app.performFrame(at: currentTime)
        }
    }

    /// Advances frame by frame until nothing animates and no timer is due within `limit` seconds.
    public func runUntilIdle(limit: TimeInterval = 10) {
        let end = currentTime + limit
        while currentTime < end {
            let busy = FrameScheduler.shared.hasActiveTickers || app.wantsFrame
                || (FrameScheduler.shared.nextTimerDeadline.map { $0 <= end } ?? false)
            guard busy else { return }
            advance(by: 1 / refreshRate)
        }
    }

    /// Handles a backend event now, then runs a frame.
    func send(_ event: PlatformEvent) {
        app.handle(event)
        step()
    }

    private func step() { app.performFrame(at: currentTime) }

    private func native(_ window: UIWindow?) -> Int {
        (window ?? app.keyWindow ?? app.windows.last)?.windowScene?.nativeWindow ?? -1
    }

    // MARK: Pointer

    /// Presses the primary button at `point` (window coordinates).
    public func pointerDown(at point: CGPoint, in window: UIWindow? = nil, modifiers: UIKeyModifierFlags = []) {
        pointer = point
        let count: Int
        if let last = lastClick, currentTime - last.time < 0.5, hypot(last.point.x - point.x, last.point.y - point.y) < 5 {
            count = last.count + 1
        } else {
            count = 1
        }
        lastClick = (currentTime, point, count)
        let held = modifierFlags
        modifierFlags = modifiers
        send(.pointerDown(window: native(window), location: point, button: 1, clicks: count))
        modifierFlags = held
    }

    /// Moves the pointer to `point` (a drag while the button is down).
    public func pointerMove(to point: CGPoint, in window: UIWindow? = nil, modifiers: UIKeyModifierFlags = []) {
        pointer = point
        let held = modifierFlags
        modifierFlags = modifiers
        send(.pointerMoved(window: native(window), location: point))
        modifierFlags = held
    }

    /// Releases the primary button at `point`.
    public func pointerUp(at point: CGPoint, in window: UIWindow? = nil) {
        pointer = point
        send(.pointerUp(window: native(window), location: point, button: 1))
    }

    /// A click: down, `holding` seconds, up; `count` clicks in quick succession for double clicks.
    public func tap(at point: CGPoint, count: Int = 1, holding: TimeInterval = 0.05, in window: UIWindow? = nil, modifiers: UIKeyModifierFlags = []) {
        for index in 0..<max(1, count) {
            if index > 0 { advance(by: 0.1) }
            pointerDown(at: point, in: window, modifiers: modifiers)
            advance(by: holding)
            pointerUp(at: point, in: window)
        }
    }

    /// A right-click (the secondary button) at `point`: down, `holding` seconds, up.
    public func rightClick(at point: CGPoint, holding: TimeInterval = 0.05, in window: UIWindow? = nil) {
        pointer = point
        send(.pointerDown(window: native(window), location: point, button: 3, clicks: 1))
        advance(by: holding)
        send(.pointerUp(window: native(window), location: point, button: 3))
    }

    /// Moves the pointer out of the window (hover ends, tooltips hide).
    public func pointerExit(in window: UIWindow? = nil) {
        send(.pointerExited(window: native(window)))
    }

    /// Drops `files` from the desktop at `point` (window coordinates), as a file manager does.
    public func drop(files: [URL], at point: CGPoint, in window: UIWindow? = nil) {
        pointer = point
        send(.dropFiles(window: native(window), paths: files.map(\.path), location: point))
    }

    /// Holds the button down at `point` for `duration` seconds, then releases it.
    public func longPress(at point: CGPoint, duration: TimeInterval = 0.8, in window: UIWindow? = nil) {
        pointerDown(at: point, in: window)
        advance(by: duration)
        pointerUp(at: point, in: window)
    }

    /// Drags from `start` to `end` in `steps` moves over `duration` seconds (one move per frame or
    /// slower), then releases (unless `release` is false), as a flick when fast.
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.25, steps: Int = 10, release: Bool = true, in window: UIWindow? = nil) {
        pointerDown(at: start, in: window)
        let n = max(1, steps)
        for i in 1...n {
            advance(by: duration / Double(n))
            let t = CGFloat(i) / CGFloat(n)
            pointerMove(to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t), in: window)
        }
        if release { pointerUp(at: end, in: window) }
    }

    /// A wheel or touchpad step: `delta` in points, content direction (positive y shows content
    /// further down); `precise` touchpad steps move at once, wheel notches animate.
    public func scroll(by delta: CGPoint, at point: CGPoint, precise: Bool = true, in window: UIWindow? = nil) {
        pointer = point
        send(.wheel(window: native(window), delta: delta, precise: precise, location: point))
    }

    /// Moves a finger on a touchscreen (`phase` .began, .moved, .ended or .cancelled).
    public func finger(_ id: Int, _ phase: UITouch.Phase, at point: CGPoint, in window: UIWindow? = nil) {
        send(.finger(window: native(window), id: id, location: point, phase: phase))
    }

    // MARK: Keyboard and text

    /// Presses and releases a key with modifiers; `characters` is what the key types (for letters
    /// it defaults to the letter), used by shortcuts like Ctrl+C.
    public func press(_ key: UIKeyboardHIDUsage, modifiers: UIKeyModifierFlags = [], characters: String? = nil, repeats: Int = 0, in window: UIWindow? = nil) {
        let chars = characters ?? Self.defaultCharacters(for: key)
        let held = modifierFlags
        modifierFlags = modifiers
        send(.keyDown(window: native(window), usage: key.rawValue, characters: chars, isRepeat: false))
        for _ in 0..<max(0, repeats) {
            advance(by: 0.033)
            send(.keyDown(window: native(window), usage: key.rawValue, characters: chars, isRepeat: true))
        }
        send(.keyUp(window: native(window), usage: key.rawValue, characters: chars))
        modifierFlags = held
    }

    /// Types text: each character's text-input event, as an input method delivers it.
    public func type(_ text: String, in window: UIWindow? = nil) {
        for character in text {
            send(.textInput(window: native(window), text: String(character)))
        }
    }

    /// Shows input-method composition (marked text) with the cursor at `cursor` characters.
    public func compose(_ markedText: String, cursor: Int? = nil, in window: UIWindow? = nil) {
        send(.textEditing(window: native(window), text: markedText, cursor: cursor ?? markedText.unicodeScalars.count))
    }

    /// Ends a composition by committing `text`.
    public func commitComposition(_ text: String, in window: UIWindow? = nil) {
        send(.textInput(window: native(window), text: text))
    }

    static func defaultCharacters(for key: UIKeyboardHIDUsage) -> String {
        if key.rawValue >= 4 && key.rawValue <= 29, let scalar = Unicode.Scalar(UInt32(97 + key.rawValue - 4)) { return String(Character(scalar)) }
        switch key {
        case .keyboardReturnOrEnter, .keypadEnter: return "\r"
        case .keyboardTab: return "\t"
        case .keyboardSpacebar: return " "
        default: return ""
        }
    }

    // MARK: PlatformBackend

    func openWindow(title: String, size: CGSize) -> Int {
        let id = nextWindow
        nextWindow += 1
        windows[id] = NativeWindow(title: title, size: size, frame: nil)
        return id
    }

    func closeWindow(_ window: Int) { windows[window] = nil }

    func setTitle(_ title: String, of window: Int) { windows[window]?.title = title }

    /// Raised as the window manager would: the window gains the focus on the next frame (its
    /// scene becomes active).
    func raiseWindow(_ window: Int) {
        raisedWindows.append(window)
        app.performOnNextFrame { [weak self] in self?.app.handle(.focus(window: window, gained: true)) }
    }

    /// How many times a window was raised (tests read it).
    public func raiseCount(of window: UIWindow) -> Int {
        guard let native = window.windowScene?.nativeWindow else { return 0 }
        return raisedWindows.filter { $0 == native }.count
    }

    /// A native window's title (tests read it).
    public func title(of window: UIWindow) -> String? {
        window.windowScene.flatMap { windows[$0.nativeWindow]?.title }
    }

    func size(of window: Int) -> CGSize { windows[window]?.size ?? .zero }

    func scale(of window: Int) -> CGFloat { scale }

    func present(_ window: Int, draw: (OpaquePointer) -> Void) {
        guard var native = windows[window] else { return }
        let pw = Int((native.size.width * scale).rounded(.up)), ph = Int((native.size.height * scale).rounded(.up))
        if native.frame?.pixelWidth != pw || native.frame?.pixelHeight != ph {
            native.frame = Surface(pixelWidth: pw, pixelHeight: ph)
        }
        guard let surface = native.frame, let cr = cairo_create(surface.raw) else { return }
        cairo_scale(cr, Double(scale), Double(scale))
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.raw)
        windows[window] = native
        framesPresented += 1
    }

    func nextEvent() -> PlatformEvent? { queue.isEmpty ? nil : queue.removeFirst() }

    func waitForEvents(until deadline: TimeInterval?) {
        // A real loop on a headless backend (smoke runs on servers): sleep on the real clock until
        // the deadline or until main-queue work arrives, then let the clock catch up.
        let start = ProcessInfo.processInfo.systemUptime
        let timeout = deadline.map { max(0, $0 - currentTime) } ?? 0.25
        MainQueueWaker.shared.waitForMainQueue(timeout: min(timeout, 0.25))
        currentTime += ProcessInfo.processInfo.systemUptime - start
    }

    func mainQueueDrained() {}

    func setCursor(_ cursor: PlatformCursor) { self.cursor = cursor }
    func clipboardData(forType mimeType: String) -> Data? { clipboardItems[mimeType] }

    func loadClipboardData(forType mimeType: String, completion: @escaping @MainActor (Data?) -> Void) {
        let data = clipboardItems[mimeType]
        guard let delay = clipboardAnswerDelay else {
            completion(data)
            return
        }
        Task { @MainActor in
            try? await Task.sleep(for: delay)
            completion(data)
        }
    }

    func setTextInput(active: Bool, window: Int, caretRect: CGRect?) {
        isTextInputActive = active
        textInputRect = active ? caretRect : nil
    }
}
