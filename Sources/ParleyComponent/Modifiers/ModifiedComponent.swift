import Foundation
import ParleyUIKit

/// A component whose render node is its content's, re-identified, pooled, animated or updated
/// differently: what the `id`, `reuseKey`, `animator` and `update` modifiers return.
public struct ModifiedComponent<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    let id: String?
    /// The id the modifier gives the content, if it gives one.
    public var explicitID: String? { id }
    let reuseKey: String?
    let animator: (any ComponentAnimator)?
    let update: (@MainActor (UIView) -> Void)?

    /// Lays out the content and wraps its node.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        let node = content.layout(constraint)
        return WrapperRenderNode(content: node, id: id, reuseKey: reuseKey, animator: animator, updates: update.map { [$0] } ?? [])
    }
}

extension Component {
    /// Gives the component an explicit identity: its view (and its descendants' views) keep
    /// their identity across reloads as long as the id stays, wherever the component moves.
    ///
    /// Ids should be unique among siblings' descendants; repeated ids are made unique in tree
    /// order (with one warning), so nothing crashes, but the repeated rows lose stable identity.
    public func id(_ id: String) -> ModifiedComponent<Self> {
        ModifiedComponent(content: self, id: id, reuseKey: nil, animator: nil, update: nil)
    }

    /// Pools the component's view under `reuseKey` when it leaves the screen, for the next node
    /// with the same key (views conforming to ``ReusableView`` get `prepareForReuse()` first).
    public func reuseKey(_ reuseKey: String) -> ModifiedComponent<Self> {
        ModifiedComponent(content: self, id: nil, reuseKey: reuseKey, animator: nil, update: nil)
    }

    /// Animates the component's view with `animator` instead of the component view's.
    public func animator(_ animator: any ComponentAnimator) -> ModifiedComponent<Self> {
        ModifiedComponent(content: self, id: nil, reuseKey: nil, animator: animator, update: nil)
    }

    /// Runs `update` on the component's view after the component has updated it (on insert, reuse
    /// and reload; never on a scroll).
    public func update(_ update: @escaping @MainActor (UIView) -> Void) -> ModifiedComponent<Self> {
        ModifiedComponent(content: self, id: nil, reuseKey: nil, animator: nil, update: update)
    }
}

/// What `update(_:)` returns (UIComponent's name for a component with an update closure).
public typealias UpdateComponent<Content: Component> = ModifiedComponent<Content>
