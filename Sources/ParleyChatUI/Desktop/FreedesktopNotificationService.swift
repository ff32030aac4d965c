import CGio
import Foundation
import ParleyUIKit

/// Posts desktop notifications through the freedesktop notification service
/// (`org.freedesktop.Notifications` on the D-Bus session bus, with GIO's GDBus) and hears their
/// clicks (the `ActionInvoked` signal with the "default" action).
///
/// ``connect(appName:address:)`` returns nil, and logs one line, when there is no bus: the
/// feature is then off, the app goes on.
@preconcurrency @MainActor
public final class FreedesktopNotificationService: DesktopNotificationService {
    /// Called with a notification's tag when the user clicks it.
    public var onActivate: (@MainActor (String) -> Void)?
    /// The bus connection.
    nonisolated(unsafe) private let connection: OpaquePointer
    /// The tags of the notifications the server numbered.
    private var tags: [UInt32: String] = [:]
    /// The server's number of each tag's last notification (a new one replaces it).
    private var ids: [String: UInt32] = [:]
    /// The signal handler's context, run on its own thread.
    nonisolated(unsafe) private let context: OpaquePointer
    private var subscription: guint = 0

    /// The service on the session bus (or the bus at `address`); nil, with a log line on
    /// standard error, when there is none.
    public static func connect(address: String? = nil) -> FreedesktopNotificationService? {
        let (connection, failure) = FreedesktopBus.connection(address: address)
        guard let connection else {
            let reason = failure ?? "unknown error"
            FileHandle.standardError.write(Data("parley: no D-Bus session bus (\(reason)); desktop notifications are off\n".utf8))
            return nil
        }
        return FreedesktopNotificationService(connection: connection)
    }

    private init(connection: OpaquePointer) {
        self.connection = connection
        context = g_main_context_new()
        // ActionInvoked arrives in `context`, which a thread of its own runs.
        g_main_context_push_thread_default(context)
        let box = Unmanaged.passRetained(SignalSink { [weak self] id, action in
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.invoked(id: id, action: action) } }
        }).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(
            connection, nil, "org.freedesktop.Notifications", "ActionInvoked", "/org/freedesktop/Notifications", nil,
            G_DBUS_SIGNAL_FLAGS_NONE, freedesktopActionInvoked, box, nil)
        g_main_context_pop_thread_default(context)
        let loopContext = context
        nonisolated(unsafe) let loop = g_main_loop_new(loopContext, 0)
        let thread = Thread { g_main_loop_run(loop) }
        thread.name = "parley-dbus"
        thread.start()
    }

    /// Sends `Notify` (off the main thread): app name, the tag's previous id to replace, no icon,
    /// summary, body, the "default" action (a click), no hints, the server's timeout.
    public func post(_ notification: DesktopNotification) {
        let replaces = ids[notification.tag] ?? 0
        nonisolated(unsafe) let connection = connection
        let tag = notification.tag
        DispatchQueue.global().async { [weak self] in
            let id = Self.notify(connection, notification, replaces: replaces)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, let id else { return }
                    self.tags[id] = tag
                    self.ids[tag] = id
                }
            }
        }
    }

    /// The blocking `Notify` call; the server's id, or nil (logged) when it failed.
    nonisolated static func notify(_ connection: OpaquePointer, _ notification: DesktopNotification, replaces: UInt32) -> UInt32? {
        let actionStrings = ["default", "Open"]
        var cStrings = actionStrings.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let actions = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                g_variant_new_strv($0, gssize(buffer.count))
            }
        }
        let hints = g_variant_new_array(parley_variant_type_vardict_entry(), nil, 0)
        var children: [OpaquePointer?] = [
            g_variant_new_string(notification.appName), g_variant_new_uint32(replaces), g_variant_new_string(""),
            g_variant_new_string(notification.summary), g_variant_new_string(notification.body), actions, hints, g_variant_new_int32(-1),
        ]
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "Notify",
            parameters, parley_variant_type_u_tuple(), G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        else {
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            FileHandle.standardError.write(Data("parley: a desktop notification failed: \(reason)\n".utf8))
            return nil
        }
        defer { g_variant_unref(reply) }
        let child = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(child) }
        return g_variant_get_uint32(child)
    }

    /// A click on notification `id`: its tag goes to ``onActivate``.
    func invoked(id: UInt32, action: String) {
        guard action == "default", let tag = tags[id] else { return }
        onActivate?(tag)
    }
}

/// Where the C signal callback hands `ActionInvoked` (on the D-Bus thread); retained for the
/// service's lifetime (the subscription outlives nothing else).
final class SignalSink: Sendable {
    let handle: @Sendable (UInt32, String) -> Void
    init(_ handle: @escaping @Sendable (UInt32, String) -> Void) { self.handle = handle }
}

/// GDBus's callback for `ActionInvoked (u id, s action)`, on the D-Bus thread (a global function:
/// nonisolated, so GLib's thread may call it).
private func freedesktopActionInvoked(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?, _ interface: UnsafePointer<gchar>?,
    _ signal: UnsafePointer<gchar>?, _ parameters: OpaquePointer?, _ userData: gpointer?
) {
    guard let parameters, let userData else { return }
    let sink = Unmanaged<SignalSink>.fromOpaque(userData).takeUnretainedValue()
    let idValue = g_variant_get_child_value(parameters, 0)
    let actionValue = g_variant_get_child_value(parameters, 1)
    defer { g_variant_unref(idValue); g_variant_unref(actionValue) }
    sink.handle(g_variant_get_uint32(idValue), String(cString: g_variant_get_string(actionValue, nil)))
}
