import Foundation
import ParleyUIKit

/// Real sizes of lazy rows, keyed by (id, revision, width), kept across reloads; the render nodes
/// of the most recently measured rows are kept too, so rows that scroll back in are not laid out
/// again, and so is each row's lazy node, so a reload of unchanged rows allocates nothing.
///
/// Bounded: sizes live in two generations (a lookup in the older one promotes the entry; when the
/// newer one fills up, the older one is dropped), at most `nodeCapacity` render nodes are kept
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

        init(size: CGSize?, node: (any RenderNode)?, lazyNode: LazyRenderNode?) {
            self.size = size
            self.node = node
            self.lazyNode = lazyNode
        }
    }

    let capacity: Int
    let nodeCapacity: Int
    let lazyNodeCapacity: Int
    private var recent: [Key: Entry] = [:]
    private var older: [Key: Entry] = [:]
    /// Keys whose entries hold a laid-out node, oldest first once full.
    private var nodeKeys: KeyRing
    /// Keys whose entries hold only an unmeasured lazy node, oldest first once full.
    private var lazyKeys: KeyRing

    init(capacity: Int = 16_384, nodeCapacity: Int = 1_024, lazyNodeCapacity: Int = 2_048) {
        self.capacity = max(2, capacity)
        self.nodeCapacity = max(1, nodeCapacity)
        self.lazyNodeCapacity = max(1, lazyNodeCapacity)
        nodeKeys = KeyRing(capacity: self.nodeCapacity)
        lazyKeys = KeyRing(capacity: self.lazyNodeCapacity)
    }

    /// Entries holding a lazy node right now (measured or not).
    var lazyNodeCount: Int {
        recent.values.reduce(0) { $0 + ($1.lazyNode == nil ? 0 : 1) } + older.values.reduce(0) { $0 + ($1.lazyNode == nil ? 0 : 1) }
    }

    /// Entries held now (both generations).
    var count: Int { recent.count + older.count }

    /// The entry for `key`, if the row was measured.
    func entry(for key: Key) -> Entry? {
        if let hit = recent[key] { return hit }
        // Most lookups miss (rows never measured); skip hashing the key a second time.
        guard !older.isEmpty, let hit = older.removeValue(forKey: key) else { return nil }
        insert(hit, for: key)
        return hit
    }

    /// Remembers the lazy node a layout returned, for the next layout to return again.
    func storeLazyNode(_ lazyNode: LazyRenderNode, for key: Key) {
        let entry: Entry
        if let existing = recent[key] {
            existing.lazyNode = lazyNode
            entry = existing
        } else {
            entry = Entry(size: nil, node: nil, lazyNode: lazyNode)
            insert(entry, for: key)
        }
        guard entry.node == nil, !entry.holdsLazySlot else { return }
        entry.holdsLazySlot = true
        if let evicted = lazyKeys.push(key), evicted != key, let old = recent[evicted] ?? older[evicted] {
            old.holdsLazySlot = false
            if old.node == nil { old.lazyNode = nil }
        }
    }

    /// Records a measured row; `node` is kept among the most recent `nodeCapacity` nodes.
    func store(size: CGSize, node: (any RenderNode)?, lazyNode: LazyRenderNode? = nil, for key: Key) {
        insert(Entry(size: size, node: node, lazyNode: lazyNode), for: key)
        guard node != nil else { return }
        if let evicted = nodeKeys.push(key), evicted != key { dropNode(for: evicted) }
    }

    /// Forgets every entry.
    func removeAll() {
        recent.removeAll()
        older.removeAll()
        nodeKeys.removeAll()
        lazyKeys.removeAll()
    }

    /// Forgets the entries of one row id, whatever their revision and width.
    func removeEntries(forID id: String) {
        recent = recent.filter { $0.key.id != id }
        older = older.filter { $0.key.id != id }
    }

    /// Lets go of the content kept for rows with these ids (rows that left their list: a window
    /// of messages that dropped a page), keeping their sizes: a row that comes back is laid out
    /// again at its known size, as one whose node was evicted. O(kept nodes), not O(entries).
    func releaseContent(forIDs ids: Set<String>) {
        guard !ids.isEmpty else { return }
        for key in nodeKeys.keys where ids.contains(key.id) { dropNode(for: key) }
        for key in lazyKeys.keys where ids.contains(key.id) {
            if let entry = recent[key] ?? older[key], entry.node == nil { entry.lazyNode = nil }
        }
    }

    private func insert(_ entry: Entry, for key: Key) {
        if recent.count >= capacity / 2, recent[key] == nil {
            older = recent
            recent = [:]
            recent.reserveCapacity(capacity / 2)
        }
        recent[key] = entry
    }

    /// Releases a row's content; its lazy node holds the content too, so it goes with it (the
    /// next layout makes an unmeasured-content node of the known size).
    private func dropNode(for key: Key) {
        if let entry = recent[key] ?? older[key] {
            entry.node = nil
            entry.lazyNode = nil
        }
    }
}

/// A fixed number of keys, the oldest replaced first.
private struct KeyRing {
    let capacity: Int
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

    mutating func removeAll() {
        keys.removeAll()
        head = 0
    }
}
