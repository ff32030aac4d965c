import Foundation
import ParleyUIKit

/// A render node that stands for its `content` (UIComponent's `RenderNodeWrapper`): size,
/// children, positions, visibility, identity and view are all the content's, unless the
/// wrapper implements one of them itself. The engine looks through such nodes; wrappers exist
/// to mark a subtree (``VisibleFrameInsetRenderNode``, ``VisibleBoundsObserverRenderNode``).
@preconcurrency @MainActor
public protocol RenderNodeWrapper: RenderNode {
    /// The wrapped node.
    var content: any RenderNode { get }
}

extension RenderNodeWrapper {
    /// The content's size.
    public var size: CGSize { content.size }
    /// The content's children.
    public var children: [any RenderNode] { content.children }
    /// The content's positions.
    public var positions: [CGPoint] { content.positions }
    /// The content's visible children.
    public func visibleIndexes(in frame: CGRect) -> [Int] { content.visibleIndexes(in: frame) }
    /// The content's id.
    public var id: String? { content.id }
    /// The content's reuse key.
    public var reuseKey: String? { content.reuseKey }
    /// The content's animator.
    public var animator: (any ComponentAnimator)? { content.animator }
    /// Whether the content has a view.
    public var shouldRenderView: Bool { content.shouldRenderView }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// The content's view.
    public func makeView() -> UIView { content.makeView() }
    /// The content's view made ahead of time.
    public func takePreparedView() -> UIView? { content.takePreparedView() }
    /// Updates the content's view.
    public func updateView(_ view: UIView) { content.updateView(view) }
}
