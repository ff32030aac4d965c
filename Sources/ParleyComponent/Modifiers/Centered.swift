import Foundation
import ParleyUIKit

/// A component centred in all the room the constraint allows (along bounded axes).
public struct Centered<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content

    /// Lays out the content within the constraint, then centres it in the constraint's maximum.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let node = content.sanitizedLayout(Constraint(maxSize: constraint.maxSize))
        let size = CGSize(width: constraint.maxSize.width.isFinite ? constraint.maxSize.width : node.size.width,
                          height: constraint.maxSize.height.isFinite ? constraint.maxSize.height : node.size.height).bound(to: constraint)
        let scale = LayoutContext.displayScale
        let position = CGPoint(x: ((size.width - node.size.width) / 2).rounded(toScale: scale),
                               y: ((size.height - node.size.height) / 2).rounded(toScale: scale))
        return SlowRenderNode(size: size, children: [node], positions: [position])
    }
}

extension Component {
    /// Centres the component in the room its container gives it.
    public func centered() -> Centered<Self> {
        Centered(content: self)
    }
}
