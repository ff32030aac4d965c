import CGio
import Foundation

extension ATSPIBridge {
    /// The reply tuple of a method of Accessible, Application, Component, Action, Text or
    /// EditableText (floating), nil when the method is unknown.
    func methodReply(_ call: ATSPICall, node: AccessibleNode) -> OpaquePointer? {
        let object: UIResponder? = if case .object(let object) = node { object } else { nil }
        switch (call.interface, call.method) {
        case ("org.a11y.atspi.Accessible", _): return accessibleReply(call, node: node, object: object)
        case ("org.a11y.atspi.Application", "GetLocale"): return ATSPIVariant.tuple([g_variant_new_string(Locale.current.identifier)])
        case ("org.a11y.atspi.Application", "GetApplicationBusAddress"): return ATSPIVariant.tuple([g_variant_new_string("")])
        case ("org.a11y.atspi.Component", _): return componentReply(call, node: node, object: object)
        case ("org.a11y.atspi.Action", _): return actionReply(call, object: object)
        case ("org.a11y.atspi.Text", "GetText"):
            let text = object.flatMap(AccessibilityTree.text(of:)) ?? ""
            let characters = Array(text)
            let start = max(0, min(Int(call.int(0)), characters.count))
            let end = call.int(1) < 0 ? characters.count : max(start, min(Int(call.int(1)), characters.count))
            return ATSPIVariant.tuple([g_variant_new_string(String(characters[start..<end]))])
        case ("org.a11y.atspi.EditableText", _): return editableTextReply(call, object: object)
        case ("org.a11y.atspi.Selection", _): return selectionReply(call, node: node)
        default: return nil
        }
    }

    /// A list's selected children: those with the selected state (the open channel).
    func selectedChildren(of node: AccessibleNode) -> [UIResponder] {
        node.children.filter { $0.accessibilityTraits.contains(.selected) }
    }

    /// Selection on a list: its selected children are read; selecting a child activates it, as a
    /// click on the row would (the list selects one row at a time, and cannot be emptied).
    private func selectionReply(_ call: ATSPICall, node: AccessibleNode) -> OpaquePointer? {
        let children = node.children
        let takesIndex = !["SelectAll", "ClearSelection"].contains(call.method)
        let index = takesIndex ? Int(call.int(0)) : -1
        let child = children.indices.contains(index) ? children[index] : nil
        switch call.method {
        case "GetSelectedChild":
            let selected = selectedChildren(of: node)
            guard selected.indices.contains(index) else { return ATSPIVariant.tuple([parley_variant_object_ref(busName, Self.nullPath)]) }
            return ATSPIVariant.tuple([reference(to: selected[index])])
        case "IsChildSelected":
            return ATSPIVariant.tuple([g_variant_new_boolean(child?.accessibilityTraits.contains(.selected) == true ? 1 : 0)])
        case "SelectChild":
            guard let child, !AccessibilityTree.actionNames(of: child).isEmpty else { return ATSPIVariant.tuple([g_variant_new_boolean(0)]) }
            if !child.accessibilityTraits.contains(.selected) {
                DispatchQueue.main.async { MainActor.assumeIsolated { _ = AccessibilityTree.performAction(0, on: child) } }
            }
            return ATSPIVariant.tuple([g_variant_new_boolean(1)])
        case "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection": return ATSPIVariant.tuple([g_variant_new_boolean(0)])
        default: return nil
        }
    }

    private func accessibleReply(_ call: ATSPICall, node: AccessibleNode, object: UIResponder?) -> OpaquePointer? {
        switch call.method {
        case "GetChildAtIndex":
            let children = node.children
            let index = Int(call.int(0))
            guard children.indices.contains(index) else { return ATSPIVariant.tuple([parley_variant_object_ref(busName, Self.nullPath)]) }
            return ATSPIVariant.tuple([reference(to: children[index])])
        case "GetChildren": return ATSPIVariant.tuple([ATSPIVariant.array("(so)", node.children.map { reference(to: $0) })])
        case "GetIndexInParent":
            guard let object else { return ATSPIVariant.tuple([g_variant_new_int32(-1)]) }
            let siblings = AccessibilityTree.parent(of: object).map { AccessibilityTree.children(of: $0) } ?? AccessibleNode.application.children
            return ATSPIVariant.tuple([g_variant_new_int32(Int32(siblings.firstIndex { $0 === object } ?? -1))])
        case "GetRelationSet": return ATSPIVariant.tuple([ATSPIVariant.array("(ua(so))", [])])
        case "GetRole": return ATSPIVariant.tuple([g_variant_new_uint32(role(of: object).rawValue)])
        case "GetRoleName", "GetLocalizedRoleName": return ATSPIVariant.tuple([g_variant_new_string(role(of: object).name)])
        case "GetState":
            let states: Set<AccessibleState> = object.map(AccessibilityTree.states(of:)) ?? [.enabled, .sensitive, .visible, .showing]
            let words = AccessibleState.words(states)
            return ATSPIVariant.tuple([ATSPIVariant.array("u", [g_variant_new_uint32(words.0), g_variant_new_uint32(words.1)])])
        case "GetAttributes":
            var attributes = [("toolkit", "Parley")]
            if let identifier = (object as? UIView)?.accessibilityIdentifier { attributes.append(("id", identifier)) }
            if let object, let value = object.accessibilityValue, AccessibilityTree.text(of: object) == nil { attributes.append(("value", value)) }
            return ATSPIVariant.tuple([ATSPIVariant.stringDictionary(attributes)])
        case "GetApplication": return ATSPIVariant.tuple([reference(to: nil)])
        case "GetInterfaces": return ATSPIVariant.tuple([ATSPIVariant.array("s", interfaces(of: object).map { g_variant_new_string($0) })])
        default: return nil
        }
    }

