import Foundation

/// The roles of AT-SPI2 (`AtspiRole`) Parley's elements map to, with their numbers on the wire.
public enum AccessibleRole: UInt32, Sendable, CaseIterable {
    /// The application (the root of an app's tree).
    case application = 75
    /// A top-level window.
    case frame = 23
    /// A button.
    case pushButton = 43
    /// An on/off button.
    case toggleButton = 62
    /// A link.
    case link = 88
    /// A heading.
    case heading = 83
    /// A single-line text input.
    case entry = 79
    /// A text input whose characters are hidden.
    case passwordText = 40
    /// Multi-line text.
    case text = 61
    /// Static text.
    case label = 29
    /// A list.
    case list = 31
    /// An item of a list (a message row, a channel row).
    case listItem = 32
    /// A generic container.
    case panel = 39
    /// A picture.
    case image = 27
    /// An adjustable value.
    case slider = 51
    /// A bar of tabs.
    case pageTabList = 38
    /// A table.
    case table = 55
    /// A region of the screen.
    case landmark = 110
    /// Elements that belong together.
    case grouping = 99

    /// AT-SPI's name of the role ("push button"), as `atspi_role_get_name` gives it.
    public var name: String {
        switch self {
        case .application: "application"
        case .frame: "frame"
        case .pushButton: "push button"
        case .toggleButton: "toggle button"
        case .link: "link"
        case .heading: "heading"
        case .entry: "entry"
        case .passwordText: "password text"
        case .text: "text"
        case .label: "label"
        case .list: "list"
        case .listItem: "list item"
        case .panel: "panel"
        case .image: "image"
        case .slider: "slider"
        case .pageTabList: "page tab list"
        case .table: "table"
        case .landmark: "landmark"
        case .grouping: "grouping"
        }
    }
}

/// The states of AT-SPI2 (`AtspiStateType`) Parley reports, with their bit numbers.
public enum AccessibleState: Int, Sendable, CaseIterable {
    /// The window is the active one.
    case active = 1
    /// A toggle is on.
    case checked = 4
    /// The text can be edited.
    case editable = 7
    /// The element responds to the user.
    case enabled = 8
    /// The element can take keyboard focus.
    case focusable = 11
    /// The element has keyboard focus.
    case focused = 12
    /// Text of several lines.
    case multiLine = 17
    /// The element can be selected.
    case selectable = 22
    /// The element is selected.
    case selected = 23
    /// The element reacts to input.
    case sensitive = 24
    /// The element is on screen.
    case showing = 25
    /// Text of one line.
    case singleLine = 26
    /// The element is not hidden.
    case visible = 30

    /// The two 32-bit words of a state set, as `GetState` returns them.
    public static func words(_ states: Set<AccessibleState>) -> (UInt32, UInt32) {
        var low: UInt32 = 0, high: UInt32 = 0
        for state in states {
            if state.rawValue < 32 { low |= 1 << UInt32(state.rawValue) } else { high |= 1 << UInt32(state.rawValue - 32) }
        }
        return (low, high)
    }
}

/// How Parley's accessibility properties read as an accessibility tree (what the AT-SPI bridge
/// exports): which objects are nodes, their children, roles, names, states, text and actions.
///
/// Nodes are windows, accessibility elements (`isAccessibilityElement`: leaves, their subviews
/// are not read) and containers with a `accessibilityContainerType`; other views are looked
/// through: their exposed descendants become their nearest exposed ancestor's children. Hidden,
/// transparent and zero-sized views and the insides of `accessibilityElementsHidden` are skipped.
@preconcurrency @MainActor
public enum AccessibilityTree {
    /// Whether `object` is a node of the tree.
    public static func isNode(_ object: UIResponder) -> Bool {
        object is UIWindow || object.isAccessibilityElement || object.accessibilityContainerType != .none
    }

    /// The nodes directly under `object`, in reading order.
    public static func children(of object: UIResponder) -> [UIResponder] {
        if object.accessibilityElementsHidden || (object.isAccessibilityElement && !(object is UIWindow)) { return [] }
        var found: [UIResponder] = []
        collect(under: object, into: &found)
        return found
    }

    private static func collect(under object: UIResponder, into found: inout [UIResponder]) {
        let candidates: [UIResponder]
        if let elements = object.accessibilityElements {
            candidates = elements.compactMap { $0 as? UIResponder }
        } else if let view = object as? UIView {
            candidates = view.subviews
        } else {
            candidates = []
        }
        for candidate in candidates where isVisible(candidate) {
            if isNode(candidate) {
                found.append(candidate)
            } else if !candidate.accessibilityElementsHidden {
                collect(under: candidate, into: &found)
            }
        }
    }

    /// Whether an object is shown: views that are not hidden, not transparent and not empty.
    static func isVisible(_ object: UIResponder) -> Bool {
        guard let view = object as? UIView else { return true }
        return !view.isHidden && view.alpha > 0.01 && view.bounds.width > 0 && view.bounds.height > 0
    }

    /// The node `object` belongs under: its nearest ancestor that is a node (nil for a window).
    public static func parent(of object: UIResponder) -> UIResponder? {
        if object is UIWindow { return nil }
        var current = (object as? UIAccessibilityElement)?.accessibilityContainer ?? (object as? UIView)?.superview
        while let candidate = current {
            if isNode(candidate) { return candidate }
            current = (candidate as? UIAccessibilityElement)?.accessibilityContainer ?? (candidate as? UIView)?.superview
        }
        return nil
    }

