import Foundation
import ParleyUIKit

/// Hosts any `UIView` in a component tree: a given instance, or views made on demand by a
/// generator (one per place the component appears).
///
/// Without an explicit size (`.size(width:height:)`), the view is asked for its size: with
/// `systemLayoutSizeFitting` at the constraint's width when constraints position its subviews
/// (a self-sizing cell), else with `sizeThatFits` of the constraint's maximum size; its intrinsic
/// content size is the fallback. Views made by a
/// generator are measured with a throwaway instance, so give lists of them an explicit size.
///
/// ```swift
/// ViewComponent(generator: { UISwitch() })
///     .update { $0.isOn = settings.notificationsEnabled }
/// ```
///
/// Every writable property of the view is also a modifier (UIComponent's dynamic-member view
/// setters): `ViewComponent<UILabel>().text("hi").textColor(.secondaryLabel)`.
@dynamicMemberLookup
public struct ViewComponent<View: UIView>: Component {
    enum Source {
        case instance(View)
        case generator(@MainActor () -> View)
    }

    let source: Source
    let updates: [@MainActor (View) -> Void]

    /// Hosts `view` itself (it can appear in one place only).
    public init(view: View) {
        source = .instance(view)
        updates = []
    }

    /// Hosts views made by `generator` when they come on screen.
    public init(generator: @escaping @MainActor () -> View) {
        source = .generator(generator)
        updates = []
    }

    /// Hosts views made by evaluating `generator` anew each time one is needed (UIComponent's
    /// `ViewComponent(generator: MyView(field: field))`: the expression is not run here).
    public init(generator: @autoclosure @escaping @MainActor () -> View) {
        source = .generator(generator)
        updates = []
    }

    init(source: Source, updates: [@MainActor (View) -> Void]) {
        self.source = source
        self.updates = updates
    }

    /// The same component, also running `update` whenever its view is updated (after the
    /// previous update closures).
    public func update(_ update: @escaping @MainActor (View) -> Void) -> ViewComponent<View> {
        ViewComponent(source: source, updates: updates + [update])
    }

    /// Whether constraints lay the view's content out (some subview is positioned by them), so
    /// `systemLayoutSizeFitting` rather than `sizeThatFits` knows its size.
    static func usesAutoLayout(_ view: UIView) -> Bool {
        view.subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints }
    }

    /// The view's fitting size, or exactly the constraint's size when it allows only one.
    public func layout(_ constraint: Constraint) -> ViewRenderNode<View> {
        guard !constraint.isTight else { return ViewRenderNode(component: self, size: constraint.minSize) }
        let view: View
        switch source {
        case .instance(let instance): view = instance
        case .generator(let generator): view = generator()
        }
        for update in updates { update(view) }
        var size: CGSize
        if Self.usesAutoLayout(view) {
            // A self-sizing cell: the constraints decide the height at the given width.
            let width = constraint.maxSize.width
            size = view.systemLayoutSizeFitting(CGSize(width: width.isFinite ? width : 0, height: 0),
                                                withHorizontalFittingPriority: width.isFinite ? .required : .fittingSizeLevel,
                                                verticalFittingPriority: .fittingSizeLevel)
        } else {
            size = view.sizeThatFits(constraint.maxSize)
        }
        let intrinsic = view.intrinsicContentSize
        if size == .zero || !SizeSanitizer.isWellFormed(size) {
            size = CGSize(width: intrinsic.width >= 0 ? intrinsic.width : 0, height: intrinsic.height >= 0 ? intrinsic.height : 0)
        }
        if !SizeSanitizer.isWellFormed(size) { size = SizeSanitizer.clamp(size, within: constraint) }
        return ViewRenderNode(component: self, size: size.bound(to: constraint))
    }
}

/// The render node of ``ViewComponent``.
public struct ViewRenderNode<View: UIView>: RenderNode {
    let component: ViewComponent<View>
    /// The view's size in the layout.
    public let size: CGSize

    /// A hosted view is a view.
    public var shouldRenderView: Bool { true }

    /// The hosted instance, or a new view from the generator.
    public func makeView() -> UIView {
        switch component.source {
        case .instance(let view): return view
        case .generator(let generator): return generator()
        }
    }

    /// Runs the component's update closures.
    public func updateView(_ view: UIView) {
        guard let view = view as? View else { return }
        for update in component.updates { update(view) }
    }
}
