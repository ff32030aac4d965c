import CGio
import Foundation
import Parley
@testable import ParleyChatUI
import Synchronization
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// The AT-SPI2 bridge on a private bus standing in for the accessibility bus: a client reads
/// the exported tree over D-Bus (children, roles, names, states, extents, text) and acts through
/// it (DoAction on a button, SetTextContents on a text view), as pyatspi does; and the chat UI's
/// accessibility defaults (message rows, channel rows, the composer's buttons).
@MainActor
@Suite(.serialized) struct ATSPIBridgeTests {
    /// A client of the bridge: blocking calls, made off the main actor (the bridge answers there).
    final class Client: Sendable {
        nonisolated(unsafe) let connection: OpaquePointer
        let bridgeName: String

        init(address: String, bridgeName: String) throws {
            var error: UnsafeMutablePointer<GError>?
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            connection = try #require(g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error))
            self.bridgeName = bridgeName
        }

        /// Calls `interface.method` on `path` with `arguments`; the reply's text form (GVariant's print).
        func call(_ path: String, _ interface: String, _ method: String, _ arguments: [OpaquePointer?] = []) async -> String {
            nonisolated(unsafe) let arguments = arguments
            return await Task.detached {
                var args = arguments
                let parameters = args.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
                var error: UnsafeMutablePointer<GError>?
                guard let reply = g_dbus_connection_call_sync(self.connection, self.bridgeName, path, interface, method, parameters, nil,
                                                              G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
                    let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "?"
                    if let error { g_error_free(error) }
                    return "error: \(message)"
                }
                defer { g_variant_unref(reply) }
                let text = g_variant_print(reply, 0)
                defer { g_free(text) }
                return text.map { String(cString: $0) } ?? ""
            }.value
        }

        /// The events heard (member, path, detail), after ``listen()``.
        let events = Mutex<[String]>([])

        /// Hears `org.a11y.atspi.Event.Object` signals on a thread of its own.
        func listen() {
            let context = g_main_context_new()
            g_main_context_push_thread_default(context)
            g_dbus_connection_signal_subscribe(connection, nil, "org.a11y.atspi.Event.Object", nil, nil, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                                               atspiEventHeard, Unmanaged.passUnretained(self).toOpaque(), nil)
            g_main_context_pop_thread_default(context)
            nonisolated(unsafe) let loop = g_main_loop_new(context, 0)
            Thread { g_main_loop_run(loop) }.start()
        }

        /// The first object path in a printed reply.
        static func path(in reply: String) -> String? { ATSPIBridgeTests.objectPath(in: reply) }

        /// A property's value, printed.
        func property(_ path: String, _ interface: String, _ name: String) async -> String {
            await call(path, "org.freedesktop.DBus.Properties", "Get", [g_variant_new_string(interface), g_variant_new_string(name)])
        }
    }

    /// Starts the bridge with `bus` as the accessibility bus, and a client of it (stop the
    /// bridge when done).
    static func startBridge(on bus: FreedesktopNotificationTests.PrivateBus) async throws -> (ATSPIBridge, Client) {
        ATSPIBridge.startIfAvailable(environment: ["AT_SPI_BUS_ADDRESS": bus.address])
        await waitUntil("the bridge on the bus") { ATSPIBridge.shared != nil }
        let bridge = try #require(ATSPIBridge.shared)
        return (bridge, try Client(address: bus.address, bridgeName: bridge.busName))
    }

    /// The first object path in a printed reply.
    nonisolated static func objectPath(in reply: String) -> String? {
        reply.firstMatch(of: /'(\/org\/a11y\/atspi\/accessible\/\d+)'/).map { String($0.1) }
    }

