import Foundation
import ParleyUIKit

/// Rebuilds the spine of a render tree above some replaced nodes, leaving everything else shared.
@MainActor
enum TreeEditor {
    /// `root` with the node at each path replaced; `nil` when a node on the way cannot edit its
    /// children in place (the engine then lays the tree out again, from the size cache).
    static func replacing(_ replacements: [(path: [Int], node: any RenderNode)], in root: any RenderNode) -> (any RenderNode)? {
        guard !replacements.isEmpty else { return root }
        if let whole = replacements.first(where: { $0.path.isEmpty }) { return whole.node }
        return apply(replacements.map { (path: $0.path[...], node: $0.node) }, to: root)
    }

    private static func apply(_ replacements: [(path: ArraySlice<Int>, node: any RenderNode)], to node: any RenderNode) -> (any RenderNode)? {
        var direct: [(index: Int, node: any RenderNode)] = []
        var deeper: [Int: [(path: ArraySlice<Int>, node: any RenderNode)]] = [:]
        for replacement in replacements {
            guard let index = replacement.path.first else { continue }
            let rest = replacement.path.dropFirst()
            if rest.isEmpty { direct.append((index, replacement.node)) } else { deeper[index, default: []].append((rest, replacement.node)) }
        }
        if !deeper.isEmpty {
            let children = node.children
            for (index, group) in deeper {
                guard index >= 0, index < children.count, let child = apply(group, to: children[index]) else { return nil }
                direct.append((index, child))
            }
        }
        guard let editable = node as? ChildReplacingRenderNode else { return nil }
        return editable.replacingChildren(direct)
    }
}
