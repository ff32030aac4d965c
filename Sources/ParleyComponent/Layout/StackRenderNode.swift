import Foundation
import ParleyUIKit

/// A layout node whose children are sorted by position along one axis, so the visible ones are
/// found by binary search: ``VerticalRenderNode`` and ``HorizontalRenderNode``.
///
/// Invariant (the caller's promise): children are sorted by their position along the main axis,
/// and ``mainAxisMaxValue`` is at least the largest child's length along it. Then a child that
/// starts more than `mainAxisMaxValue` before the visible frame cannot reach into it, which is
/// what lets the search skip it.
@preconcurrency @MainActor
public protocol StackRenderNode: RenderNode {
    /// The largest child length along the main axis (height for vertical, width for horizontal).
    var mainAxisMaxValue: CGFloat { get }
}

/// How a stack's render node may be edited in place when one child's size changes (a lazy row
/// measured for real): following children shift along the main axis. `nil` when the stack
/// distributes space (justification, flex), which only a new layout can redo.
struct StackShiftRule {
    /// How the children sit across the main axis.
    var alignItems: CrossAxisAlignment
    /// Whether the stack simply packs its children, so a child may change its main-axis length
    /// (what follows shifts); otherwise only its cross size may change.
    var packs = true
}

/// Visibility and in-place editing shared by the two stack nodes.
@MainActor
enum StackGeometry {
    /// The children of a sorted stack that intersect `frame`, by binary search: O(log n + k).
    ///
    /// Equal to a linear scan with `RenderGeometry.overlaps` whenever the stack's invariant holds.
    static func visibleIndexes(in frame: CGRect, children: [any RenderNode], positions: [CGPoint],
                               mainAxisMaxValue: CGFloat, vertical: Bool) -> [Int] {
        let count = min(children.count, positions.count)
        guard count > 0, !frame.isNull, frame.width > 0, frame.height > 0 else { return [] }
        let frameStart = vertical ? frame.minY : frame.minX
        let frameEnd = vertical ? frame.maxY : frame.maxX
        // A child starting at or before `lower` ends at or before the frame starts (its length ≤
        // the max), so it cannot overlap.
        let lower = frameStart - max(0, mainAxisMaxValue)
        var low = 0, high = count
        while low < high {
            let mid = (low + high) >> 1
            let p = positions[mid]
            if (vertical ? p.y : p.x) < lower { low = mid + 1 } else { high = mid }
        }
        var result: [Int] = []
        var index = low
        while index < count {
            let p = positions[index]
            if (vertical ? p.y : p.x) >= frameEnd { break }
            if RenderGeometry.overlaps(CGRect(origin: p, size: children[index].size), frame) { result.append(index) }
            index += 1
        }
        return result
    }

    /// The stack with some children replaced, following children shifted along the main axis;
    /// `nil` when the change cannot be made in place (the caller then lays out again).
    /// One child of a stack that does more than pack its children (flexible children, spacing
    /// rules, a clamped size) replaced by one of the same main-axis length: exact when the
    /// stack's cross size is what a new layout would give (the widest child, unchanged), with
    /// the child placed across as the stack places it; `nil` otherwise.
    static func replacingCrossSize(_ replacement: (index: Int, node: any RenderNode), size: CGSize, children: [any RenderNode],
                                   positions: [CGPoint], mainAxisMaxValue: CGFloat, alignItems: CrossAxisAlignment,
                                   vertical: Bool, count: Int)
        -> (size: CGSize, children: [any RenderNode], positions: [CGPoint], mainAxisMaxValue: CGFloat)? {
        guard count == 1 else { return nil }
        let index = replacement.index
        let old = children[index].size, new = replacement.node.size
        let main: (CGSize) -> CGFloat = { vertical ? $0.height : $0.width }
        let cross: (CGSize) -> CGFloat = { vertical ? $0.width : $0.height }
        guard main(old) == main(new) else { return nil }
        let crossSize = cross(size)
        var widest = cross(new)
        for (other, child) in children.enumerated() where other != index { widest = max(widest, cross(child.size)) }
        guard widest == crossSize else { return nil }
        var children = children, positions = positions
        children[index] = replacement.node
        let offset: CGFloat
        switch alignItems {
        case .center: offset = (crossSize - cross(new)) / 2
        case .end: offset = crossSize - cross(new)
        case .start, .stretch, .baseline: offset = 0
        }
        if vertical { positions[index].x = offset } else { positions[index].y = offset }
        return (size, children, positions, mainAxisMaxValue)
    }

