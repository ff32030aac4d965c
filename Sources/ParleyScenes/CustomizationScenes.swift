import Foundation
import Parley

/// One scene per customization example of seeds 000 and 001, on the same data as `channel` and
/// `channel-list`, so "before" and "after" compare directly.
enum CustomizationScenes {
    static let scenes: [RenderScene] = [
        channel("channel-rect-avatars", "Seed 000: every avatar of the channel screen a RectAvatarView (corner radius 3)", [.rectAvatars]),
        channel("channel-appearance", "Seed 001: Appearance.default.fonts.body italic 20 pt and colorPalette.background6 yellow", [.italicBody, .yellowBubbles]),
        channel("channel-pink", "Seed 001: the window's tintColor .systemPink recolours the channel screen", [.pinkTint]),
        channel("channel-send-arrow", "Seed 001: Appearance.default.images.sendArrow replaced in the composer", [.sendArrow]),
        RenderScene(name: "channel-list-pink", summary: "Seed 001: the window's tintColor .systemPink recolours the channel list",
                    defaultSize: ChannelListScene.size) { size in
            customized([.pinkTint]) { ChannelListScene.makeScreen(size: size) { _ in } }
        },
    ]

    private static func channel(_ name: String, _ summary: String, _ customizations: [DemoCustomization]) -> RenderScene {
        RenderScene(name: name, summary: summary, defaultSize: CGSize(width: 390, height: 760)) { size in
            customized(customizations) { ChannelSceneView(frame: CGRect(origin: .zero, size: size)) }
        }
    }

    /// Builds a view with the customizations applied, as an app applies them before creating its
    /// screens; the process-wide defaults are restored afterwards.
    @MainActor
    static func customized(_ customizations: [DemoCustomization], _ make: () -> UIView) -> UIView {
        let savedComponents = Components.default, savedAppearance = Appearance.default
        defer {
            Components.default = savedComponents
            Appearance.default = savedAppearance
        }
        for customization in customizations { customization.apply() }
        let container = UIView()
        if customizations.contains(.pinkTint) { container.tintColor = .systemPink }
        let content = make()
        container.frame = content.bounds
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(content)
        container.layoutIfNeeded()
        return container
    }
}
