import Foundation
import ParleyUIKit

/// A visible node that has a view: its identity, its frame in content coordinates, and the
/// anchor it belongs to (see `AnchorRecord`).
struct Renderable {
    /// The view identity: an explicit id, or the structural position under the nearest explicit
    /// id (`"row42/0/1"`), made unique in tree order.
    var id: String
    /// The frame in the host's content coordinates.
    var frame: CGRect
    /// The node that makes and updates the view.
    var node: any RenderNode
    /// Index into the collector's `anchors` of the node this view moves with.
    var anchor: Int
    /// Whether the node is inside the subtree the collector was asked to mark (one laid out
    /// again on its own: its kept views are the ones to update).
    var marked = false
}

/// A node the engine can find again after the tree changes: by id across reloads, by path
/// across in-place corrections. Rows (nodes with explicit ids) are anchors; views without an
/// identified ancestor are their own anchors.
struct AnchorRecord {
    var id: String?
    var path: [Int]
    var frame: CGRect
}

/// Walks a render tree and lists the views of the nodes inside a frame, in tree (z) order.
@MainActor
struct RenderCollector {
    private(set) var renderables: [Renderable] = []
    private(set) var anchors: [AnchorRecord] = []
    private var path: [Int] = []
    /// Whether `onVisibleBoundsChanged` observers are told the visible frame.
    private var notifiesObservers = false
    /// The key of the replaceable subtree whose renderables are marked, if any.
    private var markedKey: AnyObject?
    /// Whether the visit is inside the marked subtree.
    private var isInMarked = false

    /// Collects the views of `root` (placed at `origin`) that intersect `visibleFrame`.
    /// `marking`: the key of a ``ReplaceableRenderNode`` whose views are marked.
    static func collect(_ root: any RenderNode, origin: CGPoint, visibleFrame: CGRect, notifiesObservers: Bool = false,
                        marking: AnyObject? = nil) -> RenderCollector {
        var collector = RenderCollector()
        collector.notifiesObservers = notifiesObservers
        collector.markedKey = marking
        collector.renderables.reserveCapacity(64)
        var rootAnchor = -1
        let rootID = root.id ?? ""
        if let id = root.id {
            collector.anchors.append(AnchorRecord(id: id, path: [], frame: CGRect(origin: origin, size: root.size)))
            rootAnchor = 0
        }
        collector.visit(root, origin: origin, id: rootID, anchor: rootAnchor, visible: visibleFrame)
        return collector
    }

    /// The one node type that changes the visible frame for its subtree, compared by identity
    /// (cheaper than a protocol cast on every node of every scroll step).
    private static let visibleInsetType = ObjectIdentifier(VisibleFrameInsetRenderNode.self)
    /// The node type that is told the visible frame (`onVisibleBoundsChanged`).
    private static let visibleBoundsObserverType = ObjectIdentifier(VisibleBoundsObserverRenderNode.self)

    /// The same views with every frame mirrored across the vertical centre line of the band
    /// `minX ..< minX + width`: a right-to-left host lays the whole tree out from the right, so
    /// rows' first children sit on the right and `HStack`s run right to left.
    func mirrored(minX: CGFloat, width: CGFloat) -> RenderCollector {
        var copy = self
        let axis = 2 * minX + width
        for index in copy.renderables.indices {
            copy.renderables[index].frame.origin.x = axis - copy.renderables[index].frame.maxX
        }
        for index in copy.anchors.indices {
            copy.anchors[index].frame.origin.x = axis - copy.anchors[index].frame.maxX
        }
        return copy
    }

