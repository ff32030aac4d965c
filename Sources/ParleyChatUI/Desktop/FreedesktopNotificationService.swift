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
    /// The `ActionInvoked` subscription (its handler runs on a thread of its own).
    private var subscription: FreedesktopBus.SignalSubscription?

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
        subscription = FreedesktopBus.SignalSubscription(
            connection: connection, sender: nil, interface: "org.freedesktop.Notifications", member: "ActionInvoked",
            path: "/org/freedesktop/Notifications"
        ) { [weak self] parameters in
            // (u id, s action)
            let idValue = g_variant_get_child_value(parameters, 0)
            let actionValue = g_variant_get_child_value(parameters, 1)
            defer { g_variant_unref(idValue); g_variant_unref(actionValue) }
            let id = g_variant_get_uint32(idValue), action = String(cString: g_variant_get_string(actionValue, nil))
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.invoked(id: id, action: action) } }
        }
    }

    /// Sends `Notify` (off the main thread): app name, the tag's previous id to replace, no icon,
    /// summary, body, the "default" action (a click), the picture as the `image-data` hint, the
    /// server's timeout.
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
        var entries: [OpaquePointer?] = []
        if let image = notification.image {
            entries.append(g_variant_new_dict_entry(g_variant_new_string("image-data"), g_variant_new_variant(imageData(image))))
        }
        let hints = entries.withUnsafeMutableBufferPointer { g_variant_new_array(parley_variant_type_vardict_entry(), $0.baseAddress, gsize($0.count)) }
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

/// The freedesktop `image-data` hint's value, `(iiibiiay)`: width, height, row stride, has
/// alpha, bits per sample, channels, and the straight RGBA bytes.
func imageData(_ image: RGBAPixels) -> OpaquePointer {
    let byteType: StaticString = "y"
    let type = byteType.utf8Start.withMemoryRebound(to: CChar.self, capacity: 2) { parley_variant_type($0) }
    let bytes = image.bytes.withUnsafeBytes { buffer in
        g_variant_new_fixed_array(type, buffer.baseAddress, gsize(buffer.count), 1)
    }
    var fields: [OpaquePointer?] = [
        g_variant_new_int32(Int32(image.width)), g_variant_new_int32(Int32(image.height)), g_variant_new_int32(Int32(image.width * 4)),
        g_variant_new_boolean(1), g_variant_new_int32(8), g_variant_new_int32(4), bytes,
    ]
    return fields.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
}
