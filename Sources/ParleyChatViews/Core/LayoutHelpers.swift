import Foundation
import ParleyComponent
import ParleyUIKit

/// A component laid out no wider than ``maxWidth`` (SwiftUI's `.frame(maxWidth:)`): text inside
/// wraps at that width even in a horizontal stack, which measures its children unbounded.
public struct MaxWidth<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    /// The widest the content may be.
    public let maxWidth: CGFloat

    /// Lays out the content within the constraint, narrowed to ``maxWidth``.
    public func layout(_ constraint: Constraint) -> Content.R {
        let limit = maxWidth.isFinite ? max(0, maxWidth) : constraint.maxSize.width
        let width = min(constraint.maxSize.width, limit)
        return content.layout(Constraint(minSize: CGSize(width: min(constraint.minSize.width, width), height: constraint.minSize.height),
                                         maxSize: CGSize(width: width, height: constraint.maxSize.height)))
    }
}

/// Any component, behind one type: for slots whose branches build different components.
public struct AnyComponent: Component {
    /// The wrapped component.
    public let base: any Component

    /// Wraps `base`.
    public init(_ base: any Component) { self.base = base }

    /// Lays out the wrapped component (one container node around its node).
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let node = base.layout(constraint)
        return SlowRenderNode(size: node.size, children: [node], positions: [.zero])
    }
}

extension Component {
    /// Lays the component out no wider than `maxWidth` points.
    public func frame(maxWidth: CGFloat) -> MaxWidth<Self> {
        MaxWidth(content: self, maxWidth: maxWidth)
    }

    /// The component behind ``AnyComponent``.
    public func eraseToAnyComponent() -> AnyComponent { AnyComponent(self) }
}
