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
