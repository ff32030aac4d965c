import Foundation
import ParleyUIKit

/// A component with another drawn over it, the overlay laid out at exactly the content's size.
public struct Overlay<Content: Component, OverlayContent: Component>: Component {
    /// The component behind.
    public let content: Content
    /// The component in front, sized to the content.
    public let overlay: OverlayContent

    /// Lays out the content, then the overlay at the content's size.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let node = content.sanitizedLayout(constraint)
        let front = overlay.sanitizedLayout(Constraint(tightSize: node.size))
        return SlowRenderNode(size: node.size, children: [node, front], positions: [.zero, .zero])
    }
}

extension Component {
    /// Draws `overlay` over the component, at the component's size.
    public func overlay<O: Component>(_ overlay: O) -> Overlay<Self, O> {
        Overlay(content: self, overlay: overlay)
    }

    /// Draws the built component over this one, at its size.
    public func overlay(@ComponentArrayBuilder _ overlay: () -> [any Component]) -> Overlay<Self, ZStack> {
        Overlay(content: self, overlay: ZStack(horizontalAlignment: .stretch, verticalAlignment: .stretch, children: overlay()))
    }
}
