import CGio
import Foundation
import Parley
import Synchronization
import Testing

/// `FreedesktopNotificationService` against a fake `org.freedesktop.Notifications` on a private
/// session bus (a `dbus-daemon` of the test's own): the `Notify` call's arguments, the id it
/// replaces, and a click (`ActionInvoked`) reaching `onActivate`; without a bus the service is
/// off, quietly.
@MainActor
@Suite(.serialized) struct FreedesktopNotificationTests {
    /// A private session bus: a `dbus-daemon` child of the test process, ended (and waited for)
    /// when the bus is released. The daemon is started directly, not through
    /// `dbus-run-session`: ending that wrapper leaves its daemon running, holding the test run's
    /// standard error open, and a CI job waiting for the end of its output waits forever.
    final class PrivateBus {
        let process = Process()
        let address: String

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            process.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Kills the daemon and reaps it here. Not `terminate()`: the child inherits the signal
        /// mask of the thread that spawned it, and with SIGTERM blocked the daemon runs on. Not
        /// `waitUntilExit()`: it never returns once GLib's threads run in the process, so the wait
        /// is a bounded `waitpid` loop.
        deinit {
            let pid = process.processIdentifier
            kill(pid, SIGKILL)
            for _ in 0..<500 {
                let reaped = waitpid(pid, nil, WNOHANG)
                if reaped == pid || reaped == -1 { return }
                usleep(10_000)
            }
        }
    }

    /// One `Notify` call as the fake server received it.
    struct Call: Sendable, Equatable {
        var appName: String, replacesId: UInt32, icon: String, summary: String, body: String, actions: [String], timeout: Int32
        /// The `image-data` hint: width, height, row stride, has alpha, bits per sample,
        /// channels, and the bytes; nil without one.
        var image: ImageData? = nil
    }

    /// The `image-data` hint as received.
    struct ImageData: Sendable, Equatable {
        var width: Int32, height: Int32, rowStride: Int32, hasAlpha: Bool, bitsPerSample: Int32, channels: Int32, bytes: [UInt8]
    }

    /// A fake notification server: owns the name, answers `Notify` with ids 41, 42, …, records
    /// the calls, and emits `ActionInvoked`.
    final class FakeServer: Sendable {
        let calls: Recorded<[Call]>
        let service: FakeBusService
        var connection: OpaquePointer { service.connection }

        static let xml = """
            <node><interface name="org.freedesktop.Notifications">
            <method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
            <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/><arg type="a{sv}" direction="in"/>
            <arg type="i" direction="in"/><arg type="u" direction="out"/></method>
            <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
            </interface></node>
            """

        init(address: String) throws {
            let calls = Recorded<[Call]>([])
            self.calls = calls
            service = try FakeBusService(
                address: address, name: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications", xml: Self.xml
            ) { _, parameters, invocation in
                fakeNotify(parameters, invocation, into: calls)
            }
        }

        /// The user clicks notification `id`.
        func click(_ id: UInt32) {
            var args: [OpaquePointer?] = [g_variant_new_uint32(id), g_variant_new_string("default")]
            let parameters = args.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
            g_dbus_connection_emit_signal(connection, nil, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked", parameters, nil)
            g_dbus_connection_flush_sync(connection, nil, nil)
        }
    }

    @Test func notifyCarriesTheMessageAndAClickComesBackAsTheTag() async throws {
        let bus = try PrivateBus()
        #expect(bus.address.hasPrefix("unix:"))
        let server = try FakeServer(address: bus.address)
        let service = try #require(FreedesktopNotificationService.connect(address: bus.address))
        var activated: [String] = []
        service.onActivate = { activated.append($0) }

        // A 2 × 1 picture: red, and half-transparent blue.
        let picture = try #require(RGBAPixels(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 0, 255, 128]))
        service.post(DesktopNotification(tag: "messaging:lisbon", appName: "Parley", summary: "Dev Patel in Lisbon trip", body: "Who's bringing a speaker?",
                                         image: picture))
        await waitUntil("the Notify call") { server.calls.withLock { $0.count } == 1 }
        #expect(server.calls.withLock { $0.first } == Call(
            appName: "Parley", replacesId: 0, icon: "", summary: "Dev Patel in Lisbon trip", body: "Who's bringing a speaker?",
            actions: ["default", "Open"], timeout: -1,
            image: ImageData(width: 2, height: 1, rowStride: 8, hasAlpha: true, bitsPerSample: 8, channels: 4, bytes: picture.bytes)))

