import Testing
@testable import ParleyUIKit

@Suite struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsedFirst() {
        let cache = LRUCache<Int, String>(capacity: 8)
        for i in 0..<8 { cache.insert("\(i)", for: i) }
        // Touch 0...3 so 4...7 are the oldest.
        for i in 0..<4 { _ = cache.value(for: i) }
        cache.insert("8", for: 8)
        #expect(cache.count <= 8)
        for i in 0..<4 { #expect(cache.value(for: i) == "\(i)") }
        #expect(cache.value(for: 8) == "8")
        #expect(cache.value(for: 4) == nil)
    }

    @Test func staysWithinCapacityUnderChurn() {
        let cache = LRUCache<Int, Int>(capacity: 100)
        for i in 0..<10_000 {
            cache.insert(i, for: i)
            if i % 3 == 0 { _ = cache.value(for: i / 2) }
            #expect(cache.count <= 100)
        }
        #expect(cache.value(for: 9_999) == 9_999)
        cache.removeAll()
        #expect(cache.count == 0)
    }
}
