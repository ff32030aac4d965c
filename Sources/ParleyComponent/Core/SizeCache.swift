import Foundation
import ParleyUIKit

/// Real sizes of lazy rows, keyed by (id, revision, width), kept across reloads; the render nodes
/// of the most recently measured rows are kept too, so rows that scroll back in are not laid out
/// again, and so is each row's lazy node, so a reload of unchanged rows allocates nothing.
///
/// Bounded: at most `capacity` entries, evicted by the clock (second-chance) algorithm — a lookup
/// marks its entry used, and a new entry, once the cache is full, takes the slot of the first
/// entry the clock's hand finds unused since the hand last passed (clearing marks on its way), so
/// a working set smaller than `capacity` never churns and a lookup hashes its key once; at most
/// `nodeCapacity` render nodes are kept
/// (the oldest node is released first; its size stays), and at most `lazyNodeCapacity` lazy nodes
/// of rows not measured yet (each holds its row's component, and so the row's data: a list that
/// pages through 100,000 messages must not keep one per message it ever showed).
@MainActor
final class SizeCache {
    /// What identifies a measured row: its id, the revision of its content, and the constraint's
    /// maximum size in 1/64 points (-1 for unbounded).
    struct Key: Hashable {
        var id: String
        var revision: Int
        var width: Int
        var height: Int

        init(id: String, revision: Int, constraint: Constraint) {
            self.id = id
            self.revision = revision
            width = Key.quantize(constraint.maxSize.width)
            height = Key.quantize(constraint.maxSize.height)
        }

        private static func quantize(_ value: CGFloat) -> Int {
            value.isFinite && value < 1_000_000 ? Int((value * 64).rounded(.down)) : -1
        }
    }

    /// What is known about a row. A class: a lookup hands out one reference instead of copying
    /// three fields, and updates happen in place without hashing the key again.
    final class Entry {
        /// The measured size; `nil` until the row is laid out for real.
        var size: CGSize?
        /// The row's laid-out content (kept for the most recent `nodeCapacity` rows).
        var node: (any RenderNode)?
        /// The lazy node the last layout returned for this key: the next layout returns it again
        /// instead of making (and later freeing) a new one, so a reload of 10,000 unchanged rows
        /// allocates nothing per row.
        var lazyNode: LazyRenderNode?
        /// Whether the key has a slot among the unmeasured lazy nodes kept.
        var holdsLazySlot = false
        /// Whether the entry was looked up since it came in or the clock's hand last passed it
        /// (a row laid out once, never again, is the first to go).
        var referenced = false
        /// Whether the entry is still in the cache (a clock slot can outlive its entry's removal).
        var isCached = true

        init(size: CGSize?, node: (any RenderNode)?, lazyNode: LazyRenderNode?) {
            self.size = size
            self.node = node
            self.lazyNode = lazyNode
        }
    }

    /// The most entries kept: at least the capacity the cache was made with, and grown by
    /// ``fit(rows:)`` to hold every row of the list laid out (up to ``maximumCapacity``).
    private(set) var capacity: Int
    let nodeCapacity: Int
    /// The most unmeasured lazy nodes kept; grows with ``capacity``.
    private(set) var lazyNodeCapacity: Int
    /// The most a list's size grows the cache to: beyond it, the rows of a list longer still take
    /// each other's slots at every reload (correct, only slower).
    static let maximumCapacity = 131_072
    private var entries: [Key: Entry] = [:]
    /// The clock: one slot per entry inserted (up to `capacity`), and its hand.
    private var clock: [(key: Key, entry: Entry)] = []
    private var hand = 0
    /// Keys whose entries hold a laid-out node, oldest first once full.
    private var nodeKeys: KeyRing
    /// Keys whose entries hold only an unmeasured lazy node, oldest first once full.
    private var lazyKeys: KeyRing

    init(capacity: Int = 8_192, nodeCapacity: Int = 1_024, lazyNodeCapacity: Int = 8_192) {
        self.capacity = max(2, capacity)
        self.nodeCapacity = max(1, nodeCapacity)
        self.lazyNodeCapacity = max(1, lazyNodeCapacity)
        nodeKeys = KeyRing(capacity: self.nodeCapacity)
        lazyKeys = KeyRing(capacity: self.lazyNodeCapacity)
    }

    /// Makes room for a list of `rows` lazy rows and a quarter more, so a reload of a list the
    /// cache has seen finds every row (and reuses every row's node) instead of evicting rows of
    /// the same list. The room stays: entries of a list that shrank go as new rows need slots.
    func fit(rows: Int) {
        let wanted = min(Self.maximumCapacity, rows + rows / 4)
        guard wanted > capacity else { return }
        capacity = wanted
        lazyNodeCapacity = max(lazyNodeCapacity, wanted)
        lazyKeys.grow(to: lazyNodeCapacity)
    }

