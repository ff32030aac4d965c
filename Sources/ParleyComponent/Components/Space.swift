import Foundation
import ParleyUIKit

/// Empty space of a fixed size; it has no view.
public struct Space: Component {
    /// The size.
    public var size: CGSize

    /// Space `width` wide and `height` tall.
    public init(width: CGFloat = 0, height: CGFloat = 0) {
        size = CGSize(width: width, height: height)
    }

    /// Space of `size`.
    public init(size: CGSize) {
        self.size = size
    }

    /// The size, within the constraint.
    public func layout(_ constraint: Constraint) -> SpaceRenderNode {
        SpaceRenderNode(size: SizeSanitizer.isWellFormed(size) ? size.bound(to: constraint) : SizeSanitizer.clamp(size, within: constraint))
    }
}

/// The render node of empty space: a size and nothing to draw.
public struct SpaceRenderNode: RenderNode {
    /// The size.
    public let size: CGSize

    /// A node of `size`.
    public init(size: CGSize) { self.size = size }

    /// Space has no view.
    public var shouldRenderView: Bool { false }
}
