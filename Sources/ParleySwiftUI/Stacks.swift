import Foundation
import ParleyComponent
import ParleyUIKit

// MARK: - Alignment

/// A horizontal alignment (SwiftUI's): where a `VStack` puts narrower children.
public enum HorizontalAlignment: Sendable, Hashable {
    /// The leading edge.
    case leading
    /// The centre.
    case center
    /// The trailing edge.
    case trailing

    var crossAxis: CrossAxisAlignment {
        switch self {
        case .leading: .start
        case .center: .center
        case .trailing: .end
        }
    }
}

/// A vertical alignment (SwiftUI's): where an `HStack` puts shorter children.
public enum VerticalAlignment: Sendable, Hashable {
    /// The top edge.
    case top
    /// The centre.
    case center
    /// The bottom edge.
    case bottom
    /// The first text baseline.
    case firstTextBaseline

    var crossAxis: CrossAxisAlignment {
        switch self {
        case .top: .start
        case .center: .center
        case .bottom: .end
        case .firstTextBaseline: .baseline
        }
    }
}

/// A two-dimensional alignment (SwiftUI's): where a `ZStack` or a frame puts its content.
public struct Alignment: Sendable, Hashable {
    /// The horizontal part.
    public var horizontal: HorizontalAlignment
    /// The vertical part.
    public var vertical: VerticalAlignment

    /// An alignment from its parts.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Top edge, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Bottom edge, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Top leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Bottom leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// Where a child of `size` goes in `container`.
    func origin(of size: CGSize, in container: CGSize) -> CGPoint {
        let x: CGFloat = switch horizontal {
        case .leading: 0
        case .center: ((container.width - size.width) / 2).rounded()
        case .trailing: container.width - size.width
        }
        let y: CGFloat = switch vertical {
        case .top, .firstTextBaseline: 0
        case .center: ((container.height - size.height) / 2).rounded()
        case .bottom: container.height - size.height
        }
        return CGPoint(x: x, y: y)
    }
}

// MARK: - Stacks with SwiftUI's parameters

extension HStack {
    /// A horizontal stack with SwiftUI's parameters: children aligned vertically by `alignment`,
    /// `spacing` points apart.
    public init(alignment: VerticalAlignment, spacing: CGFloat? = nil, @ComponentArrayBuilder content: () -> [any Component]) {
        self.init(spacing: spacing ?? 0, alignItems: alignment.crossAxis, children: content())
    }
}

extension VStack {
    /// A vertical stack with SwiftUI's parameters: children aligned horizontally by `alignment`,
    /// `spacing` points apart.
    public init(alignment: HorizontalAlignment, spacing: CGFloat? = nil, @ComponentArrayBuilder content: () -> [any Component]) {
        self.init(spacing: spacing ?? 0, alignItems: alignment.crossAxis, children: content())
    }
}

extension ZStack {
    /// Overlapping children, placed by `alignment`.
    public init(alignment: Alignment, @ComponentArrayBuilder content: () -> [any Component]) {
        self.init(horizontalAlignment: alignment.horizontal.crossAxis, verticalAlignment: alignment.vertical.crossAxis,
                  children: content())
    }
}

extension Spacer {
    /// A spacer (the minimum length is not enforced).
    public init(minLength: CGFloat?) { self.init() }
}

/// A vertical stack that lays its children out only when they come near the screen (inside a
/// `ScrollView`, whose component view measures rows lazily): a list of thousands of rows costs
/// the rows on screen.
public struct LazyVStack: PrimitiveView {
    let stack: VStack
    private static var generation = 0

    /// Children aligned by `alignment`, `spacing` points apart.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ComponentArrayBuilder content: () -> [any Component]) {
        LazyVStack.generation += 1
        let prefix = "lazy\(LazyVStack.generation)."
        let children = content().enumerated().map { index, child -> any Component in
            AnyComponent(child).lazy(id: prefix + String(index), estimatedHeight: 44)
        }
        stack = VStack(spacing: spacing ?? 0, alignItems: alignment.crossAxis, children: children)
    }

    /// The stack's layout.
    public func layout(_ constraint: Constraint) -> VerticalRenderNode { stack.layout(constraint) }
}

/// A horizontal stack (laid out at once: rows of a chat are short).
public typealias LazyHStack = HStack

// MARK: - ForEach over identified data

extension ForEach where D: Identifiable {
    /// The views `content` builds for each element of `data`, each identified by the element's
    /// `id` (so `ScrollViewProxy.scrollTo(_:)` finds it).
    public init(_ data: S, @ComponentArrayBuilder content: (D) -> [any Component]) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach {
    /// The views `content` builds for each element of `data`, each identified by the value at
    /// `id`.
    public init<ID: Hashable>(_ data: S, id: KeyPath<D, ID>, @ComponentArrayBuilder content: (D) -> [any Component]) {
        self.init(data) { (element: D) -> [any Component] in
            let identifier = String(describing: element[keyPath: id])
            // The element's views keep their state by its id, wherever it moves.
            return ViewGraph.withIdentity(identifier) { content(element) }.map { AnyComponent($0).id(identifier) }
        }
    }
}
