import Foundation
import ParleyUIKit

/// A render node that can return a copy of itself with some children replaced by nodes of a
/// different size, without laying anything out again.
///
/// This is how a lazy row measured for real reaches the root in O(depth + n) instead of a new
/// layout of the whole list. Nodes that cannot (their layout distributes space) return `nil`,
/// and the engine lays the tree out again instead, from the size cache.
@MainActor
protocol ChildReplacingRenderNode {
    /// A copy with `replacements` (child index, new node) applied; `nil` if impossible.
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)?
}

extension WrapperRenderNode: ChildReplacingRenderNode {
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        // Transparent: the wrapper's children are its content's. A repaired size would be stale.
        guard sizeOverride == nil, let content = content as? ChildReplacingRenderNode,
              let replaced = content.replacingChildren(replacements) else { return nil }
        return rewrapping(replaced)
    }
}
