import Foundation
import ParleyUIKit

/// A component with a badge pinned to one of its corners or edges; the badge does not change the
/// component's size and may hang over its edge.
public struct Badge<Content: Component, BadgeContent: Component>: Component {
    /// The decorated component.
    public let content: Content
    /// The badge.
    public let badge: BadgeContent
    /// Where the badge's centre goes horizontally: `.start`, `.center` or `.end` of the content.
    public let horizontalAlignment: CrossAxisAlignment
    /// Where the badge's centre goes vertically.
    public let verticalAlignment: CrossAxisAlignment
    /// A further shift of the badge.
    public let offset: CGPoint

    /// Lays out the content, then the badge at its natural size, centred on the chosen point.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let node = content.sanitizedLayout(constraint)
        let mark = badge.sanitizedLayout(Constraint())
        func anchor(_ alignment: CrossAxisAlignment, _ length: CGFloat) -> CGFloat {
            switch alignment {
            case .start, .baseline: return 0
            case .center, .stretch: return length / 2
            case .end: return length
            }
        }
        let scale = LayoutContext.displayScale
        let x = (anchor(horizontalAlignment, node.size.width) - mark.size.width / 2 + offset.x).rounded(toScale: scale)
        let y = (anchor(verticalAlignment, node.size.height) - mark.size.height / 2 + offset.y).rounded(toScale: scale)
        return SlowRenderNode(size: node.size, children: [node, mark], positions: [.zero, CGPoint(x: x, y: y)])
    }
}

extension Component {
    /// Pins `badge` (centred) to a point of the component: its top-right corner by default.
    public func badge<B: Component>(_ badge: B, verticalAlignment: CrossAxisAlignment = .start,
                                    horizontalAlignment: CrossAxisAlignment = .end, offset: CGPoint = .zero) -> Badge<Self, B> {
        Badge(content: self, badge: badge, horizontalAlignment: horizontalAlignment, verticalAlignment: verticalAlignment, offset: offset)
    }
}
