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
/// node whose body created the view, kept by the view's structural identity: where the view is
/// written in that body (file, line, column of the builder expression), the ids of the `ForEach`
/// elements around it, its explicit `.id(_:)`, and the how-many-th time that place is reached
/// (a loop). So it survives the parent's re-evaluation, and a sibling inserted before it (an
/// `if` turning true, a `ForEach` element added) does not move it. State of a view that is no
/// longer built is dropped, as SwiftUI drops it.
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
    /// How many times a layout has asked the screen for something (a title, toolbar items, a
    /// sheet): a subtree whose layout asks cannot be laid out again alone.
    static var screenRequests = 0

    /// The ids of the `ForEach` elements whose views are being built, outermost first.
    static var identityScope: [String] = []

    /// Installs the graph's hook into ParleyComponent's builders (views written in `HStack { … }`
    /// are tracked like those in a body, and their state kept by where they are written).
    static func install() {
        guard ComponentBuildHook.siteTransform == nil else { return }
        ComponentBuildHook.siteTransform = { track($0, at: $1) }
        MainQueue.mark()
    }

    /// `component` as it joins a container: the state its expression created is kept by its
    /// structural identity, and a view with a body gets a node (its cached body).
    static func track(_ component: any Component, at site: BuildSite? = nil) -> any Component {
        install()
        let composite = (component as? any View).map { isComposite($0) } ?? false
        // Modifiers around a view with a body (`Counter().padding()`): the nodes of the views
        // inside are kept with the modified view's identity, so their bodies' state survives.
        var untracked: UntrackedNodes?
        if !composite, wrapsComposite(component) {
            let nodes = UntrackedNodes()
            evaluating.last?.addPendingSlot(nodes)
            untracked = nodes
        }
        if let node = evaluating.last, node.hasPendingSlots {
            node.bindPendingSlots(site: site, scope: identityScope, explicitID: (component as? any ExplicitlyIdentified)?.explicitID)
        }
        if let untracked { return UntrackedScope(content: component, nodes: untracked) }
        guard composite, let view = component as? any View else { return component }
        return TrackedView(node: ViewNode(view: view, host: evaluating.last?.host ?? currentHost))
    }

    /// Whether `component` is a chain of modifiers with a view with a body inside.
    static func wrapsComposite(_ component: any Component, depth: Int = 0) -> Bool {
        guard depth < 24, let wrapper = component as? any WrapsViews else { return false }
        for inner in wrapper.wrappedViews {
            if let view = inner as? any View, isComposite(view) { return true }
            if wrapsComposite(inner, depth: depth + 1) { return true }
        }
        return false
    }

    /// The node caches of the modified views being laid out, innermost last (`nil` inside a
    /// tracked view's body, which keeps its own).
    static var untrackedScopes: [UntrackedNodes?] = []

    /// Runs `body` building the views of the `ForEach` element identified by `id`.
    static func withIdentity<T>(_ id: String, _ body: () -> T) -> T {
        identityScope.append(id)
        defer { identityScope.removeLast() }
        return body()
    }

    /// Lays out a view with a body that was not tracked (a modifier's receiver, a factory's
    /// result): its body is evaluated for this layout.
    static func layoutUntracked<V: View>(_ view: V, _ constraint: Constraint) -> ReplaceableRenderNode {
        install()
        let host = evaluating.last?.host ?? currentHost
        if let nodes = untrackedScopes.last ?? nil { return nodes.node(for: view, host: host).layout(constraint) }
        return ViewNode(view: view, host: host).layout(constraint)
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

    /// A state made while a body is evaluated: kept by the structural identity of the view it
    /// belongs to once the builder takes that view (outside any body, it stays the view's own).
    static func register(_ slot: any PersistentSlot) {
        evaluating.last?.addPendingSlot(slot)
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
    private(set) var view: any View
    weak var host: (any ViewHost)?
    private var cachedBody: (any Component)?
    private var environment: EnvironmentValues?
    /// The state of the views this body built, by structural identity.
    private var slots: [SlotKey: AnyObject] = [:]
    /// The slots claimed by the evaluation running now (they replace `slots` when it ends).
    private var claimedSlots: [SlotKey: AnyObject] = [:]
    /// States made since the builder last took a view.
    private var pendingSlots: [any PersistentSlot] = []
    /// How many times each place was reached in the evaluation running now.
    private var occurrences: [SlotKey.Place: Int] = [:]

    init(view: any View, host: (any ViewHost)?) {
        self.view = view
        self.host = host
    }

    /// The body, evaluated now if it is not cached.
    func content() -> any Component {
        if let cachedBody { return cachedBody }
        let environment = self.environment ?? ViewGraph.environment
        self.environment = environment
        claimedSlots.removeAll(keepingCapacity: true)
        occurrences.removeAll(keepingCapacity: true)
        pendingSlots.removeAll()
        let scope = ViewGraph.identityScope
        ViewGraph.identityScope = []
        ViewGraph.evaluating.append(self)
        defer {
            ViewGraph.evaluating.removeLast()
            ViewGraph.identityScope = scope
        }
        ViewGraph.bodyEvaluations += 1
        var body = ViewGraph.withEnvironment({ $0 = environment }) { evaluateBody(view) }
        // A body that is one view with a body of its own (`return Screen(…)`): tracked here,
        // so its node, its cached body and its children's state live as long as this body.
        if let composite = body as? any View, isComposite(composite) {
            body = TrackedView(node: ViewNode(view: composite, host: host ?? ViewGraph.currentHost))
        }
        // States of views the builder never took (built outside one): kept by their order.
        if hasPendingSlots { bindPendingSlots(site: nil, scope: [], explicitID: nil) }
        // What this evaluation did not build again is gone, with its state.
        swap(&slots, &claimedSlots)
        claimedSlots.removeAll(keepingCapacity: true)
        cachedBody = body
        return body
    }

    /// Takes the view's new value (its parent's body was evaluated again): the body is
    /// evaluated again at the next layout, the state of the views it builds kept.
    func replaceView(_ newView: any View) {
        view = newView
        cachedBody = nil
        environment = nil
    }

    /// Drops the cached body and asks the host to lay out again: a hosting view lays out only
    /// this node's subtree when it can.
    func invalidate() {
        cachedBody = nil
        guard let host = host ?? ViewGraph.currentHost else { return }
        if let hosting = host as? HostingView {
            hosting.invalidate(self)
        } else {
            host.viewGraphDidInvalidate()
        }
    }

    /// The body laid out in `constraint`, in a node the host can lay out again on its own when
    /// only this view's state changes (with the ambient values of this layout).
    func layout(_ constraint: Constraint) -> ReplaceableRenderNode {
        let body = content()
        ViewGraph.untrackedScopes.append(nil)
        defer { ViewGraph.untrackedScopes.removeLast() }
        return ReplaceableRenderNode(key: self, constraint: constraint, context: AmbientLayoutValues.current,
                                     content: AnyComponent(body).layout(constraint))
    }

    /// The body laid out again in `subtree`'s constraint and ambient values (only this view's
    /// state changed); `nil` when the layout asked the screen for something (a title, a sheet),
    /// which only a layout of the whole screen collects.
    func relayout(_ subtree: ReplaceableRenderNode) -> (any RenderNode)? {
        guard let ambient = subtree.context as? AmbientLayoutValues else { return nil }
        let requests = ViewGraph.screenRequests
        let body = content()
        ViewGraph.untrackedScopes.append(nil)
        defer { ViewGraph.untrackedScopes.removeLast() }
        let laidOut = ambient.run { AnyComponent(body).layout(subtree.constraint) }
        return ViewGraph.screenRequests == requests ? laidOut : nil
    }

    /// Whether states wait for the builder to take their view.
    var hasPendingSlots: Bool { !pendingSlots.isEmpty }

    /// A state made while this body is evaluated.
    func addPendingSlot(_ slot: any PersistentSlot) { pendingSlots.append(slot) }

    /// Keeps the waiting states by the identity of the view the builder took: each adopts the
    /// storage the previous evaluation kept there (if of the same type), or is kept itself.
    func bindPendingSlots(site: BuildSite?, scope: [String], explicitID: String?) {
        let place = SlotKey.Place(site: site, scope: scope, explicitID: explicitID)
        let occurrence = occurrences[place, default: 0]
        occurrences[place] = occurrence + 1
        for (index, slot) in pendingSlots.enumerated() {
            let key = SlotKey(place: place, occurrence: occurrence, index: index)
            if let existing = slots[key], slot.adopt(existing) {
                claimedSlots[key] = existing
            } else {
                claimedSlots[key] = slot
            }
        }
        pendingSlots.removeAll(keepingCapacity: true)
    }
}