    /// Entries holding a lazy node right now (measured or not).
    var lazyNodeCount: Int {
        entries.values.reduce(0) { $0 + ($1.lazyNode == nil ? 0 : 1) }
    }

    /// Entries held now.
    var count: Int { entries.count }

    /// The entry for `key`, if the row was measured or laid out lazily before.
    func entry(for key: Key) -> Entry? {
        guard let hit = entries[key] else { return nil }
        hit.referenced = true
        return hit
    }

    /// Remembers the lazy node a layout returned, for the next layout to return again.
    func storeLazyNode(_ lazyNode: LazyRenderNode, for key: Key) {
        storeLazyNode(lazyNode, for: key, found: entries[key])
    }

    /// Remembers the lazy node a layout returned; `found` is what `entry(for: key)` returned
    /// just before, so the key is not looked up again.
    func storeLazyNode(_ lazyNode: LazyRenderNode, for key: Key, found: Entry?) {
        let entry: Entry
        if let known = found {
            known.lazyNode = lazyNode
            entry = known
        } else {
            entry = Entry(size: nil, node: nil, lazyNode: lazyNode)
            insert(entry, for: key)
        }
        guard entry.node == nil, !entry.holdsLazySlot else { return }
        entry.holdsLazySlot = true
        if let evicted = lazyKeys.push(key), evicted != key, let old = entries[evicted] {
            old.holdsLazySlot = false
            if old.node == nil { old.lazyNode = nil }
        }
    }

    /// Records a measured row; `node` is kept among the most recent `nodeCapacity` nodes.
    func store(size: CGSize, node: (any RenderNode)?, lazyNode: LazyRenderNode? = nil, for key: Key) {
        if let existing = entries[key] {
            existing.size = size
            existing.node = node
            existing.lazyNode = lazyNode
            existing.referenced = true
        } else {
            insert(Entry(size: size, node: node, lazyNode: lazyNode), for: key)
        }
        guard node != nil else { return }
        if let evicted = nodeKeys.push(key), evicted != key { dropNode(for: evicted) }
    }

    /// Forgets every entry.
    func removeAll() {
        entries.removeAll()
        clock.removeAll()
        hand = 0
        nodeKeys.removeAll()
        lazyKeys.removeAll()
    }

    /// Forgets the entries of one row id, whatever their revision and width.
    func removeEntries(forID id: String) {
        for key in entries.keys.filter({ $0.id == id }) {
            entries.removeValue(forKey: key)?.isCached = false
        }
    }

    /// Lets go of the content kept for rows with these ids (rows that left their list: a window
    /// of messages that dropped a page), keeping their sizes: a row that comes back is laid out
    /// again at its known size, as one whose node was evicted. O(kept nodes), not O(entries).
    func releaseContent(forIDs ids: Set<String>) {
        guard !ids.isEmpty else { return }
        for key in nodeKeys.keys where ids.contains(key.id) { dropNode(for: key) }
        for key in lazyKeys.keys where ids.contains(key.id) {
            if let entry = entries[key], entry.node == nil { entry.lazyNode = nil }
        }
    }

    /// Adds the entry of a key not in the cache, evicting one if the cache is full.
    private func insert(_ entry: Entry, for key: Key) {
        entries[key] = entry
        guard clock.count >= capacity else {
            clock.append((key, entry))
            return
        }
        while clock[hand].entry.isCached && clock[hand].entry.referenced {
            clock[hand].entry.referenced = false
            hand = (hand + 1) % clock.count
        }
        let evicted = clock[hand]
        if evicted.entry.isCached {
            evicted.entry.isCached = false
            entries.removeValue(forKey: evicted.key)
        }
        clock[hand] = (key, entry)
        hand = (hand + 1) % clock.count
    }

    /// Releases a row's content; its lazy node holds the content too, so it goes with it (the
    /// next layout makes an unmeasured-content node of the known size).
    private func dropNode(for key: Key) {
        if let entry = entries[key] {
            entry.node = nil
            entry.lazyNode = nil
        }
    }
}

/// A number of keys, the oldest replaced first.
private struct KeyRing {
    private(set) var capacity: Int
    private(set) var keys: [SizeCache.Key] = []
    private var head = 0

    init(capacity: Int) { self.capacity = capacity }

    /// Adds `key`; returns the key it replaced once the ring is full.
    mutating func push(_ key: SizeCache.Key) -> SizeCache.Key? {
        if keys.count < capacity {
            keys.append(key)
            return nil
        }
        let evicted = keys[head]
        keys[head] = key
        head = (head + 1) % capacity
        return evicted
    }

    /// Holds up to `capacity` keys from now on, the oldest still replaced first.
    mutating func grow(to capacity: Int) {
        guard capacity > self.capacity else { return }
        if head > 0 {
            keys = Array(keys[head...] + keys[..<head])
            head = 0
        }
        self.capacity = capacity
    }

    mutating func removeAll() {
        keys.removeAll()
        head = 0
    }
}
