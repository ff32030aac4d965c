/// What changed in a controller's ordered list, by id: never "reload everything".
///
/// Apply it to the controller's new array: rows for `removed` ids go away, rows for `inserted`
/// ids appear, rows for `updated` ids re-render in place, and `moved` ids changed position (a
/// channel that got a new message moves to the top of the list).
public struct ListChange<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Ids that are new in the list.
    public var inserted: [ID]
    /// Ids that left the list.
    public var removed: [ID]
    /// Ids still in the list whose value changed.
    public var updated: [ID]
    /// Ids still in the list whose position relative to the others changed.
    public var moved: [ID]

    /// Creates a change.
    public init(inserted: [ID] = [], removed: [ID] = [], updated: [ID] = [], moved: [ID] = []) {
        self.inserted = inserted
        self.removed = removed
        self.updated = updated
        self.moved = moved
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { inserted.isEmpty && removed.isEmpty && updated.isEmpty && moved.isEmpty }

    /// The change that turns `old` into `new`, comparing values by id.
    ///
    /// `moved` lists the ids kept in both lists whose order differs, found as the complement of a
    /// longest increasing subsequence of old positions (so one channel jumping to the top is one
    /// move, not a shift of every row).
    package static func between<Element: Identifiable & Equatable>(_ old: [Element], _ new: [Element]) -> ListChange
    where Element.ID == ID {
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, element) in old.enumerated() { oldIndex[element.id] = index }
        var newIds = Set<ID>()
        newIds.reserveCapacity(new.count)
        var change = ListChange()
        var keptOldPositions: [Int] = []
        var keptIds: [ID] = []
        for element in new {
            newIds.insert(element.id)
            if let index = oldIndex[element.id] {
                if old[index] != element { change.updated.append(element.id) }
                keptOldPositions.append(index)
                keptIds.append(element.id)
            } else {
                change.inserted.append(element.id)
            }
        }
        for element in old where !newIds.contains(element.id) { change.removed.append(element.id) }
        var stays = [Bool](repeating: false, count: keptIds.count)
        for offset in longestIncreasingSubsequence(keptOldPositions) { stays[offset] = true }
        for (offset, id) in keptIds.enumerated() where !stays[offset] { change.moved.append(id) }
        return change
    }
}
