import Foundation
import ParleyUIKit

/// Scrolling to an item, and the queries tests and hosts ask of the engine.
extension ComponentEngine {
    // MARK: Scrolling to items

    /// Scrolls so the node with `id` sits at `position`; `false` when there is no such node.
    func scrollTo(id: String, position: ComponentView.ScrollPosition, animated: Bool) -> Bool {
        flushPendingChanges()
        guard let currentRoot = root, var path = findPath(id: id, hint: nil, in: currentRoot) else { return false }
        isBusy = true
        anchorShift = .zero
        if let node = RenderTree.node(atPath: path, in: currentRoot), let lazy = LazyScanner.lazyNode(node), !lazy.isResolved {
            let frame = RenderTree.frame(atPath: path, in: currentRoot) ?? .zero
            let sameTree = resolve([LazyScanner.Found(path: path, frame: frame)])
            if !sameTree, let root, let again = findPath(id: id, hint: path, in: root) { path = again }
        }
        isBusy = false
        guard let root, let frame = RenderTree.frame(atPath: path, in: root) else { return false }
        let target = CGRect(x: frame.minX + rootOrigin.x, y: frame.minY + rootOrigin.y, width: frame.width, height: frame.height)
        var offset = hostOffset
        switch position {
        case .top: offset.y = target.minY - inset.top
        case .center: offset.y = target.midY - inset.top - visibleHeight / 2
        case .bottom: offset.y = target.maxY - inset.top - visibleHeight
        }
        offset = clamp(offset)
        if animated {
            scrollHost?.setContentOffset(offset, animated: true)
            return true
        }
        isBusy = true
        defer { isBusy = false }
        anchorShift = .zero
        stats = ComponentRenderStats()
        hostOffset = offset
        // Rows measured around the target must not move it.
        let anchor = ScrollAnchor.items([AnchorItem(id: id, path: path, screenOrigin: CGPoint(x: target.minX - offset.x, y: target.minY - offset.y))])
        measureLazyRows(anchor: anchor)
        renderViews(updates: .none)
        return true
    }

    // MARK: Queries

    func visibleView(id: String) -> UIView? {
        indexByID[id].map { visibleViews[$0] }
    }

    func frame(id: String) -> CGRect? {
        flushPendingChanges()
        guard let root, let path = findPath(id: id, hint: nil, in: root), let frame = RenderTree.frame(atPath: path, in: root) else { return nil }
        return frame.offsetBy(dx: rootOrigin.x, dy: rootOrigin.y)
    }

    var visibleIDs: [String] { visible.map(\.id) }
}
