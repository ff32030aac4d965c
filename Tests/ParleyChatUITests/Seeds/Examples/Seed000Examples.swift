import Parley

// Seed 000, "Custom Components": every UIKit example, compiled unchanged apart from the seed's
// Markdown slip (a stray backtick after `super.setUpAppearance()`) and its elisions (`...`). This
// file imports Parley only, as an app's file would; `scripts/check-seed-package` also builds it
// in a package outside the repository.

// "Example: Custom Avatar View"
class RectAvatarView: ChatAvatarView {
    override func setUpAppearance() {
        super.setUpAppearance()

        imageView.layer.cornerRadius = 3
    }
}

// "Example: Custom Unread Count Indicator" (seed 001 has the same class, with doc comments).
class iMessageChannelListItemView: ChatChannelListItemView {
    private lazy var customUnreadView = UIView()

    override func setUpAppearance() {
        super.setUpAppearance()

        customUnreadView.backgroundColor = tintColor
        customUnreadView.layer.masksToBounds = true
        customUnreadView.layer.cornerRadius = 5
        customUnreadView.clipsToBounds = true
    }

    override func setUpLayout() {
        super.setUpLayout()

        // Set constraints for the new "dot" unread indicator
        NSLayoutConstraint.activate([
            customUnreadView.widthAnchor.constraint(equalTo: customUnreadView.heightAnchor),
            customUnreadView.widthAnchor.constraint(equalToConstant: 10),
        ])
        // Insert it as the left-most subview
        mainContainer.insertArrangedSubview(customUnreadView, at: 0)

        // Remove the original unread count indicator, since we don't need it anymore
        topContainer.removeArrangedSubview(unreadCountView)
    }

    override func updateContent() {
        super.updateContent()

        // We change the alpha value only because we want the view to still be part
        // of the layout system.
        customUnreadView.alpha = unreadCountView.content == .noUnread ? 0 : 1
    }
}

/// The seed's two scene delegates (one per example) as one, in a namespace: seed 001 has its own
/// `SceneDelegate`.
enum Seed000 {
    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            // ...
            Components.default.avatarView = RectAvatarView.self
            // ...
            Components.default.channelContentView = iMessageChannelListItemView.self
            // ...
        }
    }
}
