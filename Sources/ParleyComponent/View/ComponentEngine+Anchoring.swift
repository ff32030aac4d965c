import Foundation
import ParleyUIKit

/// Phase "anchor": what the user sees stays where it is through every change of the tree.
///
/// Contract: `captureAnchor()` runs before the tree changes, `restore(_:sameTree:)` after; the
/// anchored node ends up at the same place on screen (within the content's limits), and the
/// offset change is recorded in `anchorShift` so the views that stay move with it.
extension ComponentEngine {
    // MARK: Anchors

    /// What must stay put through the coming change: the bottom when a bottom-anchored view rests
    /// there, else the first visible rows.
    func captureAnchor() -> ScrollAnchor {
        guard root != nil, reloadCount > 0 || !visible.isEmpty else {
            return contentAnchor == .bottom ? .bottom : .top
        }
        if contentAnchor == .bottom && isAtBottom { return .bottom }
        // A top-anchored view resting at its top stays there, as a UIKit list does: rows inserted
        // above (a channel moving to the top of the list) come into view instead of pushing
        // what was first out of sight.
        if contentAnchor == .top && isAtTop { return .top }
        let offset = hostOffset
        // The rows the user saw in the last frame, even if this scroll has moved them out of
        // the viewport: keeping them consistent with the scroll is what keeps the scroll
        // distance true when the rows coming in turn out smaller or larger than estimated.
        let seen = (lastRenderBounds.isNull ? view.bounds : lastRenderBounds).inset(by: lastInset)
        var items: [AnchorItem] = []
        var used = Set<Int>()
        for renderable in visible where RenderGeometry.overlaps(renderable.frame, seen) {
            guard used.insert(renderable.anchor).inserted, renderable.anchor < anchors.count else { continue }
            let record = anchors[renderable.anchor]
            items.append(AnchorItem(id: record.id, path: record.path,
                                    screenOrigin: CGPoint(x: record.frame.minX - offset.x, y: record.frame.minY - offset.y)))
            if items.count >= 8 { break }
        }
        return items.isEmpty ? .none : .items(items)
    }

    /// Sets the offset so that `anchor` is where it was; returns the anchor as found in the
    /// current tree (so later corrections can find it by path).
    func restore(_ anchor: ScrollAnchor, sameTree: Bool) -> ScrollAnchor {
        guard let root else { return anchor }
        switch anchor {
        case .none:
            setOffset(clamp(hostOffset))
        case .top:
            let l = offsetLimits
            setOffset(CGPoint(x: l.minX, y: l.minY))
        case .bottom:
            let l = offsetLimits
            setOffset(CGPoint(x: clamp(hostOffset).x, y: l.maxY))
        case .items(let items):
            for item in items {
                let path: [Int]?
                if sameTree {
                    path = item.path
                } else if let id = item.id {
                    path = findPath(id: id, hint: item.path, in: root)
                } else {
                    path = item.path
                }
                guard let path, let frame = RenderTree.frame(atPath: path, in: root) else { continue }
                let origin = CGPoint(x: frame.minX + rootOrigin.x, y: frame.minY + rootOrigin.y)
                setOffset(clamp(CGPoint(x: origin.x - item.screenOrigin.x, y: origin.y - item.screenOrigin.y)))
                var found = item
                found.path = path
                return .items([found])
            }
            setOffset(clamp(hostOffset))
            return .none
        }
        return anchor
    }

    /// The path of the node with `id`: where it was, among its old siblings (rows inserted
    /// above shift it by a few places), else a full search.
    func findPath(id: String, hint: [Int]?, in root: any RenderNode) -> [Int]? {
        // A list knows where each row is: O(√rows) instead of a search of the whole tree.
        if let list, root is ListRenderNode { return list.path(of: id) }
        if let hint {
            if let node = RenderTree.node(atPath: hint, in: root), node.id == id { return hint }
            if let last = hint.last, let parent = RenderTree.node(atPath: Array(hint.dropLast()), in: root) {
                let siblings = parent.children
                // Search outward from the old index: history paging moves a row by a page.
                var distance = 0
                while distance <= siblings.count {
                    let before = last - distance, after = last + distance
                    if before >= 0, before < siblings.count, siblings[before].id == id { return Array(hint.dropLast()) + [before] }
                    if distance > 0, after >= 0, after < siblings.count, siblings[after].id == id { return Array(hint.dropLast()) + [after] }
                    if before < 0 && after >= siblings.count { break }
                    distance += 1
                }
            }
        }
        return RenderTree.path(to: id, in: root)
    }
}
