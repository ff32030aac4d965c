import Foundation
@testable import ParleyComponent
import ParleyTesting
import ParleyUIKit
import Testing

/// A view that counts how often it was prepared for reuse and which rows it showed.
final class ReuseProbeView: UIView, ReusableView {
    var prepareCount = 0
    var shownRows: [String] = []
    func prepareForReuse() { prepareCount += 1 }
}

@MainActor
@Suite struct ComponentViewTests {
    func rows(_ ids: [String], height: (String) -> CGFloat = { _ in 44 }) -> some Component {
        VStack(spacing: 1, children: ids.map { TestRow(id: $0, height: height($0)) })
    }

    func lazyRows(_ ids: [String], estimate: CGFloat = 44, height: @escaping (String) -> CGFloat) -> some Component {
        VStack(spacing: 1, children: ids.map { TestRow(id: $0, height: height($0)).lazy(id: "lazy-\($0)", estimatedHeight: estimate) })
    }

    static func varied(_ id: String) -> CGFloat { CGFloat(24 + (abs(id.hashValue) % 7) * 11) }

    /// Rows of `varied` heights, measured up front or lazily.
    func variedRows(_ ids: [String], lazy: Bool) -> AnyComponentBox {
        lazy ? AnyComponentBox(lazyRows(ids, height: Self.varied)) : AnyComponentBox(rows(ids, height: Self.varied))
    }

    // MARK: Anchoring

    @Test(arguments: [false, true])
    func insertingFiftyRowsAboveKeepsTheFirstVisibleRowInPlace(lazy: Bool) throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        var ids = (0..<100).map { "r\($0)" }
        view.component = variedRows(ids, lazy: lazy)
        view.layoutIfNeeded()
        view.contentOffset = CGPoint(x: 0, y: 1234)
        for _ in 0..<40 { view.layoutIfNeeded() }      // let the prefetch settle
        let before = screenPositions(view)
        let first = try #require(view.visibleIDs.first { before[$0] != nil })
        ids.insert(contentsOf: (0..<50).map { "n\($0)" }, at: 0)
        view.component = variedRows(ids, lazy: lazy)
        view.layoutIfNeeded()
        let after = screenPositions(view)
        #expect(after[first] == before[first])
        // Everything that was visible and still is sits exactly where it was.
        for (id, y) in before { if let now = after[id] { #expect(now == y, "\(id) moved") } }
        #expect(view.contentOffset.y > 1234)
    }

    @Test(arguments: [false, true])
    func atTheTopRowsInsertedAboveComeIntoView(lazy: Bool) throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        var ids = (0..<100).map { "r\($0)" }
        view.component = variedRows(ids, lazy: lazy)
        view.layoutIfNeeded()
        #expect(view.contentOffset.y == 0)
        // r7 moves to the top, as a channel with a new message does.
        ids.removeAll { $0 == "r7" }
        ids.insert("r7", at: 0)
        view.component = variedRows(ids, lazy: lazy)
        view.layoutIfNeeded()
        #expect(view.contentOffset.y == 0, "the list stays at its top")
        let first = screenPositions(view).min { $0.value < $1.value }?.key
        #expect(first?.hasPrefix("r7/") == true, "the moved row shows first, not \(first ?? "nothing")")
        // A few points down, the rows the user looks at stay put instead.
        view.contentOffset = CGPoint(x: 0, y: 30)
        view.layoutIfNeeded()
        let before = screenPositions(view)
        ids.insert("new", at: 0)
        view.component = variedRows(ids, lazy: lazy)
        view.layoutIfNeeded()
        let after = screenPositions(view)
        #expect(!before.isEmpty)
        for (id, y) in before { #expect(after[id] == y, "\(id) moved") }
    }

    @Test func correctingEstimatesNeverMovesVisibleContent() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let ids = (0..<2000).map { "r\($0)" }
        // Estimates far off (100 against 24…90) so every correction is large.
        view.component = lazyRows(ids, estimate: 100, height: Self.varied)
        view.layoutIfNeeded()
        view.contentOffset = CGPoint(x: 0, y: 60_000)
        view.layoutIfNeeded()
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            let before = screenPositions(view)
            // Scroll up (into estimated rows) and down, by small and fling-sized steps, within
            // the content: past the top the engine pulls a layout back to it, by design.
            let wanted = view.contentOffset.y + CGFloat(Int.random(in: -900...400, using: &rng))
            let step = min(max(0, wanted), view.contentSize.height - view.bounds.height) - view.contentOffset.y
            view.contentOffset.y += step
            view.layoutIfNeeded()
            let after = screenPositions(view)
            for (id, y) in before {
                if let now = after[id] { #expect(abs(now - (y - step)) < 0.001, "\(id) moved by \(now - (y - step))") }
            }
            // Rows outside the viewport measured this frame stay within the budget.
            let inViewport = view.visibleIDs.count
            #expect(view.lastRenderStats.measured <= inViewport + view.maxLazyMeasurementsPerFrame)
        }
    }

