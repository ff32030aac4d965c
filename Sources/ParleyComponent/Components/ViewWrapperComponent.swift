import Foundation
import ParleyUIKit

/// A component drawn inside a view of its own (UIComponent's `ViewWrapperComponent`, made by
/// ``Component/view()`` and ``Component/scrollView()``): the wrapper view renders the component
/// through its ``UIView/componentEngine``, so modifiers that set view properties
/// (`.update { $0.layer.cornerRadius = 8 }`, `.clipsToBounds(true)`) act on the whole group.
@dynamicMemberLookup
public struct ViewWrapperComponent<View: UIView>: Component {
    /// The component inside the view.
    public let component: any Component
    let makeView: @MainActor () -> View
    let updates: [@MainActor (View) -> Void]

    init(component: any Component, makeView: @escaping @MainActor () -> View, updates: [@MainActor (View) -> Void] = []) {
        self.component = component
        self.makeView = makeView
        self.updates = updates
    }

    /// Lays out the component; the view takes its size.
    public func layout(_ constraint: Constraint) -> ViewWrapperRenderNode<View> {
        let node = layoutChild(component, constraint)
        return ViewWrapperRenderNode(size: node.size.bound(to: constraint), component: component, content: node, makeWrapper: makeView, updates: updates)
    }
}

/// The render node of ``ViewWrapperComponent``: one view, whose engine shows the content (the
/// host does not look inside it).
public struct ViewWrapperRenderNode<View: UIView>: RenderNode {
    /// The wrapper's size.
    public let size: CGSize
    /// The component the wrapper view renders.
    public let component: any Component
    /// The component's node as laid out in the host.
    public let content: any RenderNode
    let makeWrapper: @MainActor () -> View
    let updates: [@MainActor (View) -> Void]

    /// No children: the wrapper view renders the content itself.
    public var children: [any RenderNode] { [] }
    /// No children.
    public var positions: [CGPoint] { [] }
    /// The wrapper is a view.
    public var shouldRenderView: Bool { true }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// A new wrapper view.
    public func makeView() -> UIView { makeWrapper() }
    /// Runs the wrapper's updates, gives the component to its engine and renders it at once.
    public func updateView(_ view: UIView) {
        if let wrapper = view as? View { for update in updates { update(wrapper) } }
        let engine = view.componentEngine
        engine.component = component
        engine.reloadData()
    }
}

extension Component {
    /// Draws the component inside a `UIView` of its own.
    public func view() -> ViewWrapperComponent<UIView> {
        ViewWrapperComponent(component: self, makeView: { UIView() })
    }

    /// Draws the component inside a `UIScrollView` of its own (give it a size smaller than the
    /// content's to scroll).
    public func scrollView() -> ViewWrapperComponent<UIScrollView> {
        ViewWrapperComponent(component: self, makeView: { UIScrollView() })
    }
}

extension ViewWrapperComponent {
    /// A modifier per writable property of the wrapper view, as ``ViewComponent``'s:
    /// `.view().clipsToBounds(true)`.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<View, Value>) -> (Value) -> ViewWrapperComponent<View> {
        { value in self.with(keyPath, value) }
    }

    /// Sets the wrapper view's property at `keyPath` to `value` whenever it is updated.
    public func with<Value>(_ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value) -> ViewWrapperComponent<View> {
        update { view in view[keyPath: keyPath] = value }
    }

    /// Runs `update` on the wrapper view whenever it is updated (after the earlier updates).
    public func update(_ update: @escaping @MainActor (View) -> Void) -> ViewWrapperComponent<View> {
        ViewWrapperComponent(component: component, makeView: makeView, updates: updates + [update])
    }
}
