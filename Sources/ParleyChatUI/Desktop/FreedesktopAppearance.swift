import CGio
import Foundation
import ParleyUIKit

/// The desktop's light or dark preference, as the freedesktop settings portal publishes it
/// (xdg-desktop-portal's `org.freedesktop.portal.Settings`, key `color-scheme` of
/// `org.freedesktop.appearance`: 1 prefers dark, 2 prefers light, 0 states nothing), read over
/// the D-Bus session bus with GIO's GDBus. GNOME, KDE and the other desktops with a portal
/// publish it; elsewhere `PARLEY_APPEARANCE` and `GTK_THEME` still decide (see `UIWindowScene`).
///
/// `parley demo` starts in the preferred style unless `--dark` says otherwise; an app sets it
/// on its windows the same way:
///
/// ```swift
/// window.overrideUserInterfaceStyle = FreedesktopAppearance.preferredStyle() ?? .unspecified
/// ```
public enum FreedesktopAppearance {
    /// How long the portal is waited for: a desktop without one must not slow the start.
    static let timeoutMilliseconds: Int32 = 500

    /// The style the desktop prefers: `.dark`, `.light`, or nil when it states no preference,
    /// or there is no portal or no bus (the portal is not started for this, and the answer is
    /// waited for at most half a second). `address` names a bus other than the session's.
    public static func preferredStyle(address: String? = nil) -> UIUserInterfaceStyle? {
        guard let scheme = colorScheme(address: address) else { return nil }
        switch scheme {
        case 1: return .dark
        case 2: return .light
        default: return nil
        }
    }

    /// The portal's `color-scheme` value, or nil when it could not be read.
    static func colorScheme(address: String?) -> UInt32? {
        guard let connection = FreedesktopBus.connection(address: address).connection else { return nil }
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        defer {
            // A connection of its own is closed; the shared session connection stays open.
            if address != nil { g_dbus_connection_close_sync(connection, nil, nil) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        var arguments: [OpaquePointer?] = [g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme")]
        let parameters = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        guard let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
            "Read", parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil, &error)
        else { return nil }
        defer { g_variant_unref(reply) }
        // (v), whose value is the setting, itself in a variant (the portal's `Read` wraps it twice).
        var value = g_variant_get_child_value(reply, 0)
        for _ in 0..<3 where String(cString: g_variant_get_type_string(value)) == "v" {
            let inner = g_variant_get_variant(value)
            g_variant_unref(value)
            value = inner
        }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "u" else { return nil }
        return g_variant_get_uint32(value)
    }
}