    @Test func lazyReloadMeasuresOnlyNearTheViewportAndCachesAcrossReloads() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let ids = (0..<10_000).map { "r\($0)" }
        view.component = VStack(children: ids.map { id in TestRow(id: id, height: 40).lazy(id: id, estimatedHeight: 40) })
        view.layoutIfNeeded()
        let firstMeasured = view.lastRenderStats.measured
        #expect(firstMeasured > 0 && firstMeasured <= 12 + view.maxLazyMeasurementsPerFrame)
        // Prefetch continues a few rows per frame, then stops.
        var frames = 0
        while view.engine.hasPendingWork && frames < 50 { view.layoutIfNeeded(); frames += 1 }
        #expect(frames > 0 && frames < 10)
        // A reload with the same rows measures nothing: sizes and nodes come from the cache.
        view.reloadData()
        #expect(view.lastRenderStats.measured == 0)
        #expect(view.contentSize.height == CGFloat(10_000 * 40), "\(view.contentSize.height - 400_000)")
    }

    @Test func scrollRendersWithoutUpdatingKeptViews() {
        var updates = 0
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.component = VStack(children: (0..<500).map { index in
            Text("Row \(index)").update { _ in updates += 1 }.size(width: .fill, height: 30).id("t\(index)")
        })
        view.layoutIfNeeded()
        let afterReload = updates
        #expect(afterReload == view.visibleViews.count)
        var created = 0
        for _ in 0..<100 {
            view.contentOffset.y += 7
            view.layoutIfNeeded()
            #expect(view.lastRenderStats.updated == 0)
            created += view.lastRenderStats.created
        }
        // Only views that came in were updated.
        #expect(created > 0)
        #expect(updates - afterReload == created)
    }

    @Test func reusedViewsWerePreparedForReuse() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        var made = 0
        view.component = VStack(children: (0..<400).map { index in
            ViewComponent(generator: { () -> ReuseProbeView in made += 1; return ReuseProbeView() })
                .update { $0.shownRows.append("row\(index)") }
                .size(width: .fill, height: 40)
                .reuseKey("probe")
                .id("row\(index)")
        })
        view.layoutIfNeeded()
        var seen: [ObjectIdentifier: ReuseProbeView] = [:]
        for _ in 0..<300 {
            view.contentOffset.y += 37
            view.layoutIfNeeded()
            for case let probe as ReuseProbeView in view.visibleViews { seen[ObjectIdentifier(probe)] = probe }
        }
        #expect(made < 40, "views are reused, not made per row (made \(made))")
        let reused = seen.values.filter { $0.shownRows.count > 1 }
        #expect(!reused.isEmpty)
        for probe in reused {
            #expect(probe.prepareCount == probe.shownRows.count - 1)
        }
    }

    @Test func withoutReuseKeyViewsAreNotPooled() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        view.component = rows((0..<200).map { "r\($0)" })
        view.layoutIfNeeded()
        view.contentOffset.y = 3000
        view.layoutIfNeeded()
        #expect(view.lastRenderStats.reused == 0)
        #expect(view.engine.reusePool.count == 0)
    }

    // MARK: Bottom anchoring, scrolling to items

    @Test func bottomAnchoredChatStartsAtTheBottomAndFollowsNewMessages() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.contentAnchor = .bottom
        var ids = (0..<200).map { "m\($0)" }
        view.component = lazyRows(ids, height: Self.varied)
        view.layoutIfNeeded()
        #expect(view.isScrolledToBottom)
        #expect(view.visibleIDs.contains { $0.hasPrefix("m199") })
        // A new message while resting at the bottom: still at the bottom, the new row shows.
        ids.append("m200")
        view.component = lazyRows(ids, height: Self.varied)
        view.layoutIfNeeded()
        #expect(view.isScrolledToBottom)
        #expect(view.visibleIDs.contains { $0.hasPrefix("m200") })
        // Scrolled up to read: a new message does not move what the user reads.
        view.contentOffset.y -= 1500
        view.layoutIfNeeded()
        let before = screenPositions(view)
        ids.append("m201")
        view.component = lazyRows(ids, height: Self.varied)
        view.layoutIfNeeded()
        let after = screenPositions(view)
        for (id, y) in before { if let now = after[id] { #expect(now == y) } }
        #expect(!view.isScrolledToBottom)
    }

    @Test func shortBottomAnchoredContentSitsAtTheBottom() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.contentAnchor = .bottom
        view.component = rows(["a", "b"])
        view.layoutIfNeeded()
        let b = try #require(view.frame(id: "b"))
        #expect(b.maxY == 480)
        #expect(view.visibleView(id: "b/0")?.frame.maxY ?? 0 > 440)
        #expect(view.contentOffset.y == 0)
    }

    @Test(arguments: [ComponentView.ScrollPosition.top, .center, .bottom])
    func scrollToItemPlacesItExactly(position: ComponentView.ScrollPosition) throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.component = lazyRows((0..<5000).map { "r\($0)" }, estimate: 60, height: Self.varied)
        view.layoutIfNeeded()
        #expect(view.scrollTo(id: "lazy-r3000", position: position))
        let frame = try #require(view.frame(id: "r3000"))
        #expect(view.visibleView(id: "r3000/0") != nil)
        let screenY = frame.minY - view.contentOffset.y
        switch position {
        case .top: #expect(screenY == 0)
        case .center: #expect(abs(frame.midY - view.contentOffset.y - 240) < 0.5)
        case .bottom: #expect(frame.maxY - view.contentOffset.y == 480)
        }
        #expect(!view.scrollTo(id: "missing"))
    }

    // MARK: Bad input

    struct BrokenComponent: Component {
        let size: CGSize
        func layout(_ constraint: Constraint) -> SpaceRenderNode { SpaceRenderNode(size: size) }
    }

    @Test func malformedSizesAreClampedWithOneWarning() {
        var messages: [String] = []
        let previous = ComponentDiagnostics.handler
        ComponentDiagnostics.handler = { messages.append($0) }
        defer { ComponentDiagnostics.handler = previous }
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        for _ in 0..<5 {
            view.component = VStack {
                Text("before")
                BrokenComponent(size: CGSize(width: CGFloat.nan, height: -20))
                BrokenComponent(size: CGSize(width: CGFloat.infinity, height: CGFloat.infinity))
                Text("after")
            }
            view.layoutIfNeeded()
        }
        #expect(messages.filter { $0.contains("BrokenComponent") }.count <= 1)
        let node = view.renderNode
        #expect(node.map { $0.size.width.isFinite && $0.size.height.isFinite } == true)
        #expect(node?.children[2].size == CGSize(width: 320, height: 0))
        #expect(view.visibleIDs.count == 2)
    }

    @Test func repeatedIdsAreMadeUniqueDeterministically() {
        func render() -> [String] {
            let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            view.component = VStack { Text("a").id("same"); Text("b").id("same"); Text("c").id("same") }
            view.layoutIfNeeded()
            return view.visibleIDs
        }
        #expect(render() == ["same", "same#2", "same#3"])
        #expect(render() == render())
    }
}

/// Lets one test swap between two component types.
struct AnyComponentBox: Component {
    let content: any Component
    init(_ content: any Component) { self.content = content }
    func layout(_ constraint: Constraint) -> WrapperRenderNode {
        WrapperRenderNode(content: content.layout(constraint))
    }
}
