import Foundation
import ParleyUIKit

/// A scroll view that hosts a ``Component`` and shows only what is on screen.
///
/// ```swift
/// let list = ComponentView()
/// list.contentAnchor = .bottom                      // a chat starts at its newest message
/// list.component = VStack(spacing: 4) {
///     for message in messages {
///         MessageRow(message)
///             .lazy(id: message.id, revision: message.revision, estimatedHeight: 60)
///     }
/// }
/// ```
///
/// For data that changes a row at a time (a chat), give it a ``ComponentList`` instead: edits are
/// applied in place at the next layout pass, in O(changed rows + visible rows), and only the
/// views of rows whose version changed are updated:
///
/// ```swift
/// let rows = ComponentList(messages.map { ComponentList.Row(id: $0.id, version: $0.version,
///                                                           estimatedHeight: 60, component: MessageRow($0)) })
/// list.list = rows
/// rows.insert([row(for: arrival)], before: nil)     // a new message at the bottom
/// ```
///
/// - **Reload** (setting `component`, a size change, `reloadData()`): layout + render. Views that
///   stay (same id) are updated in place; rows inserted above the viewport do not move what the
///   user sees (the offset moves with the first visible row).
/// - **Scroll**: render only — visible nodes found by binary search, views diffed by id, no
///   layout, no updates of views that stay.
/// - **Lazy rows** (``LazyComponent``) carry estimated sizes until they come within
///   `prefetchDistance` of the viewport; real sizes are cached by (id, revision, width) and
///   survive reloads; a correction never moves visible content; at most
///   `maxLazyMeasurementsPerFrame` rows near (not in) the viewport are measured per frame.
///
/// Views are direct subviews, framed in content coordinates, in tree order.
@preconcurrency @MainActor
open class ComponentView: UIScrollView {
    /// Which end of the content a reload keeps in place when the view rests there.
    public enum ContentAnchor: Sendable, Hashable {
        /// The first rows (lists that read top down). Content shorter than the view sits at the top.
        case top
        /// The last rows (chats): the first reload shows the bottom, a reload while resting at the
        /// bottom stays there, and content shorter than the view sits at its bottom.
        case bottom
    }

    /// Where `scrollTo(id:position:animated:)` puts the item.
    public enum ScrollPosition: Sendable, Hashable {
        /// At the top of the visible area.
        case top
        /// In the middle.
        case center
        /// At the bottom of the visible area.
        case bottom
    }

    lazy var engine = ComponentEngine(view: self)

    /// A component view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The component shown; setting it schedules a reload.
    public var component: (any Component)? {
        get { engine.component }
        set { engine.component = newValue }
    }

    /// Data-driven rows shown instead of ``component``: edits of the list (an arrival, an update)
    /// are applied at the next layout pass in O(changed rows + visible rows), whatever its length;
    /// setting it schedules a reload.
    public var list: ComponentList? {
        get { engine.list }
        set { engine.list = newValue }
    }

    /// Animates views in, between frames and out (nodes may carry their own); immediate by default.
    public var animator: any ComponentAnimator {
        get { engine.animator }
        set { engine.animator = newValue }
    }

    /// Which end of the content stays put; `.top` by default.
    public var contentAnchor: ContentAnchor {
        get { engine.contentAnchor }
        set { engine.contentAnchor = newValue }
    }

    /// How far beyond the viewport lazy rows are measured ahead of time; `nil` (the default) is
    /// one viewport.
    public var prefetchDistance: CGFloat? {
        get { engine.prefetchDistance }
        set { engine.prefetchDistance = newValue }
    }

    /// How many lazy rows outside the viewport may be measured per frame (rows entering the
    /// viewport are always measured); 2 by default.
    public var maxLazyMeasurementsPerFrame: Int {
        get { engine.maxLazyMeasurementsPerFrame }
        set { engine.maxLazyMeasurementsPerFrame = max(0, newValue) }
    }

    /// How long a frame may spend measuring rows ahead of the viewport before it leaves the rest
    /// to the next frames (the first row of a batch is always measured); 2 ms by default.
    public var prefetchTimeBudget: TimeInterval {
        get { engine.prefetchTimeBudget }
        set { engine.prefetchTimeBudget = max(0, newValue) }
    }

    /// The render node of the last layout (with lazy rows measured so far).
    public var renderNode: (any RenderNode)? { engine.root }

    /// The views on screen, in subview order.
    public var visibleViews: [UIView] { engine.visibleViews }

    /// The ids of the views on screen, in subview order.
    public var visibleIDs: [String] { engine.visibleIDs }

    /// The view on screen with `id`, if any.
    public func visibleView(id: String) -> UIView? { engine.visibleView(id: id) }

    /// The frame (content coordinates) of the node with `id`; rows not yet measured report their
    /// estimate.
    public func frame(id: String) -> CGRect? { engine.frame(id: id) }

    /// Whether a reload is running: animators animate the changes of reloads, not of scrolls.
    public var isReloading: Bool { engine.isReloading }

    /// What the last reload or render did to views.
    public var lastRenderStats: ComponentRenderStats { engine.stats }

    /// Takes a view out of the reuse pool for `reuseKey` without showing it (it stays a hidden
    /// subview), for a node to fill ahead of display and hand over through
    /// `RenderNode.takePreparedView()`; `nil` when the pool has none.
    public func dequeueReusableView(withReuseKey reuseKey: String) -> UIView? {
        engine.reusePool.dequeueParked(key: reuseKey)
    }

    /// Parks `view` (hidden) in the reuse pool under `reuseKey`, for the next node with that key;
    /// a full pool removes it from its superview instead.
    public func enqueueReusableView(_ view: UIView, withReuseKey reuseKey: String) {
        engine.reusePool.enqueue(view, key: reuseKey)
    }

    /// Reloads now: layout + render.
    public func reloadData() { engine.reload() }

    /// Reloads before the next frame.
    public func setNeedsReload() { engine.setNeedsReload() }

    /// Renders (without layout) before the next frame.
    public func setNeedsRender() { engine.setNeedsRender() }

    /// Whether the view rests at the bottom of its content (within a point).
    public var isScrolledToBottom: Bool { engine.isAtBottom }

    /// Scrolls so that the node with `id` sits at `position`, measuring it first if it is a lazy
    /// row; returns `false` when no node has that id.
    @discardableResult
    public func scrollTo(id: String, position: ScrollPosition = .top, animated: Bool = false) -> Bool {
        engine.scrollTo(id: id, position: position, animated: animated)
    }

    /// Scrolls to the end of the content.
    public func scrollToBottom(animated: Bool = false) {
        layoutIfNeeded()
        let inset = adjustedContentInset
        let offset = CGPoint(x: contentOffset.x, y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
        setContentOffset(offset, animated: animated)
        if !animated { layoutIfNeeded() }
    }

    /// Forgets every measured row size (after a font size change, say).
    public func removeAllCachedSizes() {
        engine.sizeCache.removeAll()
        setNeedsReload()
    }

    /// Forgets the measured sizes of the row with `id`.
    public func removeCachedSizes(id: String) {
        engine.sizeCache.removeEntries(forID: id)
        setNeedsReload()
    }

    /// Lays out or renders as needed, after the scroll view's own layout.
    open override func layoutSubviews() {
        super.layoutSubviews()
        engine.layoutSubviews()
    }

    /// The component's size within `size`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { engine.sizeThatFits(size) }
}
