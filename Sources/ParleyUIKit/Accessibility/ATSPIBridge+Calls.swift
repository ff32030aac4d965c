import CGio
import Foundation

/// GDBus's handler of every call to the bridge's objects, on the bridge's D-Bus thread: the call
/// is answered on the main actor (a global function: nonisolated, so GLib's thread may call it).
/// Property reads come here too (the vtable has no property getter), as calls of
/// `org.freedesktop.DBus.Properties`.
func atspiMethodCall(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ objectPath: UnsafePointer<gchar>?, _ interfaceName: UnsafePointer<gchar>?,
    _ methodName: UnsafePointer<gchar>?, _ parameters: OpaquePointer?, _ invocation: OpaquePointer?, _ userData: gpointer?
) {
    guard let objectPath, let interfaceName, let methodName, let invocation, let userData else { return }
    let call = ATSPICall(path: String(cString: objectPath), interface: String(cString: interfaceName), method: String(cString: methodName),
                         parameters: parameters.map { g_variant_ref($0) }, invocation: invocation)
    nonisolated(unsafe) let bridgePointer = userData
    DispatchQueue.main.async {
        MainActor.assumeIsolated {
            let bridge = Unmanaged<ATSPIBridge>.fromOpaque(bridgePointer).takeUnretainedValue()
            bridge.answer(call)
        }
    }
}

/// One D-Bus call to answer (its invocation is returned exactly once, by ``ATSPIBridge/answer(_:)``).
struct ATSPICall: @unchecked Sendable {
    let path: String
    let interface: String
    let method: String
    let parameters: OpaquePointer?
    let invocation: OpaquePointer

    /// Argument `index` as an Int32 / UInt32 / String.
    func int(_ index: Int) -> Int32 { parameters.map { ATSPIVariant.child($0, index, g_variant_get_int32) } ?? 0 }
    func uint(_ index: Int) -> UInt32 { parameters.map { ATSPIVariant.child($0, index, g_variant_get_uint32) } ?? 0 }
    func string(_ index: Int) -> String { parameters.map { ATSPIVariant.string($0, index) } ?? "" }
}

/// Building and reading GVariants.
enum ATSPIVariant {
    /// Child `index` of a tuple, read with `get`.
    static func child<T>(_ tuple: OpaquePointer, _ index: Int, _ get: (OpaquePointer?) -> T) -> T {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        return get(child)
    }

    /// String child `index` of a tuple.
    static func string(_ tuple: OpaquePointer?, _ index: Int) -> String {
        guard let tuple else { return "" }
        return child(tuple, index) { String(cString: g_variant_get_string($0, nil)) }
    }

    /// The D-Bus type of a signature (a literal: GVariant keeps the pointer, which must live on).
    static func type(_ signature: StaticString) -> OpaquePointer? {
        signature.utf8Start.withMemoryRebound(to: CChar.self, capacity: signature.utf8CodeUnitCount + 1) { parley_variant_type($0) }
    }

    /// A tuple of values.
    static func tuple(_ values: [OpaquePointer?]) -> OpaquePointer? {
        var values = values
        return values.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// An array of values of element type `signature`.
    static func array(_ signature: StaticString, _ values: [OpaquePointer?]) -> OpaquePointer? {
        var values = values
        return values.withUnsafeMutableBufferPointer { g_variant_new_array(type(signature), $0.baseAddress, gsize($0.count)) }
    }

    /// `a{ss}` from a dictionary.
    static func stringDictionary(_ entries: [(String, String)]) -> OpaquePointer? {
        array("{ss}", entries.map { g_variant_new_dict_entry(g_variant_new_string($0.0), g_variant_new_string($0.1)) })
    }
}

extension ATSPIBridge {
    /// Answers a call with the node's data, read now on the main actor.
    func answer(_ call: ATSPICall) {
        defer { if let parameters = call.parameters { g_variant_unref(parameters) } }
        if call.interface == "org.a11y.atspi.Cache" {
            return g_dbus_method_invocation_return_value(call.invocation, ATSPIVariant.tuple([ATSPIVariant.array("((so)(so)(so)iiassusau)", [])]))
        }
        guard let node = node(at: call.path) else {
            return g_dbus_method_invocation_return_dbus_error(call.invocation, "org.freedesktop.DBus.Error.UnknownObject", "\(call.path) is gone")
        }
        let reply: OpaquePointer?
        if call.interface == "org.freedesktop.DBus.Properties" {
            reply = propertyReply(call, node: node)
        } else {
            reply = methodReply(call, node: node)
        }
        guard let reply else {
            return g_dbus_method_invocation_return_dbus_error(call.invocation, "org.freedesktop.DBus.Error.UnknownMethod",
                                                              "\(call.interface).\(call.method) is not supported here")
        }
        g_dbus_method_invocation_return_value(call.invocation, reply)
    }

