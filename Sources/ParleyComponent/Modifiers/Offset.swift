import Foundation
import ParleyUIKit

/// A component drawn shifted from where the layout puts it; its size and its neighbours do not
/// change.
public struct Offset<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    /// The shift.
    public let offset: CGPoint

    /// Lays out the content and shifts its position.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let node = content.sanitizedLayout(constraint)
        let shift = CGPoint(x: offset.x.isFinite ? offset.x : 0, y: offset.y.isFinite ? offset.y : 0)
        return SlowRenderNode(size: node.size, children: [node], positions: [shift])
    }
}

extension Component {
    /// Draws the component shifted by `offset`.
    public func offset(_ offset: CGPoint) -> Offset<Self> {
        Offset(content: self, offset: offset)
    }

    /// Draws the component shifted by `x` and `y`.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Offset<Self> {
        Offset(content: self, offset: CGPoint(x: x, y: y))
    }
}
