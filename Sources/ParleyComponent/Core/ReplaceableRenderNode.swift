import Foundation
import ParleyUIKit

/// A render node whose subtree a host can lay out again on its own, while the rest of the tree
/// stays as it is (see ``ComponentEngine/relayoutSubtree(keyed:_:)``).
///
/// A declarative layer wraps each view with a body in one: when only that view's state changes,
/// its subtree is laid out again with the constraint it had, and swapped in if its size did not
/// change, so no sibling is laid out, diffed or redrawn. It is a container of one child (its
/// content, at the origin): paths and view identities under it are its content's, one level down.
///
/// A reference type on purpose: the subtree is swapped in place, so the ancestors that placed it
/// (whose layout depends only on its size, which does not change) are kept as they are.
@preconcurrency @MainActor
public final class ReplaceableRenderNode: RenderNode {
    /// Who may lay the subtree out again (compared by identity).
    public let key: AnyObject
    /// The constraint the subtree was laid out in.
    public let constraint: Constraint
    /// What the layout needs to run again (the ambient values it read), for the key's owner.
    public let context: Any?
    /// The laid-out subtree.
    public private(set) var content: any RenderNode

    /// A replaceable subtree: `content`, laid out by `key`'s owner in `constraint`.
    public init(key: AnyObject, constraint: Constraint, context: Any? = nil, content: any RenderNode) {
        self.key = key
        self.constraint = constraint
        self.context = context
        self.content = content
    }

    /// The content's size.
    public var size: CGSize { content.size }
    /// The content.
    public var children: [any RenderNode] { [content] }
    /// The content, at the origin.
    public var positions: [CGPoint] { [.zero] }
    /// The content has the views.
    public var shouldRenderView: Bool { false }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// A container has no view of its own.
    public func makeView() -> UIView { UIView() }
    /// A container has no view of its own.
    public func updateView(_ view: UIView) {}

    private static let ownType = ObjectIdentifier(ReplaceableRenderNode.self)
    private static let wrapperType = ObjectIdentifier(WrapperRenderNode.self)

    /// The replaceable node `node` is, or stands for through transparent wrappers (`.id(_:)` on
    /// a view with a body); `direct` is whether `node` is it. Type checks first: the collector
    /// asks this of every node it visits.
    static func underlying(_ node: any RenderNode) -> (node: ReplaceableRenderNode, direct: Bool)? {
        var current = node
        var direct = true
        while true {
            let type = ObjectIdentifier(Swift.type(of: current))
            if type == ownType { return (current as? ReplaceableRenderNode).map { ($0, direct) } }
            guard type == wrapperType, let wrapper = current as? WrapperRenderNode else { return nil }
            current = wrapper.content
            direct = false
        }
    }

    /// Swaps in a subtree of the same size.
    func replaceContent(_ newContent: any RenderNode) {
        content = newContent
    }
}

extension ReplaceableRenderNode: ChildReplacingRenderNode {
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        // A lazy row measured inside: a new node (the engine's edits do not mutate trees).
        guard replacements.count == 1, replacements[0].index == 0 else { return nil }
        return ReplaceableRenderNode(key: key, constraint: constraint, context: context, content: replacements[0].node)
    }
}