    static func replacing(_ replacements: [(index: Int, node: any RenderNode)], size: CGSize,
                          children: [any RenderNode], positions: [CGPoint], mainAxisMaxValue: CGFloat,
                          rule: StackShiftRule?, vertical: Bool)
        -> (size: CGSize, children: [any RenderNode], positions: [CGPoint], mainAxisMaxValue: CGFloat)? {
        guard let rule, rule.alignItems != .baseline else { return nil }
        let sorted = replacements.sorted { $0.index < $1.index }
        guard let first = sorted.first, first.index >= 0, let last = sorted.last, last.index < min(children.count, positions.count) else {
            return nil
        }
        if !rule.packs {
            return replacingCrossSize(first, size: size, children: children, positions: positions, mainAxisMaxValue: mainAxisMaxValue,
                                      alignItems: rule.alignItems, vertical: vertical, count: sorted.count)
        }
        var children = children, positions = positions
        var crossSize = vertical ? size.width : size.height
        var maxMain = mainAxisMaxValue
        var delta: CGFloat = 0
        var next = 0
        for index in first.index..<positions.count {
            if delta != 0 {
                if vertical { positions[index].y += delta } else { positions[index].x += delta }
            }
            guard next < sorted.count, sorted[next].index == index else { continue }
            let old = children[index].size, new = sorted[next].node.size
            let newCross = vertical ? new.width : new.height
            if newCross > crossSize {
                // A wider child moves everything that is centred or end-aligned: lay out again.
                guard rule.alignItems == .start || rule.alignItems == .stretch else { return nil }
                crossSize = newCross
            }
            switch rule.alignItems {
            case .center:
                let c = ((crossSize - newCross) / 2)
                if vertical { positions[index].x = c } else { positions[index].y = c }
            case .end:
                if vertical { positions[index].x = crossSize - newCross } else { positions[index].y = crossSize - newCross }
            case .start, .stretch, .baseline:
                break
            }
            let mainChange = vertical ? new.height - old.height : new.width - old.width
            delta += mainChange
            maxMain = max(maxMain, vertical ? new.height : new.width)
            children[index] = sorted[next].node
            next += 1
            if next == sorted.count && delta == 0 { break }
        }
        // The stack keeps its cross size when a child narrows: a list is as wide as its widest
        // row ever measured, which spares a scan of every row.
        let newSize = vertical ? CGSize(width: crossSize, height: max(0, size.height + delta))
                               : CGSize(width: max(0, size.width + delta), height: crossSize)
        return (newSize, children, positions, maxMain)
    }
}

/// Lays out children top to bottom: visibility by binary search over children sorted by their
/// y position.
///
/// ```swift
/// VerticalRenderNode(size: size, children: childrenRenderNodes, positions: childrenPositions,
///                    mainAxisMaxValue: maxChildHeight)
/// ```
public struct VerticalRenderNode: StackRenderNode {
    /// The node's size.
    public let size: CGSize
    /// The children, sorted by y.
    public let children: [any RenderNode]
    /// The children's positions.
    public let positions: [CGPoint]
    /// The tallest child's height (an upper bound is fine).
    public let mainAxisMaxValue: CGFloat
    let shiftRule: StackShiftRule?

    /// A vertical node; children must be sorted by y, `mainAxisMaxValue` at least the tallest
    /// child's height.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint], mainAxisMaxValue: CGFloat) {
        self.init(size: size, children: children, positions: positions, mainAxisMaxValue: mainAxisMaxValue, shiftRule: nil)
    }

    init(size: CGSize, children: [any RenderNode], positions: [CGPoint], mainAxisMaxValue: CGFloat, shiftRule: StackShiftRule?) {
        self.size = size
        self.children = children
        self.positions = positions
        self.mainAxisMaxValue = mainAxisMaxValue
        self.shiftRule = shiftRule
    }

    /// The children intersecting `frame`, by binary search.
    public func visibleIndexes(in frame: CGRect) -> [Int] {
        StackGeometry.visibleIndexes(in: frame, children: children, positions: positions, mainAxisMaxValue: mainAxisMaxValue, vertical: true)
    }

    /// The first child's baseline.
    public var firstBaseline: CGFloat? {
        guard let child = children.first, let position = positions.first, let baseline = child.firstBaseline else { return nil }
        return position.y + baseline
    }

    /// A container has no view of its own.
    public var shouldRenderView: Bool { false }
}

extension VerticalRenderNode: ChildReplacingRenderNode {
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        guard let edited = StackGeometry.replacing(replacements, size: size, children: children, positions: positions,
                                                   mainAxisMaxValue: mainAxisMaxValue, rule: shiftRule, vertical: true) else { return nil }
        return VerticalRenderNode(size: edited.size, children: edited.children, positions: edited.positions,
                                  mainAxisMaxValue: edited.mainAxisMaxValue, shiftRule: shiftRule)
    }
}

/// Lays out children left to right: visibility by binary search over children sorted by their
/// x position.
public struct HorizontalRenderNode: StackRenderNode {
    /// The node's size.
    public let size: CGSize
    /// The children, sorted by x.
    public let children: [any RenderNode]
    /// The children's positions.
    public let positions: [CGPoint]
    /// The widest child's width (an upper bound is fine).
    public let mainAxisMaxValue: CGFloat
    let shiftRule: StackShiftRule?

    /// A horizontal node; children must be sorted by x, `mainAxisMaxValue` at least the widest
    /// child's width.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint], mainAxisMaxValue: CGFloat) {
        self.init(size: size, children: children, positions: positions, mainAxisMaxValue: mainAxisMaxValue, shiftRule: nil)
    }

    init(size: CGSize, children: [any RenderNode], positions: [CGPoint], mainAxisMaxValue: CGFloat, shiftRule: StackShiftRule?) {
        self.size = size
        self.children = children
        self.positions = positions
        self.mainAxisMaxValue = mainAxisMaxValue
        self.shiftRule = shiftRule
    }

    /// The children intersecting `frame`, by binary search.
    public func visibleIndexes(in frame: CGRect) -> [Int] {
        StackGeometry.visibleIndexes(in: frame, children: children, positions: positions, mainAxisMaxValue: mainAxisMaxValue, vertical: false)
    }

    /// The first baseline among the children (they share a line).
    public var firstBaseline: CGFloat? {
        for (child, position) in zip(children, positions) {
            if let baseline = child.firstBaseline { return position.y + baseline }
        }
        return nil
    }

    /// A container has no view of its own.
    public var shouldRenderView: Bool { false }
}

extension HorizontalRenderNode: ChildReplacingRenderNode {
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        guard let edited = StackGeometry.replacing(replacements, size: size, children: children, positions: positions,
                                                   mainAxisMaxValue: mainAxisMaxValue, rule: shiftRule, vertical: false) else { return nil }
        return HorizontalRenderNode(size: edited.size, children: edited.children, positions: edited.positions,
                                    mainAxisMaxValue: edited.mainAxisMaxValue, shiftRule: shiftRule)
    }
}
