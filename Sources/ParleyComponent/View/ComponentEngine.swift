import Foundation
import ParleyUIKit

/// Counts of what the last render did to views (tests and benchmarks read them).
public struct ComponentRenderStats: Sendable, Equatable {
    /// Views made by `makeView()`.
    public var created = 0
    /// Views taken from the reuse pool.
    public var reused = 0
    /// Views that left.
    public var removed = 0
    /// Kept views whose node updated them (reloads only).
    public var updated = 0
    /// Views moved in the subview order.
    public var moved = 0
    /// Lazy rows measured.
    public var measured = 0
}

/// Where a reload or a correction keeps the content: what the user sees must not move.
enum ScrollAnchor {
    /// Keep the offset (clamped).
    case none
    /// The content's top at the top of the viewport.
    case top
    /// The content's bottom at the bottom of the viewport.
    case bottom
    /// Keep the first of these nodes that still exists at the same place on screen.
    case items([AnchorItem])
}

/// A node and where it was on screen (its frame's origin minus the content offset).
struct AnchorItem {
    var id: String?
    var path: [Int]
    var screenOrigin: CGPoint
}

/// The machinery of ``ComponentView``: layout, lazy measuring, anchoring and the view diff.
///
/// Passes, scheduled here (one per layout pass, the first that applies):
/// - **reload** (component or list set, size changed, `reloadData()`): lay out the component (or
///   take the list's rows at the new width), keep the anchor on screen, measure the lazy rows
///   that must be measured, render updating every visible view.
/// - **apply list** (a ``ComponentList`` was edited): take its new tree, keep the anchor, measure,
///   render updating only the views of rows whose version changed. O(changed rows + visible
///   rows + √rows), whatever the list's length.
/// - **render** (a scroll): no layout; measure at most a few lazy rows near the viewport (and
///   any that entered it), keep the anchor, then diff the visible views by id. Views that stay
///   are not updated, and their frames do not change unless a correction moved them.
///
/// The phases of a pass each live in a file of their own, with their contract: anchoring
/// (`ComponentEngine+Anchoring`), measuring and prefetching (`+Measuring`), applying views
/// (`+Views`); scrolling to items and queries in `+Scrolling`.
///
/// Every view has one, as in UIComponent: `view.componentEngine.component = …` renders a
/// component into any `UIView` (a ``ComponentView`` answers with its own engine). A plain view
/// shows the component's views as its subviews, laid out at its width; a scroll view also gets
/// the content size and scrolls through it, rendering only what is visible.
@preconcurrency @MainActor
public final class ComponentEngine {
    unowned let view: UIView
    /// The host as a scroll view (a ``ComponentView`` or any `UIScrollView`); `nil` for a plain
    /// view. Unowned, as `view` is: the host owns its engine.
    unowned let scrollHost: UIScrollView?

    /// The component rendered into the view; setting it schedules a reload.
    public var component: (any Component)? { didSet { setNeedsReload() } }
    /// The data-driven rows shown instead of `component` when set (see ``ComponentList``).
    public var list: ComponentList? {
        didSet {
            oldValue?.didChange = nil
            list?.didChange = { [weak self] in self?.setNeedsListApply() }
            setNeedsReload()
        }
    }
    var root: (any RenderNode)?
    let sizeCache = SizeCache()
    let reusePool = ReusePool()
    /// Animates views in, between frames and out (nodes may carry their own); immediate by default.
    public var animator: any ComponentAnimator = ImmediateAnimator()
    /// Changes the frame views are made for (negative insets reach beyond the bounds: views of
    /// content just off screen are made before it scrolls in); setting it renders again.
    public var visibleFrameInsets: UIEdgeInsets = .zero { didSet { if visibleFrameInsets != oldValue { setNeedsRender() } } }
    var contentAnchor: ComponentView.ContentAnchor = .top { didSet { if contentAnchor != oldValue { setNeedsReload() } } }
    var prefetchDistance: CGFloat?
    var maxLazyMeasurementsPerFrame = 2
    var prefetchTimeBudget: TimeInterval = 0.002
    /// Set while the prefetch zone is being filled, batch by batch, until it is full.
    var isRefillingPrefetchZone = false
    /// Set by a reload that measured rows on screen: the next frame goes out without prefetching.
    var defersPrefetch = false
    /// Set once a layout pass of this frame prefetched (a frame may lay out several times).
    var prefetchedThisFrame = false
    /// Whether the next frame is already asked for, and whether it is to measure more rows.
    var rendersNextFrame = false
    var measuresNextFrame = false
    /// Views filled ahead of display, by view id (see `ComponentEngine+Preparing`).
    var preparedViews: [String: (view: UIView, key: String, row: String?)] = [:]
    /// Where the viewport was when the zone around it was last fully prepared (and whether the
    /// tree has not changed since): a scroll step that moved less skips the preparing phase.
    var lastPreparedViewport: CGRect?
    var preparedZoneIsCurrent = false

