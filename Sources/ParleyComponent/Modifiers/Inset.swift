import Foundation
import ParleyUIKit

/// Edges of a rectangle, for SwiftUI-style `padding(.horizontal, 8)`.
public struct Edges: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Edges from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = Edges(rawValue: 1 << 0)
    /// The left edge.
    public static let left = Edges(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = Edges(rawValue: 1 << 2)
    /// The right edge.
    public static let right = Edges(rawValue: 1 << 3)
    /// The leading edge (left; Parley's component layouts run left to right).
    public static let leading = Edges.left
    /// The trailing edge (right).
    public static let trailing = Edges.right
    /// Left and right.
    public static let horizontal: Edges = [.left, .right]
    /// Top and bottom.
    public static let vertical: Edges = [.top, .bottom]
    /// Every edge.
    public static let all: Edges = [.top, .left, .bottom, .right]
}

/// A component with space around it.
public struct Insets<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    /// The space on each side.
    public let insets: UIEdgeInsets

    /// Lays out the content in the constraint less the insets, then adds them back.
    public func layout(_ constraint: Constraint) -> InsetRenderNode {
        let insets = UIEdgeInsets(top: Insets.clean(self.insets.top), left: Insets.clean(self.insets.left),
                                  bottom: Insets.clean(self.insets.bottom), right: Insets.clean(self.insets.right))
        let node = content.sanitizedLayout(constraint.inset(by: insets))
        return InsetRenderNode(content: node, insets: insets, constraint: constraint)
    }

    /// Negative insets would let content overflow its own frame; NaN would poison every frame.
    private static func clean(_ value: CGFloat) -> CGFloat { value.isFinite ? max(0, value) : 0 }
}

/// The render node of ``Insets``: one child, offset by the top-left insets.
public struct InsetRenderNode: RenderNode {
    /// The content's node.
    public let content: any RenderNode
    /// The space on each side.
    public let insets: UIEdgeInsets
    /// The content's size plus the insets, within the constraint.
    public let size: CGSize
    /// The content (stored: the engine asks for it on every scroll step).
    public let children: [any RenderNode]
    /// The content's position.
    public let positions: [CGPoint]
    let constraint: Constraint

    init(content: any RenderNode, insets: UIEdgeInsets, constraint: Constraint) {
        self.content = content
        self.insets = insets
        self.constraint = constraint
        size = CGSize(width: content.size.width + insets.horizontal, height: content.size.height + insets.vertical).bound(to: constraint)
        children = [content]
        positions = [CGPoint(x: insets.left, y: insets.top)]
    }

    /// The content, when visible.
    public func visibleIndexes(in frame: CGRect) -> [Int] {
        RenderGeometry.overlaps(CGRect(origin: positions[0], size: content.size), frame) ? RenderGeometry.firstChild : []
    }
    /// A container has no view.
    public var shouldRenderView: Bool { false }
    /// The content's baseline, moved down by the top inset.
    public var firstBaseline: CGFloat? { content.firstBaseline.map { $0 + insets.top } }
}

extension InsetRenderNode: ChildReplacingRenderNode {
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        guard replacements.count == 1, let replacement = replacements.first, replacement.index == 0 else { return nil }
        return InsetRenderNode(content: replacement.node, insets: insets, constraint: constraint)
    }
}

extension Component {
    /// Space of `amount` on every side.
    public func inset(_ amount: CGFloat) -> Insets<Self> {
        Insets(content: self, insets: UIEdgeInsets(top: amount, left: amount, bottom: amount, right: amount))
    }

    /// Space of `h` on the left and right and `v` on the top and bottom.
    public func inset(h: CGFloat = 0, v: CGFloat = 0) -> Insets<Self> {
        Insets(content: self, insets: UIEdgeInsets(top: v, left: h, bottom: v, right: h))
    }

    /// Space of `v` on the top and bottom and `h` on the left and right (UIComponent's order).
    public func inset(v: CGFloat, h: CGFloat) -> Insets<Self> {
        inset(h: h, v: v)
    }

    /// Space of `top` on the top and `rest` on the other sides.
    public func inset(top: CGFloat, rest: CGFloat) -> Insets<Self> {
        inset(top: top, left: rest, bottom: rest, right: rest)
    }

    /// Space of `left` on the left and `rest` on the other sides.
    public func inset(left: CGFloat, rest: CGFloat) -> Insets<Self> {
        inset(top: rest, left: left, bottom: rest, right: rest)
    }

    /// Space of `bottom` on the bottom and `rest` on the other sides.
    public func inset(bottom: CGFloat, rest: CGFloat) -> Insets<Self> {
        inset(top: rest, left: rest, bottom: bottom, right: rest)
    }

    /// Space of `right` on the right and `rest` on the other sides.
    public func inset(right: CGFloat, rest: CGFloat) -> Insets<Self> {
        inset(top: rest, left: rest, bottom: rest, right: right)
    }

    /// Space given per side.
    public func inset(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) -> Insets<Self> {
        Insets(content: self, insets: UIEdgeInsets(top: top, left: left, bottom: bottom, right: right))
    }

    /// Space given as edge insets.
    public func inset(_ insets: UIEdgeInsets) -> Insets<Self> {
        Insets(content: self, insets: insets)
    }

    /// SwiftUI-style padding: `length` on `edges` (`.padding(8)`, `.padding(.horizontal, 12)`).
    public func padding(_ edges: Edges = .all, _ length: CGFloat) -> Insets<Self> {
        Insets(content: self, insets: UIEdgeInsets(top: edges.contains(.top) ? length : 0, left: edges.contains(.left) ? length : 0,
                                                   bottom: edges.contains(.bottom) ? length : 0, right: edges.contains(.right) ? length : 0))
    }

    /// SwiftUI-style padding on every edge.
    public func padding(_ length: CGFloat) -> Insets<Self> {
        padding(.all, length)
    }
}
