import Foundation
import ParleyUIKit

/// The immutable result of laying out a component: its size, its children's render nodes and
/// their positions, and — for nodes that draw — how to make and update their view.
///
/// A ``ComponentView`` walks the tree from the root, asking each node which children are inside
/// the visible frame (``visibleIndexes(in:)``), and creates views only for visible nodes whose
/// ``shouldRenderView`` is true. Every view becomes a direct subview of the component view,
/// framed in content coordinates, in tree order (later nodes draw above earlier ones).
///
/// Four layout nodes cover most needs: ``VerticalRenderNode`` and ``HorizontalRenderNode``
/// (binary search over children sorted along their axis), ``SlowRenderNode`` (a linear scan) and
/// ``AlwaysRenderNode`` (every child, always).
@preconcurrency @MainActor
public protocol RenderNode {
    /// The size of the laid-out component.
    var size: CGSize { get }
    /// The render nodes of the children.
    var children: [any RenderNode] { get }
    /// The children's positions (top-left corners) in this node's coordinates.
    var positions: [CGPoint] { get }

    /// The indexes of the children inside `frame` (in this node's coordinates), in order.
    ///
    /// The default returns every child; layout nodes answer faster.
    func visibleIndexes(in frame: CGRect) -> [Int]

    /// An explicit identity. A view keeps its identity across reloads by this id (or, without
    /// one, by its structural position under the nearest ancestor that has one).
    var id: String? { get }
    /// Views of nodes with the same reuse key are pooled and reused when they leave the screen;
    /// `nil` (the default) means views are not reused.
    var reuseKey: String? { get }
    /// Animates this node's view in, between frames and out; `nil` uses the component view's.
    var animator: (any ComponentAnimator)? { get }
    /// Whether this node has a view of its own. The default is true for leaves (nodes without
    /// children) and false for containers, whose children's views are placed directly.
    var shouldRenderView: Bool { get }
    /// Distance from the top to the first text baseline, for `.baseline` alignment; `nil` when
    /// the node has no text.
    var firstBaseline: CGFloat? { get }

    /// Creates a view for this node (called only when the node becomes visible and no reusable
    /// view is available).
    func makeView() -> UIView
    /// A view this node already made and filled ahead of time (a row measured with the view it
    /// will show in), handed over when the node comes on screen instead of a pooled or new
    /// view; `updateView` still follows. `nil` (the default) when there is none. Called once
    /// per appearance: the node gives the view up.
    func takePreparedView() -> UIView?
    /// Brings a view (new, reused, or kept across a reload) up to date with this node.
    func updateView(_ view: UIView)
}

extension RenderNode {
    /// No children.
    public var children: [any RenderNode] { [] }
    /// No children.
    public var positions: [CGPoint] { [] }
    /// No explicit identity.
    public var id: String? { nil }
    /// No reuse.
    public var reuseKey: String? { nil }
    /// The component view's animator.
    public var animator: (any ComponentAnimator)? { nil }
    /// Leaves render a view; containers do not.
    public var shouldRenderView: Bool { children.isEmpty }
    /// No baseline.
    public var firstBaseline: CGFloat? { nil }
    /// No view made ahead of time.
    public func takePreparedView() -> UIView? { nil }

    /// Every child (correct for any layout, fast for few children).
    public func visibleIndexes(in frame: CGRect) -> [Int] {
        Array(0..<min(children.count, positions.count))
    }

    /// A plain `UIView`.
    public func makeView() -> UIView { UIView() }
    /// Nothing to update.
    public func updateView(_ view: UIView) {}
}

// MARK: - Queries

extension RenderNode {
    /// The frame of the child at `index`, or `nil` when there is no such child.
    public func frame(at index: Int) -> CGRect? {
        let children = self.children, positions = self.positions
        guard index >= 0, index < children.count, index < positions.count else { return nil }
        return CGRect(origin: positions[index], size: children[index].size)
    }

    /// The frame, in this node's coordinates, of the first node (depth first) with `id`.
    public func frame(id: String) -> CGRect? {
        guard let path = RenderTree.path(to: id, in: self) else { return nil }
        return RenderTree.frame(atPath: path, in: self)
    }

    /// The first node (depth first) with `id`, this node included.
    public func renderNode(id: String) -> (any RenderNode)? {
        guard let path = RenderTree.path(to: id, in: self) else { return nil }
        return RenderTree.node(atPath: path, in: self)
    }
}

/// Walks render trees by child-index paths (the engine's way of naming a node in a tree).
@MainActor
enum RenderTree {
    /// The child-index path to the first node with `id` (depth first), `[]` for `root` itself.
    ///
    /// Unresolved lazy rows have no children, so the search costs one check per row there.
    static func path(to id: String, in root: any RenderNode) -> [Int]? {
        if root.id == id { return [] }
        var path: [Int] = []
        return search(root, id, &path) ? path : nil
    }

    private static func search(_ node: any RenderNode, _ id: String, _ path: inout [Int]) -> Bool {
        let children = node.children
        for index in children.indices {
            let child = children[index]
            path.append(index)
            if child.id == id || search(child, id, &path) { return true }
            path.removeLast()
        }
        return false
    }

    /// The node at `path` below `root`.
    static func node(atPath path: [Int], in root: any RenderNode) -> (any RenderNode)? {
        var node = root
        for index in path {
            let children = node.children
            guard index >= 0, index < children.count else { return nil }
            node = children[index]
        }
        return node
    }

    /// The frame, in `root`'s coordinates, of the node at `path`.
    static func frame(atPath path: [Int], in root: any RenderNode) -> CGRect? {
        var node = root
        var origin = CGPoint.zero
        for index in path {
            let children = node.children, positions = node.positions
            guard index >= 0, index < children.count, index < positions.count else { return nil }
            origin.x += positions[index].x
            origin.y += positions[index].y
            node = children[index]
        }
        return CGRect(origin: origin, size: node.size)
    }
}
