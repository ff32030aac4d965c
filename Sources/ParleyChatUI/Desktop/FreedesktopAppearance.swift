import CGio
import Foundation
import ParleyUIKit

/// The desktop's light or dark preference, as the freedesktop settings portal publishes it
/// (xdg-desktop-portal's `org.freedesktop.portal.Settings`, key `color-scheme` of
/// `org.freedesktop.appearance`: 1 prefers dark, 2 prefers light, 0 states nothing), read over
/// the D-Bus session bus with GIO's GDBus. GNOME, KDE and the other desktops with a portal
/// publish it; elsewhere `PARLEY_APPEARANCE` and `GTK_THEME` still decide (see `UIWindowScene`).
///
/// `parley demo` follows the preference live unless `--dark` says otherwise; an app does the
/// same with its window scene (the preference becomes the scene's light or dark trait, which a
/// window's or view's `overrideUserInterfaceStyle` still overrides):
///
/// ```swift
/// appearanceObserver = FreedesktopAppearance.follow(in: windowScene)
/// ```
public enum FreedesktopAppearance {
    /// How long the portal is waited for: a desktop without one must not slow the start.
    static let timeoutMilliseconds: Int32 = 500

    /// The style the desktop prefers: `.dark`, `.light`, or nil when it states no preference,
    /// or there is no portal or no bus (the portal is not started for this, and the answer is
    /// waited for at most half a second). `address` names a bus other than the session's.
    public static func preferredStyle(address: String? = nil) -> UIUserInterfaceStyle? {
        colorScheme(address: address).flatMap(style(colorScheme:))
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
        return uint32(in: g_variant_get_child_value(reply, 0))
    }
}

extension FreedesktopAppearance {
    /// Hears the portal's `SettingChanged` signal for `color-scheme` and calls `onChange` on the
    /// main actor with the new preference (nil: none stated). Keep the returned observer; it
    /// stops when released or with ``Observer/stop()``. Nil when there is no bus.
    @preconcurrency @MainActor
    public static func observe(address: String? = nil,
                               onChange: @escaping @MainActor (UIUserInterfaceStyle?) -> Void) -> Observer? {
        let (connection, _) = FreedesktopBus.connection(address: address)
        guard let connection else { return nil }
        defer {
            // The subscription holds its own reference.
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        let subscription = FreedesktopBus.SignalSubscription(
            connection: connection, sender: nil, interface: "org.freedesktop.portal.Settings", member: "SettingChanged",
            path: "/org/freedesktop/portal/desktop", arg0: "org.freedesktop.appearance"
        ) { parameters in
            // (s namespace, s key, v value)
            guard g_variant_n_children(parameters) == 3 else { return }
            let keyValue = g_variant_get_child_value(parameters, 1)
            let key = String(cString: g_variant_get_string(keyValue, nil))
            g_variant_unref(keyValue)
            guard key == "color-scheme", let scheme = uint32(in: g_variant_get_child_value(parameters, 2)) else { return }
            let style = self.style(colorScheme: scheme)
            DispatchQueue.main.async { MainActor.assumeIsolated { onChange(style) } }
        }
        return Observer(subscription: subscription)
    }

    /// Applies the desktop's preference to `scene` now (light when it states none, or there is
    /// no portal) and on every change, as the scene's system trait: a window's or view's
    /// `overrideUserInterfaceStyle` still wins. Keep the returned observer (nil without a bus).
    @preconcurrency @MainActor
    public static func follow(in scene: UIWindowScene, address: String? = nil) -> Observer? {
        scene.updateSystemTraits(userInterfaceStyle: preferredStyle(address: address) ?? .light)
        return observe(address: address) { [weak scene] style in
            scene?.updateSystemTraits(userInterfaceStyle: style ?? .light)
        }
    }

    /// Hears the portal's changes until stopped or released.
    public final class Observer: Sendable {
        private let subscription: FreedesktopBus.SignalSubscription

        init(subscription: FreedesktopBus.SignalSubscription) {
            self.subscription = subscription
        }

        /// Stops hearing changes.
        public func stop() { subscription.cancel() }
    }

    /// 1 prefers dark, 2 light, anything else states nothing.
    static func style(colorScheme: UInt32) -> UIUserInterfaceStyle? {
        switch colorScheme {
        case 1: return .dark
        case 2: return .light
        default: return nil
        }
    }

    /// The `u` inside a value wrapped in variants (taking ownership of `value`), or nil.
    static func uint32(in value: OpaquePointer?) -> UInt32? {
        guard var value else { return nil }
        for _ in 0..<3 where String(cString: g_variant_get_type_string(value)) == "v" {
            let inner = g_variant_get_variant(value)
            g_variant_unref(value)
            guard let inner else { return nil }
            value = inner
        }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "u" else { return nil }
        return g_variant_get_uint32(value)
    }
}
