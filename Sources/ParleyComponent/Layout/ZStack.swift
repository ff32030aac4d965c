import Foundation
import ParleyUIKit

/// Lays children on top of each other (later children above), aligned within the largest.
public struct ZStack: Component {
    /// Horizontal placement of smaller children (`.stretch` widens them to the stack).
    public var horizontalAlignment: CrossAxisAlignment
    /// Vertical placement of smaller children (`.stretch` heightens them to the stack).
    public var verticalAlignment: CrossAxisAlignment
    /// The children, back to front.
    public var children: [any Component]

    /// A stack of overlapping `children`.
    public init(horizontalAlignment: CrossAxisAlignment = .center, verticalAlignment: CrossAxisAlignment = .center,
                children: [any Component]) {
        self.horizontalAlignment = horizontalAlignment
        self.verticalAlignment = verticalAlignment
        self.children = children
    }

    /// A stack of the overlapping components the closure builds.
    public init(horizontalAlignment: CrossAxisAlignment = .center, verticalAlignment: CrossAxisAlignment = .center,
                @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(horizontalAlignment: horizontalAlignment, verticalAlignment: verticalAlignment, children: content())
    }

    /// Lays out every child within `constraint`, then aligns them in the union of their sizes.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        var nodes = children.map { layoutChild($0, Constraint(maxSize: constraint.maxSize)) }
        var size = constraint.minSize
        for node in nodes {
            size.width = max(size.width, node.size.width)
            size.height = max(size.height, node.size.height)
        }
        size = size.bound(to: constraint)
        if horizontalAlignment == .stretch || verticalAlignment == .stretch {
            for index in nodes.indices {
                var minimum = CGSize.zero
                if horizontalAlignment == .stretch { minimum.width = size.width }
                if verticalAlignment == .stretch { minimum.height = size.height }
                if nodes[index].size.width < minimum.width || nodes[index].size.height < minimum.height {
                    nodes[index] = layoutChild(children[index], Constraint(minSize: minimum, maxSize: size))
                }
            }
        }
        let scale = LayoutContext.displayScale
        func place(_ length: CGFloat, in available: CGFloat, _ alignment: CrossAxisAlignment) -> CGFloat {
            switch alignment {
            case .start, .stretch, .baseline: return 0
            case .center: return ((available - length) / 2).rounded(toScale: scale)
            case .end: return available - length
            }
        }
        let positions = nodes.map {
            CGPoint(x: place($0.size.width, in: size.width, horizontalAlignment), y: place($0.size.height, in: size.height, verticalAlignment))
        }
        return SlowRenderNode(size: size, children: nodes, positions: positions)
    }
}
