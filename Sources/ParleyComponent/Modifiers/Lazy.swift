import Foundation
import ParleyUIKit

/// A row laid out only when it comes near the screen: until then it occupies an estimated size.
///
/// Inside a ``ComponentView`` a lazy component costs one cache lookup at reload. When the row
/// comes within about a screen of the viewport, the host lays it out for real, stores the size
/// (and the render node) under (id, revision, width), and moves what follows — never what the
/// user sees: a correction above the viewport moves the scroll offset with it. Change `revision`
/// whenever the row's content changes, so the cached size is not reused for new content.
///
/// Outside a host (a plain `layout(_:)` call), there is no cache and nothing would ever measure
/// the row later, so it is laid out at once.
public struct LazyComponent<Content: Component>: Component {
    /// The row.
    public let content: Content
    /// The row's identity (also its view identity, like `id(_:)`).
    public let id: String
    /// The revision of the row's content.
    public let revision: Int
    /// The size to assume until the row is measured; a zero width means the constraint's width.
    public let estimatedSize: CGSize

    /// The cached size when the row was measured at this width, else the estimate.
    public func layout(_ constraint: Constraint) -> LazyRenderNode {
        let key = SizeCache.Key(id: id, revision: revision, constraint: constraint)
        guard let context = LayoutContext.current else {
            let node = content.sanitizedLayout(constraint)
            return TypedLazyRenderNode(content: self.content, key: key, constraint: constraint, size: node.size, resolved: node)
        }
        context.lazyRows += 1
        let entry = context.sizeCache.entry(for: key)
        // Same id, revision and constraint as last time: the same node (it is immutable).
        if let previous = entry?.lazyNode, previous.constraint == constraint {
            if !previous.isResolved { context.unresolvedLazyRows += 1 }
            return previous
        }
        let node: LazyRenderNode
        if let size = entry?.size {
            node = TypedLazyRenderNode(content: content, key: key, constraint: constraint, size: size, resolved: entry?.node)
        } else {
            var estimate = SizeSanitizer.isWellFormed(estimatedSize) ? estimatedSize : .zero
            if estimate.width == 0, constraint.maxSize.width.isFinite { estimate.width = constraint.maxSize.width }
            node = TypedLazyRenderNode(content: content, key: key, constraint: constraint, size: estimate.bound(to: constraint), resolved: nil)
        }
        if !node.isResolved { context.unresolvedLazyRows += 1 }
        context.sizeCache.storeLazyNode(node, for: key, found: entry)
        return node
    }
}

/// The render node of ``LazyComponent``: the row's real node once measured, else an estimate
/// with nothing to draw.
///
/// A class, so that a row of a 10,000-row list costs one allocation: the node and the component
/// it will lay out live in one object (`TypedLazyRenderNode`). Immutable: measuring makes a new
/// node.
public class LazyRenderNode: RenderNode {
    let key: SizeCache.Key
    let constraint: Constraint
    /// The measured size, or the estimate.
    public let size: CGSize
    /// The row's node, once laid out.
    public let content: (any RenderNode)?
    /// The row, once laid out (stored: the engine asks for it on every scroll step).
    public let children: [any RenderNode]

    init(key: SizeCache.Key, constraint: Constraint, size: CGSize, content: (any RenderNode)?) {
        self.key = key
        self.constraint = constraint
        self.size = size
        self.content = content
        children = content.map { [$0] } ?? []
    }

    /// Whether the row has been laid out (its size is real and it can draw).
    public var isResolved: Bool { content != nil }
    /// The row's id.
    public var id: String? { key.id }
    /// The row's position.
    public var positions: [CGPoint] { content == nil ? [] : RenderGeometry.origin }
    /// The row, once laid out.
    public func visibleIndexes(in frame: CGRect) -> [Int] { content == nil ? [] : RenderGeometry.firstChild }
    /// A lazy row draws through its content.
    public var shouldRenderView: Bool { false }
    /// The row's baseline, once laid out.
    public var firstBaseline: CGFloat? { content?.firstBaseline }
    /// No view of its own.
    public func makeView() -> UIView { UIView() }
    /// No view of its own.
    public func updateView(_ view: UIView) {}

