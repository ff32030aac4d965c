import Foundation
import ParleyUIKit

/// A rounded rectangle of colour, as a component (what `background(_:cornerRadius:)` puts behind
/// its content).
public struct ColorBox: Component {
    /// The fill colour.
    public var color: UIColor
    /// The corner radius.
    public var cornerRadius: CGFloat

    /// A box of colour.
    public init(_ color: UIColor, cornerRadius: CGFloat = 0) {
        self.color = color
        self.cornerRadius = cornerRadius
    }

    /// As large as the constraint's minimum (a background is given its content's size).
    public func layout(_ constraint: Constraint) -> ColorBoxRenderNode {
        ColorBoxRenderNode(color: color, cornerRadius: cornerRadius, size: constraint.minSize)
    }
}

/// The render node of ``ColorBox``: a plain view with a background colour.
public struct ColorBoxRenderNode: RenderNode {
    let color: UIColor
    let cornerRadius: CGFloat
    /// The box's size.
    public let size: CGSize

    /// A box has a view.
    public var shouldRenderView: Bool { true }
    /// A plain, non-interactive view.
    public func makeView() -> UIView {
        let view = UIView()
        view.isUserInteractionEnabled = false
        return view
    }
    /// Sets the colour and corners.
    public func updateView(_ view: UIView) {
        view.backgroundColor = color
        view.layer.cornerRadius = cornerRadius
    }
}
