import Foundation
import Parley

/// A named screen or state that `parley render` draws and the golden tests check.
public struct RenderScene: Sendable {
    /// The name `parley render --scene` takes.
    public let name: String
    /// A one-line description for `parley render --list`.
    public let summary: String
    /// The size the scene is drawn at unless `--width/--height` say otherwise.
    public let defaultSize: CGSize
    /// Builds the scene's root view at a size.
    public let make: @MainActor @Sendable (CGSize) -> UIView

    /// A scene.
    public init(name: String, summary: String, defaultSize: CGSize, make: @escaping @MainActor @Sendable (CGSize) -> UIView) {
        self.name = name
        self.summary = summary
        self.defaultSize = defaultSize
        self.make = make
    }
}

/// Every scene, by name.
public enum SceneCatalog {
    /// All scenes, in `--list` order.
    public static let all: [RenderScene] = [
        GalleryScene.scene,
        ChannelListScene.scene,
        ChannelListScene.iMessageScene,
        ChannelListScene.rectAvatarsScene,
        ChannelScene.scene,
    ] + ComposerScene.scenes + CustomizationScenes.scenes + DeclarativeScenes.scenes
        + ReactionsScene.scenes + [SplitViewScene.scene, SplitViewScene.threadScene] + AttachmentScenes.scenes

    /// The scene with this name, if any.
    public static func scene(named name: String) -> RenderScene? {
        all.first { $0.name == name }
    }

    /// Builds a scene's view, laid out at `size`.
    @MainActor
    public static func makeView(_ scene: RenderScene, size: CGSize? = nil) -> UIView {
        let size = size ?? scene.defaultSize
        let view = scene.make(size)
        view.frame = CGRect(origin: .zero, size: size)
        view.layoutIfNeeded()
        return view
    }

    /// Renders a scene to PNG data.
    @MainActor
    public static func renderPNG(_ scene: RenderScene, size: CGSize? = nil, scale: CGFloat = 2, dark: Bool = false) -> Data? {
        let view = makeView(scene, size: size)
        return view.pngData(scale: scale, userInterfaceStyle: dark ? .dark : .light)
    }
}
