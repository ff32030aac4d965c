import CGio
import Foundation

/// Exposes the app's accessibility tree to AT-SPI2, the D-Bus protocol that Orca and other Linux
/// assistive technologies read (`pyatspi`, Accerciser).
///
/// At launch (``UIApplicationMain``) the bridge asks the session bus for the accessibility bus
/// (`org.a11y.Bus.GetAddress`), connects to it, exports the application at
/// `/org/a11y/atspi/accessible/root` and one object per node of ``AccessibilityTree`` at
/// `/org/a11y/atspi/accessible/N` (interfaces Accessible, Component, Action, Text, EditableText),
/// and embeds the root in the registry's desktop (`org.a11y.atspi.Socket.Embed`). Calls arrive
/// on a GLib context that a thread of its own runs; each is answered on the main actor, where
/// the views live, and the reply goes back from there (GDBus replies are thread-safe), so the
/// main thread never waits for D-Bus. Focus changes and ``UIAccessibility/post(notification:argument:)``
/// become `org.a11y.atspi.Event.Object` signals.
///
/// Without a session bus or an accessibility bus the bridge logs one line and stays off; set
/// `PARLEY_ACCESSIBILITY=0` to keep it off.
@preconcurrency @MainActor
public final class ATSPIBridge {
    /// The running bridge, if one started.
    public private(set) static var shared: ATSPIBridge?
    /// Whether a start is connecting (off the main thread).
    private static var isStarting = false

    /// The connection to the accessibility bus.
    nonisolated(unsafe) let connection: OpaquePointer
    /// The bridge's unique name on the accessibility bus (its objects' bus name).
    public let busName: String
    /// The registry's desktop, the application's parent (after `Embed` answered).
    var desktop: (bus: String, path: String)?
    /// The id the registry gave the application.
    var applicationId: Int32 = 0
    /// Node numbers by object, and objects by number.
    let objects = AccessibleObjectTable()
    /// What clients were last told of each numbered object (``reportChanges()``).
    var reported: [Int: ReportedState] = [:]
    /// The pending check for changes after a frame, if one is scheduled.
    var changeCheck: FrameScheduler.Timer?
    /// The subtree's registration and the loop of the D-Bus thread (set by `export()`).
    private var registration: guint = 0
    private var cacheRegistration: guint = 0
    nonisolated(unsafe) private var loop: OpaquePointer?

    /// The application's path.
    nonisolated static let rootPath = "/org/a11y/atspi/accessible/root"
    nonisolated static let pathPrefix = "/org/a11y/atspi/accessible/"
    nonisolated static let nullPath = "/org/a11y/atspi/null"

    private init(connection: OpaquePointer) {
        self.connection = connection
        busName = String(cString: g_dbus_connection_get_unique_name(connection))
    }