    var visible: [Renderable] = []
    /// The views on screen, in subview order.
    public internal(set) var visibleViews: [UIView] = []
    /// Visible index by id, built only when a full diff or a query needs it: hashing every id on
    /// every scroll step would cost more than the rest of the step.
    var indexByIDCache: [String: Int]? = [:]
    var indexByID: [String: Int] {
        if let indexByIDCache { return indexByIDCache }
        var built: [String: Int] = [:]
        built.reserveCapacity(visible.count)
        for (index, renderable) in visible.enumerated() { built[renderable.id] = index }
        indexByIDCache = built
        return built
    }
    var anchors: [AnchorRecord] = []
    var rootOrigin: CGPoint = .zero
    var unresolvedLazy = 0
    var needsReload = true
    var needsRender = false
    /// The list was edited since its tree was last taken.
    var needsListApply = false
    /// The list's generation when its tree was last taken.
    var listGeneration = -1
    var lastRenderBounds: CGRect = .null
    var lastInset: UIEdgeInsets = .zero
    var lastScale: CGFloat = 0
    /// The text size the sizes were measured at.
    var lastContentSizeCategory: UIContentSizeCategory?
    var isBusy = false
    /// Whether the pass running now is a reload (animators animate reloads, not scrolls).
    public internal(set) var isReloading = false
    /// How many reloads have run.
    public internal(set) var reloadCount = 0
    /// Whether a reload has run (animators leave the first one unanimated).
    public var hasReloaded: Bool { reloadCount > 0 }
    /// The render node of the last layout (with lazy rows measured so far).
    public var renderNode: (any RenderNode)? { root }
    /// Whether a reload or render waits for the next layout pass (lazy rows still to measure).
    var hasPendingWork: Bool { needsReload || needsRender || needsListApply }
    /// Whether some lazy row may still be unmeasured (a list's rows are never counted: an edit
    /// may bring some at any time, and the scan near the viewport is cheap).
    var mayHaveUnresolvedRows: Bool { list != nil || unresolvedLazy > 0 }
    var stats = ComponentRenderStats()
    /// Offset changes made by anchoring during the current pass (kept views shift by it).
    var anchorShift: CGPoint = .zero

    init(view: UIView) {
        self.view = view
        scrollHost = view as? UIScrollView
    }

    // MARK: The host

    /// Where the visible part of the content starts: the scroll offset (a plain view's bounds
    /// origin, which anchoring never moves).
    var hostOffset: CGPoint {
        get { view.bounds.origin }
        set { scrollHost?.contentOffset = newValue }
    }

    /// The scroll view's adjusted content inset; none for a plain view.
    var hostInset: UIEdgeInsets { scrollHost?.adjustedContentInset ?? .zero }

    /// The content's size, given to a scroll view (a plain view only remembers it).
    var hostContentSize: CGSize {
        get { scrollHost?.contentSize ?? plainContentSize }
        set {
            if let scrollHost { scrollHost.contentSize = newValue } else { plainContentSize = newValue }
        }
    }
    private var plainContentSize: CGSize = .zero

    /// Reloads now: layout + render.
    public func reloadData() { reload() }

