import Foundation
import ParleyComponent
import ParleyUIKit

/// Something that shows views and lays them out again when their state changes (a
/// ``UIHostingController``'s view).
@preconcurrency @MainActor
public protocol ViewHost: AnyObject {
    /// A body this host shows was invalidated: lay out again at the next frame.
    func viewGraphDidInvalidate()
}

/// The persistent side of views: which bodies are evaluated and cached, where `@State` lives,
/// and who read what.
///
/// Every view with a body that is written inside a builder (``ViewBuilder``, or a container's
/// content) gets a node when its parent's body is evaluated. The node evaluates the body once and
/// caches it; reading a ``State``, a ``Binding`` to one or an observed object while evaluating
/// makes the node a reader; a write invalidates exactly the readers, whose bodies are evaluated
/// again at the next layout, while every other body stays cached. `@State` storage belongs to the
/// node whose body created the view, by position (the n-th state created while evaluating that
/// body), so it survives the parent's re-evaluation.
@preconcurrency @MainActor
public enum ViewGraph {
    /// How many bodies have been evaluated since launch (or the last reset): a diagnostic for
    /// tests and benchmarks that count re-renders.
    public static var bodyEvaluations = 0

    /// The nodes whose bodies are being evaluated, innermost last.
    static var evaluating: [ViewNode] = []
    /// The host laying out now, if any.
    static weak var currentHost: (any ViewHost)?
    /// The environment of the layout running now.
    static var environment = EnvironmentValues()

    /// Installs the graph's hook into ParleyComponent's builders (views written in `HStack { … }`
    /// are tracked like those in a body).
    static func install() {
        guard ComponentBuildHook.transform == nil else { return }
        ComponentBuildHook.transform = { track($0) }
        MainQueue.mark()
    }

    /// `component` as it joins a container: a view with a body gets a node (its identity).
    static func track(_ component: any Component) -> any Component {
        install()
        guard let view = component as? any View, isComposite(view) else { return component }
        return TrackedView(node: ViewNode(view: view, host: evaluating.last?.host ?? currentHost))
    }

    /// Lays out a view with a body that was not tracked (a modifier's receiver, a factory's
    /// result): its body is evaluated for this layout.
    static func layoutUntracked<V: View>(_ view: V, _ constraint: Constraint) -> WrapperRenderNode {
        install()
        let node = ViewNode(view: view, host: evaluating.last?.host ?? currentHost)
        return AnyComponent(node.content()).layout(constraint)
    }

    /// Runs `body` with `host` as the current host.
    static func withHost<T>(_ host: any ViewHost, _ body: () -> T) -> T {
        let previous = currentHost
        currentHost = host
        defer { currentHost = previous }
        return body()
    }

    /// Runs `body` with `transform` applied to the environment.
    static func withEnvironment<T>(_ transform: (inout EnvironmentValues) -> Void, _ body: () -> T) -> T {
        let previous = environment
        transform(&environment)
        defer { environment = previous }
        return body()
    }

    /// Persistent storage for the n-th state created by the body being evaluated (a new one
    /// outside any body).
    static func claim<T: AnyObject>(_ make: () -> T) -> T {
        guard let node = evaluating.last else { return make() }
        return node.claim(make)
    }

    /// The node evaluating now, which becomes a reader of what it reads.
    static var reader: ViewNode? { evaluating.last }
}

/// A weak reference to a node (readers of a state).
struct WeakNode {
    weak var node: ViewNode?
}

/// The node of one view with a body: its cached body, its children's state, its host.
@MainActor
final class ViewNode {
    let view: any View
    weak var host: (any ViewHost)?
    private var cachedBody: (any Component)?
    private var environment: EnvironmentValues?
    private var slots: [AnyObject] = []
    private var cursor = 0

    init(view: any View, host: (any ViewHost)?) {
        self.view = view
        self.host = host
    }

    /// The body, evaluated now if it is not cached.
    func content() -> any Component {
        if let cachedBody { return cachedBody }
        let environment = self.environment ?? ViewGraph.environment
        self.environment = environment
        cursor = 0
        ViewGraph.evaluating.append(self)
        defer { ViewGraph.evaluating.removeLast() }
        ViewGraph.bodyEvaluations += 1
        let body = ViewGraph.withEnvironment({ $0 = environment }) { evaluateBody(view) }
        cachedBody = body
        return body
    }

