/// The revisions of a list's lazy rows: a row's revision changes whenever its value does.
///
/// A lazy row's size and render node are cached under (id, revision, width), so a revision that
/// stays put while the row's content changes keeps drawing the old content. Hashing the value is
/// not enough: the chat models hash their id only (`ChatChannel`, `ChatMessage`), so two versions
/// of a channel hash alike. Comparing with the value the row was last built from (`==` compares
/// every field) catches every change; one counter for the whole list turns each change into a
/// revision no row of this list has had before, so a row removed and inserted again with other
/// content never meets a stale cache entry either.
struct RowRevisions<ID: Hashable, Value: Equatable> {
    private var rows: [ID: (value: Value, revision: Int)] = [:]
    private var lastRevision = 0

    /// The revisions of `values`, in order: unchanged rows keep theirs, new and changed rows get
    /// a fresh one. Rows not in `values` are forgotten.
    mutating func revisions<S: Sequence>(of values: S, id: (Value) -> ID) -> [Int] where S.Element == Value {
        var next: [ID: (value: Value, revision: Int)] = [:]
        next.reserveCapacity(rows.count)
        var result: [Int] = []
        result.reserveCapacity(rows.count)
        for value in values {
            let key = id(value)
            let revision: Int
            if let row = rows[key], row.value == value {
                revision = row.revision
            } else {
                lastRevision += 1
                revision = lastRevision
            }
            next[key] = (value, revision)
            result.append(revision)
        }
        rows = next
        return result
    }
}
