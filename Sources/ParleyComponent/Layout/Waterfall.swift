import Foundation
import ParleyUIKit

/// Lays children out in columns of equal width, each child going to the shortest column (a
/// masonry grid of photos or cards).
///
/// Its render node is a ``VerticalRenderNode``: each child starts where the shortest column
/// ended, and the shortest column never gets shorter, so children come sorted by y.
public struct Waterfall: Component {
    /// How many columns.
    public var columns: Int
    /// Space between columns and between children in a column.
    public var spacing: CGFloat
    /// The children, in placement order.
    public var children: [any Component]

    /// A waterfall of `children` in `columns` columns.
    public init(columns: Int = 2, spacing: CGFloat = 0, children: [any Component]) {
        self.columns = columns
        self.spacing = spacing
        self.children = children
    }

    /// A waterfall of the components the closure builds.
    public init(columns: Int = 2, spacing: CGFloat = 0, @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(columns: columns, spacing: spacing, children: content())
    }

    /// Places each child in the shortest column.
    public func layout(_ constraint: Constraint) -> VerticalRenderNode {
        let columns = max(1, self.columns)
        let spacing = self.spacing.isFinite ? max(0, self.spacing) : 0
        let total = constraint.maxSize.width
        var columnWidth: CGFloat
        var nodes: [any RenderNode]
        if total.isFinite {
            columnWidth = max(0, (total - spacing * CGFloat(columns - 1)) / CGFloat(columns))
            let c = Constraint(minSize: CGSize(width: columnWidth, height: 0), maxSize: CGSize(width: columnWidth, height: .infinity))
            nodes = children.map { layoutChild($0, c) }
        } else {
            // No width to divide: columns as wide as the widest child.
            nodes = children.map { layoutChild($0, Constraint()) }
            columnWidth = nodes.reduce(0) { max($0, $1.size.width) }
        }
        var heights = [CGFloat](repeating: 0, count: columns)
        var positions: [CGPoint] = []
        positions.reserveCapacity(nodes.count)
        var tallest: CGFloat = 0
        for node in nodes {
            var shortest = 0
            for column in 1..<columns where heights[column] < heights[shortest] { shortest = column }
            positions.append(CGPoint(x: CGFloat(shortest) * (columnWidth + spacing), y: heights[shortest]))
            heights[shortest] += node.size.height + spacing
            tallest = max(tallest, node.size.height)
        }
        let height = max(0, (heights.max() ?? 0) - (nodes.isEmpty ? 0 : spacing))
        let width = columnWidth * CGFloat(columns) + spacing * CGFloat(columns - 1)
        return VerticalRenderNode(size: CGSize(width: width, height: height).bound(to: constraint), children: nodes,
                                  positions: positions, mainAxisMaxValue: tallest, shiftRule: nil)
    }
}
