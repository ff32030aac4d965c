import Foundation
import ParleyComponent
import ParleyUIKit

/// A piece of SwiftUI-style user interface: a value with a ``body`` made of other views.
///
/// ```swift
/// struct Greeting: View {
///     let name: String
///     var body: some View {
///         HStack {
///             Image(systemName: "person.circle")
///             Text("Hello, \(name)")
///             Spacer()
///         }
///         .padding(8)
///     }
/// }
/// ```
///
/// Views are lowered onto ParleyComponent: every view is a ``Component`` (so a view goes wherever
/// a component goes, and a view's layout is the equivalent component tree's layout), the
/// built-in views (`Text`, `HStack`, `Image`, the modifiers, …) are the components of the same
/// names, and a view with a body lays out its body. Bodies are evaluated once and cached by the
/// view graph; a ``State`` or ``ObservedObject`` change evaluates again only the bodies that read
/// it. Views live on the main actor.
@preconcurrency @MainActor
public protocol View: Component {
    /// The type of the view's body (`Never` for built-in views, which lay themselves out).
    associatedtype Body: View

    /// The content of the view.
    @ViewBuilder var body: Body { get }
}

/// A view that lays itself out instead of having a body (`Text`, `HStack`, `Color`, the
/// modifiers): its `Body` is `Never`.
@preconcurrency @MainActor
public protocol PrimitiveView: View where Body == Never {}

extension View where Body == Never {
    /// Built-in views have no body: they lay themselves out.
    public var body: Never { fatalError("\(Self.self) is a built-in view and has no body") }
}

extension View {
    /// Lays out the body, evaluated through the view graph (a view written inside a builder is
    /// tracked there and its body cached; elsewhere the body is evaluated for this layout).
    /// Disfavoured, so a built-in view's own `layout(_:)` is the one a call names.
    @_disfavoredOverload
    public func layout(_ constraint: Constraint) -> ReplaceableRenderNode {
        ViewGraph.layoutUntracked(self, constraint)
    }
}

extension Never: View {
    /// `Never` has no body either.
    public typealias Body = Never
    /// `Never` is the body of built-in views; it is never laid out.
    public func layout(_ constraint: Constraint) -> SpaceRenderNode { fatalError("Never has no layout") }
}

/// Whether `view` has a body of its own (a view written by a user) rather than being built in.
@MainActor
func isComposite<V: View>(_ view: V) -> Bool { V.Body.self != Never.self }

/// The body of `view`, as a component.
@MainActor
func evaluateBody<V: View>(_ view: V) -> any Component { view.body }

/// What a ``ViewBuilder`` builds: the views of a block, laid out one above the other (SwiftUI's
/// tuple of views; a single view lays out as itself).
public struct ViewList: PrimitiveView, FlexibilityForwarding {
    /// The views, in order.
    public let views: [any Component]

    /// The one view's flex factors (a block of several views is not flexible).
    public var flexibilityTarget: (any Component)? { views.count == 1 ? views[0] : nil }

    /// A list of views.
    public init(_ views: [any Component]) { self.views = views }

    /// One view: its layout. Several: a vertical stack of them, centred.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        if views.count == 1 { return AnyComponent(views[0]).layout(constraint) }
        return AnyComponent(VStack(alignItems: .center, children: views)).layout(constraint)
    }
}

/// Views grouped without a layout of their own (SwiftUI's `Group`): they lay out as a
/// ``ViewList``.
public struct Group: PrimitiveView {
    let content: ViewList

    /// The views the closure builds.
    public init(@ViewBuilder content: () -> ViewList) { self.content = content() }

    /// The views' layout.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode { content.layout(constraint) }
}

/// Nothing: a view of zero size.
public struct EmptyView: PrimitiveView {
    /// An empty view.
    public init() {}

    /// Zero size.
    public func layout(_ constraint: Constraint) -> SpaceRenderNode { SpaceRenderNode(size: constraint.minSize) }
}

/// Any view, behind one type.
public struct AnyView: PrimitiveView {
    let content: any Component

