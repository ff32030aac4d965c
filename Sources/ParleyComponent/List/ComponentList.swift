import Foundation
import ParleyDiff
import ParleyUIKit

/// The rows of a data-driven list — ids in order, a component and a version per id — edited in
/// place and shown by a ``ComponentView``:
///
/// ```swift
/// let list = ComponentList(messages.map { row(for: $0) })
/// listView.list = list
/// // later, for one change of the data:
/// list.apply(change, indexOf: { store.index(of: $0) }, idAt: { store.ids[$0] },
///            rowID: { $0.rawValue }, row: { row(for: store.message($0)) })
/// ```
///
/// Each row is laid out lazily (measured when it comes near the screen, like ``LazyComponent``),
/// and its real size is cached by (id, version, width). An edit costs O(rows changed + √rows):
/// a message arriving in a list of 50,000 rows touches one chunk of the ``ListRenderNode`` and
/// the array of chunk positions, never every row. The host applies edits at its next layout
/// pass, keeping what the user sees in place, and updates only the views of rows whose version
/// changed.
@preconcurrency @MainActor
public final class ComponentList {
    /// One row: its identity, the version of its content and the component that draws it.
    public struct Row {
        /// The row's identity (also its view's).
        public var id: String
        /// Changes whenever the row's content changes: a new version is measured again and its
        /// view updated; the same version is neither.
        public var version: Int
        /// The height assumed until the row is measured.
        public var estimatedHeight: CGFloat
        /// What the row shows.
        public var component: any Component

        /// A row.
        public init(id: String, version: Int = 0, estimatedHeight: CGFloat, component: any Component) {
            self.id = id
            self.version = version
            self.estimatedHeight = estimatedHeight
            self.component = component
        }
    }

    /// The rows as a render tree (shared with the host's engine, which measures rows in it).
    private(set) var root: ListRenderNode
    /// The serial of the chunk each row was last put in: finds a row in O(chunks + chunk).
    private var chunkOfRow: [String: Int] = [:]
    private var nextSerial = 0
    /// Rows whose version changed since the host last applied the edits: their views update.
    private var updatedSinceApply: Set<String> = []
    /// The width rows are laid out at, and the cache of their real sizes: the host's.
    private var constraint = Constraint(maxSize: CGSize(width: 0, height: CGFloat.infinity))
    private var sizeCache: SizeCache?
    /// Tells the host that rows changed.
    var didChange: (@MainActor () -> Void)?
    /// Counts edits: the host hands a measured tree back only if no edit came since it took it
    /// (an edit can come in the middle of a pass, from a delegate the scrolling calls).
    private(set) var generation = 0

    /// A list of `rows` (ids must be unique: repeats are dropped, with a warning).
    public init(_ rows: [Row] = []) {
        root = ListRenderNode(width: 0)
        replaceAll(with: rows)
    }

    // MARK: Reading

    /// How many rows there are.
    public var count: Int { root.rowCount }

    /// Every row id, top to bottom (O(rows)).
    public var ids: [String] { root.ids }

    /// Whether a row has `id`.
    public func contains(_ id: String) -> Bool { chunkOfRow[id] != nil }

    /// The row's position, top to bottom (O(√rows)).
    public func index(of id: String) -> Int? {
        location(of: id).map { root.index(of: $0) }
    }

    /// The row's version.
    public func version(of id: String) -> Int? {
        location(of: id).map { root.chunks[$0.chunk].rows[$0.row].key.revision }
    }

    private func location(of id: String) -> (chunk: Int, row: Int)? {
        guard let serial = chunkOfRow[id] else { return nil }
        return root.location(of: id, chunkHint: serial)
    }

    // MARK: Editing

