import Foundation
import ParleyUIKit

/// What a stack reads from a child wrapped by `flex(_:shrink:alignSelf:)`.
@MainActor
protocol FlexibleChild {
    var flexGrow: CGFloat { get }
    var flexShrink: CGFloat { get }
    var alignSelf: CrossAxisAlignment? { get }
}

/// A component that stands in a stack for another one (a SwiftUI-style view for its body): the
/// stack reads the flex factors (a `Spacer`'s, a `flex(_:)`'s) of the component it forwards to,
/// and wraps it in an overflowing row when it is a ``Text``.
@preconcurrency @MainActor
public protocol FlexibilityForwarding {
    /// The component whose flex factors this one takes; `nil` when it is not flexible.
    var flexibilityTarget: (any Component)? { get }
}

@MainActor
enum FlexibleLookup {
    /// The flex factors of `component`, through forwarding components.
    static func flexible(_ component: any Component) -> FlexibleChild? {
        var current: any Component = component
        for _ in 0..<32 {
            if let flexible = current as? FlexibleChild { return flexible }
            guard let forwarding = current as? FlexibilityForwarding, let next = forwarding.flexibilityTarget else { return nil }
            current = next
        }
        return nil
    }

    /// Whether `component` is a ``Text``, directly or through forwarding components, or a
    /// ``VStack`` holding one (a title over a subtitle): a row that overflows narrows these.
    static func isText(_ component: any Component, depth: Int = 0) -> Bool {
        guard depth < 32 else { return false }
        if component is Text { return true }
        if let stack = component as? VStack { return stack.children.contains { isText($0, depth: depth + 1) } }
        guard let forwarding = component as? FlexibilityForwarding, let next = forwarding.flexibilityTarget else { return false }
        return isText(next, depth: depth + 1)
    }
}

/// A stack child that grows into spare room or shrinks when room is short, in proportion to its
/// factors (the render node is its content's: the wrapper lives only at layout time).
public struct Flexible<Content: Component>: Component, FlexibleChild {
    /// The wrapped component.
    public let content: Content
    /// Its share of the spare room along the stack's main axis.
    public let flexGrow: CGFloat
    /// Its share of the shortfall when the children overflow the stack.
    public let flexShrink: CGFloat
    /// Its own cross-axis alignment, overriding the stack's.
    public let alignSelf: CrossAxisAlignment?

    /// Lays out the content as is; the stack decides the constraint.
    public func layout(_ constraint: Constraint) -> Content.R {
        content.layout(constraint)
    }
}

extension Component {
    /// Lets the component grow (and, with `shrink`, shrink) along a stack's main axis.
    ///
    /// - Parameters:
    ///   - grow: share of the spare room (0 for none).
    ///   - shrink: share of the shortfall when children overflow (0 keeps the natural size).
    ///   - alignSelf: a cross-axis alignment for this child only.
    public func flex(_ grow: CGFloat = 1, shrink: CGFloat = 0, alignSelf: CrossAxisAlignment? = nil) -> Flexible<Self> {
        Flexible(content: self, flexGrow: max(0, grow.isFinite ? grow : 0), flexShrink: max(0, shrink.isFinite ? shrink : 0), alignSelf: alignSelf)
    }

    /// Grows into spare room along a stack's main axis with factor `grow`.
    public func flexGrow(_ grow: CGFloat) -> Flexible<Self> { flex(grow) }

    /// Shrinks when a stack's children overflow, with factor `shrink`.
    public func flexShrink(_ shrink: CGFloat) -> Flexible<Self> { flex(0, shrink: shrink) }
}
