import Foundation
import ParleyUIKit

/// A group of components that is not itself a component: a result builder splices its
/// ``components`` in where it appears (``ForEach``, ``Join``).
///
/// It is not a ``Component`` on purpose: a group has no layout of its own, so it can only stand
/// among the children of a container, where the container lays each member out.
@preconcurrency @MainActor
public protocol ComponentArrayContainer {
    /// The components to splice in, in order.
    var components: [any Component] { get }
}

extension ComponentArrayBuilder {
    /// A ``ComponentArrayContainer`` (``ForEach``, ``Join``), spliced in.
    public static func buildExpression(_ container: any ComponentArrayContainer) -> [any Component] {
        container.components
    }
}
