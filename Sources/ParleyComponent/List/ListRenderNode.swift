import Foundation
import ParleyUIKit

/// The render tree of a ``ComponentList``: rows top to bottom, kept in chunks of a few dozen, so
/// that an edit costs O(chunk + chunks) — about O(√n) — instead of O(rows).
///
/// A plain ``VerticalRenderNode`` of 50,000 rows copies 50,000 children and positions for every
/// row that is inserted, removed or measured. Here the root's children are the chunks (a 50,000-row
/// list has under a thousand) and each chunk's children are its rows, positioned relative to the
/// chunk: an edit rebuilds one chunk and the root's array of chunk positions, nothing else.
///
/// Invariants (checked in debug builds by ``checkInvariants()``):
/// - every chunk holds at least one row and at most ``ListRenderNode/maxChunkSize``;
/// - chunks and rows are stacked without gaps: a chunk's position is the sum of the heights of
///   the chunks before it, a row's position within its chunk the sum of the rows before it;
/// - a row id appears once in the whole list.
///
/// Immutable, like every render node: an edit returns a new root that shares the untouched
/// chunks, so what the engine captured from the previous tree (anchors, visible nodes) stays valid.
@preconcurrency @MainActor
public struct ListRenderNode: RenderNode {
    /// Rows per chunk a split aims for.
    static let chunkSize = 64
    /// A chunk that grows past this splits in two.
    static let maxChunkSize = 128

    /// The chunks, top to bottom.
    let chunks: [ListChunkNode]
    /// The chunks' origins (x is always 0).
    public let positions: [CGPoint]
    /// The list's size: the widest row ever measured by the sum of the row heights.
    public let size: CGSize
    /// The tallest chunk (for the binary search of visible chunks).
    let maxChunkHeight: CGFloat
    /// How many rows there are.
    public let rowCount: Int

    /// The chunks.
    public var children: [any RenderNode] { chunks }
    /// A container has no view of its own.
    public var shouldRenderView: Bool { false }

    /// An empty list `width` wide.
    init(width: CGFloat) {
        self.init(chunks: [], width: width)
    }

    init(chunks: [ListChunkNode], width: CGFloat) {
        self.chunks = chunks
        var positions: [CGPoint] = []
        positions.reserveCapacity(chunks.count)
        var y: CGFloat = 0, maxHeight: CGFloat = 0, rows = 0, widest = width
        for chunk in chunks {
            positions.append(CGPoint(x: 0, y: y))
            y += chunk.size.height
            maxHeight = max(maxHeight, chunk.size.height)
            rows += chunk.ids.count
            widest = max(widest, chunk.size.width)
        }
        self.positions = positions
        self.size = CGSize(width: widest, height: y)
        self.maxChunkHeight = maxHeight
        self.rowCount = rows
    }

    /// The chunks intersecting `frame`, by binary search.
    public func visibleIndexes(in frame: CGRect) -> [Int] {
        StackGeometry.visibleIndexes(in: frame, children: children, positions: positions,
                                     mainAxisMaxValue: maxChunkHeight, vertical: true)
    }

    // MARK: Finding rows

    /// Where the row `id` is: its chunk (by index) and its index in the chunk.
    ///
    /// `chunkHint` is the serial of the chunk the row was last put in (``ComponentList`` keeps it
    /// per row); without it, or when it is stale, the search looks at every row.
    func location(of id: String, chunkHint: Int?) -> (chunk: Int, row: Int)? {
        if let serial = chunkHint, let chunk = chunks.firstIndex(where: { $0.serial == serial }),
           let row = chunks[chunk].ids.firstIndex(of: id) {
            return (chunk, row)
        }
        for (chunkIndex, chunk) in chunks.enumerated() {
            if let row = chunk.ids.firstIndex(of: id) { return (chunkIndex, row) }
        }
        return nil
    }

    /// The row's index in the whole list.
    func index(of location: (chunk: Int, row: Int)) -> Int {
        var index = location.row
        for chunk in chunks[..<location.chunk] { index += chunk.ids.count }
        return index
    }

    /// Every row id, top to bottom (O(n): tests and full rebuilds).
    var ids: [String] { chunks.flatMap(\.ids) }

    // MARK: Invariants

