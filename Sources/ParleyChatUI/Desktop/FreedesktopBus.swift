import CGio
import Foundation

/// Connections to D-Bus for the desktop services (GIO's GDBus).
enum FreedesktopBus {
    /// The session bus (shared), or a new connection to the bus at `address`; nil, with `error`
    /// set, when there is none.
    static func connection(address: String?, error: inout UnsafeMutablePointer<GError>?) -> OpaquePointer? {
        if let address {
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            return g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        }
        return g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
    }
}
