import CGio
import Foundation
import Parley
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// The bridge's change events and the Selection interface: a client that has read the tree
/// hears a label's new name (`PropertyChange` accessible-name) and rows becoming selected or not
/// (`StateChanged` selected), and selects a list's row through `Selection`.
@MainActor
@Suite(.serialized) struct ATSPIChangeEventTests {
    typealias Client = ATSPIBridgeTests.Client

    @Test func namesAndSelectionChangesAreEventsAndListsOfferSelection() async throws {
        let bus = try FreedesktopNotificationTests.PrivateBus()
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 400, height: 300))
        let title = UILabel(frame: CGRect(x: 10, y: 10, width: 300, height: 30))
        title.text = "Engineering"
        let list = UIView(frame: CGRect(x: 10, y: 50, width: 300, height: 200))
        list.accessibilityContainerType = .list
        list.accessibilityLabel = "Channels"
        let rows = ["General", "Random", "Design"].enumerated().map { index, name in
            let row = UIButton(type: .system)
            row.frame = CGRect(x: 0, y: CGFloat(index) * 44, width: 300, height: 44)
            row.setTitle(name, for: .normal)
            list.addSubview(row)
            return row
        }
        for row in rows {
            row.addAction(UIAction { _ in for other in rows { other.isSelected = other === row } }, for: .touchUpInside)
        }
        rows[1].isSelected = true
        window.addSubview(title)
        window.addSubview(list)
        backend.advance(by: 0.05)

        let (bridge, client) = try await ATSPIBridgeTests.startBridge(on: bus)
        defer { bridge.stop() }
        let windowPath = try #require(Client.path(in: await client.call("/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible", "GetChildren")))
        let children = await client.call(windowPath, "org.a11y.atspi.Accessible", "GetChildren")
        let paths = children.matches(of: /'(\/org\/a11y\/atspi\/accessible\/\d+)'/).map { String($0.1) }
        try #require(paths.count == 2, "\(children)")
        let (titlePath, listPath) = (paths[0], paths[1])
        let rowPaths = (await client.call(listPath, "org.a11y.atspi.Accessible", "GetChildren"))
            .matches(of: /'(\/org\/a11y\/atspi\/accessible\/\d+)'/).map { String($0.1) }
        try #require(rowPaths.count == 3)

        // Selection: the list reads its selected row, and selects another as a click would.
        #expect(await client.call(listPath, "org.a11y.atspi.Accessible", "GetInterfaces")
            == "(['org.a11y.atspi.Accessible', 'org.a11y.atspi.Component', 'org.a11y.atspi.Selection'],)")
        #expect(await client.property(listPath, "org.a11y.atspi.Selection", "NSelectedChildren") == "(<1>,)")
        #expect(Client.path(in: await client.call(listPath, "org.a11y.atspi.Selection", "GetSelectedChild", [g_variant_new_int32(0)])) == rowPaths[1])
        #expect(await client.call(listPath, "org.a11y.atspi.Selection", "IsChildSelected", [g_variant_new_int32(1)]) == "(true,)")
        #expect(await client.call(listPath, "org.a11y.atspi.Selection", "IsChildSelected", [g_variant_new_int32(2)]) == "(false,)")
        #expect(await client.call(listPath, "org.a11y.atspi.Selection", "ClearSelection") == "(false,)")

        // Changes after the client read the tree are events.
        client.listen()
        #expect(await client.call(listPath, "org.a11y.atspi.Selection", "SelectChild", [g_variant_new_int32(2)]) == "(true,)")
        await waitUntil("the row selected") { rows[2].isSelected }
        title.text = "Design"
        let expected = ["PropertyChange \(titlePath) accessible-name", "StateChanged \(rowPaths[1]) selected", "StateChanged \(rowPaths[2]) selected"]
        await waitUntil("the change events") {
            backend.advance(by: 0.05)
            return Set(expected).isSubset(of: Set(client.events.withLock { $0 }))
        }
        #expect(Set(client.events.withLock { $0 }) == Set(expected), "each change once, nothing else")
        #expect(await client.property(titlePath, "org.a11y.atspi.Accessible", "Name") == "(<'Design'>,)")
        #expect(Client.path(in: await client.call(listPath, "org.a11y.atspi.Selection", "GetSelectedChild", [g_variant_new_int32(0)])) == rowPaths[2])

        // Nothing changed: no more events.
        backend.advance(by: 0.5)
        try await Task.sleep(for: .milliseconds(100))
        #expect(client.events.withLock { $0.count } == 3)
    }
}
}
