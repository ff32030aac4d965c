import Foundation
import ParleyUIKit

/// Real sizes of lazy rows, keyed by (id, revision, width), kept across reloads; the render nodes
/// of the most recently measured rows are kept too, so rows that scroll back in are not laid out
/// again.
///
/// Bounded: sizes live in two generations (a lookup in the older one promotes the entry; when the
/// newer one fills up, the older one is dropped), and at most `nodeCapacity` render nodes are kept
/// (the oldest node is released first; its size stays).
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

    /// A measured row.
    struct Entry {
        var size: CGSize
        var node: (any RenderNode)?
    }

    let capacity: Int
    let nodeCapacity: Int
    private var recent: [Key: Entry] = [:]
    private var older: [Key: Entry] = [:]
    private var nodeKeys: [Key] = []
    private var nodeKeysHead = 0

    init(capacity: Int = 200_000, nodeCapacity: Int = 1_024) {
        self.capacity = max(2, capacity)
        self.nodeCapacity = max(1, nodeCapacity)
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

    /// Records a measured row; `node` is kept among the most recent `nodeCapacity` nodes.
    func store(size: CGSize, node: (any RenderNode)?, for key: Key) {
        insert(Entry(size: size, node: node), for: key)
        guard node != nil else { return }
        if nodeKeys.count < nodeCapacity {
            nodeKeys.append(key)
        } else {
            let evicted = nodeKeys[nodeKeysHead]
            nodeKeys[nodeKeysHead] = key
            nodeKeysHead = (nodeKeysHead + 1) % nodeCapacity
            if evicted != key { dropNode(for: evicted) }
        }
    }

    /// Forgets every entry.
    func removeAll() {
        recent.removeAll()
        older.removeAll()
        nodeKeys.removeAll()
        nodeKeysHead = 0
    }

    /// Forgets the entries of one row id, whatever their revision and width.
    func removeEntries(forID id: String) {
        recent = recent.filter { $0.key.id != id }
        older = older.filter { $0.key.id != id }
    }

    private func insert(_ entry: Entry, for key: Key) {
        if recent.count >= capacity / 2, recent[key] == nil {
            older = recent
            recent = [:]
            recent.reserveCapacity(capacity / 2)
        }
        recent[key] = entry
    }

    private func dropNode(for key: Key) {
        if recent[key] != nil { recent[key]?.node = nil } else if older[key] != nil { older[key]?.node = nil }
    }
}
