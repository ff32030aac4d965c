import CX11
import Foundation

/// Reads a MIME type of the X11 CLIPBOARD selection (SDL2 reads only text), over its own
/// display connection: asks the selection's owner to convert it to the type into a property of
/// a hidden window, waits for the owner's answer (at most `answerTimeout`), and reads the
/// property, following the INCR protocol for large transfers (at most `maxBytes`).
///
/// When the owner is this process's own SDL clipboard (`rememberOwnSelection()` after SDL took
/// it), nothing is asked: SDL answers on the main thread, and the wait here would only time out.
///
/// Sendable because the SDL backend uses it from one serial queue only (its display connection
/// is private to it), never from two threads at once.
final class X11Clipboard: @unchecked Sendable {
    /// How long the owner has to answer, and to send each chunk of a large transfer.
    static let answerTimeout: TimeInterval = 1
    /// The most bytes read; a larger answer is dropped.
    static let maxBytes = 64 << 20

    private let display: OpaquePointer
    private let window: Window
    private let clipboard: Atom
    private let property: Atom
    private let incr: Atom
    private var ownSelectionWindow: Window = 0

    /// Connects to `$DISPLAY`; nil without an X server.
    init?() {
        guard let display = XOpenDisplay(nil) else { return nil }
        self.display = display
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display, window, Self.propertyChangeMask)
        clipboard = XInternAtom(display, "CLIPBOARD", 0)
        property = XInternAtom(display, "PARLEY_CLIPBOARD", 0)
        incr = XInternAtom(display, "INCR", 0)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Notes the selection's owner now as this process (call right after SDL set the clipboard).
    func rememberOwnSelection() {
        ownSelectionWindow = XGetSelectionOwner(display, clipboard)
    }

    /// The clipboard's content as `mimeType`, or nil when there is no owner, the owner is this
    /// process, it does not offer the type, or it does not answer in time.
    func data(forType mimeType: String) -> Data? {
        let owner = XGetSelectionOwner(display, clipboard)
        guard owner != 0, owner != ownSelectionWindow else { return nil }
        let target = XInternAtom(display, mimeType, 0)
        XDeleteProperty(display, window, property)
        XConvertSelection(display, clipboard, target, property, window, 0)
        XFlush(display)
        guard let notify = waitForEvent(type: Self.selectionNotify, deadline: Date() + Self.answerTimeout),
              notify.xselection.property != 0 else { return nil }
        guard let (type, first) = readProperty(delete: true) else { return nil }
        guard type == incr else { return first }
        // INCR: the owner sends chunks, each announced by a new value of the property; an empty
        // chunk ends the transfer.
        var data = Data()
        while true {
            guard waitForNewValue(deadline: Date() + Self.answerTimeout),
                  let (_, chunk) = readProperty(delete: true) else { return nil }
            if chunk.isEmpty { return data }
            data.append(chunk)
            if data.count > Self.maxBytes { return nil }
        }
    }

    /// The property's type and bytes (8-bit data only), deleting it when asked.
    private func readProperty(delete: Bool) -> (Atom, Data)? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var bytes: UnsafeMutablePointer<UInt8>?
        let length = Self.maxBytes / 4 + 1
        guard XGetWindowProperty(display, window, property, 0, length, delete ? 1 : 0, 0,
                                 &type, &format, &count, &remaining, &bytes) == 0 else { return nil }
        defer { if let bytes { XFree(bytes) } }
        guard remaining == 0 else { return nil }
        if type == incr { return (type, Data()) }
        guard format == 8 || count == 0 else { return nil }
        return (type, bytes.map { Data(bytes: $0, count: Int(count)) } ?? Data())
    }

    /// The next event of `type` for the hidden window, polling until `deadline`.
    private func waitForEvent(type: Int32, deadline: Date) -> XEvent? {
        var event = XEvent()
        while Date() < deadline {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == type { return event }
            }
            usleep(2_000)
        }
        return nil
    }

    /// Waits for the property to get a new value (the next INCR chunk).
    private func waitForNewValue(deadline: Date) -> Bool {
        while let event = waitForEvent(type: Self.propertyNotify, deadline: deadline) {
            if event.xproperty.atom == property && event.xproperty.state == Self.propertyNewValue { return true }
        }
        return false
    }

    private static let selectionNotify: Int32 = 31
    private static let propertyNotify: Int32 = 28
    private static let propertyNewValue: Int32 = 0
    private static let propertyChangeMask: Int = 1 << 22
}
