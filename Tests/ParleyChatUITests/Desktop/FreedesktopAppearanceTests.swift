import CGio
import Foundation
import Parley
import Testing

/// `FreedesktopAppearance` against a fake settings portal (`org.freedesktop.portal.Desktop`) on a
/// private session bus: each `color-scheme` value, no portal, no bus.
@Suite(.serialized) struct FreedesktopAppearanceTests {
    typealias PrivateBus = FreedesktopNotificationTests.PrivateBus

    /// A fake portal: owns the name and answers `Settings.Read` with `scheme`, wrapped twice in
    /// variants as xdg-desktop-portal does; any other key is an error.
    final class FakePortal: Sendable {
        let reads: Recorded<[String]>
        let service: FakeBusService

        static let xml = """
            <node><interface name="org.freedesktop.portal.Settings">
            <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
            <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
            </interface></node>
            """

        init(address: String, scheme: UInt32) throws {
            let reads = Recorded<[String]>([])
            self.reads = reads
            service = try FakeBusService(
                address: address, name: "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop", xml: Self.xml
            ) { _, parameters, invocation in
                fakePortalRead(parameters, invocation, scheme: scheme, reads: reads)
            }
        }

        /// The desktop's setting changes: `SettingChanged` as xdg-desktop-portal emits it
        /// (namespace, key, the value in a variant).
        func change(namespace: String = "org.freedesktop.appearance", key: String = "color-scheme", scheme: UInt32) {
            var args: [OpaquePointer?] = [g_variant_new_string(namespace), g_variant_new_string(key), g_variant_new_variant(g_variant_new_uint32(scheme))]
            let parameters = args.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
            g_dbus_connection_emit_signal(service.connection, nil, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
                                          "SettingChanged", parameters, nil)
            g_dbus_connection_flush_sync(service.connection, nil, nil)
        }
    }

    @Test(arguments: [(UInt32(1), UIUserInterfaceStyle.dark), (2, .light)])
    func theDesktopsPreferenceIsRead(scheme: UInt32, style: UIUserInterfaceStyle) throws {
        let bus = try PrivateBus()
        let portal = try FakePortal(address: bus.address, scheme: scheme)
        #expect(FreedesktopAppearance.preferredStyle(address: bus.address) == style)
        #expect(portal.reads.withLock { $0 } == ["org.freedesktop.appearance color-scheme"])
    }

    @Test func noPreferenceNoPortalAndNoBusAreNil() throws {
        let bus = try PrivateBus()
        let start = Date()
        #expect(FreedesktopAppearance.preferredStyle(address: bus.address) == nil, "no portal on the bus")
        #expect(Date().timeIntervalSince(start) < 2, "a missing portal is not waited for")
        let portal = try FakePortal(address: bus.address, scheme: 0)
        withExtendedLifetime(portal) {
            #expect(FreedesktopAppearance.preferredStyle(address: bus.address) == nil, "0: no preference")
        }
        #expect(FreedesktopAppearance.preferredStyle(address: "unix:path=/nonexistent/parley-test-bus") == nil)
    }
}

extension HeadlessWindowTests {
/// `FreedesktopAppearance.follow(in:)`: the portal's `SettingChanged` becomes the scene's light or
/// dark trait, live; a window's override still wins; a stopped observer hears nothing.
@MainActor
@Suite(.serialized) struct FollowingTheDesktopAppearanceTests {
    @Test func settingChangedTurnsTheWindowDarkAndLightAgain() async throws {
        let bus = try FreedesktopNotificationTests.PrivateBus()
        let portal = try FreedesktopAppearanceTests.FakePortal(address: bus.address, scheme: 2)
        let backend = HeadlessBackend.install()
        let root = UIViewController()
        root.view.backgroundColor = .systemBackground
        let window = backend.openWindow(size: CGSize(width: 120, height: 80), rootViewController: root)
        let scene = try #require(window.windowScene)
        let observer = try #require(FreedesktopAppearance.follow(in: scene, address: bus.address))
        #expect(window.traitCollection.userInterfaceStyle == .light)
        func centre() throws -> UInt8 {
            backend.advance(by: 0.02)
            let pixels = try #require(backend.snapshot(of: window)?.rgbaPixels(scale: 1))
            return pixels[60, 40].r
        }
        #expect(try centre() > 200)

        portal.change(scheme: 1)
        await waitUntil("the window turns dark") { backend.advance(by: 0.02); return root.traitCollection.userInterfaceStyle == .dark }
        #expect(scene.traitCollection.userInterfaceStyle == .dark)
        #expect(try centre() < 60, "the screen re-rendered dark")

        // Another key of the namespace changes nothing; "no preference" is light.
        portal.change(key: "accent-color", scheme: 1)
        portal.change(scheme: 0)
        await waitUntil("the window turns light") { backend.advance(by: 0.02); return root.traitCollection.userInterfaceStyle == .light }
        #expect(try centre() > 200)

        // The window's own style wins over the desktop's.
        window.overrideUserInterfaceStyle = .light
        portal.change(scheme: 1)
        await waitUntil("the scene turns dark") { backend.advance(by: 0.02); return scene.traitCollection.userInterfaceStyle == .dark }
        #expect(root.traitCollection.userInterfaceStyle == .light)
        window.overrideUserInterfaceStyle = .unspecified
        #expect(root.traitCollection.userInterfaceStyle == .dark)

        // Stopped: the desktop's changes are no longer heard.
        observer.stop()
        portal.change(scheme: 2)
        try await Task.sleep(for: .milliseconds(300))
        backend.advance(by: 0.02)
        #expect(scene.traitCollection.userInterfaceStyle == .dark)
    }

    @Test func withoutABusTheSceneStaysLight() throws {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 120, height: 80))
        let scene = try #require(window.windowScene)
        #expect(FreedesktopAppearance.follow(in: scene, address: "unix:path=/nonexistent/parley-test-bus") == nil)
        #expect(scene.traitCollection.userInterfaceStyle == .light)
    }
}
}

/// The fake portal's `Read`, on its GLib thread: the color scheme wrapped twice in variants, or
/// an error for another key.
private func fakePortalRead(_ parameters: OpaquePointer, _ invocation: OpaquePointer, scheme: UInt32, reads: Recorded<[String]>) {
    func string(_ index: Int) -> String {
        let value = g_variant_get_child_value(parameters, gsize(index))
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
    let key = string(0) + " " + string(1)
    reads.withLock { $0.append(key) }
    guard key == "org.freedesktop.appearance color-scheme" else {
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.portal.Error.NotFound", "Requested setting not found")
        return
    }
    var reply: [OpaquePointer?] = [g_variant_new_variant(g_variant_new_variant(g_variant_new_uint32(scheme)))]
    g_dbus_method_invocation_return_value(invocation, reply.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 1) })
}
