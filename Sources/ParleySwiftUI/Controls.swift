import Foundation
import ParleyComponent
import ParleyUIKit

// MARK: - TextField

/// A one-line text input bound to a string (SwiftUI's `TextField`), drawn and edited by the
/// toolkit's `UITextField`: typing writes the binding, and a change of the bound value from
/// elsewhere shows in the field.
///
/// ```swift
/// @State private var draft = ""
/// var body: some View {
///     TextField("Send a message", text: $draft)
///         .padding(8)
/// }
/// ```
public struct TextField: View {
    let title: String
    let text: Binding<String>
    let isSecure: Bool
    let onCommit: (@MainActor () -> Void)?

    /// A field showing `title` while empty, editing `text`.
    public init(_ title: String, text: Binding<String>) {
        self.init(title, text: text, isSecure: false, onCommit: nil)
    }

    /// A field that also calls `onCommit` when the user presses return.
    public init(_ title: String, text: Binding<String>, onCommit: @escaping @MainActor () -> Void) {
        self.init(title, text: text, isSecure: false, onCommit: onCommit)
    }

    /// A field for text laid along `axis` (Parley's fields are one line: the axis is accepted
    /// for source compatibility).
    public init(_ title: String, text: Binding<String>, axis: Axis) {
        self.init(title, text: text, isSecure: false, onCommit: nil)
    }

    init(_ title: String, text: Binding<String>, isSecure: Bool, onCommit: (@MainActor () -> Void)?) {
        self.title = title
        self.text = text
        self.isSecure = isSecure
        self.onCommit = onCommit
    }

    /// The field, showing the bound value (reading it makes this view, alone, follow it).
    public var body: some View {
        TextFieldBox(title: title, value: text.wrappedValue, text: text, isSecure: isSecure, onCommit: onCommit)
    }
}

/// A text input whose characters are hidden (SwiftUI's `SecureField`).
public struct SecureField: View {
    let field: TextField

    /// A secure field showing `title` while empty, editing `text`.
    public init(_ title: String, text: Binding<String>) {
        field = TextField(title, text: text, isSecure: true, onCommit: nil)
    }

    /// The field.
    public var body: some View { field }
}

/// The laid-out field: fills the offered width, one line of the inherited font high.
struct TextFieldBox: PrimitiveView {
    let title: String
    let value: String
    let text: Binding<String>
    let isSecure: Bool
    let onCommit: (@MainActor () -> Void)?

    /// A field measured once per font.
    private static let measuring = UITextField()

    func layout(_ constraint: Constraint) -> TextFieldRenderNode {
        let font = InheritedTextStyle.font ?? .preferredFont(forTextStyle: .body)
        TextFieldBox.measuring.font = font
        let natural = TextFieldBox.measuring.intrinsicContentSize
        let width = constraint.maxSize.width.isFinite ? constraint.maxSize.width : max(natural.width, 100)
        let size = CGSize(width: width, height: max(natural.height, font.lineHeight)).bound(to: constraint)
        return TextFieldRenderNode(size: size, field: self, font: font, color: InheritedTextStyle.color)
    }
}

/// The render node of a ``TextField``: a toolkit text field bound to the string.
public struct TextFieldRenderNode: RenderNode {
    /// The field's size.
    public let size: CGSize
    let field: TextFieldBox
    let font: UIFont
    let color: UIColor?

    /// A field has a view.
    public var shouldRenderView: Bool { true }

    /// A bound text field.
    public func makeView() -> UIView { BoundTextField() }

    /// Gives the field its binding, placeholder and style; shows the bound value unless the
    /// field already shows it (so typing never moves the caret).
    public func updateView(_ view: UIView) {
        guard let bound = view as? BoundTextField else { return }
        bound.binding = field.text
        bound.onCommit = field.onCommit
        if bound.placeholder != field.title { bound.placeholder = field.title }
        if bound.font != font { bound.font = font }
        if let color, bound.textColor != color { bound.textColor = color }
        if bound.isSecureTextEntry != field.isSecure { bound.isSecureTextEntry = field.isSecure }
        if bound.text != field.value { bound.text = field.value }
    }
}

/// A toolkit text field that writes what is typed to a binding.
final class BoundTextField: UITextField {
    var binding: Binding<String>?
    var onCommit: (@MainActor () -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        _ = addHandler(for: .editingChanged) { [weak self] in
            guard let self, let binding = self.binding else { return }
            let typed = self.text ?? ""
            if binding.wrappedValue != typed { binding.wrappedValue = typed }
        }
        _ = addHandler(for: .editingDidEndOnExit) { [weak self] in self?.onCommit?() }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }
}

// MARK: - Toggle

/// A switch bound to a Boolean (SwiftUI's `Toggle`): the label, then a switch; a tap anywhere
/// on the row flips the binding.
///
/// ```swift
/// Toggle("Mute channel", isOn: $isMuted)
/// ```
public struct Toggle: View {
    let label: any Component
    let isOn: Binding<Bool>

    /// A toggle labelled by the views `label` builds.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> ViewList) {
        self.label = label()
        self.isOn = isOn
    }

    /// A toggle labelled `title`.
    public init(_ title: String, isOn: Binding<Bool>) {
        label = Text(title)
        self.isOn = isOn
    }

    /// The label and a switch showing the bound value.
    public var body: some View {
        let on = isOn.wrappedValue
        let binding = isOn
        return HStack(alignment: .center, spacing: 8) {
            label
            Spacer()
            ZStack(alignment: on ? .trailing : .leading) {
                Capsule().fill(on ? Color.green : Color.gray.opacity(0.3)).frame(width: 51, height: 31)
                Circle().fill(Color.white).frame(width: 27, height: 27).padding(2)
            }
            .accessibilityLabel(on ? "On" : "Off")
        }
        .onTapGesture { binding.wrappedValue.toggle() }
    }
}

