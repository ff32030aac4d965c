import Foundation
import Parley
import ParleyScenes
import Testing

/// The composer scenes of `parley render` exist and draw the composer.
@MainActor
@Suite struct ComposerSceneTests {
    @Test(arguments: ["composer", "composer-quote", "composer-edit", "composer-send-arrow"])
    func sceneRendersInLightAndDark(name: String) throws {
        let scene = try #require(SceneCatalog.scene(named: name))
        let view = SceneCatalog.makeView(scene)
        let light = try #require(view.renderPixels(scale: 1, userInterfaceStyle: .light))
        let dark = try #require(view.renderPixels(scale: 1, userInterfaceStyle: .dark))
        #expect(light.width == Int(scene.defaultSize.width))
        // The composer's background is white in light mode and black in dark mode at the bottom.
        let bottom = (x: 4, y: light.height - 2)
        #expect(light[bottom.x, bottom.y].r > 240)
        #expect(dark[bottom.x, bottom.y].r < 20)
    }

    @Test func theCustomArrowSceneIsPink() throws {
        let scene = try #require(SceneCatalog.scene(named: "composer-send-arrow"))
        let view = SceneCatalog.makeView(scene)
        let pixels = try #require(view.renderPixels(scale: 1, userInterfaceStyle: .light))
        let corner = CGRect(x: view.bounds.width - 60, y: 0, width: 60, height: view.bounds.height)
        #expect(nearestPixel(to: (r: 0xFF, g: 0x2D, b: 0x55), in: pixels, rect: corner, scale: 1) < 40)
    }
}
