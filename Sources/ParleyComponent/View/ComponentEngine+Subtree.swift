import Foundation
import ParleyUIKit

/// Phase "lay out one subtree again": a change that only one ``ReplaceableRenderNode``'s subtree
/// depends on (a SwiftUI-style view's state) is laid out, swapped in and rendered without
/// laying out, diffing or updating anything else.
///
/// Contract: the swap happens only when the engine is up to date (no reload, list edit or size
/// change pending) and the subtree is found in the current tree. A subtree of the same size is
/// swapped in place (the ancestors' layouts depend on nothing else); one of a new size is put in
/// as lazy rows measured for real are (`TreeEditor`: stacks shift what follows it and keep
/// their cross size when a child narrows), when every node above it can and the whole tree
/// keeps its size. Then the views are collected again, kept views outside the subtree are only
/// moved, and kept views inside it are updated. Otherwise nothing changes and the caller reloads.
extension ComponentEngine {
    /// Lays the subtree of the replaceable node keyed `key` out again with `layout` (given the
    /// node it had; `nil` means it cannot, and the caller reloads), swaps it in if its size did
    /// not change, and renders: `true` when done, `false` when the caller must reload.
    public func relayoutSubtree(keyed key: AnyObject, _ layout: (ReplaceableRenderNode) -> (any RenderNode)?) -> Bool {
        guard !isBusy, let root, !needsReload, !needsListApply, list == nil,
              view.bounds.size == lastRenderBounds.size, hostInset == lastInset,
              max(1, view.traitCollection.displayScale) == lastScale,
              view.traitCollection.preferredContentSizeCategory == lastContentSizeCategory else { return false }
        var path: [Int] = []
        guard let (target, direct) = Self.findReplaceable(keyed: key, in: root, path: &path) else { return false }
        isBusy = true
        defer { isBusy = false }
        let context = makeContext()
        guard let content = context.run({ layout(target) }) else { return false }
        if content.size == target.content.size {
            target.replaceContent(content)
        } else {
            // A new size: the ancestors shift what follows it, as for a lazy row measured for
            // real (stacks keep their cross size when a child narrows); where one cannot, or the
            // whole tree would change size, the caller reloads.
            let replacement = ReplaceableRenderNode(key: key, constraint: target.constraint, context: target.context, content: content)
            guard direct, let edited = TreeEditor.replacing([(path: path, node: replacement)], in: root), edited.size == root.size else {
                return false
            }
            self.root = edited
            updateContentGeometry()
        }
        unresolvedLazy += context.unresolvedLazyRows
        needsRender = false
        anchorShift = .zero
        stats = ComponentRenderStats()
        // Views filled ahead of display may show the old subtree.
        discardPreparedViews()
        renderViews(updates: .subtree(key))
        return true
    }

    /// The replaceable node keyed `key` in the tree under `node`, depth first, its path, and
    /// whether the node at that path is it (not a wrapper standing for it).
    static func findReplaceable(keyed key: AnyObject, in node: any RenderNode, path: inout [Int]) -> (ReplaceableRenderNode, Bool)? {
        if let found = ReplaceableRenderNode.underlying(node), found.node.key === key { return (found.node, found.direct) }
        for (index, child) in node.children.enumerated() {
            path.append(index)
            if let found = findReplaceable(keyed: key, in: child, path: &path) { return found }
            path.removeLast()
        }
        return nil
    }
}
