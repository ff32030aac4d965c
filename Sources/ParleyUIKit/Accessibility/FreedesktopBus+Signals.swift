import CGio
import Foundation

extension FreedesktopBus {
    /// A subscription to a D-Bus signal whose handler runs on a thread of its own (a GLib main
    /// loop on a private context), so signals arrive whatever the app's main thread is doing.
    /// The handler reads the signal's parameters there; ``cancel()`` (or deinit) unsubscribes
    /// and ends the thread.
    package final class SignalSubscription: @unchecked Sendable {
        /// The handler, given the signal's parameters tuple (borrowed for the call).
        package typealias Handler = @Sendable (_ parameters: OpaquePointer) -> Void

        private let connection: OpaquePointer
        private let context: OpaquePointer
        private let loop: OpaquePointer
        private let lock = NSLock()
        private var subscription: guint = 0

        /// Subscribes on `connection` to `member` of `interface` from `sender` at `path`
        /// (nil: any), with `arg0` as the first argument when given.
        package init(connection: OpaquePointer, sender: String?, interface: String, member: String, path: String?,
                     arg0: String? = nil, handler: @escaping Handler) {
            self.connection = connection
            g_object_ref(UnsafeMutableRawPointer(connection))
            context = g_main_context_new()
            loop = g_main_loop_new(context, 0)
            let box = Unmanaged.passRetained(SignalHandlerBox(handler)).toOpaque()
            // The signal arrives in the context that was thread-default when subscribing.
            g_main_context_push_thread_default(context)
            subscription = g_dbus_connection_signal_subscribe(
                connection, sender, interface, member, path, arg0, G_DBUS_SIGNAL_FLAGS_NONE, freedesktopSignalReceived, box,
                { data in data.map { Unmanaged<SignalHandlerBox>.fromOpaque($0).release() } })
            g_main_context_pop_thread_default(context)
            // The thread holds the loop until it returns (the subscription may be gone by then).
            nonisolated(unsafe) let loop = g_main_loop_ref(self.loop)
            let thread = Thread {
                g_main_loop_run(loop)
                g_main_loop_unref(loop)
            }
            thread.name = "parley-dbus-\(member)"
            thread.start()
        }

        /// Stops hearing the signal and ends the thread.
        package func cancel() {
            lock.lock()
            let id = subscription
            subscription = 0
            lock.unlock()
            guard id != 0 else { return }
            g_dbus_connection_signal_unsubscribe(connection, id)
            // Quit from inside the loop: a quit before the thread enters it would be lost.
            let source = g_idle_source_new()
            g_source_set_callback(source, { data in
                data.map { g_main_loop_quit(OpaquePointer($0)) }
                return 0
            }, UnsafeMutableRawPointer(loop), nil)
            g_source_attach(source, context)
            g_source_unref(source)
        }

        deinit {
            cancel()
            g_main_loop_unref(loop)
            g_main_context_unref(context)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }
}

/// The handler of a subscription, retained by GDBus until it unsubscribes.
private final class SignalHandlerBox: Sendable {
    let handle: FreedesktopBus.SignalSubscription.Handler
    init(_ handle: @escaping FreedesktopBus.SignalSubscription.Handler) { self.handle = handle }
}

/// GDBus's signal callback, on the subscription's thread (a global function: nonisolated).
private func freedesktopSignalReceived(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?, _ interface: UnsafePointer<gchar>?,
    _ signal: UnsafePointer<gchar>?, _ parameters: OpaquePointer?, _ userData: gpointer?
) {
    guard let parameters, let userData else { return }
    Unmanaged<SignalHandlerBox>.fromOpaque(userData).takeUnretainedValue().handle(parameters)
}