        // The next message of the same channel replaces its notification (id 41).
        try await Task.sleep(for: .milliseconds(100))
        service.post(DesktopNotification(tag: "messaging:lisbon", appName: "Parley", summary: "Dev Patel in Lisbon trip", body: "And snacks"))
        await waitUntil("the second Notify call") { server.calls.withLock { $0.count } == 2 }
        #expect(server.calls.withLock { $0.last?.replacesId } == 41)

        // A click on it: the tag comes back on the main actor.
        server.click(42)
        await waitUntil("the click") { activated == ["messaging:lisbon"] }
        // An unknown id (another app's notification) is ignored.
        server.click(7)
        try await Task.sleep(for: .milliseconds(200))
        #expect(activated == ["messaging:lisbon"])
    }

    /// A released bus is gone: nothing of it outlives the test (a daemon left running would
    /// keep CI's output open after the tests end).
    @Test func aReleasedBusLeavesNoDaemonBehind() throws {
        var bus: PrivateBus? = try PrivateBus()
        let address = try #require(bus?.address)
        let pid = try #require(bus?.process.processIdentifier)
        #expect(FreedesktopNotificationService.connect(address: address) != nil)
        bus = nil
        #expect(kill(pid, 0) != 0, "the daemon still runs")
        #expect(FreedesktopNotificationService.connect(address: address) == nil, "something still answers on the bus")
    }

    @Test func withoutABusTheServiceIsOffWithoutACrash() {
        #expect(FreedesktopNotificationService.connect(address: "unix:path=/nonexistent/parley-test-bus") == nil)
    }
}

/// The fake server's `Notify`, on its GLib thread: records the call and answers the next id.
private func fakeNotify(_ parameters: OpaquePointer, _ invocation: OpaquePointer, into calls: Recorded<[FreedesktopNotificationTests.Call]>) {
    func child(_ index: Int) -> OpaquePointer { g_variant_get_child_value(parameters, gsize(index)) }
    func string(_ index: Int) -> String { let value = child(index); defer { g_variant_unref(value) }; return String(cString: g_variant_get_string(value, nil)) }
    let replaces = child(1), timeout = child(7), actionsValue = child(5)
    defer { g_variant_unref(replaces); g_variant_unref(timeout); g_variant_unref(actionsValue) }
    var actions: [String] = []
    for index in 0..<g_variant_n_children(actionsValue) {
        let item = g_variant_get_child_value(actionsValue, index)
        actions.append(String(cString: g_variant_get_string(item, nil)))
        g_variant_unref(item)
    }
    let call = FreedesktopNotificationTests.Call(appName: string(0), replacesId: g_variant_get_uint32(replaces), icon: string(2), summary: string(3), body: string(4),
                    actions: actions, timeout: g_variant_get_int32(timeout), image: fakeImageData(in: child(6)))
    let id = calls.withLock { calls in calls.append(call); return UInt32(40 + calls.count) }
    var reply: [OpaquePointer?] = [g_variant_new_uint32(id)]
    g_dbus_method_invocation_return_value(invocation, reply.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 1) })
}

/// The `image-data` hint of a hints dictionary (taking ownership of it), or nil.
private func fakeImageData(in hints: OpaquePointer) -> FreedesktopNotificationTests.ImageData? {
    defer { g_variant_unref(hints) }
    guard let boxed = g_variant_lookup_value(hints, "image-data", nil) else { return nil }
    defer { g_variant_unref(boxed) }
    guard String(cString: g_variant_get_type_string(boxed)) == "(iiibiiay)" else { return nil }
    func int(_ index: Int) -> Int32 { let value = g_variant_get_child_value(boxed, gsize(index)); defer { g_variant_unref(value) }; return g_variant_get_int32(value) }
    let alpha = g_variant_get_child_value(boxed, 3), data = g_variant_get_child_value(boxed, 6)
    defer { g_variant_unref(alpha); g_variant_unref(data) }
    var count: gsize = 0
    let raw = g_variant_get_fixed_array(data, &count, 1)
    let bytes = raw.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(count))) } ?? []
    return FreedesktopNotificationTests.ImageData(width: int(0), height: int(1), rowStride: int(2), hasAlpha: g_variant_get_boolean(alpha) != 0,
                                                  bitsPerSample: int(4), channels: int(5), bytes: bytes)
}