    private mutating func visit(_ node: any RenderNode, origin: CGPoint, id: String, anchor: Int, visible: CGRect) {
        let replaceable = ReplaceableRenderNode.underlying(node)?.node
        var entersMarked = false
        if let markedKey, !isInMarked, let replaceable, replaceable.key === markedKey {
            isInMarked = true
            entersMarked = true
        }
        defer { if entersMarked { isInMarked = false } }
        // The node applies its own inset in `visibleIndexes`; its descendants see the inset frame
        // too, so rows that are containers get their views, not only leaf rows.
        var subtreeVisible = visible
        if ObjectIdentifier(type(of: node)) == Self.visibleInsetType, let inset = node as? VisibleFrameInsetRenderNode {
            subtreeVisible = visible.inset(by: inset.insets)
        } else if notifiesObservers, ObjectIdentifier(type(of: node)) == Self.visibleBoundsObserverType,
                  let observer = node as? VisibleBoundsObserverRenderNode {
            observer.onVisibleBoundsChanged(node.size, visible.offsetBy(dx: -origin.x, dy: -origin.y))
        }
        if node.shouldRenderView {
            var own = anchor
            if own < 0 {
                anchors.append(AnchorRecord(id: nil, path: path, frame: CGRect(origin: origin, size: node.size)))
                own = anchors.count - 1
            }
            renderables.append(Renderable(id: id, frame: CGRect(origin: origin, size: node.size), node: node, anchor: own, marked: isInMarked))
        }
        let children = node.children
        guard !children.isEmpty else { return }
        let positions = node.positions
        // The viewport is translated, not clipped, so decorations hanging over a parent's edge
        // (badges) are found wherever the viewport reaches.
        let local = visible.offsetBy(dx: -origin.x, dy: -origin.y)
        // A replaceable subtree's content keeps the subtree's identity (as a transparent
        // wrapper's would): `.id("row")` on a view with a body names the view its body makes.
        let passesIdentity = replaceable != nil
        for index in node.visibleIndexes(in: local) {
            // A custom node may list indexes it does not have; skip them rather than trap.
            guard index >= 0, index < children.count, index < positions.count else { continue }
            let child = children[index]
            let position = positions[index]
            let childOrigin = CGPoint(x: origin.x + position.x, y: origin.y + position.y)
            path.append(index)
            var childAnchor = anchor
            let childID: String
            if let explicit = child.id {
                childID = explicit
                anchors.append(AnchorRecord(id: explicit, path: path, frame: CGRect(origin: childOrigin, size: child.size)))
                childAnchor = anchors.count - 1
            } else if passesIdentity {
                childID = id
            } else {
                childID = id.isEmpty ? "/\(index)" : "\(id)/\(index)"
            }
            visit(child, origin: childOrigin, id: childID, anchor: childAnchor, visible: subtreeVisible)
            path.removeLast()
        }
    }
}

/// Finds lazy rows that have not been measured yet.
@MainActor
enum LazyScanner {
    /// An unmeasured lazy row: where it is in the tree and where it is on the content.
    struct Found {
        var path: [Int]
        var frame: CGRect
    }

    /// The lazy node a tree position holds, looking through transparent wrappers.
    static func lazyNode(_ node: any RenderNode) -> LazyRenderNode? {
        if let lazy = node as? LazyRenderNode { return lazy }
        if let wrapper = node as? WrapperRenderNode { return lazyNode(wrapper.content) }
        return nil
    }

    /// The unmeasured lazy rows of `root` (placed at `origin`) intersecting `frame`, in tree order.
    /// Measured lazy rows are not entered: rows do not nest lazy rows in practice, and skipping
    /// them keeps the scan to one check per row.
    static func unresolved(in root: any RenderNode, origin: CGPoint, frame: CGRect) -> [Found] {
        var found: [Found] = []
        var path: [Int] = []
        if let lazy = lazyNode(root) {
            if !lazy.isResolved { found.append(Found(path: [], frame: CGRect(origin: origin, size: root.size))) }
            return found
        }
        visit(root, origin: origin, frame: frame, path: &path, into: &found)
        return found
    }

    private static func visit(_ node: any RenderNode, origin: CGPoint, frame: CGRect, path: inout [Int], into found: inout [Found]) {
        let children = node.children
        guard !children.isEmpty else { return }
        let positions = node.positions
        for index in node.visibleIndexes(in: frame.offsetBy(dx: -origin.x, dy: -origin.y)) {
            guard index >= 0, index < children.count, index < positions.count else { continue }
            let child = children[index]
            let childOrigin = CGPoint(x: origin.x + positions[index].x, y: origin.y + positions[index].y)
            path.append(index)
            if let lazy = lazyNode(child) {
                if !lazy.isResolved { found.append(Found(path: path, frame: CGRect(origin: childOrigin, size: child.size))) }
            } else {
                visit(child, origin: childOrigin, frame: frame, path: &path, into: &found)
            }
            path.removeLast()
        }
    }
}
