import Foundation
import ParleyUIKit

/// Lays children out top to bottom.
///
/// ```swift
/// VStack(spacing: 4, alignItems: .stretch) {
///     Text(message.author)
///     Text(message.text)
/// }
/// ```
///
/// Its render node is a ``VerticalRenderNode``, so a `VStack` of 100,000 rows finds its visible
/// rows by binary search.
public struct VStack: Component {
    /// Space between consecutive children.
    public var spacing: CGFloat
    /// Where children go along the vertical axis when there is spare room.
    public var justifyContent: MainAxisAlignment
    /// How children sit horizontally.
    public var alignItems: CrossAxisAlignment
    /// The children, top to bottom.
    public var children: [any Component]

    /// A vertical stack of `children`.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                children: [any Component]) {
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.children = children
    }

    /// A vertical stack of the components the closure builds.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(spacing: spacing, justifyContent: justifyContent, alignItems: alignItems, children: content())
    }

    /// Stacks the children within `constraint`.
    public func layout(_ constraint: Constraint) -> VerticalRenderNode {
        let result = StackLayout(axis: .vertical, spacing: spacing, justifyContent: justifyContent,
                                 alignItems: alignItems == .baseline ? .start : alignItems).layout(children, constraint)
        return VerticalRenderNode(size: result.size, children: result.nodes, positions: result.positions,
                                  mainAxisMaxValue: result.mainAxisMaxValue, shiftRule: result.shiftRule)
    }
}
