import Foundation
import ParleyUIKit

/// Flexible empty space: in a stack it takes the spare room along the main axis (shared with
/// other spacers and flexible children), pushing its neighbours apart.
///
/// ```swift
/// HStack { Text(name); Spacer(); Text(time) }
/// ```
public struct Spacer: Component, FlexibleChild {
    /// A spacer.
    public init() {}

    var flexGrow: CGFloat { 1 }
    var flexShrink: CGFloat { 0 }
    var alignSelf: CrossAxisAlignment? { nil }

    /// The constraint's minimum: zero, or the room the stack gives it.
    public func layout(_ constraint: Constraint) -> SpaceRenderNode {
        SpaceRenderNode(size: constraint.minSize)
    }
}
