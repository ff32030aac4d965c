import Foundation
import ParleyComponent
import ParleyUIKit

/// The structural identity of a state: where its view is written, which `ForEach` elements
/// and explicit id it is under, the how-many-th time that place was reached in the body, and
/// the how-many-th state of the view it is.
struct SlotKey: Hashable {
    /// Where a view is written and what identifies it there.
    struct Place: Hashable {
        let site: BuildSite?
        let scope: [String]
        let explicitID: String?
    }

    let place: Place
    let occurrence: Int
    let index: Int
}

/// Storage the view graph keeps across evaluations (a ``State``'s, a ``StateObject``'s).
@MainActor
protocol PersistentSlot: AnyObject {
    /// Uses `existing` (the storage kept for the same identity) from now on; `false` when it is
    /// of another type (the view at that place changed), and this one is kept instead.
    func adopt(_ existing: AnyObject) -> Bool
}

/// A component with an explicit identity (`.id(_:)`).
@MainActor
protocol ExplicitlyIdentified {
    /// The id.
    var explicitID: String? { get }
}

extension ModifiedComponent: ExplicitlyIdentified {}

/// A modifier that holds views (`padding`, `background`, `overlay`, `frame`, …): the view graph
/// looks through it for views with a body.
@MainActor
protocol WrapsViews {
    /// The views the modifier holds.
    var wrappedViews: [any Component] { get }
}

extension Insets: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension Background: WrapsViews { var wrappedViews: [any Component] { [content, background] } }
extension Overlay: WrapsViews { var wrappedViews: [any Component] { [content, overlay] } }
extension Tappable: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension ModifiedComponent: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension Offset: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension FrameView: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension StyledView: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension TextStyleView: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension AppearanceView: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension LongPressable: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension ScreenPreferenceView: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension EnvironmentWriter: WrapsViews { var wrappedViews: [any Component] { [content] } }
extension OnChangeView: WrapsViews { var wrappedViews: [any Component] { [content] } }

/// The nodes of the views with a body inside a modified view (`Counter()` in
/// `Counter().padding()`), kept with the modified view's identity like its state: by type, and
/// the how-many-th of that type the modifiers lay out. A new evaluation of the parent hands the
/// kept nodes the views' new values; a layout of the same value keeps their cached bodies.
@MainActor
final class UntrackedNodes: PersistentSlot {
    private final class Store {
        var nodes: [ObjectIdentifier: [ViewNode]] = [:]
    }

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let index: Int
    }

    private var store = Store()
    /// The nodes this value's views were handed to.
    private var handed: Set<Key> = []
    /// How many views of each type the layout running now reached.
    private var cursors: [ObjectIdentifier: Int] = [:]

    func adopt(_ existing: AnyObject) -> Bool {
        guard let existing = existing as? UntrackedNodes else { return false }
        if existing !== self { store = existing.store }
        return true
    }

    /// A layout of the modified view starts.
    func beginLayout() { cursors.removeAll(keepingCapacity: true) }

    /// The node of the next view of `view`'s type.
    func node<V: View>(for view: V, host: (any ViewHost)?) -> ViewNode {
        let type = ObjectIdentifier(V.self)
        let index = cursors[type, default: 0]
        cursors[type] = index + 1
        let key = Key(type: type, index: index)
        if let kept = store.nodes[type], index < kept.count {
            let node = kept[index]
            if handed.insert(key).inserted { node.replaceView(view) }
            return node
        }
        let node = ViewNode(view: view, host: host)
        store.nodes[type, default: []].append(node)
        handed.insert(key)
        return node
    }
}

/// A modified view holding views with a body: lays the modifiers out with their nodes kept.
struct UntrackedScope: PrimitiveView, FlexibilityForwarding, ExplicitlyIdentified {
    let content: any Component
    let nodes: UntrackedNodes

    /// The modified view (a styled spacer stays a spacer).
    var flexibilityTarget: (any Component)? { content }
    /// The modified view's explicit id.
    var explicitID: String? { (content as? any ExplicitlyIdentified)?.explicitID }

    /// The modified view's layout, its views' nodes kept.
    func layout(_ constraint: Constraint) -> WrapperRenderNode {
        nodes.beginLayout()
        ViewGraph.untrackedScopes.append(nodes)
        defer { ViewGraph.untrackedScopes.removeLast() }
        return AnyComponent(content).layout(constraint)
    }
}

/// A tracked view inside a container: lays out its node's cached body.
struct TrackedView: PrimitiveView, FlexibilityForwarding {
    let node: ViewNode

    /// The body (a `Spacer` body makes the view a spacer in its stack).
    var flexibilityTarget: (any Component)? { node.content() }

    /// The body's layout, in a subtree the host can lay out again alone.
    func layout(_ constraint: Constraint) -> ReplaceableRenderNode { node.layout(constraint) }
}

/// What a layout reads besides its constraint (set by the ancestors laid out around it): kept
/// with a view's subtree, so the subtree can be laid out again alone as it was.
@MainActor
struct AmbientLayoutValues {
    let environment: EnvironmentValues
    let font: UIFont?
    let color: UIColor?
    let scrollReader: ScrollViewProxy?

    /// The values of the layout running now.
    static var current: AmbientLayoutValues {
        AmbientLayoutValues(environment: ViewGraph.environment, font: InheritedTextStyle.font,
                            color: InheritedTextStyle.color, scrollReader: ScrollViewReader.current)
    }

    /// Runs `body` with these values.
    func run<T>(_ body: () -> T) -> T {
        let previous = AmbientLayoutValues.current
        ViewGraph.environment = environment
        InheritedTextStyle.font = font
        InheritedTextStyle.color = color
        ScrollViewReader.current = scrollReader
        defer {
            ViewGraph.environment = previous.environment
            InheritedTextStyle.font = previous.font
            InheritedTextStyle.color = previous.color
            ScrollViewReader.current = previous.scrollReader
        }
        return body()
    }
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

/// The storage of one `@State`: its own, or the one kept for its view's identity, which it
/// adopts when the builder takes the view.
@MainActor
final class StateStorage<Value>: PersistentSlot {
    private var value: Value
    private let readers = ReaderSet()
    /// The storage kept for the view's identity, once adopted.
    private var adopted: StateStorage<Value>?

    init(_ value: Value) { self.value = value }

    /// The storage reads and writes go to.
    private var resolved: StateStorage<Value> { adopted ?? self }

    func adopt(_ existing: AnyObject) -> Bool {
        guard let existing = existing as? StateStorage<Value> else { return false }
        if existing !== self { adopted = existing.resolved }
        return true
    }

    func read() -> Value {
        let storage = resolved
        storage.readers.registerCurrentReader()
        return storage.value
    }

    func write(_ newValue: Value) {
        let storage = resolved
        storage.value = newValue
        storage.readers.invalidateReaders()
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
    public init(wrappedValue value: Value) {
        storage = StateStorage(value)
        ViewGraph.register(storage)
    }

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
