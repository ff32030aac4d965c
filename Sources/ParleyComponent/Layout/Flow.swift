import Foundation
import ParleyUIKit

/// Lays children out in lines left to right, wrapping to a new line when the next child does not
/// fit the width (tags, reactions, chips).
public struct Flow: Component {
    /// Space between lines.
    public var lineSpacing: CGFloat
    /// Space between children on a line.
    public var interitemSpacing: CGFloat
    /// Where each line's children go when the line has spare room.
    public var justifyContent: MainAxisAlignment
    /// How children sit within their line's height.
    public var alignItems: CrossAxisAlignment
    /// The children, in reading order.
    public var children: [any Component]

    /// A flow with the same spacing between lines and between children.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                children: [any Component]) {
        self.init(lineSpacing: spacing, interitemSpacing: spacing, justifyContent: justifyContent, alignItems: alignItems, children: children)
    }

    /// A flow with the same spacing between lines and between children, of the components the
    /// closure builds.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(spacing: spacing, justifyContent: justifyContent, alignItems: alignItems, children: content())
    }

    /// A flow with separate line and item spacing.
    public init(lineSpacing: CGFloat, interitemSpacing: CGFloat, justifyContent: MainAxisAlignment = .start,
                alignItems: CrossAxisAlignment = .start, children: [any Component]) {
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.children = children
    }

    /// A flow with separate line and item spacing, of the components the closure builds.
    public init(lineSpacing: CGFloat, interitemSpacing: CGFloat, justifyContent: MainAxisAlignment = .start,
                alignItems: CrossAxisAlignment = .start, @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(lineSpacing: lineSpacing, interitemSpacing: interitemSpacing, justifyContent: justifyContent,
                  alignItems: alignItems, children: content())
    }

    /// Fills lines greedily up to the constraint's width.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let lineSpacing = self.lineSpacing.isFinite ? max(0, self.lineSpacing) : 0
        let itemSpacing = interitemSpacing.isFinite ? max(0, interitemSpacing) : 0
        let maxWidth = constraint.maxSize.width
        let childConstraint = Constraint(maxSize: CGSize(width: maxWidth, height: .infinity))
        let nodes = children.map { layoutChild($0, childConstraint) }

        // Greedy lines: a child starts a new line when it would cross the width.
        var lines: [Range<Int>] = []
        var start = 0, lineWidth: CGFloat = 0
        for index in nodes.indices {
            let width = nodes[index].size.width
            if index > start, lineWidth + itemSpacing + width > maxWidth {
                lines.append(start..<index)
                start = index
                lineWidth = width
            } else {
                lineWidth += (index > start ? itemSpacing : 0) + width
            }
        }
        if start < nodes.count { lines.append(start..<nodes.count) }

        var positions = [CGPoint](repeating: .zero, count: nodes.count)
        var y: CGFloat = 0, widest: CGFloat = 0
        let scale = LayoutContext.displayScale
        for (lineIndex, line) in lines.enumerated() {
            let itemsWidth = line.reduce(CGFloat(0)) { $0 + nodes[$1].size.width } + itemSpacing * CGFloat(line.count - 1)
            let lineHeight = line.reduce(CGFloat(0)) { max($0, nodes[$1].size.height) }
            let available = maxWidth.isFinite ? max(maxWidth, itemsWidth) : itemsWidth
            let free = max(0, available - itemsWidth)
            var x: CGFloat = 0, gap = itemSpacing
            switch justifyContent {
            case .start: break
            case .end: x = free
            case .center: x = (free / 2).rounded(toScale: scale)
            case .spaceBetween: if line.count > 1 { gap += free / CGFloat(line.count - 1) }
            case .spaceAround:
                let share = free / CGFloat(line.count)
                x = share / 2
                gap += share
            case .spaceEvenly:
                let share = free / CGFloat(line.count + 1)
                x = share
                gap += share
            }
            let ascent = alignItems == .baseline ? line.reduce(CGFloat(0)) { max($0, nodes[$1].firstBaseline ?? nodes[$1].size.height) } : 0
            for index in line {
                let size = nodes[index].size
                let dy: CGFloat
                switch alignItems {
                case .start, .stretch: dy = 0
                case .center: dy = ((lineHeight - size.height) / 2).rounded(toScale: scale)
                case .end: dy = lineHeight - size.height
                case .baseline: dy = ascent - (nodes[index].firstBaseline ?? size.height)
                }
                positions[index] = CGPoint(x: x, y: y + dy)
                x += size.width + gap
            }
            widest = max(widest, itemsWidth)
            y += lineHeight + (lineIndex < lines.count - 1 ? lineSpacing : 0)
        }
        let width = justifyContent != .start && maxWidth.isFinite ? maxWidth : widest
        return SlowRenderNode(size: CGSize(width: width, height: y).bound(to: constraint), children: nodes, positions: positions)
    }
}
