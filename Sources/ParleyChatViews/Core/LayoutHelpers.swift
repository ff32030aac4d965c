import Foundation
import ParleyComponent
import ParleySwiftUI
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

extension Component {
    /// Lays the component out no wider than `maxWidth` points.
    public func frame(maxWidth: CGFloat) -> MaxWidth<Self> {
        MaxWidth(content: self, maxWidth: maxWidth)
    }
}
