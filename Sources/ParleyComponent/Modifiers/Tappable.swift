import Foundation
import ParleyUIKit

/// A component that runs an action when tapped: a ``TappableView`` behind its content's views.
///
/// The content's labels and images do not take touches, so a tap anywhere on the component
/// reaches the tappable view; interactive content (buttons, nested tappables) keeps its own taps.
public struct Tappable<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    /// What a tap does.
    public let onTap: @MainActor () -> Void
    /// What a tap does when the action wants the tapped view (`tappableView { view in … }`);
    /// it replaces ``onTap``.
    var onTapView: (@MainActor (TappableView) -> Void)? = nil

    /// Lays out the content; the tappable view takes its frame.
    public func layout(_ constraint: Constraint) -> TappableRenderNode {
        TappableRenderNode(content: content.sanitizedLayout(constraint), onTap: onTap, onTapView: onTapView)
    }
}

/// The render node of ``Tappable``: a view of its own plus its content's.
public struct TappableRenderNode: RenderNode {
    /// The content's node.
    public let content: any RenderNode
    /// The content (stored: the engine asks for it on every scroll step).
    public let children: [any RenderNode]
    let onTap: @MainActor () -> Void
    let onTapView: (@MainActor (TappableView) -> Void)?

    init(content: any RenderNode, onTap: @escaping @MainActor () -> Void, onTapView: (@MainActor (TappableView) -> Void)? = nil) {
        self.content = content
        children = [content]
        self.onTap = onTap
        self.onTapView = onTapView
    }

    /// The content's size.
    public var size: CGSize { content.size }
    /// The content's position.
    public var positions: [CGPoint] { RenderGeometry.origin }
    /// The content.
    public func visibleIndexes(in frame: CGRect) -> [Int] { RenderGeometry.firstChild }
    /// The tappable view.
    public var shouldRenderView: Bool { true }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// A tappable view.
    public func makeView() -> UIView { TappableView() }
    /// Sets the action.
    public func updateView(_ view: UIView) {
        guard let view = view as? TappableView else { return }
        if let onTapView {
            // Weak: the view holds this closure, and a strong capture would keep it alive forever.
            view.onTap = { [weak view] in if let view { onTapView(view) } }
        } else {
            view.onTap = onTap
        }
    }
}

extension TappableRenderNode: ChildReplacingRenderNode {
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        guard replacements.count == 1, let replacement = replacements.first, replacement.index == 0 else { return nil }
        return TappableRenderNode(content: replacement.node, onTap: onTap, onTapView: onTapView)
    }
}

/// A control that calls `onTap` on a tap (`.primaryActionTriggered`).
open class TappableView: UIControl {
    /// What a tap does.
    public var onTap: (@MainActor () -> Void)?

    /// A tappable view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        addHandler(for: .primaryActionTriggered) { [weak self] in self?.onTap?() }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

}

extension Component {
    /// Runs `action` when the component is tapped.
    public func tappable(_ action: @escaping @MainActor () -> Void) -> Tappable<Self> {
        Tappable(content: self, onTap: action)
    }

    /// Runs `onTap` when the component is tapped: UIComponent's name for ``tappable(_:)``, with
    /// the same behaviour (one ``TappableView`` behind the content).
    public func tappableView(_ onTap: @escaping @MainActor () -> Void) -> Tappable<Self> {
        tappable(onTap)
    }

    /// Runs `onTap` with the tapped ``TappableView`` (to present a menu or popover from it).
    public func tappableView(_ onTap: @escaping @MainActor (TappableView) -> Void) -> Tappable<Self> {
        Tappable(content: self, onTap: {}, onTapView: onTap)
    }
}
