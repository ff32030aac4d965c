import Foundation
import Parley
import ParleyScenes
import Testing

/// Dark mode follows the trait collection and can be switched live from the channel list.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct DarkModeToggleTests {
    private func find(_ identifier: String, in view: UIView) -> UIView? {
        if view.accessibilityIdentifier == identifier { return view }
        for subview in view.subviews { if let found = find(identifier, in: subview) { return found } }
        return nil
    }

    @Test func theToggleSwitchesTheWholeWindowLiveAndBack() throws {
        let data = try ChannelListSceneData.make()
        let backend = HeadlessBackend.install()
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        let navigation = UINavigationController(rootViewController: list)
        let window = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: navigation)
        backend.advance(by: 0.05)
        let row = try #require(visibleCells(list).first?.itemView)
        let lightBackground = try #require(backend.snapshot(of: window)?.rgbaPixels(scale: 1))[300, 400]
        #expect(row.traitCollection.userInterfaceStyle == .light)
        #expect(list.appearanceToggleItem.image === list.appearance.images.darkMode)

        let toggle = try #require(find("switch-to-dark", in: window))
        backend.tap(at: toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: window))
        backend.advance(by: 0.1)
        #expect(window.overrideUserInterfaceStyle == .dark)
        #expect(row.traitCollection.userInterfaceStyle == .dark)
        #expect(list.appearanceToggleItem.image === list.appearance.images.lightMode)
        // The rows redrew in dark colours: the background under the list went from light to dark.
        let darkBackground = try #require(backend.snapshot(of: window)?.rgbaPixels(scale: 1))[300, 400]
        #expect(lightBackground.r > 200 && darkBackground.r < 60)
        // The title label picked up the dark text colour through setUpAppearance/updateContent.
        #expect(row.titleLabel.textColor.resolvedColor(with: row.traitCollection) == list.appearance.colorPalette.text.resolvedColor(with: row.traitCollection))

        let back = try #require(find("switch-to-light", in: window))
        backend.tap(at: back.convert(CGPoint(x: back.bounds.midX, y: back.bounds.midY), to: window))
        backend.advance(by: 0.1)
        #expect(window.overrideUserInterfaceStyle == .light)
        #expect(row.traitCollection.userInterfaceStyle == .light)
    }
}
}
