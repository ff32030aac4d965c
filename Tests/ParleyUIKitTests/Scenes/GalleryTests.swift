import Foundation
import ParleyScenes
import ParleyTesting
import Testing
@testable import ParleyUIKit

@MainActor
@Suite struct GalleryTests {
    @Test func galleryMatchesTheGoldenImageInLight() {
        let scene = SceneCatalog.scene(named: "gallery")!
        let view = SceneCatalog.makeView(scene)
        Snapshot.assert(view, named: "gallery-light", scale: 1, style: .light)
    }

    @Test func galleryMatchesTheGoldenImageInDark() {
        let scene = SceneCatalog.scene(named: "gallery")!
        let view = SceneCatalog.makeView(scene)
        Snapshot.assert(view, named: "gallery-dark", scale: 1, style: .dark)
    }

    @Test func snapshotComparisonCatchesAChange() {
        let a = RGBAPixels(width: 2, height: 1, bytes: [0, 0, 0, 255, 10, 10, 10, 255])!
        var b = a
        b.bytes[4] = 200
        #expect(Snapshot.compare(a, a, perPixel: 0).changedPixels == 0)
        let result = Snapshot.compare(a, b, perPixel: 24)
        #expect(result.changedPixels == 1)
        #expect(!result.passes(SnapshotTolerance(perPixel: 24, changedPixels: 0.1)))
        #expect(result.passes(SnapshotTolerance(perPixel: 24, changedPixels: 0.5)))
    }
}
