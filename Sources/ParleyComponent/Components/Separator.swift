import Foundation
import ParleyUIKit

/// A hairline: across the constraint's width (or down its height when the width is unbounded and
/// the height is not).
public struct Separator: Component {
    /// The line's colour.
    public var color: UIColor
    /// The line's thickness; `nil` for one device pixel.
    public var thickness: CGFloat?

    /// A separator line.
    public init(color: UIColor = .separator, thickness: CGFloat? = nil) {
        self.color = color
        self.thickness = thickness
    }

    /// Full width (or height) by the thickness.
    public func layout(_ constraint: Constraint) -> SeparatorRenderNode {
        let line = thickness.map { $0.isFinite ? max(0, $0) : 0 } ?? 1 / LayoutContext.displayScale
        let size: CGSize
        if constraint.maxSize.width.isFinite || !constraint.maxSize.height.isFinite {
            size = CGSize(width: constraint.maxSize.width.isFinite ? constraint.maxSize.width : constraint.minSize.width, height: line)
        } else {
            size = CGSize(width: line, height: constraint.maxSize.height)
        }
        return SeparatorRenderNode(color: color, size: size.bound(to: constraint))
    }
}

/// The render node of ``Separator``: a view filled with the line colour.
public struct SeparatorRenderNode: RenderNode {
    let color: UIColor
    /// The line's size.
    public let size: CGSize

    /// A separator has a view.
    public var shouldRenderView: Bool { true }
    /// A plain view.
    public func makeView() -> UIView {
        let view = UIView()
        view.isUserInteractionEnabled = false
        return view
    }
    /// Sets the colour.
    public func updateView(_ view: UIView) {
        view.backgroundColor = color
    }
}
