import Foundation
import ParleyUIKit

/// Renders the children inside the visible frame, found by checking every child: O(n), for
/// layouts whose children are not sorted along an axis (grids of a few items, overlapping
/// decorations).
public struct SlowRenderNode: RenderNode {
    /// The node's size.
    public let size: CGSize
    /// The children.
    public let children: [any RenderNode]
    /// The children's positions.
    public let positions: [CGPoint]

    /// A node with children in any order.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint]) {
        self.size = size
        self.children = children
        self.positions = positions
    }

    /// Every child whose frame shares area with `frame`.
    public func visibleIndexes(in frame: CGRect) -> [Int] {
        var result: [Int] = []
        for index in 0..<min(children.count, positions.count)
        where RenderGeometry.overlaps(CGRect(origin: positions[index], size: children[index].size), frame) {
            result.append(index)
        }
        return result
    }

    /// A container has no view of its own.
    public var shouldRenderView: Bool { false }
}

/// Renders every child all the time, visible or not: for small groups whose views must exist
/// together (a badge and what it decorates, an overlay).
public struct AlwaysRenderNode: RenderNode {
    /// The node's size.
    public let size: CGSize
    /// The children.
    public let children: [any RenderNode]
    /// The children's positions.
    public let positions: [CGPoint]

    /// A node whose children always render.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint]) {
        self.size = size
        self.children = children
        self.positions = positions
    }

    /// Every child.
    public func visibleIndexes(in frame: CGRect) -> [Int] {
        Array(0..<min(children.count, positions.count))
    }

    /// A container has no view of its own.
    public var shouldRenderView: Bool { false }
}
