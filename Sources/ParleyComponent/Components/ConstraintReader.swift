import Foundation
import ParleyUIKit

/// A component built from the constraint it is laid out in (UIComponent's `ConstraintReader`):
/// choose a layout by the room available, or hand the outer constraint to a child inside a
/// container that would otherwise measure it unbounded.
///
/// ```swift
/// ConstraintReader { constraint in
///     Waterfall(columns: max(1, Int(constraint.maxSize.width / 200))) { … }
/// }
/// ```
public struct ConstraintReader: Component {
    let builder: @MainActor (Constraint) -> any Component

    /// A component that `builder` makes at layout time from the constraint.
    public init(_ builder: @escaping @MainActor (Constraint) -> any Component) {
        self.builder = builder
    }

    /// Builds the component for `constraint` and lays it out in the same constraint.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        // Through the sanitising path: the built component is arbitrary user code.
        WrapperRenderNode(content: layoutChild(builder(constraint), constraint))
    }
}
