import Foundation
import ParleyUIKit

/// Lays children out in lines left to right, wrapping to a new line when the next child does not
/// fit the width (tags, reactions, chips). UIComponent calls it ``FlexRow``; ``FlexColumn`` is the
/// same layout turned on its side.
public struct Flow: Component {
    /// Space between lines.
    public var lineSpacing: CGFloat
    /// Space between children on a line.
    public var interitemSpacing: CGFloat
    /// Where each line's children go when the line has spare room.
    public var justifyContent: MainAxisAlignment
    /// How children sit within their line's height.
    public var alignItems: CrossAxisAlignment
    /// Where the lines go when the height allows more than they need (a bounded height only).
    public var alignContent: MainAxisAlignment
    /// The children, in reading order.
    public var children: [any Component]

    /// A flow with the same spacing between lines and between children.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                alignContent: MainAxisAlignment = .start, children: [any Component]) {
        self.init(lineSpacing: spacing, interitemSpacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                  alignContent: alignContent, children: children)
    }

    /// A flow with the same spacing between lines and between children, of the components the
    /// closure builds.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                alignContent: MainAxisAlignment = .start, @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(spacing: spacing, justifyContent: justifyContent, alignItems: alignItems, alignContent: alignContent, children: content())
    }

    /// A flow with separate line and item spacing.
    public init(lineSpacing: CGFloat, interitemSpacing: CGFloat, justifyContent: MainAxisAlignment = .start,
                alignItems: CrossAxisAlignment = .start, alignContent: MainAxisAlignment = .start, children: [any Component]) {
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alignContent = alignContent
        self.children = children
    }

    /// A flow with separate line and item spacing, of the components the closure builds.
    public init(lineSpacing: CGFloat, interitemSpacing: CGFloat, justifyContent: MainAxisAlignment = .start,
                alignItems: CrossAxisAlignment = .start, alignContent: MainAxisAlignment = .start,
                @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(lineSpacing: lineSpacing, interitemSpacing: interitemSpacing, justifyContent: justifyContent,
                  alignItems: alignItems, alignContent: alignContent, children: content())
    }

    /// Fills lines greedily up to the constraint's width.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        WrappingLayout(axis: .horizontal, lineSpacing: lineSpacing, interitemSpacing: interitemSpacing,
                       justifyContent: justifyContent, alignItems: alignItems, alignContent: alignContent)
            .layout(children, constraint)
    }
}

/// UIComponent's name for ``Flow``: children in rows that wrap at the width.
public typealias FlexRow = Flow

/// The one wrapping algorithm behind ``Flow`` (``FlexRow``) and ``FlexColumn``: lines along
/// `axis`, filled greedily up to the constraint's length along it, stacked across it.
@MainActor
struct WrappingLayout {
    let axis: LayoutAxis
    let lineSpacing: CGFloat
    let interitemSpacing: CGFloat
    let justifyContent: MainAxisAlignment
    let alignItems: CrossAxisAlignment
    let alignContent: MainAxisAlignment

    func layout(_ children: [any Component], _ constraint: Constraint) -> SlowRenderNode {
        let lineSpacing = self.lineSpacing.isFinite ? max(0, self.lineSpacing) : 0
        let itemSpacing = interitemSpacing.isFinite ? max(0, interitemSpacing) : 0
        let mainMax = axis.main(constraint.maxSize), crossMax = axis.cross(constraint.maxSize)
        // A child may be as long as a whole line (longer text wraps inside it), and as thick as it likes.
        let childConstraint = Constraint(maxSize: axis.size(main: mainMax, cross: .infinity))
        let nodes = children.map { layoutChild($0, childConstraint) }

        // Greedy lines: a child starts a new line when it would cross the line's length.
        var lines: [Range<Int>] = []
        var start = 0, lineLength: CGFloat = 0
        for index in nodes.indices {
            let length = axis.main(nodes[index].size)
            if index > start, lineLength + itemSpacing + length > mainMax {
                lines.append(start..<index)
                start = index
                lineLength = length
            } else {
                lineLength += (index > start ? itemSpacing : 0) + length
            }
        }
        if start < nodes.count { lines.append(start..<nodes.count) }

        let thicknesses = lines.map { line in line.reduce(CGFloat(0)) { max($0, axis.cross(nodes[$1].size)) } }
        let linesTotal = thicknesses.reduce(0, +) + lineSpacing * CGFloat(max(0, lines.count - 1))
        // Lines spread across a bounded cross axis only when asked to (UIComponent's alignContent).
        let crossLength = alignContent != .start && crossMax.isFinite ? max(crossMax, linesTotal) : linesTotal
        let scale = LayoutContext.displayScale
        let (firstLine, lineGap) = Self.distribute(free: crossLength - linesTotal, count: lines.count, spacing: lineSpacing,
                                                   alignment: alignContent, scale: scale)

        var positions = [CGPoint](repeating: .zero, count: nodes.count)
        var cross = firstLine, longest: CGFloat = 0
        // Baselines are horizontal: a column's lines align `.baseline` children at their start.
        let baseline = alignItems == .baseline && axis == .horizontal
        for (lineIndex, line) in lines.enumerated() {
            let itemsLength = line.reduce(CGFloat(0)) { $0 + axis.main(nodes[$1].size) } + itemSpacing * CGFloat(line.count - 1)
            let thickness = thicknesses[lineIndex]
            let available = mainMax.isFinite ? max(mainMax, itemsLength) : itemsLength
            let (lineStart, gap) = Self.distribute(free: available - itemsLength, count: line.count, spacing: itemSpacing,
                                              alignment: justifyContent, scale: scale)
            var main = lineStart
            let ascent = baseline ? line.reduce(CGFloat(0)) { max($0, nodes[$1].firstBaseline ?? nodes[$1].size.height) } : 0
            for index in line {
                let size = nodes[index].size
                let offset: CGFloat
                switch alignItems {
                case .start, .stretch: offset = 0
                case .center: offset = ((thickness - axis.cross(size)) / 2).rounded(toScale: scale)
                case .end: offset = thickness - axis.cross(size)
                case .baseline: offset = baseline ? ascent - (nodes[index].firstBaseline ?? size.height) : 0
                }
                positions[index] = axis.point(main: main, cross: cross + offset)
                main += axis.main(size) + gap
            }
            longest = max(longest, itemsLength)
            cross += thickness + (lineIndex < lines.count - 1 ? lineGap : 0)
        }
        let mainLength = justifyContent != .start && mainMax.isFinite ? mainMax : longest
        return SlowRenderNode(size: axis.size(main: mainLength, cross: crossLength).bound(to: constraint),
                              children: nodes, positions: positions)
    }

    /// Where the first of `count` items goes and the gap after each, for `free` spare length.
    static func distribute(free: CGFloat, count: Int, spacing: CGFloat, alignment: MainAxisAlignment,
                           scale: CGFloat) -> (start: CGFloat, gap: CGFloat) {
        let free = max(0, free)
        guard count > 0 else { return (0, spacing) }
        switch alignment {
        case .start: return (0, spacing)
        case .end: return (free, spacing)
        case .center: return ((free / 2).rounded(toScale: scale), spacing)
        case .spaceBetween: return (0, count > 1 ? spacing + free / CGFloat(count - 1) : spacing)
        case .spaceAround:
            let share = free / CGFloat(count)
            return (share / 2, spacing + share)
        case .spaceEvenly:
            let share = free / CGFloat(count + 1)
            return (share, spacing + share)
        }
    }
}
