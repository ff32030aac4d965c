import CCairoPango
import CSDL2
import Foundation

/// The desktop window system through SDL2 (X11 or Wayland): native windows with Cairo drawing
/// straight into a locked streaming texture (no extra copy), mouse, touchpad, touchscreen,
/// keyboard with repeat, text input with input-method composition, clipboard and cursors.
///
/// The display scale comes from `PARLEY_SCALE`, else from a HiDPI drawable (Wayland), else from
/// `GDK_SCALE`, else from the display's DPI (≥ 144 dpi is 2×, rounded to halves). On X11, where SDL
/// has no HiDPI support, the native window is made `scale` times larger in pixels and events are
/// divided back into points.
@MainActor
final class SDLBackend: PlatformBackend {
    private struct Native {
        let window: OpaquePointer
        let renderer: OpaquePointer
        var texture: OpaquePointer?
        var textureSize: (Int32, Int32) = (0, 0)
        /// Pixels per SDL window unit (above 1 on HiDPI drawables).
        var drawableRatio: CGFloat = 1
        /// Points to SDL window units (our own scaling when the drawable is not HiDPI).
        var extraScale: CGFloat = 1
        var scale: CGFloat { drawableRatio * extraScale }
    }

    private var natives: [Int: Native] = [:]
    private var idsBySDL: [UInt32: Int] = [:]
    private var nextID = 1
    private var pending: [SDL_Event] = []
    /// The files of the drop under way (between SDL's begin and complete events).
    private var droppedPaths: [String]?
    private var cursors: [PlatformCursor: OpaquePointer] = [:]
    private let wakeEventType: UInt32
    private var textInputActive = false
    let refreshRate: Double
    /// The clipboard's other types, on X11 (opened at first use).
    private lazy var x11Clipboard: X11Clipboard? = SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11" ? X11Clipboard() : nil
    /// Every use of `x11Clipboard` after it is made runs here, one at a time (its display
    /// connection is its own, used by one thread at a time).
    private let clipboardQueue = DispatchQueue(label: "parley.x11-clipboard")

    /// Opens SDL's video subsystem; nil when there is no display.
    init?() {
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDL_SetHint(SDL_HINT_IME_SHOW_UI, "1")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else { return nil }
        // SDL starts with text input on; it is turned on only while a text view is first responder.
        SDL_StopTextInput()
        wakeEventType = SDL_RegisterEvents(1)
        var mode = SDL_DisplayMode()
        refreshRate = SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        let wakeType = wakeEventType
        MainQueueWaker.shared.start {
            var event = SDL_Event()
            event.type = wakeType
            SDL_PushEvent(&event)
        }
    }

    var currentTime: TimeInterval { ProcessInfo.processInfo.systemUptime }

    // MARK: Windows

    private static func displayScale() -> CGFloat {
        let env = ProcessInfo.processInfo.environment
        if let value = env["PARLEY_SCALE"].flatMap(Double.init), value > 0 { return CGFloat(value) }
        if let value = env["GDK_SCALE"].flatMap(Double.init), value > 0 { return CGFloat(value) }
        var ddpi: Float = 0, hdpi: Float = 0, vdpi: Float = 0
        if SDL_GetDisplayDPI(0, &ddpi, &hdpi, &vdpi) == 0, hdpi >= 144 {
            return CGFloat(min(3, max(1, (Double(hdpi) / 96 * 2).rounded() / 2)))
        }
        return 1
    }