    /// The component's (or list's) size within `size`, without rendering.
    public func sizeThatFits(_ size: CGSize) -> CGSize {
        if let list {
            return list.layout(Constraint(maxSize: CGSize(width: size.width, height: .infinity)), cache: sizeCache).size
        }
        guard let component else { return .zero }
        let context = LayoutContext(sizeCache: sizeCache, displayScale: max(1, view.traitCollection.displayScale))
        return context.run { component.sanitizedLayout(Constraint(maxSize: size)).size }
    }

    // MARK: Scheduling

    /// Reloads (layout + render) before the next frame.
    public func setNeedsReload() {
        needsReload = true
        view.setNeedsLayout()
    }

    /// Renders (no layout) before the next frame.
    public func setNeedsRender() {
        needsRender = true
        view.setNeedsLayout()
    }

    func setNeedsListApply() {
        needsListApply = true
        view.setNeedsLayout()
    }

    /// Runs a pending reload or list edit now (queries and scrolling need the current tree).
    func flushPendingChanges() {
        if needsReload || root == nil {
            reload()
        } else if needsListApply {
            applyList()
        }
    }

    func layoutSubviews() {
        guard !isBusy else { return }
        let bounds = view.bounds
        if needsReload || bounds.size != lastRenderBounds.size || hostInset != lastInset
            || view.traitCollection.displayScale != lastScale
            || view.traitCollection.preferredContentSizeCategory != lastContentSizeCategory {
            reload()
        } else if needsListApply {
            applyList()
        } else if bounds.origin != lastRenderBounds.origin || needsRender {
            render()
        }
    }

    // MARK: Geometry

    var inset: UIEdgeInsets { hostInset }

    /// The width rows are laid out at: the view less the horizontal insets.
    var layoutWidth: CGFloat { max(0, view.bounds.width - inset.left - inset.right) }

    /// The height the user sees content in.
    var visibleHeight: CGFloat { max(0, view.bounds.height - inset.top - inset.bottom) }

