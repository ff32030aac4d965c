import Foundation

/// What a window system delivers: pointer, touch, wheel, keyboard, text and window events, in
/// points of the window's coordinate space.
enum PlatformEvent: Sendable {
    /// A pointer button went down (`button` 1 is primary, 3 secondary); `clicks` counts rapid clicks.
    case pointerDown(window: Int, location: CGPoint, button: Int, clicks: Int)
    /// A pointer button went up.
    case pointerUp(window: Int, location: CGPoint, button: Int)
    /// The pointer moved (with or without a button down).
    case pointerMoved(window: Int, location: CGPoint)
    /// The pointer left the window.
    case pointerExited(window: Int)
    /// A finger went down, moved or lifted on a touchscreen.
    case finger(window: Int, id: Int, location: CGPoint, phase: UITouch.Phase)
    /// Wheel or touchpad scrolling: `delta` in points, content direction (positive y shows content
    /// further down); `precise` for touchpads.
    case wheel(window: Int, delta: CGPoint, precise: Bool, location: CGPoint?)
    /// A key went down (`isRepeat` for auto-repeat while held).
    case keyDown(window: Int, usage: Int, characters: String, isRepeat: Bool)
    /// A key went up.
    case keyUp(window: Int, usage: Int, characters: String)
    /// Text typed (after the input method), to insert at the caret.
    case textInput(window: Int, text: String)
    /// Input-method composition in progress: `text` is the marked text, `cursor` a character offset in it.
    case textEditing(window: Int, text: String, cursor: Int)
    /// The window's size changed (points).
    case resized(window: Int, size: CGSize)
    /// The window's display scale changed.
    case scaleChanged(window: Int)
    /// The user asked to close the window.
    case closeRequested(window: Int)
    /// The window gained or lost keyboard focus.
    case focus(window: Int, gained: Bool)
    /// The window needs repainting (exposed).
    case exposed(window: Int)
    /// The user asked to quit the application.
    case quit
    /// Files dropped on the window from the desktop (`location`: the pointer, when known).
    case dropFiles(window: Int, paths: [String], location: CGPoint?)
}

/// Pointer shapes.
enum PlatformCursor: Sendable, Equatable {
    /// The arrow.
    case arrow
    /// The text I-beam.
    case iBeam
    /// The pointing hand of links and buttons.
    case pointingHand
}

/// A window system: native windows, a clock, input, clipboard and cursors. `SDLBackend` talks to
/// the desktop; `HeadlessBackend` is a window system in memory for tests.
///
/// Contract: every method is called on the main thread. `present` hands the application a Cairo
/// context whose user space is in points (the scale already applied) and shows what was drawn.
@MainActor
protocol PlatformBackend: AnyObject {
    /// Seconds on a monotonic clock.
    var currentTime: TimeInterval { get }
    /// Display refresh rate in frames per second.
    var refreshRate: Double { get }
    /// Opens a native window of `size` points; returns its identifier.
    func openWindow(title: String, size: CGSize) -> Int
    /// Closes a native window.
    func closeWindow(_ window: Int)
    /// Sets a native window's title.
    func setTitle(_ title: String, of window: Int)
    /// Brings a native window to the front and asks the window manager to focus it.
    func raiseWindow(_ window: Int)
    /// A native window's size in points.
    func size(of window: Int) -> CGSize
    /// A native window's display scale (pixels per point).
    func scale(of window: Int) -> CGFloat
    /// Draws a frame into a native window.
    func present(_ window: Int, draw: (OpaquePointer) -> Void)
    /// The next pending event, without waiting.
    func nextEvent() -> PlatformEvent?
    /// Sleeps until an event arrives, main-queue work is enqueued, or `deadline` (nil: no deadline) passes.
    func waitForEvents(until deadline: TimeInterval?)
    /// Tells the backend the main queue was drained (so its waker may watch again).
    func mainQueueDrained()
    /// The keyboard modifiers held now.
    var modifierFlags: UIKeyModifierFlags { get }
    /// The clipboard's text.
    var clipboardText: String? { get set }
    /// The clipboard's content as a MIME type other than text (`image/png`), if it offers it.
    func clipboardData(forType mimeType: String) -> Data?
    /// ``clipboardData(forType:)`` without holding the main thread while another application
    /// answers: `completion` runs on the main actor with the data, later (or at once when the
    /// backend has the answer at hand).
    func loadClipboardData(forType mimeType: String, completion: @escaping @MainActor (Data?) -> Void)
    /// Sets the pointer shape.
    func setCursor(_ cursor: PlatformCursor)
    /// Turns text input (and the input method) on or off for a window; `caretRect` (points) places
    /// the input method's candidate window.
    func setTextInput(active: Bool, window: Int, caretRect: CGRect?)
}
