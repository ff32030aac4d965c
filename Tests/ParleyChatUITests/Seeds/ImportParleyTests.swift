import Parley
import Testing

/// `import Parley` alone, as in an app's file: what UIKit brings besides UIKit is there.
@MainActor
@Suite struct ImportParleyTests {
    @Test func foundationIndexPathsAndDispatchNeedNoOtherImport() {
        let values = UIKitImports.everyday()
        #expect(values.count == 8)
        #expect(values[2] is String)
        #expect(values[3] as? Int == 3)
        #expect(values[4] as? Int == 0)
    }
}
