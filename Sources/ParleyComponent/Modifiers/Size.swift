import Foundation
import ParleyUIKit

/// How a `size`, `width` or `height` modifier decides a length.
public enum SizeStrategy: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Exactly this many points.
    case absolute(CGFloat)
    /// The whole room the constraint allows (the content's own length when unbounded).
    case fill
    /// The content's own length.
    case fit
    /// This fraction (0…1) of the room the constraint allows (the content's own length when unbounded).
    case percentage(CGFloat)
    /// This multiple of the other axis's length (UIComponent's `aspectPercentage`): the other
    /// axis's absolute length when it has one, else the room the constraint allows along it
    /// (the content's own length when that is unbounded too). `.size(width: .aspectPercentage(16 / 9), height: 90)`
    /// is 160 × 90.
    case aspectPercentage(CGFloat)

    /// `.absolute(value)`.
    public init(floatLiteral value: Double) { self = .absolute(CGFloat(value)) }
    /// `.absolute(value)`.
    public init(integerLiteral value: Int) { self = .absolute(CGFloat(value)) }
}

/// A component laid out at a length decided by ``SizeStrategy`` along each axis.
public struct SizeOverride<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    /// The width strategy.
    public let width: SizeStrategy
    /// The height strategy.
    public let height: SizeStrategy

    /// Decides each length, then lays the content out at exactly those lengths (or within the
    /// constraint along an axis that fits its content).
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        func resolve(_ strategy: SizeStrategy, max: CGFloat, other: SizeStrategy, otherMax: CGFloat) -> CGFloat? {
            switch strategy {
            case .absolute(let value): return value.isFinite ? Swift.max(0, value) : nil
            case .fill: return max.isFinite ? max : nil
            case .fit: return nil
            case .percentage(let fraction): return max.isFinite && fraction.isFinite ? Swift.max(0, max * fraction) : nil
            case .aspectPercentage(let ratio):
                // The other axis's own length when it states one, else the room along it; an
                // aspect of an aspect has nothing to stand on and fits its content.
                guard ratio.isFinite else { return nil }
                let base: CGFloat
                if case .absolute(let length) = other, length.isFinite { base = Swift.max(0, length) }
                else if case .aspectPercentage = other { return nil }
                else if otherMax.isFinite { base = otherMax }
                else { return nil }
                return Swift.max(0, base * ratio)
            }
        }
        let fixedWidth = resolve(width, max: constraint.maxSize.width, other: height, otherMax: constraint.maxSize.height)
            .map { min(max($0, constraint.minSize.width), constraint.maxSize.width) }
        let fixedHeight = resolve(height, max: constraint.maxSize.height, other: width, otherMax: constraint.maxSize.width)
            .map { min(max($0, constraint.minSize.height), constraint.maxSize.height) }
        let inner = Constraint(
            minSize: CGSize(width: fixedWidth ?? constraint.minSize.width, height: fixedHeight ?? constraint.minSize.height),
            maxSize: CGSize(width: fixedWidth ?? constraint.maxSize.width, height: fixedHeight ?? constraint.maxSize.height)
        )
        let node = content.sanitizedLayout(inner)
        let size = CGSize(width: fixedWidth ?? node.size.width, height: fixedHeight ?? node.size.height).bound(to: constraint)
        return WrapperRenderNode(content: node, sizeOverride: size == node.size ? nil : size)
    }
}

extension Component {
    /// Lays the component out at `width` × `height` (points, `.fill`, `.fit` or `.percentage`).
    public func size(width: SizeStrategy = .fit, height: SizeStrategy = .fit) -> SizeOverride<Self> {
        SizeOverride(content: self, width: width, height: height)
    }

    /// Lays the component out at exactly `width` × `height` points (for lengths in variables;
    /// literals go to the ``SizeStrategy`` form, which means the same).
    @_disfavoredOverload
    public func size(width: CGFloat, height: CGFloat) -> SizeOverride<Self> {
        SizeOverride(content: self, width: .absolute(width), height: .absolute(height))
    }

    /// Lays the component out as a `side` × `side` square (UIComponent's `size(_:)`).
    public func size(_ side: CGFloat) -> SizeOverride<Self> {
        SizeOverride(content: self, width: .absolute(side), height: .absolute(side))
    }

    /// Lays the component out at `width` points (its height fits its content).
    @_disfavoredOverload
    public func width(_ width: CGFloat) -> SizeOverride<Self> {
        SizeOverride(content: self, width: .absolute(width), height: .fit)
    }

    /// Lays the component out at `height` points (its width fits its content).
    @_disfavoredOverload
    public func height(_ height: CGFloat) -> SizeOverride<Self> {
        SizeOverride(content: self, width: .fit, height: .absolute(height))
    }

    /// Lays the component out at exactly `size`.
    public func size(_ size: CGSize) -> SizeOverride<Self> {
        SizeOverride(content: self, width: .absolute(size.width), height: .absolute(size.height))
    }

    /// Lays the component out at `width` (its height fits its content).
    public func width(_ width: SizeStrategy) -> SizeOverride<Self> {
        SizeOverride(content: self, width: width, height: .fit)
    }

    /// Lays the component out at `height` (its width fits its content).
    public func height(_ height: SizeStrategy) -> SizeOverride<Self> {
        SizeOverride(content: self, width: .fit, height: height)
    }

    /// Lays the component out at its content's own size on both axes (UIComponent's `fit()`).
    public func fit() -> SizeOverride<Self> {
        SizeOverride(content: self, width: .fit, height: .fit)
    }

    /// Lays the component out over all the room the constraint allows on both axes (UIComponent's
    /// `fill()`; an unbounded axis fits the content instead).
    public func fill() -> SizeOverride<Self> {
        SizeOverride(content: self, width: .fill, height: .fill)
    }
}
