import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

/// The size cache keeps sizes for many rows but content (laid-out nodes, and lazy nodes, which
/// hold their row's component and so its data) only for a bounded number of recent rows.
@MainActor
@Suite struct SizeCacheTests {
    private func lazyNode(_ id: String, cache: SizeCache) -> (SizeCache.Key, LazyRenderNode) {
        let constraint = Constraint(maxSize: CGSize(width: 320, height: CGFloat.infinity))
        let key = SizeCache.Key(id: id, revision: 0, constraint: constraint)
        let node = TypedLazyRenderNode(content: TestRow(id: id, height: 30), key: key, constraint: constraint,
                                       size: CGSize(width: 320, height: 30), resolved: nil)
        return (key, node)
    }

    /// Paging through 20,000 rows once held the lazy node (and the data) of every row ever
    /// shown: 15,000 message rows stayed alive after a scroll through 15,000 messages.
    @Test func unmeasuredLazyNodesAreBounded() {
        let cache = SizeCache(capacity: 200_000, nodeCapacity: 16, lazyNodeCapacity: 64)
        for i in 0..<20_000 {
            let (key, node) = lazyNode("row-\(i)", cache: cache)
            cache.storeLazyNode(node, for: key)
        }
        #expect(cache.lazyNodeCount == 64)
        // The newest rows keep theirs: a layout of the rows on screen reuses them.
        let (recentKey, _) = lazyNode("row-19999", cache: cache)
        #expect(cache.entry(for: recentKey)?.lazyNode != nil)
        let (oldKey, _) = lazyNode("row-0", cache: cache)
        #expect(cache.entry(for: oldKey)?.lazyNode == nil)
    }

    /// A measured row keeps its size after its content is released.
    @Test func measuredRowsKeepTheirSizeWhenTheirNodesGo() {
        let cache = SizeCache(capacity: 200_000, nodeCapacity: 8, lazyNodeCapacity: 8)
        for i in 0..<100 {
            let (key, node) = lazyNode("row-\(i)", cache: cache)
            cache.storeLazyNode(node, for: key)
            _ = node.resolved(in: cache)
        }
        #expect(cache.lazyNodeCount <= 16)
        let (oldKey, _) = lazyNode("row-0", cache: cache)
        #expect(cache.entry(for: oldKey)?.size == CGSize(width: 320, height: 30))
        #expect(cache.entry(for: oldKey)?.node == nil)
    }

    /// The clock evicts what was not looked up since the hand last passed: rows used again
    /// stay, a row laid out once goes first.
    @Test func entriesLookedUpAgainOutliveEntriesSeenOnce() {
        let cache = SizeCache(capacity: 4, nodeCapacity: 4, lazyNodeCapacity: 4)
        let keys = ["a", "b", "c", "d", "e", "f"].map { lazyNode($0, cache: cache) }
        for (key, node) in keys.prefix(4) { cache.storeLazyNode(node, for: key) }
        _ = cache.entry(for: keys[0].0)
        _ = cache.entry(for: keys[2].0)
        cache.storeLazyNode(keys[4].1, for: keys[4].0)
        cache.storeLazyNode(keys[5].1, for: keys[5].0)
        #expect(cache.count == 4)
        let kept = keys.map { cache.entry(for: $0.0) != nil }
        #expect(kept == [true, false, true, false, true, true])
    }

    /// A reload of 12,000 lazy rows (more than the cache held by default) evicted rows of the
    /// same list at every reload, so each reload made a new node for most rows: the cache now
    /// grows to the list it lays out.
    @Test func aListLongerThanTheDefaultCapacityKeepsEveryRow() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let ids = (0..<12_000).map { "r\($0)" }
        view.component = VStack(children: ids.map { id in TestRow(id: id, height: 40).lazy(id: id, estimatedHeight: 40) })
        // The first layout learns the list's length; every reload after it keeps every row.
        view.layoutIfNeeded()
        view.reloadData()
        #expect(view.engine.sizeCache.count == 12_000)
        #expect(view.engine.sizeCache.lazyNodeCount == 12_000)
        #expect(view.contentSize.height == CGFloat(12_000 * 40))
    }
}
