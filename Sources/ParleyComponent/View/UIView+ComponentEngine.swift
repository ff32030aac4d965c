import Foundation
import ParleyUIKit

extension UIView {
    /// The engine that renders a component into this view, made on first use (UIComponent's
    /// `componentEngine`): `view.componentEngine.component = VStack { … }` shows the component's
    /// views as subviews of `view`, laid out at its width whenever it lays out, and
    /// `view.sizeThatFits(_:)` answers the component's size. A ``ComponentView`` returns its own
    /// engine.
    public var componentEngine: ComponentEngine {
        if let componentView = self as? ComponentView { return componentView.engine }
        if let attached = layoutAttachment as? EngineAttachment { return attached.engine }
        let attachment = EngineAttachment(engine: ComponentEngine(view: self))
        layoutAttachment = attachment
        return attachment.engine
    }
}

/// Ties an engine to the layout passes of the plain view it renders into (a ``ComponentView``
/// calls its engine itself).
final class EngineAttachment: UIViewLayoutAttachment {
    let engine: ComponentEngine

    init(engine: ComponentEngine) {
        self.engine = engine
    }

    func viewDidLayoutSubviews(_ view: UIView) {
        engine.layoutSubviews()
    }

    func viewBoundsDidChange(_ view: UIView) {
        // A new size reloads, a new origin (a scroll) renders: the layout pass decides which.
        if view.bounds != engine.lastRenderBounds { view.setNeedsLayout() }
    }

    func sizeThatFits(_ size: CGSize, of view: UIView) -> CGSize? {
        engine.sizeThatFits(size)
    }
}
