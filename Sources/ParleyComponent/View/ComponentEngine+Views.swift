import Foundation
import ParleyDiff
import ParleyUIKit

/// Phase "apply views": brings the host's subviews in line with the visible nodes.
///
/// Contract: after `applyViews`, `visibleViews[i]` is the view of `visible[i]`, subviews are in
/// tree order, and kept views are updated only when asked (reloads, rows whose version changed).
extension ComponentEngine {
    // MARK: The view diff

    func renderViews(updates: ViewUpdates) {
        guard let root else { return }
        let collector = collectRenderables(root, visibleFrame: view.bounds.inset(by: visibleFrameInsets), notifiesObservers: true,
                                           marking: updates.markedKey)
        applyViews(collector.renderables, anchors: collector.anchors, updates: updates)
        lastRenderBounds = view.bounds
    }

    /// The views of the nodes in `visibleFrame`, mirrored when the host lays out right to left
    /// (the visible frame is mirrored first, so the nodes found are the ones that land in it).
    /// `notifiesObservers`: the frame is what the user sees, so `onVisibleBoundsChanged`
    /// observers on the way are told (not for the zone views are prepared in).
    func collectRenderables(_ root: any RenderNode, visibleFrame: CGRect, notifiesObservers: Bool = false,
                            marking: AnyObject? = nil) -> RenderCollector {
        guard view.effectiveUserInterfaceLayoutDirection == .rightToLeft else {
            return RenderCollector.collect(root, origin: rootOrigin, visibleFrame: visibleFrame, notifiesObservers: notifiesObservers,
                                           marking: marking)
        }
        // The content's width: the tree's, or the host's when the tree is narrower (a narrow
        // tree hugs the right edge, as it hugs the left one left to right).
        let width = max(2 * rootOrigin.x + root.size.width, view.bounds.width)
        var visible = visibleFrame
        visible.origin.x = width - visibleFrame.maxX
        return RenderCollector.collect(root, origin: rootOrigin, visibleFrame: visible, notifiesObservers: notifiesObservers,
                                       marking: marking).mirrored(minX: 0, width: width)
    }

    /// Brings the subviews in line with `renderables`: views whose id left are deleted (through
    /// the animator, then pooled or released), new ids get views (pooled or made), kept views
    /// keep their place in the subview order unless they are off the longest increasing
    /// subsequence of old positions, and are updated only on reloads.
    func applyViews(_ renderables: [Renderable], anchors newAnchors: [AnchorRecord], updates: ViewUpdates) {
        defer {
            assert(visible.count == visibleViews.count, "every visible node has one view")
        }
        if updates.isEmpty, applyUnchangedIDs(renderables, anchors: newAnchors) || applySlidingWindow(renderables, anchors: newAnchors) { return }
        if updates.markedKey != nil, applyUnchangedIDs(renderables, anchors: newAnchors, updatingMarked: true) { return }
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
        for position in longestIncreasingSubsequence(keptOld) { stable[keptNew[position]] = true }

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
                if updates.contains(renderable, anchors: newAnchors) {
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
    /// `updatingMarked`: the views of marked nodes (a subtree laid out again) are updated too.
    func applyUnchangedIDs(_ list: [Renderable], anchors newAnchors: [AnchorRecord], updatingMarked: Bool = false) -> Bool {
        guard list.count == visible.count else { return false }
        for index in list.indices where list[index].id != visible[index].id { return false }
        for index in list.indices {
            moveKept(visibleViews[index], list[index], oldFrame: visible[index].frame)
            if updatingMarked, list[index].marked {
                list[index].node.updateView(visibleViews[index])
                stats.updated += 1
            }
        }
        visible = list
        anchors = newAnchors
        return true
    }

    /// The usual scroll step: rows left at one end and came in at the other, so the new list is
    /// the old one with a run removed from one end and a run added at either end. Found with
    /// string comparisons alone (no hashing); anything else (moves, repeated ids) returns false
    /// for the full diff.
    func applySlidingWindow(_ list: [Renderable], anchors newAnchors: [AnchorRecord]) -> Bool {
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
    func moveKept(_ kept: UIView, _ renderable: Renderable, oldFrame: CGRect) {
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
    func makeView(for renderable: Renderable) -> UIView {
        if let ready = takePreparedView(for: renderable) {
            // Filled for this very node ahead of display: only placed.
            ready.frame = renderable.frame
            stats.reused += 1
            return ready
        }
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
            // Into the host before it is filled: a view that sets itself up when it joins a
            // window does so once, with the window's traits, instead of again after filling.
            view.insertSubview(made, at: 0)
            stats.created += 1
        }
        made.frame = renderable.frame
        renderable.node.updateView(made)
        return made
    }

    /// Hands a leaving view to its animator, then pools or removes it.
    func deleteView(_ leaving: UIView, of renderable: Renderable) {
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
    func place(_ subview: UIView, after previous: UIView?) {
        if let previous {
            view.insertSubview(subview, aboveSubview: previous)
        } else {
            view.insertSubview(subview, at: 0)
        }
    }
}

/// Which kept views a pass updates (new views are always filled).
enum ViewUpdates {
    /// None: a scroll step.
    case none
    /// Every one: a reload.
    case all
    /// The views of these rows (by the id of the row a view belongs to): a list edit.
    case rows(Set<String>)
    /// The views inside the ``ReplaceableRenderNode`` of this key: a subtree laid out again.
    case subtree(AnyObject)

    var isEmpty: Bool {
        switch self {
        case .none: true
        case .all, .subtree: false
        case .rows(let ids): ids.isEmpty
        }
    }

    /// The key of the subtree whose views are updated, if that is what is updated.
    var markedKey: AnyObject? {
        if case .subtree(let key) = self { return key }
        return nil
    }

    func contains(_ renderable: Renderable, anchors: [AnchorRecord]) -> Bool {
        switch self {
        case .none: return false
        case .all: return true
        case .subtree: return renderable.marked
        case .rows(let ids):
            guard renderable.anchor >= 0, renderable.anchor < anchors.count, let id = anchors[renderable.anchor].id else { return false }
            return ids.contains(id)
        }
    }
}