    /// Replaces every row (O(rows); for the first load and for changes that touch everything).
    public func replaceAll(with rows: [Row]) {
        // Rows that stay with another version update their views, as an `update` would.
        var old: [String: (version: Int, height: CGFloat)] = [:]
        old.reserveCapacity(root.rowCount)
        for chunk in root.chunks { for row in chunk.rows { old[row.key.id] = (row.key.revision, row.size.height) } }
        chunkOfRow.removeAll(keepingCapacity: true)
        var chunks: [ListChunkNode] = []
        chunks.reserveCapacity(rows.count / ListRenderNode.chunkSize + 1)
        var pending: [LazyRenderNode] = []
        pending.reserveCapacity(ListRenderNode.chunkSize)
        for row in rows {
            guard chunkOfRow[row.id] == nil else {
                ComponentDiagnostics.warnOnce("list-duplicate-id", "ComponentList: the id \"\(row.id)\" appears more than once; later rows with it are dropped.")
                continue
            }
            chunkOfRow[row.id] = nextSerial
            let previous = old[row.id]
            if let previous, previous.version != row.version { updatedSinceApply.insert(row.id) }
            // A row shown before keeps its height until measured again: nothing below it moves.
            pending.append(node(for: row, estimate: previous?.height))
            if pending.count == ListRenderNode.chunkSize {
                chunks.append(ListChunkNode(serial: takeSerial(), rows: pending, width: width))
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { chunks.append(ListChunkNode(serial: takeSerial(), rows: pending, width: width)) }
        root = ListRenderNode(chunks: chunks, width: width)
        updatedSinceApply = updatedSinceApply.filter { chunkOfRow[$0] != nil }
        changed()
    }

    /// Inserts `rows` right above the row `id`; `nil` inserts them at the end.
    public func insert(_ rows: [Row], before id: String?) {
        if let id {
            guard let location = location(of: id) else {
                ComponentDiagnostics.warnOnce("list-unknown-id", "ComponentList: no row \"\(id)\" to insert before; rows go at the end.")
                return insert(rows, before: nil)
            }
            insert(rows, at: location)
        } else if let last = root.chunks.indices.last {
            insert(rows, at: (last, root.chunks[last].rows.count))
        } else {
            insert(rows, at: (0, 0))
        }
    }

    /// Inserts `rows` right below the row `id`; `nil` inserts them at the start.
    public func insert(_ rows: [Row], after id: String?) {
        if let id {
            guard let location = location(of: id) else {
                ComponentDiagnostics.warnOnce("list-unknown-id", "ComponentList: no row \"\(id)\" to insert after; rows go at the end.")
                return insert(rows, before: nil)
            }
            insert(rows, at: (location.chunk, location.row + 1))
        } else {
            insert(rows, at: (0, 0))
        }
    }

    /// Removes the rows with these ids (unknown ids are ignored).
    public func remove(_ ids: some Sequence<String>) {
        var byChunk: [Int: Set<Int>] = [:]
        var removed = Set<String>()
        for id in ids {
            guard let location = location(of: id) else { continue }
            byChunk[location.chunk, default: []].insert(location.row)
            chunkOfRow[id] = nil
            updatedSinceApply.remove(id)
            removed.insert(id)
        }
        guard !byChunk.isEmpty else { return }
        // A row that left keeps nothing alive in the host's size cache but its size.
        sizeCache?.releaseContent(forIDs: removed)
        var chunks = root.chunks
        for (chunkIndex, rows) in byChunk.sorted(by: { $0.key > $1.key }) {
            let chunk = chunks[chunkIndex]
            let kept = chunk.rows.enumerated().filter { !rows.contains($0.offset) }.map(\.element)
            if kept.isEmpty {
                chunks.remove(at: chunkIndex)
            } else {
                chunks[chunkIndex] = ListChunkNode(serial: chunk.serial, rows: kept, width: width)
            }
        }
        root = ListRenderNode(chunks: chunks, width: width)
        changed()
    }

    /// Replaces the row with the same id. A new version is measured again (its old height
    /// stands in until then, so nothing below moves for a row off screen) and its view updates;
    /// the same version changes nothing.
    public func update(_ row: Row) {
        guard let location = location(of: row.id) else {
            ComponentDiagnostics.warnOnce("list-unknown-id", "ComponentList: no row \"\(row.id)\" to update.")
            return
        }
        let chunk = root.chunks[location.chunk]
        let old = chunk.rows[location.row]
        guard old.key.revision != row.version else { return }
        var chunks = root.chunks
        chunks[location.chunk] = chunk.replacing([(location.row, node(for: row, estimate: old.size.height))])
        root = ListRenderNode(chunks: chunks, width: width)
        updatedSinceApply.insert(row.id)
        changed()
    }

    /// Applies a change of the data behind the list, in O(changed rows + √rows): rows of
    /// `removed` and `moved` ids leave, rows of `updated` ids are replaced, rows of `inserted`
    /// and `moved` ids come in at their new index (each is put above the row of the id that
    /// follows it, so the list must hold exactly the data's rows).
    ///
    /// - Parameters:
    ///   - indexOf: the new index of an id in the data (called for inserted and moved ids).
    ///   - idAt: the data's id at an index (called for the neighbour of each one inserted).
    ///   - count: how many ids the data has now.
    ///   - rowID: the row id of a data id.
    ///   - row: the row of a data id, as it is now.
    public func apply<ID: Hashable & Sendable>(
        _ change: ListChange<ID>, count: Int, indexOf: (ID) -> Int?, idAt: (Int) -> ID,
        rowID: (ID) -> String, row: (ID) -> Row
    ) {
        guard !change.isEmpty else { return }
        remove((change.removed + change.moved).map(rowID))
        let entering = Set(change.inserted + change.moved)
        for id in change.updated where !entering.contains(id) { update(row(id)) }
        let placed = entering.compactMap { id in indexOf(id).map { (index: $0, id: id) } }.sorted { $0.index > $1.index }
        // Bottom up: the row below each one is already in place when it goes in.
        for (index, id) in placed {
            let below = index + 1 < count ? rowID(idAt(index + 1)) : nil
            insert([row(id)], before: below.flatMap { contains($0) ? $0 : nil })
        }
    }

    // MARK: The host's side

    /// The rows laid out at `constraint`'s width, sizes taken from `cache` (the host calls this on
    /// every reload; it costs O(rows) only when the width changed, or when `remeasure` says that
    /// every measurement is stale — a new display scale rounds sizes to other pixels).
    func layout(_ constraint: Constraint, cache: SizeCache, remeasure: Bool = false) -> ListRenderNode {
        let cacheChanged = sizeCache !== cache
        sizeCache = cache
        guard constraint != self.constraint || cacheChanged || remeasure else { return root }
        self.constraint = constraint
        let chunks = root.chunks.map { chunk in
            ListChunkNode(serial: chunk.serial, rows: chunk.rows.map { $0.relaid(at: constraint, cache: cache) }, width: width)
        }
        root = ListRenderNode(chunks: chunks, width: width)
        generation &+= 1
        return root
    }

    /// Takes the tree back from the host after it measured rows in it, if it is still the tree
    /// of `generation` (else the edits since win; the measured sizes stay in the size cache).
    func adopt(_ measured: ListRenderNode, generation: Int) {
        guard generation == self.generation else { return }
        root = measured
    }

    /// The rows whose version changed since the last call (their views update).
    func takeUpdatedRows() -> Set<String> {
        defer { updatedSinceApply = [] }
        return updatedSinceApply
    }

    /// The row with `id` as a child-index path from the root (`[chunk, row]`).
    func path(of id: String) -> [Int]? {
        location(of: id).map { [$0.chunk, $0.row] }
    }

    // MARK: Internals

    private var width: CGFloat { constraint.maxSize.width.isFinite ? max(0, constraint.maxSize.width) : 0 }

    private func takeSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    private func changed() {
        generation &+= 1
        #if DEBUG
        if root.rowCount <= 512 { root.checkInvariants() }
        #endif
        didChange?()
    }

    /// Inserts before the row at `location` (`row` may be the chunk's count: after its last row).
    private func insert(_ rows: [Row], at location: (chunk: Int, row: Int)) {
        var fresh: [LazyRenderNode] = []
        fresh.reserveCapacity(rows.count)
        for row in rows {
            guard chunkOfRow[row.id] == nil else {
                ComponentDiagnostics.warnOnce("list-duplicate-id", "ComponentList: the id \"\(row.id)\" is already in the list; the new row is dropped.")
                continue
            }
            chunkOfRow[row.id] = -1
            fresh.append(node(for: row, estimate: nil))
        }
        guard !fresh.isEmpty else { return }
        var chunks = root.chunks
        var combined: [LazyRenderNode]
        var replaced = 0..<0
        if chunks.isEmpty {
            combined = fresh
        } else {
            let chunkIndex = min(location.chunk, chunks.count - 1)
            let chunk = chunks[chunkIndex]
            let at = min(max(0, location.row), chunk.rows.count)
            combined = Array(chunk.rows[..<at]) + fresh + Array(chunk.rows[at...])
            replaced = chunkIndex..<(chunkIndex + 1)
        }
        // A chunk that outgrows its bound splits into pieces of about `chunkSize`; the rows of
        // each new piece point at it.
        var pieces: [ListChunkNode] = []
        if combined.count <= ListRenderNode.maxChunkSize, let kept = replaced.first.map({ chunks[$0].serial }) {
            pieces = [ListChunkNode(serial: kept, rows: combined, width: width)]
            for row in fresh { chunkOfRow[row.key.id] = kept }
        } else {
            let pieceCount = (combined.count + ListRenderNode.chunkSize - 1) / ListRenderNode.chunkSize
            let per = (combined.count + pieceCount - 1) / pieceCount
            var start = 0
            while start < combined.count {
                let slice = Array(combined[start..<min(combined.count, start + per)])
                let piece = ListChunkNode(serial: takeSerial(), rows: slice, width: width)
                for row in slice { chunkOfRow[row.key.id] = piece.serial }
                pieces.append(piece)
                start += per
            }
        }
        chunks.replaceSubrange(replaced, with: pieces)
        root = ListRenderNode(chunks: chunks, width: width)
        changed()
    }

    private func node(for row: Row, estimate: CGFloat?) -> LazyRenderNode {
        let height = SizeSanitizer.isWellFormed(CGSize(width: 0, height: estimate ?? row.estimatedHeight)) ? (estimate ?? row.estimatedHeight) : 0
        return makeLazyRow(row.component, id: row.id, version: row.version, estimatedHeight: height)
    }

    private func makeLazyRow<C: Component>(_ component: C, id: String, version: Int, estimatedHeight: CGFloat) -> LazyRenderNode {
        TypedLazyRenderNode<C>.row(component, id: id, revision: version, constraint: constraint,
                                   estimatedHeight: estimatedHeight, cache: sizeCache)
    }
}
