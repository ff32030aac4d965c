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
/// Phases, each with one job:
/// - **reload** (component set, size changed, `reloadData()`): lay out the component, keep the
///   anchor on screen, measure the lazy rows that must be measured, render with updates.
/// - **render** (a scroll): no layout; measure at most a few lazy rows near the viewport (and
///   any that entered it), keep the anchor, then diff the visible views by id. Views that stay
///   are not updated, and their frames do not change unless a correction moved them.
@MainActor
final class ComponentEngine {
    unowned let view: ComponentView

    var component: (any Component)? { didSet { setNeedsReload() } }
    private(set) var root: (any RenderNode)?
    let sizeCache = SizeCache()
    let reusePool = ReusePool()
    var animator: any ComponentAnimator = ImmediateAnimator()
    var contentAnchor: ComponentView.ContentAnchor = .top { didSet { if contentAnchor != oldValue { setNeedsReload() } } }
    var prefetchDistance: CGFloat?
    var maxLazyMeasurementsPerFrame = 2
    var prefetchTimeBudget: TimeInterval = 0.002
    /// Set while the prefetch zone is being filled, batch by batch, until it is full.
    private var isRefillingPrefetchZone = false
    /// Set by a reload that measured rows on screen: the next frame goes out without prefetching.
    private var defersPrefetch = false
    /// Set once a layout pass of this frame prefetched (a frame may lay out several times).
    private var prefetchedThisFrame = false
    /// Whether the next frame is already asked for, and whether it is to measure more rows.
    private var rendersNextFrame = false
    private var measuresNextFrame = false

    private(set) var visible: [Renderable] = []
    private(set) var visibleViews: [UIView] = []
    /// Visible index by id, built only when a full diff or a query needs it: hashing every id on
    /// every scroll step would cost more than the rest of the step.
    private var indexByIDCache: [String: Int]? = [:]
    private var indexByID: [String: Int] {
        if let indexByIDCache { return indexByIDCache }
        var built: [String: Int] = [:]
        built.reserveCapacity(visible.count)
        for (index, renderable) in visible.enumerated() { built[renderable.id] = index }
        indexByIDCache = built
        return built
    }
    private var anchors: [AnchorRecord] = []
    private(set) var rootOrigin: CGPoint = .zero
    private var unresolvedLazy = 0
    private var needsReload = true
    private var needsRender = false
    private var lastRenderBounds: CGRect = .null
    private var lastInset: UIEdgeInsets = .zero
    private var lastScale: CGFloat = 0
    private var isBusy = false
    /// Whether the pass running now is a reload (animators animate reloads, not scrolls).
    private(set) var isReloading = false
    private(set) var reloadCount = 0
    /// Whether a reload or render waits for the next layout pass (lazy rows still to measure).
    var hasPendingWork: Bool { needsReload || needsRender }
    private(set) var stats = ComponentRenderStats()
    /// Offset changes made by anchoring during the current pass (kept views shift by it).
    private var anchorShift: CGPoint = .zero

    init(view: ComponentView) {
        self.view = view
    }

    // MARK: Scheduling

    func setNeedsReload() {
        needsReload = true
        view.setNeedsLayout()
    }

    func setNeedsRender() {
        needsRender = true
        view.setNeedsLayout()
    }

    func layoutSubviews() {
        guard !isBusy else { return }
        let bounds = view.bounds
        if needsReload || bounds.size != lastRenderBounds.size || view.adjustedContentInset != lastInset
            || view.traitCollection.displayScale != lastScale {
            reload()
        } else if bounds.origin != lastRenderBounds.origin || needsRender {
            render()
        }
    }

    // MARK: Geometry

    private var inset: UIEdgeInsets { view.adjustedContentInset }

    /// The width rows are laid out at: the view less the horizontal insets.
    private var layoutWidth: CGFloat { max(0, view.bounds.width - inset.left - inset.right) }