    var offsetLimits: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat) {
        let inset = self.inset, bounds = view.bounds, content = hostContentSize
        let minX = -inset.left, minY = -inset.top
        return (minX, max(minX, content.width + inset.right - bounds.width), minY, max(minY, content.height + inset.bottom - bounds.height))
    }

    func clamp(_ offset: CGPoint) -> CGPoint {
        let l = offsetLimits
        return CGPoint(x: min(max(offset.x, l.minX), l.maxX), y: min(max(offset.y, l.minY), l.maxY))
    }

    /// Whether the offset rests at the bottom of the content (within a point).
    var isAtBottom: Bool { hostOffset.y >= offsetLimits.maxY - 1 }
    /// Whether the view rests at the top of its content (not pulled past it: a bounce keeps its
    /// rows where the finger has them).
    var isAtTop: Bool { abs(hostOffset.y - offsetLimits.minY) <= 0.5 }

    /// Moves the offset as anchoring asks, remembering the shift for kept views.
    /// A plain (non-scrolling) host has no offset to move: its content stays where laid out.
    func setOffset(_ offset: CGPoint) {
        let current = hostOffset
        guard scrollHost != nil, offset != current, offset.x.isFinite, offset.y.isFinite else { return }
        anchorShift.x += offset.x - current.x
        anchorShift.y += offset.y - current.y
        hostOffset = offset
    }

    // MARK: Reload

    /// Layout + render: lays the component out, keeps what the user sees in place, and updates
    /// every visible view.
    func reload() {
        guard !isBusy else { return }
        isBusy = true
        isReloading = true
        defer {
            isBusy = false
            isReloading = false
        }
        needsReload = false
        needsRender = false
        anchorShift = .zero
        stats = ComponentRenderStats()

        let scale = max(1, view.traitCollection.displayScale)
        var remeasure = false
        if scale != lastScale {
            // Sizes were rounded to the old scale's pixels.
            if lastScale != 0 {
                sizeCache.removeAll()
                remeasure = true
            }
            lastScale = scale
        }
        let category = view.traitCollection.preferredContentSizeCategory
        if category != lastContentSizeCategory {
            // Text measured at the old text size: every row measures again.
            if lastContentSizeCategory != nil, !remeasure {
                sizeCache.removeAll()
                remeasure = true
            }
            lastContentSizeCategory = category
        }
        lastInset = hostInset
        needsListApply = false
        guard list != nil || component != nil else {
            root = nil
            hostContentSize = .zero
            applyViews([], anchors: [], updates: .all)
            lastRenderBounds = view.bounds
            reloadCount += 1
            return
        }
        var anchor = captureAnchor()
        layoutRoot(remeasure: remeasure)
        discardPreparedViews()
        anchor = restore(anchor, sameTree: false)
        // A reload is already an expensive frame (the first of a screen, a page of older rows):
        // it goes out first, prefetching follows in the next frames.
        defersPrefetch = true
        anchor = measureLazyRows(anchor: anchor)
        defersPrefetch = true
        _ = list?.takeUpdatedRows()
        renderViews(updates: .all)
        reloadCount += 1
        // The frames after a reload prepare the views of the rows around the screen.
        if view.window != nil { renderOnNextFrame(measuresMore: true) }
    }

    /// Lays out the component, or takes the list's rows at the current width.
    func layoutRoot(remeasure: Bool = false) {
        let constraint = Constraint(maxSize: CGSize(width: layoutWidth, height: .infinity))
        if let list {
            sizeCache.fit(rows: list.count)
            root = list.layout(constraint, cache: sizeCache, remeasure: remeasure)
            listGeneration = list.generation
            unresolvedLazy = 0
        } else if let component {
            let context = makeContext()
            root = context.run { component.sanitizedLayout(constraint) }
            unresolvedLazy = context.unresolvedLazyRows
            sizeCache.fit(rows: context.lazyRows)
        }
        updateContentGeometry()
    }

    // MARK: Apply list

    /// Takes the edited list's tree: what the user sees stays put, rows entering the viewport
    /// are measured, and only the views of rows whose version changed are updated.
    func applyList() {
        guard !isBusy, let list else { return }
        guard root != nil, !needsReload else { return reload() }
        isBusy = true
        defer { isBusy = false }
        needsListApply = false
        needsRender = false
        anchorShift = .zero
        stats = ComponentRenderStats()
        var anchor = captureAnchor()
        sizeCache.fit(rows: list.count)
        root = list.layout(Constraint(maxSize: CGSize(width: layoutWidth, height: .infinity)), cache: sizeCache)
        listGeneration = list.generation
        updateContentGeometry()
        anchor = restore(anchor, sameTree: false)
        anchor = measureLazyRows(anchor: anchor)
        let updated = list.takeUpdatedRows()
        discardPreparedViews(ofRows: updated)
        renderViews(updates: .rows(updated))
        if view.window != nil { renderOnNextFrame(measuresMore: true) }
    }

    func makeContext() -> LayoutContext {
        LayoutContext(sizeCache: sizeCache, displayScale: max(1, view.traitCollection.displayScale))
    }

    /// Places the root (pushed down when bottom-anchored content is shorter than the viewport)
    /// and sizes the content.
    func updateContentGeometry() {
        guard let root else { return }
        let size = root.size
        var origin = CGPoint.zero
        if contentAnchor == .bottom, size.height < visibleHeight { origin.y = visibleHeight - size.height }
        rootOrigin = origin
        let contentSize = CGSize(width: size.width, height: size.height + origin.y)
        if hostContentSize != contentSize { hostContentSize = contentSize }
    }

    // MARK: Render

    /// Render only: lazy rows near the viewport, then the view diff. No layout.
    func render() {
        guard !isBusy else { return }
        guard root != nil else {
            lastRenderBounds = view.bounds
            needsRender = false
            return
        }
        isBusy = true
        defer { isBusy = false }
        needsRender = false
        anchorShift = .zero
        stats = ComponentRenderStats()
        if mayHaveUnresolvedRows {
            _ = measureLazyRows(anchor: captureAnchor())
        }
        renderViews(updates: .none)
        prepareViewsAhead()
    }
}
