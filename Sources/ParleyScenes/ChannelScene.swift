import Foundation
import Parley

/// The channel screen of ``ChatFixtures``' group channel in a navigation controller: header,
/// every kind of message, the separators, the typing indicator and the composer.
enum ChannelScene {
    static let scene = RenderScene(
        name: "channel",
        summary: "The channel screen: header, every kind of message, date and unread separators, typing indicator, composer",
        defaultSize: CGSize(width: 390, height: 760)
    ) { size in
        ChannelSceneView(frame: CGRect(origin: .zero, size: size))
    }
}

/// Holds the controllers and the client of the scene while its view is shown.
@MainActor
final class ChannelSceneView: UIView {
    private var navigation: UINavigationController?
    private var fixture: ChatFixture?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        guard let fixture = try? ChatFixtures.makeGroupChannelBlocking() else { return }
        self.fixture = fixture
        // Formatters pinned to the fixture's clock and UTC while the views set themselves up.
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        let channelVC = Components.default.channelVC.init()
        channelVC.appearance = Appearance.default
        channelVC.channelController = fixture.client.channelController(for: fixture.cid)
        let navigation = UINavigationController(rootViewController: channelVC)
        self.navigation = navigation
        let root: UIView = navigation.view
        root.frame = bounds
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(root)
        layoutIfNeeded()
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    override func layoutSubviews() {
        super.layoutSubviews()
        navigation?.view.frame = bounds
    }
}
