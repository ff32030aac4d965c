import Foundation

/// UIKit's additions to `IndexPath`: a row (of a table) or an item (of a collection) in a
/// section, as two indexes — the section first.
///
/// Foundation on Linux lacks them, and code written for iOS (a message list's
/// `indexPath.item`, `IndexPath(item: 0, section: 0)`) uses them on every page.
extension IndexPath {
    /// The index path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The index path of `item` in `section`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first of the two indexes.
    public var section: Int {
        get { self[Self.checkedPosition(0, in: self)] }
        set { self[Self.checkedPosition(0, in: self)] = newValue }
    }

    /// The row within the section: the second of the two indexes.
    public var row: Int {
        get { self[Self.checkedPosition(1, in: self)] }
        set { self[Self.checkedPosition(1, in: self)] = newValue }
    }

    /// The item within the section: the second of the two indexes (the same as `row`).
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    /// `position`, after checking that `path` has the two indexes UIKit requires (it traps
    /// otherwise, as UIKit does).
    private static func checkedPosition(_ position: Int, in path: IndexPath) -> Int {
        precondition(path.count == 2, "An index path for rows and items has exactly two indexes, "
            + "the section and the row (or item); this one has \(path.count).")
        return position
    }
}
