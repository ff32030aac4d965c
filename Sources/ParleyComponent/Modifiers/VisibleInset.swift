import Foundation
import ParleyUIKit

/// A component whose descendants count as visible within a frame grown (negative insets) or
/// shrunk (positive insets) from the real one (UIComponent's `VisibleFrameInsets`): views of
/// rows just off screen are made before they scroll in.
public struct VisibleFrameInsets<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    /// How the visible frame changes for the content: negative values reach further out.
    public let insets: UIEdgeInsets

    /// Lays out the content and marks its node.
    public func layout(_ constraint: Constraint) -> VisibleFrameInsetRenderNode {
        // Non-finite insets would make every frame (or none) visible: they count as 0.
        func clean(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        let insets = UIEdgeInsets(top: clean(self.insets.top), left: clean(self.insets.left),
                                  bottom: clean(self.insets.bottom), right: clean(self.insets.right))
        return VisibleFrameInsetRenderNode(content: content.sanitizedLayout(constraint), insets: insets)
    }
}

/// The render node of ``VisibleFrameInsets``: a ``RenderNodeWrapper`` (its content's size,
/// children, positions and view), but the render pass looks at its subtree through
/// the inset frame.
public struct VisibleFrameInsetRenderNode: RenderNodeWrapper {
    /// The content's node.
    public let content: any RenderNode
    /// The change to the visible frame.
    public let insets: UIEdgeInsets

    /// The content's children visible in the inset frame.
    public func visibleIndexes(in frame: CGRect) -> [Int] { content.visibleIndexes(in: frame.inset(by: insets)) }
}

extension Component {
    /// Changes the frame in which the component's descendants count as visible by `amount` on
    /// every side (negative: further out).
    public func visibleInset(_ amount: CGFloat) -> VisibleFrameInsets<Self> {
        VisibleFrameInsets(content: self, insets: UIEdgeInsets(top: amount, left: amount, bottom: amount, right: amount))
    }

    /// Changes the visible frame by `h` on the left and right and `v` on the top and bottom.
    public func visibleInset(h: CGFloat = 0, v: CGFloat = 0) -> VisibleFrameInsets<Self> {
        VisibleFrameInsets(content: self, insets: UIEdgeInsets(top: v, left: h, bottom: v, right: h))
    }

    /// Changes the visible frame by `insets`.
    public func visibleInset(_ insets: UIEdgeInsets) -> VisibleFrameInsets<Self> {
        VisibleFrameInsets(content: self, insets: insets)
    }
}
