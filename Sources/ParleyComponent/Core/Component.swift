import Foundation
import ParleyUIKit

/// A piece of declarative UI: a value that lays itself out inside a ``Constraint`` and returns a
/// ``RenderNode`` describing the result.
///
/// Write a struct, implement ``layout(_:)``, and compose other components inside it:
///
/// ```swift
/// struct ProfileComponent: Component {
///     func layout(_ constraint: Constraint) -> some RenderNode {
///         VStack {
///             Text("Luke Zhao")
///             Text("iOS Developer")
///         }.layout(constraint)
///     }
/// }
/// ```
///
/// Layout is a pure function of the constraint: it measures (text through the shared cache) and
/// computes frames, and never touches views. Views are created later, only for the render nodes
/// that come into the visible area of a ``ComponentView``. Components live on the main actor
/// because measuring text and creating views do.
@preconcurrency @MainActor
public protocol Component {
    /// The render node type `layout(_:)` returns.
    associatedtype R: RenderNode

    /// Lays the component out within `constraint` and returns the result.
    func layout(_ constraint: Constraint) -> R
}

extension Component {
    /// Lays the component out and clamps a malformed size (negative, NaN or infinite) into the
    /// constraint, logging one warning for the component type. Every built-in container lays its
    /// children out through this, so one bad child cannot poison a whole list.
    func sanitizedLayout(_ constraint: Constraint) -> any RenderNode {
        SizeSanitizer.sanitize(layout(constraint), within: constraint, source: Self.self)
    }
}

/// Lays out a type-erased child through ``Component/sanitizedLayout(_:)``.
@MainActor
func layoutChild(_ child: any Component, _ constraint: Constraint) -> any RenderNode {
    child.sanitizedLayout(constraint)
}
