import CGio
import Foundation

/// Connections to D-Bus for the desktop services (the accessibility bridge, notifications, the
/// settings portal), with GIO's GDBus.
package enum FreedesktopBus {
    /// Whether the environment names a session bus (`DBUS_SESSION_BUS_ADDRESS`, or the bus socket
    /// in `XDG_RUNTIME_DIR`). Without one, GIO would try to start a bus with `dbus-launch`.
    package static func hasSessionBus(environment: [String: String]) -> Bool {
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        return !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
            || runtimeBus.map { FileManager.default.fileExists(atPath: $0) } ?? false
    }

    /// A new connection to the bus at `address`, or the shared session bus when `address` is
    /// nil; nil and why when there is none (the session bus is never started for this).
    package static func connection(
        address: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (connection: OpaquePointer?, failure: String?) {
        var error: UnsafeMutablePointer<GError>?
        if let address {
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
                return (nil, consume(error))
            }
            return (connection, nil)
        }
        guard hasSessionBus(environment: environment) else { return (nil, "no session bus is set up (DBUS_SESSION_BUS_ADDRESS)") }
        guard let session = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { return (nil, consume(error)) }
        return (session, nil)
    }

    /// A GError's message (the error is freed).
    package static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