    func openWindow(title: String, size: CGSize) -> Int {
        let extra = Self.displayScale()
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        let undefined = Int32(bitPattern: 0x1FFF_0000)
        guard let window = SDL_CreateWindow(title, undefined, undefined, Int32(size.width * extra), Int32(size.height * extra), flags) else {
            FileHandle.standardError.write(Data("SDLBackend: cannot open a window: \(String(cString: SDL_GetError()))\n".utf8))
            return -1
        }
        guard let renderer = SDL_CreateRenderer(window, -1, 0) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            return -1
        }
        var native = Native(window: window, renderer: renderer)
        native.extraScale = extra
        native.drawableRatio = Self.drawableRatio(window, renderer)
        let id = nextID
        nextID += 1
        natives[id] = native
        idsBySDL[SDL_GetWindowID(window)] = id
        return id
    }

    private static func drawableRatio(_ window: OpaquePointer, _ renderer: OpaquePointer) -> CGFloat {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        guard w > 0, pw > 0 else { return 1 }
        return max(1, CGFloat(pw) / CGFloat(w))
    }

    func closeWindow(_ id: Int) {
        guard let native = natives.removeValue(forKey: id) else { return }
        idsBySDL[SDL_GetWindowID(native.window)] = nil
        if let texture = native.texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(native.renderer)
        SDL_DestroyWindow(native.window)
    }

    func setTitle(_ title: String, of id: Int) {
        guard let native = natives[id] else { return }
        SDL_SetWindowTitle(native.window, title)
    }

    func raiseWindow(_ id: Int) {
        guard let native = natives[id] else { return }
        SDL_RaiseWindow(native.window)
    }

    func size(of id: Int) -> CGSize {
        guard let native = natives[id] else { return .zero }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(native.window, &w, &h)
        return CGSize(width: CGFloat(w) / native.extraScale, height: CGFloat(h) / native.extraScale)
    }

    func scale(of id: Int) -> CGFloat { natives[id]?.scale ?? 1 }

    /// Draws into the window's streaming texture: Cairo writes straight into the locked pixels.
    func present(_ id: Int, draw: (OpaquePointer) -> Void) {
        guard var native = natives[id] else { return }
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(native.renderer, &pw, &ph)
        guard pw > 0, ph > 0 else { return }
        if native.texture == nil || native.textureSize != (pw, ph) {
            if let old = native.texture { SDL_DestroyTexture(old) }
            native.texture = SDL_CreateTexture(native.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph)
            native.textureSize = (pw, ph)
            natives[id] = native
        }
        guard let texture = native.texture else { return }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { return }
        let data = pixels.assumingMemoryBound(to: UInt8.self)
        if let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, pw, ph, pitch) {
            if cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) {
                let scale = Double(native.scale)
                cairo_scale(cr, scale, scale)
                draw(cr)
                cairo_destroy(cr)
                cairo_surface_flush(surface)
            }
            cairo_surface_destroy(surface)
        }
        SDL_UnlockTexture(texture)
        SDL_RenderCopy(native.renderer, texture, nil, nil)
        SDL_RenderPresent(native.renderer)
    }

    // MARK: Events

    func nextEvent() -> PlatformEvent? {
        while true {
            var event: SDL_Event
            if !pending.isEmpty {
                event = pending.removeFirst()
            } else {
                event = SDL_Event()
                guard SDL_PollEvent(&event) != 0 else { return nil }
            }
            if let translated = translate(event) { return translated }
        }
    }

    func waitForEvents(until deadline: TimeInterval?) {
        guard pending.isEmpty else { return }
        var event = SDL_Event()
        let got: Int32
        if let deadline {
            let ms = Int32(max(0, min(3_600_000, ((deadline - currentTime) * 1000).rounded(.up))))
            guard ms > 0 else { return }
            got = SDL_WaitEventTimeout(&event, ms)
        } else {
            got = SDL_WaitEvent(&event)
        }
        if got != 0 { pending.append(event) }
    }

    func mainQueueDrained() { MainQueueWaker.shared.acknowledgeDrain() }

    /// The modifiers of the event being handled: SDL's global state is already ahead of queued
    /// events (a quick Shift+Return is over before its Return is handled), so key events carry their own.
    private var eventModifiers: UInt32?

    var modifierFlags: UIKeyModifierFlags {
        let mod = eventModifiers ?? UInt32(SDL_GetModState().rawValue)
        var flags: UIKeyModifierFlags = []
        if mod & 0x0003 != 0 { flags.insert(.shift) }
        if mod & 0x00C0 != 0 { flags.insert(.control) }
        if mod & 0x0300 != 0 { flags.insert(.alternate) }
        if mod & 0x0C00 != 0 { flags.insert(.command) }
        if mod & 0x2000 != 0 { flags.insert(.alphaShift) }
        return flags
    }

    private func points(_ x: Int32, _ y: Int32, window: Int) -> CGPoint {
        let extra = natives[window]?.extraScale ?? 1
        return CGPoint(x: CGFloat(x) / extra, y: CGFloat(y) / extra)
    }

    private static func string<T>(fromCharTuple tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private func translate(_ event: SDL_Event) -> PlatformEvent? {
        let type = event.type
        eventModifiers = type == SDL_KEYDOWN.rawValue || type == SDL_KEYUP.rawValue ? UInt32(event.key.keysym.mod) : nil
        switch type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            guard let id = idsBySDL[event.window.windowID] else { return nil }
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                if var native = natives[id] {
                    native.drawableRatio = Self.drawableRatio(native.window, native.renderer)
                    natives[id] = native
                }
                return .resized(window: id, size: size(of: id))
            case SDL_WINDOWEVENT_CLOSE.rawValue: return .closeRequested(window: id)
            case SDL_WINDOWEVENT_FOCUS_GAINED.rawValue: return .focus(window: id, gained: true)
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue: return .focus(window: id, gained: false)
            case SDL_WINDOWEVENT_EXPOSED.rawValue: return .exposed(window: id)
            case SDL_WINDOWEVENT_LEAVE.rawValue: return .pointerExited(window: id)
            case SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue: return .scaleChanged(window: id)
            default: return nil
            }
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = event.button
            guard b.which != UInt32.max, let id = idsBySDL[b.windowID] else { return nil }
            let location = points(b.x, b.y, window: id)
            return type == SDL_MOUSEBUTTONDOWN.rawValue
                ? .pointerDown(window: id, location: location, button: Int(b.button), clicks: Int(b.clicks))
                : .pointerUp(window: id, location: location, button: Int(b.button))
        case SDL_MOUSEMOTION.rawValue:
            let m = event.motion
            guard m.which != UInt32.max, let id = idsBySDL[m.windowID] else { return nil }
            return .pointerMoved(window: id, location: points(m.x, m.y, window: id))
        case SDL_MOUSEWHEEL.rawValue:
            let w = event.wheel
            guard let id = idsBySDL[w.windowID] else { return nil }
            let flip: Float = w.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            let px = w.preciseX * flip, py = w.preciseY * flip
            let precise = abs(px - px.rounded()) > 0.001 || abs(py - py.rounded()) > 0.001
            let step = UIScrollView.pointsPerWheelNotch
            return .wheel(window: id, delta: CGPoint(x: CGFloat(px) * step, y: -CGFloat(py) * step), precise: precise,
                          location: points(w.mouseX, w.mouseY, window: id))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = event.tfinger
            guard let id = idsBySDL[f.windowID] else { return nil }
            let size = size(of: id)
            let phase: UITouch.Phase = type == SDL_FINGERDOWN.rawValue ? .began : (type == SDL_FINGERUP.rawValue ? .ended : .moved)
            return .finger(window: id, id: Int(truncatingIfNeeded: f.fingerId), location: CGPoint(x: CGFloat(f.x) * size.width, y: CGFloat(f.y) * size.height), phase: phase)
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let k = event.key
            guard let id = idsBySDL[k.windowID] else { return nil }
            let sym = k.keysym.sym
            var characters = ""
            if sym >= 32, sym < 127, let scalar = Unicode.Scalar(UInt32(sym)) { characters = String(Character(scalar)) } else if sym == 13 { characters = "\r" } else if sym == 9 { characters = "\t" }
            let usage = Int(k.keysym.scancode.rawValue)
            return type == SDL_KEYDOWN.rawValue
                ? .keyDown(window: id, usage: usage, characters: characters, isRepeat: k.repeat != 0)
                : .keyUp(window: id, usage: usage, characters: characters)
        case SDL_TEXTINPUT.rawValue:
            let t = event.text
            guard let id = idsBySDL[t.windowID] else { return nil }
            return .textInput(window: id, text: Self.string(fromCharTuple: t.text))
        case SDL_DROPBEGIN.rawValue, SDL_DROPFILE.rawValue, SDL_DROPTEXT.rawValue, SDL_DROPCOMPLETE.rawValue:
            return translateDrop(event.drop)
        case SDL_TEXTEDITING.rawValue:
            let e = event.edit
            guard let id = idsBySDL[e.windowID] else { return nil }
            return .textEditing(window: id, text: Self.string(fromCharTuple: e.text), cursor: Int(e.start))
        default:
            return nil
        }
    }

    /// Collects the files of one drop (SDL sends a begin, a file event per file, and a complete)
    /// and hands them over as one event when it completes; dropped text that names a `file://`
    /// URI counts as that file.
    private func translateDrop(_ drop: SDL_DropEvent) -> PlatformEvent? {
        let window = idsBySDL[drop.windowID] ?? natives.keys.min() ?? -1
        switch drop.type {
        case SDL_DROPBEGIN.rawValue:
            droppedPaths = []
            return nil
        case SDL_DROPCOMPLETE.rawValue:
            defer { droppedPaths = nil }
            guard let paths = droppedPaths, !paths.isEmpty else { return nil }
            return .dropFiles(window: window, paths: paths, location: nil)
        default:
            guard let file = drop.file else { return nil }
            defer { SDL_free(file) }
            var path = String(cString: file)
            if drop.type == SDL_DROPTEXT.rawValue {
                guard let url = URL(string: path.trimmingCharacters(in: .whitespacesAndNewlines)), url.isFileURL else { return nil }
                path = url.path
            }
            // Without a begin event (older SDL), each file is its own drop.
            guard droppedPaths != nil else { return .dropFiles(window: window, paths: [path], location: nil) }
            droppedPaths?.append(path)
            return nil
        }
    }

    // MARK: Clipboard, cursor, text input

    var clipboardText: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let text = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(text) }
            return String(cString: text)
        }
        set {
            SDL_SetClipboardText(newValue ?? "")
            if let clipboard = x11Clipboard { clipboardQueue.async { clipboard.rememberOwnSelection() } }
        }
    }

    /// Read from the X11 CLIPBOARD selection (SDL2 reads only text); nil on other video drivers.
    /// Waits for the selection's owner on the calling thread (up to `X11Clipboard.answerTimeout`):
    /// the UI reads through ``loadClipboardData(forType:completion:)``.
    func clipboardData(forType mimeType: String) -> Data? {
        guard let clipboard = x11Clipboard else { return nil }
        return clipboardQueue.sync { clipboard.data(forType: mimeType) }
    }

    /// Reads the X11 CLIPBOARD selection on the clipboard's own queue (its own display
    /// connection), so the main thread keeps drawing while the owner answers; `completion` runs
    /// on the main queue.
    func loadClipboardData(forType mimeType: String, completion: @escaping @MainActor (Data?) -> Void) {
        guard let clipboard = x11Clipboard else {
            completion(nil)
            return
        }
        clipboardQueue.async {
            let data = clipboard.data(forType: mimeType)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(data) } }
        }
    }

    func setCursor(_ cursor: PlatformCursor) {
        if cursors[cursor] == nil {
            let system: SDL_SystemCursor
            switch cursor {
            case .arrow: system = SDL_SYSTEM_CURSOR_ARROW
            case .iBeam: system = SDL_SYSTEM_CURSOR_IBEAM
            case .pointingHand: system = SDL_SYSTEM_CURSOR_HAND
            }
            cursors[cursor] = SDL_CreateSystemCursor(system)
        }
        if let handle = cursors[cursor] { SDL_SetCursor(handle) }
    }

    func setTextInput(active: Bool, window id: Int, caretRect: CGRect?) {
        if active {
            if let caretRect, let native = natives[id] {
                let s = native.extraScale
                var rect = SDL_Rect(x: Int32(caretRect.minX * s), y: Int32(caretRect.minY * s), w: max(1, Int32(caretRect.width * s)), h: Int32(caretRect.height * s))
                SDL_SetTextInputRect(&rect)
            }
            if !textInputActive { SDL_StartTextInput(); textInputActive = true }
        } else if textInputActive {
            SDL_StopTextInput()
            textInputActive = false
        }
    }
}