    /// Traps in debug builds when an invariant of the type does not hold. O(n): tests and debug
    /// checks after edits of small lists only.
    func checkInvariants() {
        var y: CGFloat = 0
        var seen = Set<String>()
        for (index, chunk) in chunks.enumerated() {
            assert(!chunk.ids.isEmpty && chunk.ids.count <= Self.maxChunkSize, "chunk \(index) has \(chunk.ids.count) rows")
            assert(abs(positions[index].y - y) < 0.001, "chunk \(index) at \(positions[index].y), expected \(y)")
            chunk.checkInvariants()
            for id in chunk.ids { assert(seen.insert(id).inserted, "row \(id) appears twice") }
            y += chunk.size.height
        }
        assert(abs(size.height - y) < 0.001, "list height \(size.height), rows add up to \(y)")
    }
}

extension ListRenderNode: ChildReplacingRenderNode {
    /// Chunks whose rows were measured: the chunks after them move by the change in height.
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        var chunks = self.chunks
        for replacement in replacements {
            guard replacement.index >= 0, replacement.index < chunks.count,
                  let chunk = replacement.node as? ListChunkNode else { return nil }
            chunks[replacement.index] = chunk
        }
        return ListRenderNode(chunks: chunks, width: size.width)
    }
}

/// A run of consecutive rows of a ``ListRenderNode``: each row a ``LazyRenderNode`` positioned
/// below the previous one.
@MainActor
final class ListChunkNode: RenderNode {
    /// Stays the same when the chunk's rows are measured in place (the engine replaces the chunk
    /// with a copy), so a row's chunk can be found again by ``ComponentList``'s hint.
    let serial: Int
    /// The rows' ids, in order.
    let ids: [String]
    /// The rows.
    let rows: [LazyRenderNode]
    /// The rows' positions within the chunk.
    let positions: [CGPoint]
    let size: CGSize
    let maxRowHeight: CGFloat
    /// The rows, as the engine walks them (stored: it asks on every scroll step).
    let children: [any RenderNode]

    init(serial: Int, rows: [LazyRenderNode], width: CGFloat) {
        self.serial = serial
        self.rows = rows
        var ids: [String] = [], positions: [CGPoint] = []
        ids.reserveCapacity(rows.count)
        positions.reserveCapacity(rows.count)
        var y: CGFloat = 0, maxHeight: CGFloat = 0, widest = width
        for row in rows {
            ids.append(row.key.id)
            positions.append(CGPoint(x: 0, y: y))
            y += row.size.height
            maxHeight = max(maxHeight, row.size.height)
            widest = max(widest, row.size.width)
        }
        self.ids = ids
        self.positions = positions
        self.size = CGSize(width: widest, height: y)
        self.maxRowHeight = maxHeight
        self.children = rows
    }

    /// A container has no view of its own.
    var shouldRenderView: Bool { false }

    /// The rows intersecting `frame`, by binary search.
    func visibleIndexes(in frame: CGRect) -> [Int] {
        StackGeometry.visibleIndexes(in: frame, children: children, positions: positions,
                                     mainAxisMaxValue: maxRowHeight, vertical: true)
    }

    /// The same rows with some replaced (same serial).
    func replacing(_ replacements: [(index: Int, row: LazyRenderNode)]) -> ListChunkNode {
        var rows = self.rows
        for replacement in replacements { rows[replacement.index] = replacement.row }
        return ListChunkNode(serial: serial, rows: rows, width: size.width)
    }

    func checkInvariants() {
        var y: CGFloat = 0
        for (index, row) in rows.enumerated() {
            assert(ids[index] == row.key.id, "row \(index) id mismatch")
            assert(abs(positions[index].y - y) < 0.001, "row \(index) misplaced")
            y += row.size.height
        }
        assert(abs(size.height - y) < 0.001, "chunk height does not add up")
    }
}

extension ListChunkNode: ChildReplacingRenderNode {
    /// Rows measured for real (the engine's lazy pass): the rows below move by the change.
    func replacingChildren(_ replacements: [(index: Int, node: any RenderNode)]) -> (any RenderNode)? {
        var rows: [(index: Int, row: LazyRenderNode)] = []
        rows.reserveCapacity(replacements.count)
        for replacement in replacements {
            guard replacement.index >= 0, replacement.index < self.rows.count,
                  let row = replacement.node as? LazyRenderNode else { return nil }
            rows.append((replacement.index, row))
        }
        return replacing(rows)
    }
}