    /// Wraps `view`.
    public init<V: View>(_ view: V) { content = view }

    /// Wraps `view`, if it is a view.
    public init?(erasing view: any Component) { content = view }

    /// The wrapped view's layout.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode { AnyComponent(content).layout(constraint) }
}

/// The result builder of view bodies and of SwiftUI containers' content: `if`/`else`, `switch`,
/// optionals, `for … in`, ``ForEach`` and view controllers (hosted as views).
@preconcurrency @MainActor
@resultBuilder
public enum ViewBuilder {
    /// One view (tracked by the view graph, so its state survives re-layouts).
    /// (`file`, `line`, `column`: where it is written, its structural identity.)
    public static func buildExpression(_ view: any Component, file: StaticString = #fileID, line: UInt = #line,
                                       column: UInt = #column) -> [any Component] {
        [ViewGraph.track(view, at: BuildSite(file: file, line: line, column: column))]
    }
    /// An optional view: nothing when `nil`.
    public static func buildExpression(_ view: (any Component)?, file: StaticString = #fileID, line: UInt = #line,
                                       column: UInt = #column) -> [any Component] {
        view.map { [ViewGraph.track($0, at: BuildSite(file: file, line: line, column: column))] } ?? []
    }
    /// An array of views, spliced in.
    public static func buildExpression(_ views: [any Component]) -> [any Component] { views }
    /// A ``ForEach``, spliced in.
    public static func buildExpression(_ container: any ComponentArrayContainer) -> [any Component] { container.components }
    /// A view controller, hosted as a view (a screen in a `WindowGroup`).
    public static func buildExpression(_ controller: UIViewController) -> [any Component] { [ViewControllerView(controller)] }
    /// An empty block.
    public static func buildBlock() -> [any Component] { [] }
    /// The first statement of a block.
    public static func buildPartialBlock(first: [any Component]) -> [any Component] { first }
    /// The next statement of a block.
    public static func buildPartialBlock(accumulated: [any Component], next: [any Component]) -> [any Component] {
        accumulated + next
    }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [any Component]?) -> [any Component] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [any Component]) -> [any Component] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [any Component]) -> [any Component] { part }
    /// A `for … in` loop.
    public static func buildArray(_ parts: [[any Component]]) -> [any Component] { parts.flatMap { $0 } }
    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: [any Component]) -> [any Component] { part }
    /// The block as one view.
    public static func buildFinalResult(_ views: [any Component]) -> ViewList { ViewList(views) }
}

/// A view controller shown as a view: the root of a `WindowGroup` that holds a screen
/// (`WindowGroup { ChatChannelListView(viewFactory: …) }`), or a screen inside a view
/// (`NavigationStack { ChatChannelListView(viewFactory: …) }`), where it becomes a child of the
/// hosting controller (so it pushes onto the same navigation stack).
public struct ViewControllerView: PrimitiveView {
    /// The screen.
    public let controller: UIViewController

    /// Hosts `controller`.
    public init(_ controller: UIViewController) { self.controller = controller }

    /// Fills the constraint; the screen's view takes the frame.
    public func layout(_ constraint: Constraint) -> ViewControllerRenderNode {
        ViewControllerRenderNode(controller: controller, size: constraint.fillingSize,
                                 host: (ViewGraph.currentHost as? HostingView)?.controller)
    }
}

/// The render node of ``ViewControllerView``: the screen's own view.
public struct ViewControllerRenderNode: RenderNode {
    let controller: UIViewController
    /// The screen's frame size.
    public let size: CGSize
    weak var host: UIViewController?

    /// The screen's view is a view.
    public var shouldRenderView: Bool { true }

    /// The screen's view (a screen has one view: it is moved, never copied).
    public func makeView() -> UIView { controller.view }

    /// Makes the screen a child of the hosting controller.
    public func updateView(_ view: UIView) {
        guard let host, controller.parent == nil, host !== controller else { return }
        host.addChild(controller)
        controller.didMove(toParent: host)
    }
}
