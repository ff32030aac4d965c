import CGio
import Foundation
import Synchronization
import Testing

/// A fake D-Bus service for the desktop tests: a connection to a private bus that owns `name` and
/// serves the first interface of `xml` at `path`, its method calls handled by `handle` on a GLib
/// thread of its own. The test keeps it alive while the bus may call it.
final class FakeBusService: Sendable {
    nonisolated(unsafe) let connection: OpaquePointer
    /// Called with the method's name, its parameters and the invocation to answer.
    let handle: @Sendable (_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) -> Void

    init(address: String, name: String, path: String, xml: String,
         handle: @escaping @Sendable (_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) -> Void) throws {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        connection = try #require(g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error))
        self.handle = handle
        // The name, synchronously (RequestName, "do not queue").
        var nameArgs: [OpaquePointer?] = [g_variant_new_string(name), g_variant_new_uint32(4)]
        let request = nameArgs.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let owned = try #require(g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                             "RequestName", request, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error))
        g_variant_unref(owned)
        // The object, its calls served on a thread of its own.
        let node = try #require(g_dbus_node_info_new_for_xml(xml, &error))
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = fakeBusMethodCall
        let interface = try #require(node.pointee.interfaces?[0])
        let registered = g_dbus_connection_register_object(connection, path, interface, &vtable,
                                                           Unmanaged.passUnretained(self).toOpaque(), nil, &error)
        g_main_context_pop_thread_default(context)
        #expect(registered > 0)
        nonisolated(unsafe) let loop = g_main_loop_new(context, 0)
        Thread { g_main_loop_run(loop) }.start()
    }
}

/// What a fake service records, behind a lock.
final class Recorded<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<R>(_ body: (inout Value) -> R) -> R { value.withLock { body(&$0) } }
}

/// The fake services' method handler, on their GLib thread (a global function: nonisolated, so
/// GLib's thread may call it).
private func fakeBusMethodCall(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?, _ interface: UnsafePointer<gchar>?,
    _ method: UnsafePointer<gchar>?, _ parameters: OpaquePointer?, _ invocation: OpaquePointer?, _ userData: gpointer?
) {
    guard let method, let parameters, let invocation, let userData else { return }
    Unmanaged<FakeBusService>.fromOpaque(userData).takeUnretainedValue().handle(String(cString: method), parameters, invocation)
}