    /// Starts the bridge unless `PARLEY_ACCESSIBILITY` is `0`/`off`: connects off the main
    /// thread, then exports the tree. Logs one line and does nothing more without a bus.
    public static func startIfAvailable(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard shared == nil, !isStarting else { return }
        if let setting = environment["PARLEY_ACCESSIBILITY"]?.lowercased(), ["0", "off", "false", "no"].contains(setting) { return }
        isStarting = true
        DispatchQueue.global().async {
            let result = connectToAccessibilityBus(environment: environment)
            nonisolated(unsafe) let connection = result.connection
            let failure = result.failure
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    isStarting = false
                    guard let connection else {
                        FileHandle.standardError.write(Data("parley: \(failure ?? "no accessibility bus"); screen readers cannot see the app\n".utf8))
                        return
                    }
                    let bridge = ATSPIBridge(connection: connection)
                    if let problem = bridge.export() {
                        FileHandle.standardError.write(Data("parley: the accessibility bridge could not start: \(problem)\n".utf8))
                        return
                    }
                    shared = bridge
                }
            }
        }
    }

    /// The accessibility bus: `AT_SPI_BUS_ADDRESS`, else what `org.a11y.Bus` on the session bus
    /// says; nil and why when there is none.
    nonisolated static func connectToAccessibilityBus(environment: [String: String]) -> (connection: OpaquePointer?, failure: String?) {
        var address = environment["AT_SPI_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        if address == nil {
            guard FreedesktopBus.hasSessionBus(environment: environment) else { return (nil, "no D-Bus session bus") }
            let (session, failure) = FreedesktopBus.connection(address: nil, environment: environment)
            guard let session else { return (nil, "no D-Bus session bus (\(failure ?? "unknown error"))") }
            defer { g_object_unref(UnsafeMutableRawPointer(session)) }
            var error: UnsafeMutablePointer<GError>?
            guard let reply = g_dbus_connection_call_sync(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil,
                                                          ATSPIVariant.type("(s)"), G_DBUS_CALL_FLAGS_NONE, 3000, nil, &error)
            else { return (nil, "no accessibility bus (\(FreedesktopBus.consume(error)))") }
            defer { g_variant_unref(reply) }
            address = ATSPIVariant.string(reply, 0)
        }
        guard let address, !address.isEmpty else { return (nil, "no accessibility bus (an empty address)") }
        let (connection, failure) = FreedesktopBus.connection(address: address)
        guard let connection else {
            return (nil, "the accessibility bus at \(address) refused the connection (\(failure ?? "unknown error"))")
        }
        return (connection, nil)
    }

    /// Registers the objects on a context a thread of its own runs, embeds the application in
    /// the registry and starts hearing focus changes and notifications; a reason if it failed.
    private func export() -> String? {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        var error: UnsafeMutablePointer<GError>?
        // Retained for the life of the process: calls already on their way to the main actor
        // may still name the bridge after `stop()`.
        let data = Unmanaged.passRetained(self).toOpaque()
        let registration = parley_atspi_register(connection, ATSPIInterfaces.xml, atspiMethodCall, data, &error)
        let cacheRegistration = registration == 0 ? 0 : parley_atspi_register_cache(connection, ATSPIInterfaces.cacheXML, data, &error)
        g_main_context_pop_thread_default(context)
        guard registration != 0, cacheRegistration != 0 else { return FreedesktopBus.consume(error) }
        self.cacheRegistration = cacheRegistration
        self.registration = registration
        nonisolated(unsafe) let loop = g_main_loop_new(context, 0)
        self.loop = loop
        let thread = Thread { g_main_loop_run(loop) }
        thread.name = "parley-atspi"
        thread.start()
        embed()
        UIAccessibility.observers[observerToken] = { [weak self] notification, argument in
            self?.emit(notification, argument: argument)
        }
        UIAccessibility.focusObserver = { [weak self] old, new in self?.focusMoved(from: old, to: new) }
        UIAccessibility.frameObserver = { [weak self] in self?.scheduleChangeCheck() }
        return nil
    }

    private var observerToken: Int { ObjectIdentifier(self).hashValue }

    /// Stops the bridge: the objects leave the bus, the connection closes, events stop.
    public func stop() {
        if registration != 0 { _ = g_dbus_connection_unregister_subtree(connection, registration) }
        registration = 0
        if cacheRegistration != 0 { _ = g_dbus_connection_unregister_object(connection, cacheRegistration) }
        cacheRegistration = 0
        UIAccessibility.observers[observerToken] = nil
        UIAccessibility.focusObserver = nil
        UIAccessibility.frameObserver = nil
        changeCheck?.cancel()
        changeCheck = nil
        if let loop { g_main_loop_quit(loop) }
        g_dbus_connection_close(connection, nil, nil, nil)
        if Self.shared === self { Self.shared = nil }
    }

    /// `Embed` on the registry's socket (off the main thread): the application joins the desktop.
    private func embed() {
        nonisolated(unsafe) let connection = connection
        let name = busName
        DispatchQueue.global().async {
            var error: UnsafeMutablePointer<GError>?
            var argument: [OpaquePointer?] = [parley_variant_object_ref(name, Self.rootPath)]
            let parameters = argument.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 1) }
            let reply = g_dbus_connection_call_sync(connection, "org.a11y.atspi.Registry", Self.rootPath, "org.a11y.atspi.Socket", "Embed",
                                                    parameters, ATSPIVariant.type("((so))"), G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
            guard let reply else {
                let reason = FreedesktopBus.consume(error)
                FileHandle.standardError.write(Data("parley: the AT-SPI registry did not embed the app (\(reason))\n".utf8))
                return
            }
            let reference = g_variant_get_child_value(reply, 0)
            let desktop = (ATSPIVariant.string(reference, 0), ATSPIVariant.string(reference, 1))
            g_variant_unref(reference)
            g_variant_unref(reply)
            DispatchQueue.main.async { MainActor.assumeIsolated { ATSPIBridge.shared?.desktop = desktop } }
        }
    }

    // MARK: References

    /// The D-Bus path of a node (the application for nil).
    func path(of object: UIResponder?) -> String {
        guard let object else { return Self.rootPath }
        let number = objects.number(of: object)
        // A client hears of the object now: its later changes are events (``reportChanges()``).
        if reported[number] == nil { reported[number] = ReportedState(of: object) }
        return Self.pathPrefix + String(number)
    }

    /// The (so) reference of a node (the application for nil).
    func reference(to object: UIResponder?) -> OpaquePointer {
        parley_variant_object_ref(busName, path(of: object))
    }

    /// The node at a path: `.application`, an object, or nil when it is gone.
    func node(at path: String) -> AccessibleNode? {
        if path == Self.rootPath { return .application }
        guard path.hasPrefix(Self.pathPrefix), let number = Int(path.dropFirst(Self.pathPrefix.count)) else { return nil }
        return objects.object(numbered: number).map { .object($0) }
    }

    // MARK: Events

    /// Emits `org.a11y.atspi.Event.Object` signal `member` from `path`.
    func emitEvent(_ member: String, from path: String, detail: String, _ detail1: Int32, _ detail2: Int32, data: OpaquePointer) {
        let body = parley_atspi_event_body(detail, detail1, detail2, data)
        var error: UnsafeMutablePointer<GError>?
        if g_dbus_connection_emit_signal(connection, nil, path, "org.a11y.atspi.Event.Object", member, body, &error) == 0 {
            FileHandle.standardError.write(Data("parley: an accessibility event was not sent (\(FreedesktopBus.consume(error)))\n".utf8))
        }
    }

    /// A posted notification as events: an announcement is spoken; a layout or screen change
    /// says the children of the argument (a node: a list whose rows changed), else of the key
    /// window, changed.
    func emit(_ notification: UIAccessibility.Notification, argument: Any?) {
        switch notification {
        case .announcement:
            let text = (argument as? String) ?? ""
            emitEvent("Announcement", from: Self.rootPath, detail: "", 0, 0, data: g_variant_new_variant(g_variant_new_string(text)))
        default:
            let windows = AccessibleNode.application.children
            let changed = (argument as? UIResponder).flatMap { AccessibilityTree.isNode($0) ? $0 : nil }
                ?? windows.first(where: { ($0 as? UIWindow)?.isKeyWindow == true }) ?? windows.first
            guard let changed else { return }
            emitEvent("ChildrenChanged", from: path(of: changed), detail: "add", -1, 0, data: g_variant_new_variant(reference(to: changed)))
        }
    }

    /// Focus moved: "focused" state changes on both objects.
    func focusMoved(from old: UIResponder?, to new: UIResponder?) {
        if let old, AccessibilityTree.isNode(old) {
            emitEvent("StateChanged", from: path(of: old), detail: "focused", 0, 0, data: g_variant_new_variant(g_variant_new_int32(0)))
        }
        if let new, AccessibilityTree.isNode(new) {
            emitEvent("StateChanged", from: path(of: new), detail: "focused", 1, 0, data: g_variant_new_variant(g_variant_new_int32(0)))
        }
    }
}

