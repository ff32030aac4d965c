import Foundation
import ParleyUIKit

/// A render node that stands in for another, changing only how it is identified, reused,
/// animated or updated (the render node of the `id`, `reuseKey`, `animator` and `update`
/// modifiers).
///
/// It is transparent: it reports its content's children, positions and visibility, and its view
/// is its content's view. Paths through the tree therefore pass straight through wrappers.
public struct WrapperRenderNode: RenderNode {
    /// The wrapped node.
    public let content: any RenderNode
    let sizeOverride: CGSize?
    let idOverride: String?
    let reuseKeyOverride: String?
    let animatorOverride: (any ComponentAnimator)?
    let updates: [@MainActor (UIView) -> Void]

    init(content: any RenderNode, sizeOverride: CGSize? = nil, id: String? = nil, reuseKey: String? = nil,
         animator: (any ComponentAnimator)? = nil, updates: [@MainActor (UIView) -> Void] = []) {
        self.content = content
        self.sizeOverride = sizeOverride
        self.idOverride = id
        self.reuseKeyOverride = reuseKey
        self.animatorOverride = animator
        self.updates = updates
    }

    /// The same modifications around a new content (used when the engine swaps in a resized
    /// descendant).
    func rewrapping(_ newContent: any RenderNode) -> WrapperRenderNode {
        WrapperRenderNode(content: newContent, sizeOverride: sizeOverride, id: idOverride, reuseKey: reuseKeyOverride,
                          animator: animatorOverride, updates: updates)
    }

    /// The content's size (or the clamped size of a repaired layout).
    public var size: CGSize { sizeOverride ?? content.size }
    /// The content's children.
    public var children: [any RenderNode] { content.children }
    /// The content's positions.
    public var positions: [CGPoint] { content.positions }
    /// The content's visible children.
    public func visibleIndexes(in frame: CGRect) -> [Int] { content.visibleIndexes(in: frame) }
    /// The modifier's id, else the content's.
    public var id: String? { idOverride ?? content.id }
    /// The modifier's reuse key, else the content's.
    public var reuseKey: String? { reuseKeyOverride ?? content.reuseKey }
    /// The modifier's animator, else the content's.
    public var animator: (any ComponentAnimator)? { animatorOverride ?? content.animator }
    /// Whether the content has a view.
    public var shouldRenderView: Bool { content.shouldRenderView }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// The content's view.
    public func makeView() -> UIView { content.makeView() }
    /// The content's view made ahead of time.
    public func takePreparedView() -> UIView? { content.takePreparedView() }
    /// Updates the content's view, then runs the modifier's update closures in order.
    public func updateView(_ view: UIView) {
        content.updateView(view)
        for update in updates { update(view) }
    }
}
