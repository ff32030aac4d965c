import Parley

// Seed 001, "Customizing UI Components": its UIKit examples, compiled unchanged; the statements
// are wrapped in functions (an app runs them at launch, a test when it wants their effect). The
// "Custom Unread Count Indicator" example is seed 000's class with doc comments added: see
// Seed000Examples.swift. This file imports Parley only, as an app's file would;
// `scripts/check-seed-package` also builds it in a package outside the repository.
enum Seed001 {
    // "Changing Brand Color"
    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let scene = scene as? UIWindowScene else { return }
            scene.windows.forEach { $0.tintColor = .systemPink }
        }
    }

    // "Changing Colors and Fonts"
    @MainActor static func changeColorsAndFonts() {
        Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)
        Appearance.default.colorPalette.background6 = .yellow
    }

    // "Changing Image Assets"
    @MainActor static func changeImageAssets() {
        Appearance.default.images.sendArrow = UIImage(systemName: "arrowshape.turn.up.right")!
    }

    // "Advanced Customization"
    // Create custom subclass of `ChatAvatarView`
    class RectAvatarView: ChatAvatarView {
        override func layoutSubviews() {
            super.layoutSubviews()
            imageView.layer.cornerRadius = 3
        }
    }

    @MainActor static func advancedCustomization() {
        // Set the custom subclass in `Components`
        Components.default.avatarView = RectAvatarView.self
    }

    // "Example: Custom Unread Count Indicator", its last step.
    @MainActor static func useTheUnreadIndicator() {
        Components.default.channelContentView = iMessageChannelListItemView.self
    }
}
