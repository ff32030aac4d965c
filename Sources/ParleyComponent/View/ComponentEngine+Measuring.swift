import Foundation
import ParleyUIKit

/// Phases "measure" and "prefetch": lazy rows are laid out for real when they enter the
/// viewport (always, in the same pass) or come within the prefetch distance (in batches bounded
/// by a time budget, frame after frame).
///
/// Contract: measuring lays out components and edits the tree in place; it never adds, removes
/// or updates a view of the host (checked in debug builds) — that is the view phase's job.
extension ComponentEngine {
    // MARK: Lazy rows

    /// Measures the lazy rows that intersect the viewport (always) and, up to
    /// `maxLazyMeasurementsPerFrame` rows per frame counting those, more within the prefetch
    /// distance (nearest first), keeping `anchor` on screen through every correction.
    ///
    /// Prefetching works in batches: it starts when unmeasured rows come within half the
    /// distance and goes on, frame after frame, until the whole distance is measured. Most
    /// frames of a scroll then measure nothing, and the few that do measure several rows.
    @discardableResult
    func measureLazyRows(anchor: ScrollAnchor) -> ScrollAnchor {
        var anchor = anchor
        guard mayHaveUnresolvedRows else { return anchor }
        #if DEBUG
        let subviewsBefore = view.subviews.count
        defer { assert(view.subviews.count == subviewsBefore, "measuring rows added or removed views of the host") }
        #endif
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
    func renderOnNextFrame(measuresMore: Bool) {
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

    static func distance(_ frame: CGRect, _ viewport: CGRect) -> CGFloat {
        let dy = frame.maxY < viewport.minY ? viewport.minY - frame.maxY : max(0, frame.minY - viewport.maxY)
        let dx = frame.maxX < viewport.minX ? viewport.minX - frame.maxX : max(0, frame.minX - viewport.maxX)
        return dx + dy
    }

    /// Lays out the found rows for real and swaps them into the tree; returns whether the tree
    /// was edited in place (paths stay valid) rather than laid out again.
    func resolve(_ found: [LazyScanner.Found]) -> Bool {
        guard let root else { return true }
        let context = makeContext()
        var replacements: [(path: [Int], node: any RenderNode)] = []
        replacements.reserveCapacity(found.count)
        for row in found {
            guard let node = RenderTree.node(atPath: row.path, in: root) else { continue }
            replacements.append((row.path, context.run { resolved(node) }))
        }
        stats.measured += replacements.count
        // Rows measured now may need their views prepared.
        if !replacements.isEmpty { preparedZoneIsCurrent = false }
        unresolvedLazy = max(0, unresolvedLazy - replacements.count)
        if let edited = TreeEditor.replacing(replacements, in: root) {
            self.root = edited
            if let list, let measured = edited as? ListRenderNode { list.adopt(measured, generation: listGeneration) }
            updateContentGeometry()
            return true
        }
        // Some container on the way distributes space: lay everything out again; the rows just
        // measured come from the size cache.
        layoutRoot()
        return false
    }

    func resolved(_ node: any RenderNode) -> any RenderNode {
        if let lazy = node as? LazyRenderNode { return lazy.resolved(in: sizeCache) }
        if let wrapper = node as? WrapperRenderNode { return wrapper.rewrapping(resolved(wrapper.content)) }
        return node
    }
}