    /// The row laid out for real, recorded in `cache`.
    func resolved(in cache: SizeCache?) -> LazyRenderNode { self }

    /// The same row with `content` as its node.
    func with(content: any RenderNode) -> LazyRenderNode { self }

    /// The same row at another constraint: its cached size there if it was measured at that
    /// width, else its current height as the estimate (text rewraps, but a row rarely changes
    /// height by much, and the estimate is corrected when the row comes near the screen).
    func relaid(at constraint: Constraint, cache: SizeCache?) -> LazyRenderNode { self }
}

/// A lazy row that knows its component's type, so it can lay it out later.
final class TypedLazyRenderNode<Content: Component>: LazyRenderNode {
    let component: Content

    init(content component: Content, key: SizeCache.Key, constraint: Constraint, size: CGSize, resolved: (any RenderNode)?) {
        self.component = component
        super.init(key: key, constraint: constraint, size: size, content: resolved)
    }

    override func resolved(in cache: SizeCache?) -> LazyRenderNode {
        let node = component.sanitizedLayout(constraint)
        let resolved = TypedLazyRenderNode(content: component, key: key, constraint: constraint, size: node.size, resolved: node)
        cache?.store(size: node.size, node: node, lazyNode: resolved, for: key)
        return resolved
    }

    override func with(content node: any RenderNode) -> LazyRenderNode {
        TypedLazyRenderNode(content: component, key: key, constraint: constraint, size: node.size, resolved: node)
    }

    override func relaid(at constraint: Constraint, cache: SizeCache?) -> LazyRenderNode {
        Self.row(component, id: key.id, revision: key.revision, constraint: constraint, estimatedHeight: size.height, cache: cache)
    }

    /// A row of a ``ComponentList``: its size (and node) from `cache` when it was measured at
    /// this constraint and revision, else `estimatedHeight` tall and unmeasured.
    static func row(_ component: Content, id: String, revision: Int, constraint: Constraint,
                    estimatedHeight: CGFloat, cache: SizeCache?) -> LazyRenderNode {
        let key = SizeCache.Key(id: id, revision: revision, constraint: constraint)
        if let entry = cache?.entry(for: key), let size = entry.size {
            return TypedLazyRenderNode(content: component, key: key, constraint: constraint, size: size, resolved: entry.node)
        }
        let width = constraint.maxSize.width.isFinite ? max(0, constraint.maxSize.width) : 0
        let estimate = CGSize(width: width, height: max(0, estimatedHeight)).bound(to: constraint)
        return TypedLazyRenderNode(content: component, key: key, constraint: constraint, size: estimate, resolved: nil)
    }
}

extension LazyRenderNode: ChildReplacingRenderNode {
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        guard replacements.count == 1, let replacement = replacements.first, replacement.index == 0, content != nil else { return nil }
        return with(content: replacement.node)
    }
}

extension Component {
    /// Makes the component a lazy row of `estimatedSize` until it comes near the screen (see
    /// ``LazyComponent``). `id` identifies the row; bump `revision` when its content changes.
    public func lazy(id: String, revision: Int = 0, estimatedSize: CGSize) -> LazyComponent<Self> {
        LazyComponent(content: self, id: id, revision: revision, estimatedSize: estimatedSize)
    }

    /// A lazy row as wide as the constraint and `estimatedHeight` tall until measured.
    public func lazy(id: String, revision: Int = 0, estimatedHeight: CGFloat) -> LazyComponent<Self> {
        LazyComponent(content: self, id: id, revision: revision, estimatedSize: CGSize(width: 0, height: estimatedHeight))
    }

    /// A lazy row whose revision is the hash of any value that changes with its content (an
    /// `updatedAt` date, a message's edit count…).
    public func lazy(id: String, revision: some Hashable, estimatedHeight: CGFloat) -> LazyComponent<Self> {
        LazyComponent(content: self, id: id, revision: revision.hashValue, estimatedSize: CGSize(width: 0, height: estimatedHeight))
    }
}
