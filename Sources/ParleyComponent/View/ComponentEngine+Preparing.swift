import Foundation
import ParleyUIKit

/// Phase "prepare": views for rows just outside the viewport are made (or taken from the reuse
/// pool), filled, laid out and composed ahead of display, and parked hidden in the host until
/// their row scrolls in — so the frame that shows a row only places it.
///
/// Contract: runs after the view phase of a render or list pass, never during measuring; spends
/// at most `prefetchTimeBudget` per frame and leaves the rest to the next frames; a prepared view
/// is shown only for the view id it was prepared for, as it is (its node has not changed: a reload
/// discards every prepared view, a list edit those of the rows whose version changed); at most
/// `maxPreparedViews` are held.
extension ComponentEngine {
    /// Views held ready at once: about two screenfuls of rows.
    var maxPreparedViews: Int { 32 }

    func prepareViewsAhead() {
        guard let root, maxLazyMeasurementsPerFrame > 0 else { return }
        let viewport = view.bounds
        let reach = max(0, prefetchDistance ?? viewport.height)
        // Walking three screens of nodes costs a good part of a scroll frame: once the zone is
        // prepared, wait until the viewport has moved by a quarter of the reach (or the tree
        // changed) before looking again.
        if preparedZoneIsCurrent, let last = lastPreparedViewport,
           abs(last.minY - viewport.minY) < reach / 4, abs(last.minX - viewport.minX) < max(1, reach / 4), last.size == viewport.size {
            return
        }
        let zone = viewport.insetBy(dx: 0, dy: -reach)
        let collected = collectRenderables(root, visibleFrame: zone)
        let candidates = collected.renderables
        // Views prepared for rows that left the zone go back to the pool.
        let wanted = Set(candidates.lazy.filter { $0.node.reuseKey != nil }.map(\.id))
        for (id, entry) in preparedViews where !wanted.contains(id) {
            preparedViews[id] = nil
            reusePool.enqueue(entry.view, key: entry.key)
        }
        let started = ProcessInfo.processInfo.systemUptime
        var prepared = 0
        var leftOver = false
        // Nearest first: the rows the next frames reach.
        let ahead = candidates.filter { !RenderGeometry.overlaps($0.frame, viewport) && $0.node.reuseKey != nil }
            .sorted { Self.distance($0.frame, viewport) < Self.distance($1.frame, viewport) }
        for renderable in ahead where preparedViews[renderable.id] == nil && indexByIDIfBuilt(renderable.id) == nil {
            guard preparedViews.count < maxPreparedViews else { break }
            if prepared > 0, ProcessInfo.processInfo.systemUptime - started >= prefetchTimeBudget {
                leftOver = true
                break
            }
            guard let key = renderable.node.reuseKey else { continue }
            let ready: UIView
            if let pooled = reusePool.dequeue(key: key) {
                ready = pooled
                ready.isHidden = true
            } else {
                ready = renderable.node.makeView()
                ready.isHidden = true
                view.insertSubview(ready, at: 0)
                stats.created += 1
            }
            ready.frame = renderable.frame
            renderable.node.updateView(ready)
            ready.layoutIfNeeded()
            ready.layer.rasterizeIfNeeded()
            let row = renderable.anchor >= 0 && renderable.anchor < collected.anchors.count ? collected.anchors[renderable.anchor].id : nil
            preparedViews[renderable.id] = (ready, key, row)
            prepared += 1
        }
        lastPreparedViewport = viewport
        preparedZoneIsCurrent = !leftOver
        if leftOver { renderOnNextFrame(measuresMore: true) }
    }

    /// The view prepared for `renderable`, handed over (shown) when it comes on screen.
    func takePreparedView(for renderable: Renderable) -> UIView? {
        guard let entry = preparedViews.removeValue(forKey: renderable.id) else { return nil }
        guard entry.key == renderable.node.reuseKey else {
            reusePool.enqueue(entry.view, key: entry.key)
            return nil
        }
        ReusePool.resetForDisplay(entry.view)
        return entry.view
    }

    /// Sends prepared views back to the pool: all of them (`rows == nil`: the tree was laid out
    /// again), or those of these rows (their version changed).
    func discardPreparedViews(ofRows rows: Set<String>? = nil) {
        preparedZoneIsCurrent = false
        for (id, entry) in preparedViews where rows == nil || entry.row.map({ rows!.contains($0) }) ?? true {
            preparedViews[id] = nil
            reusePool.enqueue(entry.view, key: entry.key)
        }
    }

    /// Whether `id` is on screen, without building the index for it.
    private func indexByIDIfBuilt(_ id: String) -> Int? {
        if let indexByIDCache { return indexByIDCache[id] }
        return visible.firstIndex { $0.id == id }
    }
}