    /// The height the user sees content in.
    private var visibleHeight: CGFloat { max(0, view.bounds.height - inset.top - inset.bottom) }

    private var offsetLimits: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat) {
        let inset = self.inset, bounds = view.bounds, content = view.contentSize
        let minX = -inset.left, minY = -inset.top
        return (minX, max(minX, content.width + inset.right - bounds.width), minY, max(minY, content.height + inset.bottom - bounds.height))
    }

    private func clamp(_ offset: CGPoint) -> CGPoint {
        let l = offsetLimits
        return CGPoint(x: min(max(offset.x, l.minX), l.maxX), y: min(max(offset.y, l.minY), l.maxY))
    }

    /// Whether the offset rests at the bottom of the content (within a point).
    var isAtBottom: Bool { view.contentOffset.y >= offsetLimits.maxY - 1 }
    /// Whether the view rests at the top of its content (not pulled past it: a bounce keeps its
    /// rows where the finger has them).
    var isAtTop: Bool { abs(view.contentOffset.y - offsetLimits.minY) <= 0.5 }

    /// Moves the offset as anchoring asks, remembering the shift for kept views.
    private func setOffset(_ offset: CGPoint) {
        let current = view.contentOffset
        guard offset != current, offset.x.isFinite, offset.y.isFinite else { return }
        anchorShift.x += offset.x - current.x
        anchorShift.y += offset.y - current.y
        view.contentOffset = offset
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
        if scale != lastScale {
            // Sizes were rounded to the old scale's pixels.
            if lastScale != 0 { sizeCache.removeAll() }
            lastScale = scale
        }
        lastInset = view.adjustedContentInset
        guard let component else {
            root = nil
            view.contentSize = .zero
            applyViews([], anchors: [], updateViews: true)
            lastRenderBounds = view.bounds
            reloadCount += 1
            return
        }
        var anchor = captureAnchor()
        layoutRoot(component)
        anchor = restore(anchor, sameTree: false)
        // A reload is already an expensive frame (the first of a screen, a page of older rows):
        // it goes out first, prefetching follows in the next frames.
        defersPrefetch = true
        anchor = measureLazyRows(anchor: anchor)
        defersPrefetch = true
        renderViews(updateViews: true)
        reloadCount += 1
    }

    private func layoutRoot(_ component: any Component) {
        let context = makeContext()
        let constraint = Constraint(maxSize: CGSize(width: layoutWidth, height: .infinity))
        let node = context.run { component.sanitizedLayout(constraint) }
        root = node
        unresolvedLazy = context.unresolvedLazyRows
        updateContentGeometry()
    }

    private func makeContext() -> LayoutContext {
        LayoutContext(sizeCache: sizeCache, displayScale: max(1, view.traitCollection.displayScale))
    }

    /// Places the root (pushed down when bottom-anchored content is shorter than the viewport)
    /// and sizes the content.
    private func updateContentGeometry() {
        guard let root else { return }
        let size = root.size
        var origin = CGPoint.zero
        if contentAnchor == .bottom, size.height < visibleHeight { origin.y = visibleHeight - size.height }
        rootOrigin = origin
        let contentSize = CGSize(width: size.width, height: size.height + origin.y)
        if view.contentSize != contentSize { view.contentSize = contentSize }
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
        if unresolvedLazy > 0 {
            _ = measureLazyRows(anchor: captureAnchor())
        }
        renderViews(updateViews: false)
    }

    // MARK: Anchors

    /// What must stay put through the coming change: the bottom when a bottom-anchored view rests
    /// there, else the first visible rows.
    private func captureAnchor() -> ScrollAnchor {
        guard root != nil, reloadCount > 0 || !visible.isEmpty else {
            return contentAnchor == .bottom ? .bottom : .top
        }
        if contentAnchor == .bottom && isAtBottom { return .bottom }
        // A top-anchored view resting at its top stays there, as a UIKit list does: rows inserted
        // above (a channel moving to the top of the list) come into view instead of pushing
        // what was first out of sight.
        if contentAnchor == .top && isAtTop { return .top }
        let offset = view.contentOffset
        // The rows the user saw in the last frame, even if this scroll has moved them out of
        // the viewport: keeping them consistent with the scroll is what keeps the scroll
        // distance true when the rows coming in turn out smaller or larger than estimated.
        let seen = (lastRenderBounds.isNull ? view.bounds : lastRenderBounds).inset(by: lastInset)
        var items: [AnchorItem] = []
        var used = Set<Int>()
        for renderable in visible where RenderGeometry.overlaps(renderable.frame, seen) {
            guard used.insert(renderable.anchor).inserted, renderable.anchor < anchors.count else { continue }
            let record = anchors[renderable.anchor]
            items.append(AnchorItem(id: record.id, path: record.path,
                                    screenOrigin: CGPoint(x: record.frame.minX - offset.x, y: record.frame.minY - offset.y)))
            if items.count >= 8 { break }
        }
        return items.isEmpty ? .none : .items(items)
    }

    /// Sets the offset so that `anchor` is where it was; returns the anchor as found in the
    /// current tree (so later corrections can find it by path).
    private func restore(_ anchor: ScrollAnchor, sameTree: Bool) -> ScrollAnchor {
        guard let root else { return anchor }
        switch anchor {
        case .none:
            setOffset(clamp(view.contentOffset))
        case .top:
            let l = offsetLimits
            setOffset(CGPoint(x: l.minX, y: l.minY))
        case .bottom:
            let l = offsetLimits
            setOffset(CGPoint(x: clamp(view.contentOffset).x, y: l.maxY))
        case .items(let items):
            for item in items {
                let path: [Int]?
                if sameTree {
                    path = item.path
                } else if let id = item.id {
                    path = findPath(id: id, hint: item.path, in: root)
                } else {
                    path = item.path
                }
                guard let path, let frame = RenderTree.frame(atPath: path, in: root) else { continue }
                let origin = CGPoint(x: frame.minX + rootOrigin.x, y: frame.minY + rootOrigin.y)
                setOffset(clamp(CGPoint(x: origin.x - item.screenOrigin.x, y: origin.y - item.screenOrigin.y)))
                var found = item
                found.path = path
                return .items([found])
            }
            setOffset(clamp(view.contentOffset))
            return .none
        }
        return anchor
    }

    /// The path of the node with `id`: where it was, among its old siblings (rows inserted
    /// above shift it by a few places), else a full search.
    func findPath(id: String, hint: [Int]?, in root: any RenderNode) -> [Int]? {
        if let hint {
            if let node = RenderTree.node(atPath: hint, in: root), node.id == id { return hint }
            if let last = hint.last, let parent = RenderTree.node(atPath: Array(hint.dropLast()), in: root) {
                let siblings = parent.children
                // Search outward from the old index: history paging moves a row by a page.
                var distance = 0
                while distance <= siblings.count {
                    let before = last - distance, after = last + distance
                    if before >= 0, before < siblings.count, siblings[before].id == id { return Array(hint.dropLast()) + [before] }
                    if distance > 0, after >= 0, after < siblings.count, siblings[after].id == id { return Array(hint.dropLast()) + [after] }
                    if before < 0 && after >= siblings.count { break }
                    distance += 1
                }
            }
        }
        return RenderTree.path(to: id, in: root)
    }

    // MARK: Lazy rows

    /// Measures the lazy rows that intersect the viewport (always) and, up to
    /// `maxLazyMeasurementsPerFrame` rows per frame counting those, more within the prefetch
    /// distance (nearest first), keeping `anchor` on screen through every correction.
    ///
    /// Prefetching works in batches: it starts when unmeasured rows come within half the
    /// distance and goes on, frame after frame, until the whole distance is measured. Most
    /// frames of a scroll then measure nothing, and the few that do measure several rows.
    @discardableResult
    private func measureLazyRows(anchor: ScrollAnchor) -> ScrollAnchor {
        var anchor = anchor
        guard unresolvedLazy > 0 else { return anchor }
        var budget = max(0, maxLazyMeasurementsPerFrame)
        let prefetches = !defersPrefetch && !prefetchedThisFrame
        defersPrefetch = false
        let started = ProcessInfo.processInfo.systemUptime
        var prefetched = 0
        var rounds = 0
        var leftOver = false
        while rounds < 32, let root {
            rounds += 1
            let viewport = view.bounds
            let reachY = max(0, prefetchDistance ?? viewport.height)
            let reachX = max(0, prefetchDistance ?? viewport.width)
            let zone = viewport.insetBy(dx: -reachX, dy: -reachY)
            let found = LazyScanner.unresolved(in: root, origin: rootOrigin, frame: zone)
            if found.isEmpty { leftOver = false; isRefillingPrefetchZone = false; break }
            var selected = found.filter { RenderGeometry.overlaps($0.frame, viewport) }
            budget = max(0, budget - selected.count)
            let lowWater = viewport.insetBy(dx: -reachX / 2, dy: -reachY / 2)
            let wantsPrefetch = maxLazyMeasurementsPerFrame > 0
                && (isRefillingPrefetchZone || found.contains { RenderGeometry.overlaps($0.frame, lowWater) })
            // One row a round, so a batch stops once the frame has spent its prefetch time (rows
            // that need a new view cost several times a reused one's).
            if wantsPrefetch && prefetches && budget > 0
                && (prefetched == 0 || ProcessInfo.processInfo.systemUptime - started < prefetchTimeBudget),
               let nearest = found.filter({ !RenderGeometry.overlaps($0.frame, viewport) })
                   .min(by: { Self.distance($0.frame, viewport) < Self.distance($1.frame, viewport) }) {
                isRefillingPrefetchZone = true
                prefetchedThisFrame = true
                selected.append(nearest)
                budget -= 1
                prefetched += 1
            }
            // Rows left for the next frames: only those a batch (or the deferred one) will measure.
            leftOver = wantsPrefetch && found.count > selected.count
            guard !selected.isEmpty else { break }
            let sameTree = resolve(selected)
            anchor = restore(anchor, sameTree: sameTree)
        }
        if leftOver || prefetchedThisFrame {
            // The rest of the prefetch zone waits for the next frames, a batch each.
            renderOnNextFrame(measuresMore: leftOver)
        }
        return anchor
    }

    /// Lets the next frame prefetch again and, when rows are left, render (and so measure) then.
    private func renderOnNextFrame(measuresMore: Bool) {
        measuresNextFrame = measuresNextFrame || measuresMore
        guard !rendersNextFrame else { return }
        rendersNextFrame = true
        let next: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            self.rendersNextFrame = false
            self.prefetchedThisFrame = false
            guard self.measuresNextFrame else { return }
            self.measuresNextFrame = false
            self.needsRender = true
            self.view.setNeedsLayout()
        }
        // Outside a window no frame comes: the next layout pass is the next "frame".
        if view.window == nil { next() } else { UIApplication.shared.performOnNextFrame(next) }
    }

    private static func distance(_ frame: CGRect, _ viewport: CGRect) -> CGFloat {
        let dy = frame.maxY < viewport.minY ? viewport.minY - frame.maxY : max(0, frame.minY - viewport.maxY)
        let dx = frame.maxX < viewport.minX ? viewport.minX - frame.maxX : max(0, frame.minX - viewport.maxX)
        return dx + dy
    }

    /// Lays out the found rows for real and swaps them into the tree; returns whether the tree
    /// was edited in place (paths stay valid) rather than laid out again.
    private func resolve(_ found: [LazyScanner.Found]) -> Bool {
        guard let root else { return true }
        let context = makeContext()
        var replacements: [(path: [Int], node: any RenderNode)] = []
        replacements.reserveCapacity(found.count)
        for row in found {
            guard let node = RenderTree.node(atPath: row.path, in: root) else { continue }
            replacements.append((row.path, context.run { resolved(node) }))
        }
        stats.measured += replacements.count
        unresolvedLazy = max(0, unresolvedLazy - replacements.count)
        if let edited = TreeEditor.replacing(replacements, in: root) {
            self.root = edited
            updateContentGeometry()
            return true
        }
        // Some container on the way distributes space: lay everything out again; the rows just
        // measured come from the size cache.
        if let component { layoutRoot(component) }
        return false
    }

    private func resolved(_ node: any RenderNode) -> any RenderNode {
        if let lazy = node as? LazyRenderNode { return lazy.resolved(in: sizeCache) }
        if let wrapper = node as? WrapperRenderNode { return wrapper.rewrapping(resolved(wrapper.content)) }
        return node
    }

    // MARK: Scrolling to items

    /// Scrolls so the node with `id` sits at `position`; `false` when there is no such node.
    func scrollTo(id: String, position: ComponentView.ScrollPosition, animated: Bool) -> Bool {
        if needsReload || root == nil { reload() }
        guard let currentRoot = root, var path = findPath(id: id, hint: nil, in: currentRoot) else { return false }
        isBusy = true
        anchorShift = .zero
        if let node = RenderTree.node(atPath: path, in: currentRoot), let lazy = LazyScanner.lazyNode(node), !lazy.isResolved {
            let frame = RenderTree.frame(atPath: path, in: currentRoot) ?? .zero
            let sameTree = resolve([LazyScanner.Found(path: path, frame: frame)])
            if !sameTree, let root, let again = findPath(id: id, hint: path, in: root) { path = again }
        }
        isBusy = false
        guard let root, let frame = RenderTree.frame(atPath: path, in: root) else { return false }
        let target = CGRect(x: frame.minX + rootOrigin.x, y: frame.minY + rootOrigin.y, width: frame.width, height: frame.height)
        var offset = view.contentOffset
        switch position {
        case .top: offset.y = target.minY - inset.top
        case .center: offset.y = target.midY - inset.top - visibleHeight / 2
        case .bottom: offset.y = target.maxY - inset.top - visibleHeight
        }
        offset = clamp(offset)
        if animated {
            view.setContentOffset(offset, animated: true)
            return true
        }
        isBusy = true
        defer { isBusy = false }
        anchorShift = .zero
        stats = ComponentRenderStats()
        view.contentOffset = offset
        // Rows measured around the target must not move it.
        let anchor = ScrollAnchor.items([AnchorItem(id: id, path: path, screenOrigin: CGPoint(x: target.minX - offset.x, y: target.minY - offset.y))])
        measureLazyRows(anchor: anchor)
        renderViews(updateViews: false)
        return true
    }

    // MARK: The view diff

    private func renderViews(updateViews: Bool) {
        guard let root else { return }
        let collector = RenderCollector.collect(root, origin: rootOrigin, visibleFrame: view.bounds)
        applyViews(collector.renderables, anchors: collector.anchors, updateViews: updateViews)
        lastRenderBounds = view.bounds
    }

    /// Brings the subviews in line with `renderables`: views whose id left are deleted (through
    /// the animator, then pooled or released), new ids get views (pooled or made), kept views
    /// keep their place in the subview order unless they are off the longest increasing
    /// subsequence of old positions, and are updated only on reloads.
    private func applyViews(_ renderables: [Renderable], anchors newAnchors: [AnchorRecord], updateViews: Bool) {
        if !updateViews, applyUnchangedIDs(renderables, anchors: newAnchors) || applySlidingWindow(renderables, anchors: newAnchors) { return }
        var list = renderables
        let indexByID = self.indexByID
        var newIndexByID: [String: Int] = [:]
        newIndexByID.reserveCapacity(list.count)
        for index in list.indices {
            var id = list[index].id
            if newIndexByID[id] != nil {
                ComponentDiagnostics.warnOnce("duplicate-id",
                    "the id \"\(id)\" appears more than once among visible views; repeats get a suffix (#2, #3…) in tree order. Give rows unique ids.")
                var counter = 2
                while newIndexByID["\(id)#\(counter)"] != nil { counter += 1 }
                id = "\(id)#\(counter)"
                list[index].id = id
            }
            newIndexByID[id] = index
        }

        // Leaving views.
        for (oldIndex, old) in visible.enumerated() where newIndexByID[old.id] == nil {
            deleteView(visibleViews[oldIndex], of: old)
        }

        // Kept and new views, and which kept ones may stay where they are in the subview order.
        var views: [UIView?] = Array(repeating: nil, count: list.count)
        var keptOld: [Int] = []
        var keptNew: [Int] = []
        for index in list.indices {
            if let oldIndex = indexByID[list[index].id] {
                views[index] = visibleViews[oldIndex]
                keptOld.append(oldIndex)
                keptNew.append(index)
            }
        }
        var stable = [Bool](repeating: false, count: list.count)
        for position in ViewDiff.longestIncreasingSubsequence(keptOld) { stable[keptNew[position]] = true }

        var previous: UIView?
        var placed: [UIView] = []
        placed.reserveCapacity(list.count)
        for index in list.indices {
            let renderable = list[index]
            let animator = renderable.node.animator ?? self.animator
            let current: UIView
            if let kept = views[index] {
                current = kept
                if anchorShift != .zero {
                    // The offset moved with an anchor: move the view with it first, so an
                    // animator starts from where the view shows.
                    var frame = kept.frame
                    frame.origin.x += anchorShift.x
                    frame.origin.y += anchorShift.y
                    kept.frame = frame
                }
                if updateViews {
                    renderable.node.updateView(kept)
                    stats.updated += 1
                    animator.update(view: kept, frame: renderable.frame, in: view)
                } else if anchorShift != .zero || renderable.frame != visible[indexByID[renderable.id] ?? 0].frame, kept.frame != renderable.frame {
                    animator.update(view: kept, frame: renderable.frame, in: view)
                }
                if !stable[index] {
                    place(kept, after: previous)
                    stats.moved += 1
                }
            } else {
                current = makeView(for: renderable)
                place(current, after: previous)
                animator.insert(view: current, frame: renderable.frame, in: view)
            }
            placed.append(current)
            previous = current
        }

        visible = list
        visibleViews = placed
        indexByIDCache = newIndexByID
        anchors = newAnchors
    }

    /// The common scroll step: the same views in the same order. Only frames a correction moved
    /// are touched; no dictionary, no subsequence, no subview reordering.
    private func applyUnchangedIDs(_ list: [Renderable], anchors newAnchors: [AnchorRecord]) -> Bool {
        guard list.count == visible.count else { return false }
        for index in list.indices where list[index].id != visible[index].id { return false }
        for index in list.indices { moveKept(visibleViews[index], list[index], oldFrame: visible[index].frame) }
        visible = list
        anchors = newAnchors
        return true
    }

    /// The usual scroll step: rows left at one end and came in at the other, so the new list is
    /// the old one with a run removed from one end and a run added at either end. Found with
    /// string comparisons alone (no hashing); anything else (moves, repeated ids) returns false
    /// for the full diff.
    private func applySlidingWindow(_ list: [Renderable], anchors newAnchors: [AnchorRecord]) -> Bool {
        let old = visible
        guard !old.isEmpty, !list.isEmpty else { return false }
        let oldStart: Int, newStart: Int
        if let k = old.firstIndex(where: { $0.id == list[0].id }) {
            (oldStart, newStart) = (k, 0)
        } else if let j = list.firstIndex(where: { $0.id == old[0].id }) {
            (oldStart, newStart) = (0, j)
        } else {
            return false
        }
        let overlap = min(old.count - oldStart, list.count - newStart)
        for offset in 0..<overlap where list[newStart + offset].id != old[oldStart + offset].id { return false }
        let keptNew = newStart..<(newStart + overlap)
        let removed = Array(0..<oldStart) + Array((oldStart + overlap)..<old.count)
        let added = Array(0..<newStart) + Array((newStart + overlap)..<list.count)
        // An added id that repeats any other id, or that belongs to a leaving view, needs the
        // full diff (renaming, or moving a view instead of replacing it).
        for a in added {
            let id = list[a].id
            for other in list.indices where other != a && list[other].id == id { return false }
            for r in removed where old[r].id == id { return false }
        }

        for r in removed { deleteView(visibleViews[r], of: old[r]) }
        var placed: [UIView] = []
        placed.reserveCapacity(list.count)
        var previous: UIView?
        for index in list.indices {
            let renderable = list[index]
            let current: UIView
            if keptNew.contains(index) {
                current = visibleViews[oldStart + (index - newStart)]
                moveKept(current, renderable, oldFrame: old[oldStart + (index - newStart)].frame)
            } else {
                current = makeView(for: renderable)
                place(current, after: previous)
                (renderable.node.animator ?? animator).insert(view: current, frame: renderable.frame, in: view)
            }
            placed.append(current)
            previous = current
        }
        visible = list
        visibleViews = placed
        indexByIDCache = nil
        anchors = newAnchors
        return true
    }

    /// A kept view on a scroll step: moved only when an anchor correction shifted the offset or a
    /// correction moved its node.
    private func moveKept(_ kept: UIView, _ renderable: Renderable, oldFrame: CGRect) {
        if anchorShift != .zero {
            var frame = kept.frame
            frame.origin.x += anchorShift.x
            frame.origin.y += anchorShift.y
            kept.frame = frame
        }
        if renderable.frame != oldFrame || anchorShift != .zero, kept.frame != renderable.frame {
            (renderable.node.animator ?? animator).update(view: kept, frame: renderable.frame, in: view)
        }
    }

    /// A view for a node coming on screen: pooled or new, framed and updated.
    private func makeView(for renderable: Renderable) -> UIView {
        let made: UIView
        if let prepared = renderable.node.takePreparedView() {
            made = prepared
            ReusePool.resetForDisplay(made)
            stats.reused += 1
        } else if let key = renderable.node.reuseKey, let pooled = reusePool.dequeue(key: key) {
            made = pooled
            stats.reused += 1
        } else {
            made = renderable.node.makeView()
            stats.created += 1
        }
        made.frame = renderable.frame
        renderable.node.updateView(made)
        return made
    }

    /// Hands a leaving view to its animator, then pools or removes it.
    private func deleteView(_ leaving: UIView, of renderable: Renderable) {
        let reuseKey = renderable.node.reuseKey
        stats.removed += 1
        (renderable.node.animator ?? animator).delete(view: leaving, in: view) { [weak self] in
            if let reuseKey, let self {
                self.reusePool.enqueue(leaving, key: reuseKey)
            } else {
                leaving.removeFromSuperview()
            }
        }
    }

    /// Puts `subview` right above `previous` (or below everything when it comes first).
    private func place(_ subview: UIView, after previous: UIView?) {
        if let previous {
            view.insertSubview(subview, aboveSubview: previous)
        } else {
            view.insertSubview(subview, at: 0)
        }
    }

    // MARK: Queries

    func visibleView(id: String) -> UIView? {
        indexByID[id].map { visibleViews[$0] }
    }

    func frame(id: String) -> CGRect? {
        if needsReload { reload() }
        guard let root, let path = findPath(id: id, hint: nil, in: root), let frame = RenderTree.frame(atPath: path, in: root) else { return nil }
        return frame.offsetBy(dx: rootOrigin.x, dy: rootOrigin.y)
    }

    var visibleIDs: [String] { visible.map(\.id) }
}
