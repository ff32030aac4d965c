import Foundation
import ParleyUIKit

/// Lays children out left to right.
///
/// ```swift
/// HStack(spacing: 8, alignItems: .center) {
///     Image(avatar).size(width: 32, height: 32)
///     Text(name).flex()
///     Text(time)
/// }
/// ```
///
/// Children are measured with an unbounded width; give long text `flex(shrink:)` (or a width) so
/// that it wraps or truncates instead of overflowing.
public struct HStack: Component {
    /// Space between consecutive children.
    public var spacing: CGFloat
    /// Where children go along the horizontal axis when there is spare room.
    public var justifyContent: MainAxisAlignment
    /// How children sit vertically (`.baseline` lines up their first text baselines).
    public var alignItems: CrossAxisAlignment
    /// The children, left to right.
    public var children: [any Component]

    /// A horizontal stack of `children`.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                children: [any Component]) {
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.children = children
    }

    /// A horizontal stack of the components the closure builds.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(spacing: spacing, justifyContent: justifyContent, alignItems: alignItems, children: content())
    }

    /// Stacks the children within `constraint`.
    public func layout(_ constraint: Constraint) -> HorizontalRenderNode {
        let result = StackLayout(axis: .horizontal, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems)
            .layout(children, constraint)
        return HorizontalRenderNode(size: result.size, children: result.nodes, positions: result.positions,
                                    mainAxisMaxValue: result.mainAxisMaxValue, shiftRule: result.shiftRule)
    }
}
