import Foundation
import ParleyUIKit

/// Any component, behind one type: for slots whose branches build different components, and
/// for arrays or stored properties of mixed components.
///
/// ```swift
/// func avatar(for user: User?) -> AnyComponent {
///     guard let user else { return Space(width: 32, height: 32).eraseToAnyComponent() }
///     return Image(user.avatar).size(width: 32, height: 32).eraseToAnyComponent()
/// }
/// ```
///
/// Erasing costs nothing on screen: the render node is transparent (its view, children and
/// positions are the content's), so an erased component draws and diffs exactly like the
/// component itself.
public struct AnyComponent: Component {
    /// The wrapped component.
    public let content: any Component

    /// Wraps `content` (UIComponent's spelling).
    public init(content: any Component) { self.content = content }

    /// Wraps `base` (Parley's original spelling, kept for existing callers).
    public init(_ base: any Component) { self.content = base }

    /// The wrapped component, under Parley's original name.
    public var base: any Component { content }

    /// Lays out the wrapped component (through the sanitising path every container uses) and
    /// stands in for its node.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        // Already erased: unwrap instead of stacking wrappers (`.if` and `ConstraintReader`
        // erase freely, and a chain of them would otherwise nest one wrapper per call).
        if let inner = content as? AnyComponent { return inner.layout(constraint) }
        return WrapperRenderNode(content: layoutChild(content, constraint))
    }
}

extension Component {
    /// The component behind ``AnyComponent``.
    public func eraseToAnyComponent() -> AnyComponent { AnyComponent(content: self) }
}