    private func role(of object: UIResponder?) -> AccessibleRole { object.map(AccessibilityTree.role(of:)) ?? .application }

    /// The interfaces a node implements.
    func interfaces(of object: UIResponder?) -> [String] {
        guard let object else { return ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"] }
        var names = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
        if !AccessibilityTree.actionNames(of: object).isEmpty { names.append("org.a11y.atspi.Action") }
        if AccessibilityTree.text(of: object) != nil { names += ["org.a11y.atspi.Text", "org.a11y.atspi.EditableText"] }
        if object.accessibilityContainerType == .list { names.append("org.a11y.atspi.Selection") }
        return names
    }

    private func componentReply(_ call: ATSPICall, node: AccessibleNode, object: UIResponder?) -> OpaquePointer? {
        let frame = object.map(Self.extents(of:)) ?? .zero
        switch call.method {
        case "GetExtents":
            return ATSPIVariant.tuple([ATSPIVariant.tuple([Int32(frame.minX), Int32(frame.minY), Int32(frame.width), Int32(frame.height)].map { g_variant_new_int32($0) })])
        case "GetPosition": return ATSPIVariant.tuple([g_variant_new_int32(Int32(frame.minX)), g_variant_new_int32(Int32(frame.minY))])
        case "GetSize": return ATSPIVariant.tuple([g_variant_new_int32(Int32(frame.width)), g_variant_new_int32(Int32(frame.height))])
        case "Contains":
            let inside = frame.contains(CGPoint(x: CGFloat(call.int(0)), y: CGFloat(call.int(1))))
            return ATSPIVariant.tuple([g_variant_new_boolean(inside ? 1 : 0)])
        case "GetAccessibleAtPoint":
            let point = CGPoint(x: CGFloat(call.int(0)), y: CGFloat(call.int(1)))
            guard let object, frame.contains(point) else { return ATSPIVariant.tuple([parley_variant_object_ref(busName, Self.nullPath)]) }
            let window = (object as? UIView)?.window
            let local = CGPoint(x: point.x - (window?.frame.minX ?? 0), y: point.y - (window?.frame.minY ?? 0))
            return ATSPIVariant.tuple([reference(to: AccessibilityTree.node(at: local, under: object))])
        case "GetLayer": return ATSPIVariant.tuple([g_variant_new_uint32(object is UIWindow ? 7 : 3)])  // window layer, widget layer
        case "GetMDIZOrder": return ATSPIVariant.tuple([g_variant_new_int16(0)])
        case "GetAlpha": return ATSPIVariant.tuple([g_variant_new_double(Double((object as? UIView)?.alpha ?? 1))])
        case "GrabFocus":
            guard let view = object as? UIView else { return ATSPIVariant.tuple([g_variant_new_boolean(0)]) }
            let focused = view.canBecomeFirstResponder ? view.becomeFirstResponder() : false
            return ATSPIVariant.tuple([g_variant_new_boolean(focused ? 1 : 0)])
        default: return nil
        }
    }

    /// An object's frame on the screen: its accessibility frame offset by its window's origin.
    static func extents(of object: UIResponder) -> CGRect {
        if let window = object as? UIWindow { return window.frame }
        let frame = object.accessibilityFrame
        let window = (object as? UIView)?.window ?? ((object as? UIAccessibilityElement)?.accessibilityContainer as? UIView)?.window
        return frame.offsetBy(dx: window?.frame.minX ?? 0, dy: window?.frame.minY ?? 0)
    }

    private func actionReply(_ call: ATSPICall, object: UIResponder?) -> OpaquePointer? {
        let names = object.map(AccessibilityTree.actionNames(of:)) ?? []
        let index = Int(call.int(0))
        let name = names.indices.contains(index) ? names[index] : ""
        switch call.method {
        case "GetName", "GetLocalizedName": return ATSPIVariant.tuple([g_variant_new_string(name)])
        case "GetDescription": return ATSPIVariant.tuple([g_variant_new_string(index == 0 ? object?.accessibilityHint ?? "" : "")])
        case "GetKeyBinding": return ATSPIVariant.tuple([g_variant_new_string("")])
        case "GetActions":
            let entries = names.map { ATSPIVariant.tuple([g_variant_new_string($0), g_variant_new_string(""), g_variant_new_string("")]) }
            return ATSPIVariant.tuple([ATSPIVariant.array("(sss)", entries)])
        case "DoAction":
            guard let object, names.indices.contains(index) else { return ATSPIVariant.tuple([g_variant_new_boolean(0)]) }
            // Acts after the reply, as a click would, so the caller does not wait for what it opens.
            DispatchQueue.main.async { MainActor.assumeIsolated { _ = AccessibilityTree.performAction(index, on: object) } }
            return ATSPIVariant.tuple([g_variant_new_boolean(1)])
        default: return nil
        }
    }

    private func editableTextReply(_ call: ATSPICall, object: UIResponder?) -> OpaquePointer? {
        guard let object, let text = AccessibilityTree.text(of: object) else { return ATSPIVariant.tuple([g_variant_new_boolean(0)]) }
        var characters = Array(text)
        switch call.method {
        case "SetTextContents": characters = Array(call.string(0))
        case "InsertText":
            let position = max(0, min(Int(call.int(0)), characters.count))
            characters.insert(contentsOf: Array(call.string(1)).prefix(max(0, Int(call.int(2)))), at: position)
        case "DeleteText":
            let start = max(0, min(Int(call.int(0)), characters.count))
            let end = max(start, min(Int(call.int(1)), characters.count))
            characters.removeSubrange(start..<end)
        default: return nil
        }
        return ATSPIVariant.tuple([g_variant_new_boolean(AccessibilityTree.setText(String(characters), of: object) ? 1 : 0)])
    }
}