/// A node of the exported tree: the application, or an object of ``AccessibilityTree``.
@MainActor
enum AccessibleNode {
    case application
    case object(UIResponder)

    /// The node's children: the application's are its visible windows.
    var children: [UIResponder] {
        switch self {
        case .application:
            guard let app = UIApplication.sharedIfInstalled else { return [] }
            return app.windows.filter { !$0.isHidden }
        case .object(let object): return AccessibilityTree.children(of: object)
        }
    }
}

/// Numbers for the exported objects (their D-Bus paths), held weakly: a number always means
/// the same object, and a gone object's number answers nothing.
@MainActor
final class AccessibleObjectTable {
    private final class Entry {
        weak var object: UIResponder?
        init(_ object: UIResponder) { self.object = object }
    }
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var entries: [Int: Entry] = [:]
    private var nextNumber = 1

    /// The object's number, made on first use.
    func number(of object: UIResponder) -> Int {
        let key = ObjectIdentifier(object)
        if let number = numbers[key], entries[number]?.object === object { return number }
        if nextNumber % 512 == 0 { sweep() }
        let number = nextNumber
        nextNumber += 1
        numbers[key] = number
        entries[number] = Entry(object)
        return number
    }

    /// The object with a number, if it still exists.
    func object(numbered number: Int) -> UIResponder? { entries[number]?.object }

    /// How many live objects have numbers.
    var count: Int { entries.values.filter { $0.object != nil }.count }

    /// The live objects with their numbers.
    var live: [(number: Int, object: UIResponder)] {
        entries.compactMap { number, entry in entry.object.map { (number, $0) } }
    }

    /// Forgets the numbers of objects that are gone.
    private func sweep() {
        for (number, entry) in entries where entry.object == nil { entries[number] = nil }
        numbers = numbers.filter { entries[$0.value] != nil }
    }
}