    /// `Get`, `GetAll` and `Set` of the properties.
    private func propertyReply(_ call: ATSPICall, node: AccessibleNode) -> OpaquePointer? {
        switch call.method {
        case "Get":
            guard let value = property(call.string(1), of: call.string(0), node: node) else { return nil }
            return ATSPIVariant.tuple([g_variant_new_variant(value)])
        case "GetAll":
            let names = Self.propertyNames[call.string(0)] ?? []
            let entries = names.compactMap { name in
                property(name, of: call.string(0), node: node).map { g_variant_new_dict_entry(g_variant_new_string(name), g_variant_new_variant($0)) }
            }
            return ATSPIVariant.tuple([ATSPIVariant.array("{sv}", entries)])
        case "Set":
            // The registry numbers the application (its only writable property).
            guard call.string(0) == "org.a11y.atspi.Application", call.string(1) == "Id", let parameters = call.parameters else { return nil }
            let boxed = g_variant_get_child_value(parameters, 2)
            let value = g_variant_get_variant(boxed)
            if g_variant_is_of_type(value, ATSPIVariant.type("i")) != 0 { applicationId = g_variant_get_int32(value) }
            g_variant_unref(value)
            g_variant_unref(boxed)
            return ATSPIVariant.tuple([])
        default: return nil
        }
    }

    static let propertyNames: [String: [String]] = [
        "org.a11y.atspi.Accessible": ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"],
        "org.a11y.atspi.Application": ["ToolkitName", "Version", "AtspiVersion", "Id"],
        "org.a11y.atspi.Action": ["NActions"],
        "org.a11y.atspi.Text": ["CharacterCount", "CaretOffset"],
        "org.a11y.atspi.Selection": ["NSelectedChildren"],
    ]

    /// A property's value (a floating GVariant), nil when unknown.
    private func property(_ name: String, of interface: String, node: AccessibleNode) -> OpaquePointer? {
        let object: UIResponder? = if case .object(let object) = node { object } else { nil }
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"):
            return g_variant_new_string(object.map(AccessibilityTree.name(of:)) ?? ProcessInfo.processInfo.processName)
        case ("org.a11y.atspi.Accessible", "Description"): return g_variant_new_string(object.map(AccessibilityTree.description(of:)) ?? "")
        case ("org.a11y.atspi.Accessible", "Parent"):
            guard let object else { return parley_variant_object_ref(desktop?.bus ?? busName, desktop?.path ?? Self.nullPath) }
            return reference(to: AccessibilityTree.parent(of: object))
        case ("org.a11y.atspi.Accessible", "ChildCount"): return g_variant_new_int32(Int32(node.children.count))
        case ("org.a11y.atspi.Accessible", "Locale"): return g_variant_new_string(Locale.current.identifier)
        case ("org.a11y.atspi.Accessible", "AccessibleId"): return g_variant_new_string((object as? UIView)?.accessibilityIdentifier ?? "")
        case ("org.a11y.atspi.Application", "ToolkitName"): return g_variant_new_string("Parley")
        case ("org.a11y.atspi.Application", "Version"): return g_variant_new_string("1.0")
        case ("org.a11y.atspi.Application", "AtspiVersion"): return g_variant_new_string("2.1")
        case ("org.a11y.atspi.Application", "Id"): return g_variant_new_int32(applicationId)
        case ("org.a11y.atspi.Action", "NActions"): return g_variant_new_int32(Int32(object.map(AccessibilityTree.actionNames(of:))?.count ?? 0))
        case ("org.a11y.atspi.Text", "CharacterCount"): return g_variant_new_int32(Int32(object.flatMap(AccessibilityTree.text(of:))?.count ?? 0))
        case ("org.a11y.atspi.Selection", "NSelectedChildren"): return g_variant_new_int32(Int32(selectedChildren(of: node).count))
        case ("org.a11y.atspi.Text", "CaretOffset"): return g_variant_new_int32(Int32(object.flatMap(AccessibilityTree.caretOffset(of:)) ?? -1))
        default: return nil
        }
    }
}