    @Test func aClientReadsTheTreeAndActsThroughIt() async throws {
        let bus = try FreedesktopNotificationTests.PrivateBus()
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 400, height: 300))
        let textView = UITextView(frame: CGRect(x: 10, y: 10, width: 300, height: 40))
        textView.accessibilityLabel = "Message"
        let send = UIButton(type: .system)
        send.frame = CGRect(x: 320, y: 10, width: 60, height: 40)
        send.setTitle("Send", for: .normal)
        var taps = 0
        send.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        window.addSubview(textView)
        window.addSubview(send)
        backend.advance(by: 0.05)

        let (bridge, client) = try await Self.startBridge(on: bus)
        defer { bridge.stop() }
        let root = "/org/a11y/atspi/accessible/root"

        #expect(await client.call(root, "org.a11y.atspi.Accessible", "GetRole") == "(75,)")
        #expect(await client.property(root, "org.a11y.atspi.Application", "ToolkitName") == "(<'Parley'>,)")
        let windows = await client.call(root, "org.a11y.atspi.Accessible", "GetChildren")
        let windowPath = try #require(Self.objectPath(in: windows))
        #expect(await client.call(windowPath, "org.a11y.atspi.Accessible", "GetRole") == "(23,)")
        #expect(await client.property(windowPath, "org.a11y.atspi.Accessible", "ChildCount") == "(<2>,)")
        let parent = await client.property(windowPath, "org.a11y.atspi.Accessible", "Parent")
        #expect(parent.contains("'\(bridge.busName)'") && parent.contains("'\(root)'"), "\(parent)")

        let buttonReply = await client.call(windowPath, "org.a11y.atspi.Accessible", "GetChildAtIndex", [g_variant_new_int32(1)])
        let buttonPath = try #require(Self.objectPath(in: buttonReply))
        #expect(await client.property(buttonPath, "org.a11y.atspi.Accessible", "Name") == "(<'Send'>,)")
        #expect(await client.call(buttonPath, "org.a11y.atspi.Accessible", "GetRoleName") == "('push button',)")
        #expect(await client.call(buttonPath, "org.a11y.atspi.Accessible", "GetIndexInParent") == "(1,)")
        #expect(await client.call(buttonPath, "org.a11y.atspi.Accessible", "GetInterfaces")
            == "(['org.a11y.atspi.Accessible', 'org.a11y.atspi.Component', 'org.a11y.atspi.Action'],)")
        let enabledVisible = (1 << 8) | (1 << 11) | (1 << 24) | (1 << 25) | (1 << 30)
        #expect(await client.call(buttonPath, "org.a11y.atspi.Accessible", "GetState") == "([\(enabledVisible), 0],)")
        let origin = window.frame.origin
        #expect(await client.call(buttonPath, "org.a11y.atspi.Component", "GetExtents", [g_variant_new_uint32(0)])
            == "((\(Int(origin.x) + 320), \(Int(origin.y) + 10), 60, 40),)")
        #expect(await client.property(buttonPath, "org.a11y.atspi.Action", "NActions") == "(<1>,)")
        #expect(await client.call(buttonPath, "org.a11y.atspi.Action", "GetName", [g_variant_new_int32(0)]) == "('activate',)")
        #expect(await client.call(buttonPath, "org.a11y.atspi.Action", "DoAction", [g_variant_new_int32(0)]) == "(true,)")
        await waitUntil("the tap") { taps == 1 }

        let textReply = await client.call(windowPath, "org.a11y.atspi.Accessible", "GetChildAtIndex", [g_variant_new_int32(0)])
        let textPath = try #require(Self.objectPath(in: textReply))
        #expect(await client.call(textPath, "org.a11y.atspi.Accessible", "GetRole") == "(61,)")
        #expect(await client.call(textPath, "org.a11y.atspi.EditableText", "SetTextContents", [g_variant_new_string("Hi from a screen reader")]) == "(true,)")
        #expect(textView.text == "Hi from a screen reader")
        #expect(await client.property(textPath, "org.a11y.atspi.Text", "CharacterCount") == "(<23>,)")
        #expect(await client.call(textPath, "org.a11y.atspi.Text", "GetText", [g_variant_new_int32(3), g_variant_new_int32(7)]) == "('from',)")

        // Focus and posted changes arrive as events.
        client.listen()
        #expect(textView.becomeFirstResponder())
        UIAccessibility.post(notification: .layoutChanged, argument: nil)
        UIAccessibility.post(notification: .announcement, argument: "Sent")
        await waitUntil("three events") { client.events.withLock { $0.count } >= 3 }
        #expect(client.events.withLock { $0 } == ["StateChanged \(textPath) focused", "ChildrenChanged \(windowPath) add", "Announcement \(root) "])
        #expect(await client.property(textPath, "org.a11y.atspi.Text", "CaretOffset") == "(<23>,)")

        // A gone object answers an error, not a crash.
        #expect(await client.call("/org/a11y/atspi/accessible/999999", "org.a11y.atspi.Accessible", "GetRole").hasPrefix("error:"))
    }

    @Test func chatRowsReadAsAuthorTextTimeAndReactionsWithActions() throws {
        try DesktopInteractionTests.withDemo { demo in
            let channelVC = try #require(demo.channelVC)
            let listVC = channelVC.messageListVC
            let rows = listVC.listView.visibleViews.compactMap { $0 as? ChatMessageContentView }.filter { $0.content?.type == .regular }
            let row = try #require(rows.last)
            let message = try #require(row.content)
            let label = try #require(row.accessibilityLabel)
            #expect(row.isAccessibilityElement)
            #expect(label.hasPrefix(message.author.name + ", " + message.text))
            #expect(label.contains(listVC.appearance.formatters.messageTimestamp.format(message.createdAt)))
            #expect(row.accessibilityCustomActions?.map(\.name) == ["Add reaction", "Reply", "Reply in thread"])
            #expect(AccessibilityTree.role(of: row) == .listItem)
            #expect(AccessibilityTree.role(of: listVC.listView) == .list)
            #expect(listVC.listView.accessibilityLabel == "Messages")
            #expect(demo.list.listView.accessibilityLabel == "Channels")

            let reacted = try #require(rows.first { !($0.content?.reactionCounts.isEmpty ?? true) })
            let reaction = try #require(reacted.content?.reactionCounts.sorted { $0.key.rawValue < $1.key.rawValue }.first)
            // Read by the picture's name ("thumbs up: 2"), not the type's ("like").
            let name = reacted.appearance.accessibilityName(of: reaction.key)
            #expect(reacted.accessibilityLabel?.hasSuffix("\(name): \(reaction.value)") == true
                || reacted.accessibilityLabel?.contains("\(name): \(reaction.value),") == true, "\(reacted.accessibilityLabel ?? "")")

            // "Reply" quotes the message in the composer.
            let reply = try #require(row.accessibilityCustomActions?[1])
            #expect(reply.actionHandler?(reply) == true)
            demo.settle()
            #expect(channelVC.messageComposerVC.content.quotingMessage?.id == message.id)

            // The channel's name is a heading; the light/dark toggle names itself.
            #expect(AccessibilityTree.role(of: channelVC.headerView.titleLabel) == .heading)
            #expect(demo.list.appearanceToggleItem.title == "Switch to dark mode")

            // The send button and the channel rows.
            let sendButton = channelVC.messageComposerVC.composerView.sendButton
            #expect(sendButton.accessibilityLabel == "Send")
            #expect(AccessibilityTree.role(of: sendButton) == .pushButton)
            let cell = try #require(demo.list.listView.visibleViews.compactMap { $0 as? ChatChannelListCollectionViewCell }
                .first { ($0.content?.channel.unreadCount.messages ?? 0) > 0 })
            let channel = try #require(cell.content?.channel)
            let cellLabel = try #require(cell.accessibilityLabel)
            #expect(cellLabel.hasPrefix(cell.itemView.titleText ?? "?"))
            #expect(cellLabel.hasSuffix("\(channel.unreadCount.messages) unread"))
            #expect(AccessibilityTree.role(of: cell) == .listItem)
            #expect(AccessibilityTree.actionNames(of: cell) == ["activate"])
            #expect(AccessibilityTree.children(of: demo.list.listView).contains { $0 === cell })
        }
    }
}
}

/// GDBus's callback for the events the test client hears (on its thread).
private func atspiEventHeard(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?, _ interface: UnsafePointer<gchar>?,
    _ signal: UnsafePointer<gchar>?, _ parameters: OpaquePointer?, _ userData: gpointer?
) {
    guard let path, let signal, let parameters, let userData else { return }
    let client = Unmanaged<HeadlessWindowTests.ATSPIBridgeTests.Client>.fromOpaque(userData).takeUnretainedValue()
    let detail = g_variant_get_child_value(parameters, 0)
    defer { g_variant_unref(detail) }
    let line = "\(String(cString: signal)) \(String(cString: path)) \(String(cString: g_variant_get_string(detail, nil)))"
    client.events.withLock { $0.append(line) }
}