// MARK: - GeometryReader

/// The size a ``GeometryReader`` was given.
public struct GeometryProxy: Sendable, Hashable {
    /// The reader's size.
    public let size: CGSize
}

/// A view that takes all the room it is offered and builds its content knowing that size
/// (SwiftUI's `GeometryReader`); the content is placed at its top-leading corner.
///
/// ```swift
/// GeometryReader { proxy in
///     Color.blue.frame(width: proxy.size.width / 2)
/// }
/// ```
public struct GeometryReader: PrimitiveView {
    let content: @MainActor (GeometryProxy) -> any Component

    /// A reader whose content `content` builds from its size.
    public init(@ViewBuilder content: @escaping @MainActor (GeometryProxy) -> ViewList) {
        self.content = { content($0) }
    }

    /// The room offered (its minimum along an unbounded axis), the content inside it.
    public func layout(_ constraint: Constraint) -> GeometryRenderNode {
        let size = constraint.fillingSize
        let child = AnyComponent(content(GeometryProxy(size: size))).layout(Constraint(maxSize: size))
        return GeometryRenderNode(size: size, children: [child], positions: [.zero])
    }
}

/// The render node of a ``GeometryReader``: its size, the content at the origin.
public struct GeometryRenderNode: RenderNode {
    /// The reader's size.
    public let size: CGSize
    /// The content.
    public let children: [any RenderNode]
    /// The content's position (the origin).
    public let positions: [CGPoint]

    /// A container has no view of its own.
    public var shouldRenderView: Bool { false }
    /// A container has no view of its own.
    public func makeView() -> UIView { UIView() }
    /// A container has no view of its own.
    public func updateView(_ view: UIView) {}
}

// MARK: - onChange

/// The value an ``OnChangeView`` saw last, kept by the view's identity.
@MainActor
final class ChangeTracker<Value: Equatable>: PersistentSlot {
    private var last: Value?
    private var adopted: ChangeTracker<Value>?

    func adopt(_ existing: AnyObject) -> Bool {
        guard let existing = existing as? ChangeTracker<Value> else { return false }
        if existing !== self { adopted = existing.adopted ?? existing }
        return true
    }

    /// Records `value`; returns the previous one when it differs (`nil` the first time).
    func record(_ value: Value) -> (old: Value, changed: Bool)? {
        if let adopted { return adopted.record(value) }
        defer { last = value }
        guard let last else { return nil }
        return (last, last != value)
    }
}

/// A view that runs an action when a value it is given changes (SwiftUI's `onChange(of:)`).
public struct OnChangeView<Content: Component, Value: Equatable>: PrimitiveView, FlexibilityForwarding {
    let content: Content
    let value: Value
    let initial: Bool
    let action: @MainActor (Value, Value) -> Void
    let tracker = ChangeTracker<Value>()

    init(content: Content, value: Value, initial: Bool, action: @escaping @MainActor (Value, Value) -> Void) {
        self.content = content
        self.value = value
        self.initial = initial
        self.action = action
        ViewGraph.register(tracker)
    }

    /// The content (a spacer stays a spacer).
    public var flexibilityTarget: (any Component)? { content }

    /// The content's layout; the action runs when the value differs from the one laid out last.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        let node = AnyComponent(content).layout(constraint)
        switch tracker.record(value) {
        case .some(let seen) where seen.changed: action(seen.old, value)
        case .none where initial: action(value, value)
        default: break
        }
        return node
    }
}

extension View {
    /// Runs `action` with the new value when `value` changes.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (V) -> Void) -> OnChangeView<Self, V> {
        OnChangeView(content: self, value: value, initial: false) { _, new in action(new) }
    }

    /// Runs `action` with the old and new values when `value` changes (and once at first when
    /// `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void) -> OnChangeView<Self, V> {
        OnChangeView(content: self, value: value, initial: initial, action: action)
    }

    /// Runs `action` when `value` changes (and once at first when `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping @MainActor () -> Void) -> OnChangeView<Self, V> {
        OnChangeView(content: self, value: value, initial: initial) { _, _ in action() }
    }
}

// MARK: - Animation

/// How a change animates (SwiftUI's `Animation`). Parley applies changes made in
/// ``withAnimation(_:_:)`` at once: the values exist so animated code compiles and runs.
public struct Animation: Sendable, Hashable {
    /// The duration, in seconds.
    public let duration: Double

    /// An animation of `duration` seconds.
    public init(duration: Double) { self.duration = duration }

    /// The platform's default.
    public static let `default` = Animation(duration: 0.35)
    /// Ease in and out.
    public static let easeInOut = Animation(duration: 0.35)
    /// Ease in.
    public static let easeIn = Animation(duration: 0.35)
    /// Ease out.
    public static let easeOut = Animation(duration: 0.35)
    /// Linear.
    public static let linear = Animation(duration: 0.35)
    /// A spring.
    public static let spring = Animation(duration: 0.5)

    /// Ease in and out over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { Animation(duration: duration) }
    /// Ease in over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation { Animation(duration: duration) }
    /// Ease out over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation { Animation(duration: duration) }
    /// Linear over `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation(duration: duration) }
    /// A spring.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(duration: response)
    }
}

/// Runs `body`, whose state changes SwiftUI would animate (Parley applies them at once).
@preconcurrency @MainActor
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

extension View {
    /// Animates changes of `value` (Parley applies them at once): the view itself.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }
}
