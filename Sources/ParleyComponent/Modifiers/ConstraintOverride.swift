import Foundation
import ParleyUIKit

/// A component laid out in a constraint derived from the one it is given: what `constraint(_:)`,
/// `minSize(width:height:)` and `maxSize(width:height:)` return (UIComponent's
/// `ConstraintOverrideComponent`).
///
/// The result's size lies within the derived constraint, so a raised minimum makes the component
/// at least that large even when its content is smaller.
public struct ConstraintOverride<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    let transform: @MainActor (Constraint) -> Constraint

    /// Lays the content out in the derived constraint.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        // `Constraint.init` cleans whatever the transform produced (NaN, negative, min > max).
        let derived = transform(constraint)
        let inner = Constraint(minSize: derived.minSize, maxSize: derived.maxSize)
        let node = content.sanitizedLayout(inner)
        let size = node.size.bound(to: inner)
        return WrapperRenderNode(content: node, sizeOverride: size == node.size ? nil : size)
    }
}

extension Component {
    /// Lays the component out in `constraint`, whatever constraint its container gives (with
    /// ``ConstraintReader``, hands an outer constraint to a child of an unbounded container).
    public func constraint(_ constraint: Constraint) -> ConstraintOverride<Self> {
        ConstraintOverride(content: self) { _ in constraint }
    }

    /// Lays the component out in the constraint `transform` derives from its container's.
    public func constraint(_ transform: @escaping @MainActor (Constraint) -> Constraint) -> ConstraintOverride<Self> {
        ConstraintOverride(content: self, transform: transform)
    }

    /// Makes the component at least `width` × `height` (each only raises the container's
    /// minimum, never above its maximum; NaN leaves that axis alone).
    public func minSize(width: CGFloat = -.infinity, height: CGFloat = -.infinity) -> ConstraintOverride<Self> {
        ConstraintOverride(content: self) { c in
            Constraint(minSize: CGSize(width: width.isNaN ? c.minSize.width : max(width, c.minSize.width),
                                       height: height.isNaN ? c.minSize.height : max(height, c.minSize.height)),
                       maxSize: c.maxSize)
        }
    }

    /// Makes the component at most `width` × `height` (each only lowers the container's maximum;
    /// NaN leaves that axis alone).
    public func maxSize(width: CGFloat = .infinity, height: CGFloat = .infinity) -> ConstraintOverride<Self> {
        ConstraintOverride(content: self) { c in
            Constraint(minSize: c.minSize,
                       maxSize: CGSize(width: width.isNaN ? c.maxSize.width : min(width, c.maxSize.width),
                                       height: height.isNaN ? c.maxSize.height : min(height, c.maxSize.height)))
        }
    }

    /// Lays the component out with no limit on its width (its minimum stays), as inside a
    /// horizontal scroll.
    public func unboundedWidth() -> ConstraintOverride<Self> {
        ConstraintOverride(content: self) { c in
            Constraint(minSize: c.minSize, maxSize: CGSize(width: .infinity, height: c.maxSize.height))
        }
    }

    /// Lays the component out with no limit on its height (its minimum stays).
    public func unboundedHeight() -> ConstraintOverride<Self> {
        ConstraintOverride(content: self) { c in
            Constraint(minSize: c.minSize, maxSize: CGSize(width: c.maxSize.width, height: .infinity))
        }
    }
}