    /// The role: windows are frames, text inputs entries, then the traits decide (button, link,
    /// header, image, static text), then the container type; an element of a list is a list item.
    public static func role(of object: UIResponder) -> AccessibleRole {
        if object is UIWindow { return .frame }
        if let field = object as? UITextField { return field.isSecureTextEntry ? .passwordText : .entry }
        if let textView = object as? UITextView, textView.isEditable { return .text }
        let traits = object.accessibilityTraits
        if traits.contains(.searchField) { return .entry }
        if traits.contains(.toggleButton) { return .toggleButton }
        if traits.contains(.button) || traits.contains(.keyboardKey) { return .pushButton }
        if traits.contains(.link) { return .link }
        if traits.contains(.header) { return .heading }
        if traits.contains(.adjustable) { return .slider }
        if traits.contains(.tabBar) { return .pageTabList }
        switch object.accessibilityContainerType {
        case .list: return .list
        case .dataTable: return .table
        case .landmark: return .landmark
        case .semanticGroup: return .grouping
        case .none: break
        }
        if let parent = parent(of: object), parent.accessibilityContainerType == .list { return .listItem }
        if traits.contains(.image) { return .image }
        if traits.contains(.staticText) { return .label }
        return object.isAccessibilityElement ? .label : .panel
    }

    /// The name: the label (a window's title when it has none).
    public static func name(of object: UIResponder) -> String {
        if let label = object.accessibilityLabel, !label.isEmpty { return label }
        if let window = object as? UIWindow { return window.windowScene?.title ?? "" }
        return ""
    }

    /// The description: the value (for elements that are not text inputs) and the hint.
    public static func description(of object: UIResponder) -> String {
        let value = text(of: object) == nil ? object.accessibilityValue : nil
        return [value, object.accessibilityHint].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: ", ")
    }

    /// The text of a text input (its value), else nil.
    public static func text(of object: UIResponder) -> String? {
        guard object is UIKeyInput else { return nil }
        return object.accessibilityValue ?? ""
    }

    /// Where the caret of a text input is, in characters (nil for other elements).
    public static func caretOffset(of object: UIResponder) -> Int? {
        let editor: TextEditor? = if let textView = object as? UITextView { textView.editorParts?.editor } else { (object as? UITextField)?.editor }
        guard object is UIKeyInput else { return nil }
        guard let editor else { return AccessibilityTree.text(of: object)?.count }
        let text = editor.text
        let index = text.utf16.index(text.utf16.startIndex, offsetBy: min(max(0, editor.head), text.utf16.count))
        return text[..<index].count
    }

    /// The states: visible and showing; enabled and sensitive unless `.notEnabled`; focusable and
    /// focused from the focus system and the first responder; selected; a toggle checked;
    /// editable text; the key window active.
    public static func states(of object: UIResponder) -> Set<AccessibleState> {
        var states: Set<AccessibleState> = [.visible, .showing]
        let traits = object.accessibilityTraits
        if !traits.contains(.notEnabled) { states.formUnion([.enabled, .sensitive]) }
        if traits.contains(.selected) { states.insert(.selected) }
        // A toggle is checked while selected (UIKit's toggle buttons) or while its value is "1".
        if traits.contains(.toggleButton), traits.contains(.selected) || object.accessibilityValue == "1" { states.insert(.checked) }
        if let view = object as? UIView {
            if view.canBecomeFocused || view.canBecomeFirstResponder { states.insert(.focusable) }
            if view.isFirstResponder || (view.canBecomeFocused && view.isFocused) { states.insert(.focused) }
            if let window = view as? UIWindow, window.isKeyWindow { states.insert(.active) }
        }
        if let textView = object as? UITextView, textView.isEditable { states.formUnion([.editable, .multiLine]) }
        if object is UITextField { states.formUnion([.editable, .singleLine]) }
        return states
    }

    /// The actions: "activate" for buttons, controls and elements that activate, then the
    /// custom actions by name.
    public static func actionNames(of object: UIResponder) -> [String] {
        var names: [String] = []
        if activates(object) { names.append("activate") }
        names += (object.accessibilityCustomActions ?? []).map(\.name)
        return names
    }

    private static func activates(_ object: UIResponder) -> Bool {
        if object is UIWindow || object is UIKeyInput { return false }
        return object is UIControl || object.accessibilityTraits.contains(.button) || object.accessibilityTraits.contains(.link)
    }

    /// Performs action `index` of ``actionNames(of:)``; returns whether it ran.
    @discardableResult
    public static func performAction(_ index: Int, on object: UIResponder) -> Bool {
        var actions = object.accessibilityCustomActions ?? []
        if activates(object) {
            if index == 0 { return object.accessibilityActivate() }
            actions.insert(UIAccessibilityCustomAction(name: "activate") { _ in false }, at: 0)
        }
        guard actions.indices.contains(index), let handler = actions[index].actionHandler else { return false }
        return handler(actions[index])
    }

    /// Replaces the text of a text input as typing would (its delegate hears it); false for
    /// other elements and read-only text.
    @discardableResult
    public static func setText(_ text: String, of object: UIResponder) -> Bool {
        if let textView = object as? UITextView, textView.isEditable {
            textView.replace(NSRange(location: 0, length: (textView.text ?? "").utf16.count), withText: text)
            return true
        }
        if let field = object as? UITextField, field.isEnabled {
            _ = field.editor.replace(NSRange(location: 0, length: (field.text ?? "").utf16.count), with: text, kind: .other)
            return true
        }
        return false
    }

    /// The deepest node at `point` (window coordinates) under `object`, else `object`.
    public static func node(at point: CGPoint, under object: UIResponder) -> UIResponder {
        for child in children(of: object).reversed() where child.accessibilityFrame.contains(point) {
            return node(at: point, under: child)
        }
        return object
    }
}
