import Foundation
import ParleyUIKit

/// Lays children out in columns top to bottom, wrapping to a new column when the next child does
/// not fit the height (UIComponent's `FlexColumn`; ``FlexRow`` turned on its side). Give it a
/// bounded height, usually inside a horizontal scroll or with `.size(height:)`: with an unbounded
/// height everything is one column.
///
/// ```
/// [1] [4]
/// [2] [5]
/// [3]
/// ```
public struct FlexColumn: Component {
    /// Space between columns.
    public var lineSpacing: CGFloat
    /// Space between children in a column.
    public var interitemSpacing: CGFloat
    /// Where each column's children go when the column has spare height.
    public var justifyContent: MainAxisAlignment
    /// How children sit within their column's width.
    public var alignItems: CrossAxisAlignment
    /// Where the columns go when the width allows more than they need (a bounded width only).
    public var alignContent: MainAxisAlignment
    /// The children, in reading order (down each column, then across).
    public var children: [any Component]

    /// A wrapping column layout with separate spacing between columns and between children.
    public init(lineSpacing: CGFloat = 0, interitemSpacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start,
                alignItems: CrossAxisAlignment = .start, alignContent: MainAxisAlignment = .start, children: [any Component]) {
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alignContent = alignContent
        self.children = children
    }

    /// A wrapping column layout with one spacing for both, of the components the closure builds.
    public init(spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
                alignContent: MainAxisAlignment = .start, @ComponentArrayBuilder _ content: () -> [any Component]) {
        self.init(lineSpacing: spacing, interitemSpacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                  alignContent: alignContent, children: content())
    }

    /// Fills columns greedily up to the constraint's height.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        WrappingLayout(axis: .vertical, lineSpacing: lineSpacing, interitemSpacing: interitemSpacing,
                       justifyContent: justifyContent, alignItems: alignItems, alignContent: alignContent)
            .layout(children, constraint)
    }
}
