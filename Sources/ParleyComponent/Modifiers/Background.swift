import Foundation
import ParleyUIKit

/// A component drawn over another, the background laid out at exactly the content's size.
public struct Background<Content: Component, BackgroundContent: Component>: Component {
    /// The component in front.
    public let content: Content
    /// The component behind, sized to the content.
    public let background: BackgroundContent

    /// Lays out the content, then the background at the content's size.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let node = content.sanitizedLayout(constraint)
        let behind = background.sanitizedLayout(Constraint(tightSize: node.size))
        return SlowRenderNode(size: node.size, children: [behind, node], positions: [.zero, .zero])
    }
}

extension Component {
    /// Puts `background` behind the component, at the component's size.
    public func background<B: Component>(_ background: B) -> Background<Self, B> {
        Background(content: self, background: background)
    }

    /// Puts the built component behind this one, at its size.
    public func background(@ComponentArrayBuilder _ background: () -> [any Component]) -> Background<Self, ZStack> {
        Background(content: self, background: ZStack(horizontalAlignment: .stretch, verticalAlignment: .stretch, children: background()))
    }

    /// Puts a (rounded) rectangle of `color` behind the component.
    public func background(_ color: UIColor, cornerRadius: CGFloat = 0) -> Background<Self, ColorBox> {
        Background(content: self, background: ColorBox(color, cornerRadius: cornerRadius))
    }
}
