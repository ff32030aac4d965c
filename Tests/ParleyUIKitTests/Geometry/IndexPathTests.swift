import Foundation
import ParleyUIKit
import Testing

@Suite struct IndexPathTests {
    @Test func rowsAndItemsAreTheSecondIndexAndSectionsTheFirst() {
        var path = IndexPath(item: 3, section: 1)
        #expect(Array(path) == [1, 3])
        #expect(path.item == 3 && path.row == 3 && path.section == 1)
        path.row = 7
        path.section = 2
        #expect(path == IndexPath(row: 7, section: 2))
        #expect(path.item == 7)
    }
}
