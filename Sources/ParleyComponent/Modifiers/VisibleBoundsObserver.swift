import Foundation
import ParleyUIKit

/// A component that is told which part of it is visible whenever its host renders (on reloads
/// and on every scroll step): UIComponent's `VisibleBoundsObserverComponent`, made by
/// ``Component/onVisibleBoundsChanged(_:)``.
public struct VisibleBoundsObserverComponent<Content: Component>: Component {
    /// The observed component.
    public let content: Content
    /// Called with the content's size and the visible rectangle in the content's coordinates.
    public let onVisibleBoundsChanged: @MainActor (CGSize, CGRect) -> Void

    /// Observes `content` with `onVisibleBoundsChanged`.
    public init(content: Content, onVisibleBoundsChanged: @escaping @MainActor (CGSize, CGRect) -> Void) {
        self.content = content
        self.onVisibleBoundsChanged = onVisibleBoundsChanged
    }

    /// Lays out the content and marks its node.
    public func layout(_ constraint: Constraint) -> VisibleBoundsObserverRenderNode {
        VisibleBoundsObserverRenderNode(content: content.sanitizedLayout(constraint), onVisibleBoundsChanged: onVisibleBoundsChanged)
    }
}

/// The render node of ``VisibleBoundsObserverComponent``: a ``RenderNodeWrapper``; the render
/// pass tells it the visible rectangle.
public struct VisibleBoundsObserverRenderNode: RenderNodeWrapper {
    /// The content's node.
    public let content: any RenderNode
    /// Called with the size and the visible rectangle in this node's coordinates.
    public let onVisibleBoundsChanged: @MainActor (CGSize, CGRect) -> Void
}

/// The axis `onScrollToEnd(direction:pages:_:)` watches (UIComponent's `ScrollDirection`).
public enum ScrollDirection: Sendable, Hashable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
}

extension Component {
    /// Calls `callback` with the component's size and its visible rectangle (in its own
    /// coordinates) whenever its host renders: on reloads and on every scroll step.
    public func onVisibleBoundsChanged(_ callback: @escaping @MainActor (CGSize, CGRect) -> Void) -> VisibleBoundsObserverComponent<Self> {
        VisibleBoundsObserverComponent(content: self, onVisibleBoundsChanged: callback)
    }

    /// Calls `block` while the visible part is within `pages` viewport heights of the end
    /// (it may be called several times while it stays there: load more at most once per page).
    public func onVerticalScrollToEnd(pages: CGFloat = 2.0, _ block: @escaping @MainActor () -> Void) -> VisibleBoundsObserverComponent<Self> {
        onScrollToEnd(direction: .vertical, pages: pages, block)
    }

    /// Calls `block` while the visible part is within `pages` viewport widths of the end.
    public func onHorizontalScrollToEnd(pages: CGFloat = 2.0, _ block: @escaping @MainActor () -> Void) -> VisibleBoundsObserverComponent<Self> {
        onScrollToEnd(direction: .horizontal, pages: pages, block)
    }

    /// Calls `block` while the visible part is within `pages` viewport lengths of the end along
    /// `direction`.
    public func onScrollToEnd(direction: ScrollDirection = .vertical, pages: CGFloat = 2.0,
                              _ block: @escaping @MainActor () -> Void) -> VisibleBoundsObserverComponent<Self> {
        onVisibleBoundsChanged { size, visible in
            switch direction {
            case .vertical:
                if visible.maxY >= size.height - visible.height * pages { block() }
            case .horizontal:
                if visible.maxX >= size.width - visible.width * pages { block() }
            }
        }
    }
}
