import Foundation
import ParleyUIKit

/// The one stack algorithm behind `VStack` and `HStack`.
///
/// Each child is laid out at most three times, and only when it asks for it: once with an
/// unbounded main axis; again if it is flexible and there is room to share or a shortfall to
/// absorb; again if it stretches across an unbounded cross axis. Rigid children in a list are
/// laid out exactly once.
@MainActor
struct StackLayout {
    let axis: LayoutAxis
    let spacing: CGFloat
    let justifyContent: MainAxisAlignment
    let alignItems: CrossAxisAlignment

    struct Result {
        var size: CGSize
        var nodes: [any RenderNode]
        var positions: [CGPoint]
        var mainAxisMaxValue: CGFloat
        var shiftRule: StackShiftRule?
    }

    func layout(_ children: [any Component], _ constraint: Constraint) -> Result {
        let count = children.count
        guard count > 0 else {
            return Result(size: CGSize.zero.bound(to: constraint), nodes: [], positions: [], mainAxisMaxValue: 0, shiftRule: StackShiftRule(alignItems: alignItems))
        }
        let spacing = self.spacing.isFinite ? max(0, self.spacing) : 0
        let crossMax = axis.cross(constraint.maxSize), crossMin = axis.cross(constraint.minSize)
        let mainMax = axis.main(constraint.maxSize), mainMin = axis.main(constraint.minSize)

        // Flex information, gathered only when some child is flexible (lists rarely are).
        var flex: [FlexibleChild?] = []
        var growTotal: CGFloat = 0, shrinkTotal: CGFloat = 0
        var hasAlignSelf = false
        func alignment(_ index: Int) -> CrossAxisAlignment {
            flex.isEmpty ? alignItems : (flex[index]?.alignSelf ?? alignItems)
        }

        var nodes: [any RenderNode] = []
        nodes.reserveCapacity(count)
        var mainTotal = spacing * CGFloat(count - 1)
        // The rows of a list share one type: remember the last type's answer instead of asking the
        // runtime about every row.
        var lastType: ObjectIdentifier?
        var lastTypeIsFlexible = false
        for index in 0..<count {
            let child = children[index]
            let childType = ObjectIdentifier(type(of: child))
            if childType != lastType {
                lastType = childType
                lastTypeIsFlexible = type(of: child) is any FlexibleChild.Type || type(of: child) is any FlexibilityForwarding.Type
            }
            // Casting the value itself would copy it: only flexible children are cast.
            if lastTypeIsFlexible, let flexible = FlexibleLookup.flexible(child) {
                if flex.isEmpty { flex = Array(repeating: nil, count: count) }
                flex[index] = flexible
                growTotal += flexible.flexGrow
                shrinkTotal += flexible.flexShrink
                hasAlignSelf = hasAlignSelf || flexible.alignSelf != nil
            }
            let node = layoutChild(child, childConstraint(alignment(index), crossMax: crossMax))
            mainTotal += axis.main(node.size)
            nodes.append(node)
        }

        // Share spare room among growing children, or a shortfall among shrinking ones.
        var flexed: Set<Int> = []
        if mainMax.isFinite, growTotal > 0, mainTotal < mainMax {
            let extra = mainMax - mainTotal
            for index in 0..<count {
                guard let f = flex[index], f.flexGrow > 0 else { continue }
                let length = axis.main(nodes[index].size) + extra * f.flexGrow / growTotal
                nodes[index] = layoutChild(children[index], tightMain(length, alignment(index), crossMax: crossMax))
                flexed.insert(index)
            }
        } else if mainMax.isFinite, shrinkTotal > 0, mainTotal > mainMax {
            let over = mainTotal - mainMax
            for index in 0..<count {
                guard let f = flex[index], f.flexShrink > 0 else { continue }
                let length = max(0, axis.main(nodes[index].size) - over * f.flexShrink / shrinkTotal)
                let stretch = alignment(index) == .stretch && crossMax.isFinite
                let c = Constraint(minSize: axis.size(main: 0, cross: stretch ? crossMax : 0), maxSize: axis.size(main: length, cross: crossMax))
                nodes[index] = layoutChild(children[index], c)
                flexed.insert(index)
            }
        }
        // Text in a row that overflows wraps, as SwiftUI's `HStack { Text(long); Spacer() }` does:
        // with no explicit shrink factors, the overflow comes out of the text children (and
        // columns of text) in proportion to their widths.
        if axis == .horizontal, mainMax.isFinite, shrinkTotal == 0, flexed.isEmpty, mainTotal > mainMax {
            let texts = (0..<count).filter { FlexibleLookup.isText(children[$0]) }
            let textWidth = texts.reduce(CGFloat(0)) { $0 + axis.main(nodes[$1].size) }
            if textWidth > 0 {
                let over = mainTotal - mainMax
                for index in texts {
                    let width = axis.main(nodes[index].size)
                    let length = max(0, width - over * width / textWidth)
                    let stretch = alignment(index) == .stretch && crossMax.isFinite
                    let c = Constraint(minSize: axis.size(main: 0, cross: stretch ? crossMax : 0), maxSize: axis.size(main: length, cross: crossMax))
                    nodes[index] = layoutChild(children[index], c)
                    flexed.insert(index)
                }
            }
        }
        if !flexed.isEmpty {
            mainTotal = spacing * CGFloat(count - 1)
            for node in nodes { mainTotal += axis.main(node.size) }
        }

        var crossSize = crossMin
        for node in nodes { crossSize = max(crossSize, axis.cross(node.size)) }

        // Stretching across an unbounded cross axis: now that the widest child is known.
        if !crossMax.isFinite {
            for index in 0..<count where alignment(index) == .stretch && axis.cross(nodes[index].size) < crossSize {
                let mainLength = axis.main(nodes[index].size)
                let c = flexed.contains(index)
                    ? Constraint(tightSize: axis.size(main: mainLength, cross: crossSize))
                    : Constraint(minSize: axis.size(main: 0, cross: crossSize), maxSize: axis.size(main: .infinity, cross: crossSize))
                let old = mainLength
                nodes[index] = layoutChild(children[index], c)
                mainTotal += axis.main(nodes[index].size) - old
            }
        }

        // Baselines share a line in a horizontal stack.
        var baselineOffsets: [CGFloat] = []
        if axis == .horizontal, alignItems == .baseline || hasAlignSelf {
            var maxAscent: CGFloat = 0
            var ascents = [CGFloat](repeating: 0, count: count)
            for index in 0..<count where alignment(index) == .baseline {
                ascents[index] = nodes[index].firstBaseline ?? nodes[index].size.height
                maxAscent = max(maxAscent, ascents[index])
            }
            baselineOffsets = [CGFloat](repeating: 0, count: count)
            for index in 0..<count where alignment(index) == .baseline {
                baselineOffsets[index] = (maxAscent - ascents[index]).rounded(toScale: LayoutContext.displayScale)
                crossSize = max(crossSize, baselineOffsets[index] + nodes[index].size.height)
            }
        }

        // Distribute along the main axis.
        let content = mainTotal
        var mainSize = max(content, mainMin)
        if justifyContent != .start, mainMax.isFinite { mainSize = max(mainSize, mainMax) }
        let free = max(0, mainSize - content)
        var offset: CGFloat = 0
        var gap = spacing
        switch justifyContent {
        case .start: break
        case .end: offset = free
        case .center: offset = (free / 2).rounded(toScale: LayoutContext.displayScale)
        case .spaceBetween: if count > 1 { gap += free / CGFloat(count - 1) }
        case .spaceAround:
            let share = free / CGFloat(count)
            offset = share / 2
            gap += share
        case .spaceEvenly:
            let share = free / CGFloat(count + 1)
            offset = share
            gap += share
        }

        var positions: [CGPoint] = []
        positions.reserveCapacity(count)
        var mainAxisMaxValue: CGFloat = 0
        var cursor = offset
        let scale = LayoutContext.displayScale
        for index in 0..<count {
            let size = nodes[index].size
            let crossLength = axis.cross(size)
            let crossPosition: CGFloat
            switch alignment(index) {
            case .start, .stretch: crossPosition = 0
            case .end: crossPosition = crossSize - crossLength
            case .center: crossPosition = ((crossSize - crossLength) / 2).rounded(toScale: scale)
            case .baseline: crossPosition = baselineOffsets.isEmpty ? 0 : baselineOffsets[index]
            }
            positions.append(axis.point(main: cursor, cross: crossPosition))
            let mainLength = axis.main(size)
            mainAxisMaxValue = max(mainAxisMaxValue, mainLength)
            cursor += mainLength + gap
        }

        let size = axis.size(main: mainSize, cross: crossSize)
        let bounded = size.bound(to: constraint)
        // In-place edits (lazy rows measured later) only when the stack simply packs its children.
        let shiftable = justifyContent == .start && flex.isEmpty && mainMin <= content && bounded == size
        return Result(size: bounded, nodes: nodes, positions: positions, mainAxisMaxValue: mainAxisMaxValue,
                      shiftRule: StackShiftRule(alignItems: alignItems, packs: shiftable))
    }

    private func childConstraint(_ alignment: CrossAxisAlignment, crossMax: CGFloat) -> Constraint {
        let stretch = alignment == .stretch && crossMax.isFinite
        return Constraint(minSize: axis.size(main: 0, cross: stretch ? crossMax : 0),
                          maxSize: axis.size(main: .infinity, cross: crossMax))
    }

    private func tightMain(_ length: CGFloat, _ alignment: CrossAxisAlignment, crossMax: CGFloat) -> Constraint {
        let stretch = alignment == .stretch && crossMax.isFinite
        return Constraint(minSize: axis.size(main: length, cross: stretch ? crossMax : 0),
                          maxSize: axis.size(main: length, cross: crossMax))
    }
}