    /// Drops the cached body and asks the host to lay out again.
    func invalidate() {
        cachedBody = nil
        (host ?? ViewGraph.currentHost)?.viewGraphDidInvalidate()
    }

    /// The storage at the next position, reused when the previous evaluation made one of the
    /// same type there.
    func claim<T: AnyObject>(_ make: () -> T) -> T {
        defer { cursor += 1 }
        if cursor < slots.count, let existing = slots[cursor] as? T { return existing }
        let made = make()
        if cursor < slots.count { slots[cursor] = made } else { slots.append(made) }
        return made
    }
}

/// A tracked view inside a container: lays out its node's cached body.
struct TrackedView: PrimitiveView, FlexibilityForwarding {
    let node: ViewNode

    /// The body (a `Spacer` body makes the view a spacer in its stack).
    var flexibilityTarget: (any Component)? { node.content() }

    func layout(_ constraint: Constraint) -> WrapperRenderNode { AnyComponent(node.content()).layout(constraint) }
}

/// Readers of a value, invalidated when it changes.
@MainActor
final class ReaderSet {
    private var readers: [WeakNode] = []

    /// Makes the node evaluating now (if any) a reader.
    func registerCurrentReader() {
        guard let node = ViewGraph.reader else { return }
        if readers.contains(where: { $0.node === node }) { return }
        readers.removeAll { $0.node == nil }
        readers.append(WeakNode(node: node))
    }

    /// Invalidates every reader (they register again when they re-evaluate).
    func invalidateReaders() {
        let current = readers
        readers.removeAll()
        for reader in current { reader.node?.invalidate() }
    }
}

/// The storage of one `@State`.
@MainActor
final class StateStorage<Value> {
    var value: Value
    let readers = ReaderSet()

    init(_ value: Value) { self.value = value }

    func read() -> Value {
        readers.registerCurrentReader()
        return value
    }

    func write(_ newValue: Value) {
        value = newValue
        readers.invalidateReaders()
    }
}

/// A property of a view that the view graph keeps up to date (``State``, ``Binding``,
/// ``ObservedObject``, ``StateObject``, ``Environment``).
public protocol DynamicProperty {}

/// A value a view owns: reading it in `body` makes the view depend on it; writing it evaluates
/// again the bodies that read it (and no others).
///
/// ```swift
/// struct Counter: View {
///     @State private var count = 0
///     var body: some View {
///         Button("Tapped \(count) times") { count += 1 }
///     }
/// }
/// ```
@propertyWrapper
@preconcurrency @MainActor
public struct State<Value>: DynamicProperty {
    let storage: StateStorage<Value>

    /// A state starting at `value`.
    public init(wrappedValue value: Value) { storage = ViewGraph.claim { StateStorage(value) } }

    /// A state starting at `value` (SwiftUI's older spelling).
    public init(initialValue value: Value) { self.init(wrappedValue: value) }

    /// The current value.
    public var wrappedValue: Value {
        get { storage.read() }
        nonmutating set { storage.write(newValue) }
    }

    /// A binding to the value (`$count`).
    public var projectedValue: Binding<Value> {
        let storage = self.storage
        return Binding(get: { storage.read() }, set: { storage.write($0) })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state starting at `nil`.
    public init() { self.init(wrappedValue: nil) }
}

/// A read-write reference to a value owned by someone else: a ``State`` (`$count`), a screen's
/// scrolled-to id or quoted message, a published property (`$model.name`).
///
/// ```swift
/// struct Toggle: View {
///     @Binding var isOn: Bool
///     var body: some View { Text(isOn ? "On" : "Off").onTapGesture { isOn.toggle() } }
/// }
/// scrolledId.wrappedValue = quotedMessage.id     // the list scrolls to the quoted message
/// let fixed = Binding<String?>.constant(nil)     // for previews and tests
/// ```
@propertyWrapper
@dynamicMemberLookup
@preconcurrency @MainActor
public struct Binding<Value>: DynamicProperty {
    private let getter: @MainActor () -> Value
    private let setter: @MainActor (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        getter = get
        setter = set
    }

    /// The binding `$value` passes (for `@Binding var value` initialisers).
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to an unchanging value: writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The current value; setting it writes through to the owner.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself (SwiftUI's `$value`).
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = self.getter, setter = self.setter
        return Binding<Subject>(get: { getter()[keyPath: keyPath] },
                                set: { var value = getter(); value[keyPath: keyPath] = $0; setter(value) })
    }
}
