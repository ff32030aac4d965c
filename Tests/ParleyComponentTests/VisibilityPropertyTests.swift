import Foundation
@testable import ParleyComponent
import ParleyTesting
import ParleyUIKit
import Testing

/// Binary-search visibility must agree with a linear scan, for any layout that keeps the stack
/// invariant (children sorted along the axis, `mainAxisMaxValue` ≥ every child's length).
@MainActor
@Suite struct VisibilityPropertyTests {
    func randomChildren(_ count: Int, vertical: Bool, using rng: inout SeededGenerator) -> ([any RenderNode], [CGPoint], CGFloat) {
        var nodes: [any RenderNode] = []
        var positions: [CGPoint] = []
        var main: CGFloat = CGFloat(Int.random(in: -50...50, using: &rng))
        var maxMain: CGFloat = 0
        for _ in 0..<count {
            // Zero sizes, overlaps (negative steps are not allowed: sorted) and gaps all occur.
            let length = CGFloat(Int.random(in: 0...80, using: &rng))
            let crossLength = CGFloat(Int.random(in: 0...60, using: &rng))
            let cross = CGFloat(Int.random(in: -20...100, using: &rng))
            nodes.append(SpaceRenderNode(size: vertical ? CGSize(width: crossLength, height: length) : CGSize(width: length, height: crossLength)))
            positions.append(vertical ? CGPoint(x: cross, y: main) : CGPoint(x: main, y: cross))
            maxMain = max(maxMain, length)
            main += CGFloat(Int.random(in: 0...60, using: &rng))
        }
        return (nodes, positions, maxMain)
    }

    func randomFrame(using rng: inout SeededGenerator) -> CGRect {
        CGRect(x: CGFloat(Int.random(in: -100...200, using: &rng)), y: CGFloat(Int.random(in: -100...6000, using: &rng)),
               width: CGFloat(Int.random(in: 0...300, using: &rng)), height: CGFloat(Int.random(in: 0...900, using: &rng)))
    }

    @Test(arguments: [true, false])
    func stackNodeMatchesLinearScan(vertical: Bool) {
        var rng = SeededGenerator(seed: vertical ? 1 : 2)
        for _ in 0..<300 {
            let (nodes, positions, maxMain) = randomChildren(Int.random(in: 0...250, using: &rng), vertical: vertical, using: &rng)
            let size = CGSize(width: 400, height: 8000)
            let slow = SlowRenderNode(size: size, children: nodes, positions: positions)
            let fast: any RenderNode = vertical
                ? VerticalRenderNode(size: size, children: nodes, positions: positions, mainAxisMaxValue: maxMain)
                : HorizontalRenderNode(size: size, children: nodes, positions: positions, mainAxisMaxValue: maxMain)
            for _ in 0..<20 {
                var frame = randomFrame(using: &rng)
                if !vertical { frame = CGRect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) }
                #expect(fast.visibleIndexes(in: frame) == slow.visibleIndexes(in: frame), "frame \(frame)")
            }
        }
    }

    @Test func vstackLayoutMatchesLinearScan() {
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<50 {
            let children: [any Component] = (0..<Int.random(in: 1...200, using: &rng)).map { _ in
                Space(width: CGFloat(Int.random(in: 0...300, using: &rng)), height: CGFloat(Int.random(in: 0...90, using: &rng)))
            }
            let alignment: CrossAxisAlignment = [.start, .center, .end].randomElement(using: &rng) ?? .start
            let node = VStack(spacing: CGFloat(Int.random(in: 0...8, using: &rng)), alignItems: alignment, children: children)
                .layout(Constraint(maxSize: CGSize(width: 320, height: unbounded)))
            let slow = SlowRenderNode(size: node.size, children: node.children, positions: node.positions)
            for _ in 0..<20 {
                let frame = randomFrame(using: &rng)
                #expect(node.visibleIndexes(in: frame) == slow.visibleIndexes(in: frame))
            }
        }
    }

    /// The views a component view shows are exactly the leaves whose frames (and ancestors'
    /// frames) intersect the viewport, for random nested stacks.
    @Test func componentViewShowsExactlyTheIntersectingLeaves() {
        var rng = SeededGenerator(seed: 4)
        for trial in 0..<30 {
            var rows: [any Component] = []
            for row in 0..<Int.random(in: 1...120, using: &rng) {
                let cells: [any Component] = (0..<Int.random(in: 1...4, using: &rng)).map { cell in
                    ColorBox(.systemGray).size(width: CGFloat(Int.random(in: 1...90, using: &rng)), height: CGFloat(Int.random(in: 1...70, using: &rng)))
                        .id("c\(trial)-\(row)-\(cell)")
                }
                rows.append(HStack(spacing: 2, alignItems: .center, children: cells))
            }
            let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let component = VStack(spacing: CGFloat(Int.random(in: 0...6, using: &rng)), children: rows)
            view.component = component
            view.layoutIfNeeded()
            let root = view.renderNode
            for _ in 0..<10 {
                let maxY = max(0, view.contentSize.height - 480)
                view.contentOffset = CGPoint(x: 0, y: CGFloat(Int.random(in: 0...Int(maxY), using: &rng)))
                view.layoutIfNeeded()
                var expected: [String] = []
                func walk(_ node: any RenderNode, _ origin: CGPoint) {
                    for (child, position) in zip(node.children, node.positions) {
                        let frame = CGRect(origin: CGPoint(x: origin.x + position.x, y: origin.y + position.y), size: child.size)
                        guard RenderGeometry.overlaps(frame, view.bounds) else { continue }
                        if let id = child.id { expected.append(id) } else { walk(child, frame.origin) }
                    }
                }
                if let root { walk(root, .zero) }
                #expect(view.visibleIDs == expected)
            }
        }
    }
}
