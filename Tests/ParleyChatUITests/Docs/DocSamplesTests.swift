import Foundation
import Parley
import ParleyScenes
import ParleyTesting
@testable import ParleyUIKit
import Testing

// The code samples of the DocC articles (Sources/Parley/Parley.docc) that are not already seed
// tests, compiled here verbatim; `scripts/check-doc-samples` fails when an article's ```swift block
// is not found in some file under Tests/. The tests below run what the samples do.

/// The quick start of `Parley.md`: an app's scene delegate and `main.swift`.
enum QuickStartSample {
    /// Applies the app's brand colour to every window of the scene.
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let scene = scene as? UIWindowScene else { return }
            scene.windows.forEach { $0.tintColor = .systemPink }
        }
    }

    /// The body of the sample's `main.swift` (compiled, never called: it does not return).
    @MainActor
    static func main() throws -> Never {
        // main.swift
        let client = ChatClient(config: ChatClientConfig(currentUserId: "sam"))
        _ = try DemoDataGenerator(parameters: DemoDataParameters(busyChannelMessageCount: 200)).generate(into: client)

        Components.default.avatarView = RectAvatarView.self

        UIApplicationMain(sceneDelegate: SceneDelegate.init,
                          configuration: .init(title: "Chat", initialViewController: {
                              UINavigationController(rootViewController: ChatChannelListVC.make(with: client.channelListController()))
                          }))
    }
}

/// The "Message List View" article: seed 002's factory under the seed's name, `CustomFactory`.
final class CustomFactory: ViewFactory {
    static let shared = CustomFactory()

    func makeMessageContainerView(
        channel: ChatChannel,
        message: ChatMessage,
        width: CGFloat?,
        showsAllInfo: Bool,
        isInThread: Bool,
        scrolledId: Binding<String?>,
        quotedMessage: Binding<ChatMessage?>,
        onLongPress: @escaping (MessageDisplayInfo) -> (),
        isLast: Bool
    ) -> some View {
        HStack {
            Text(message.text)
            Spacer()
        }
        .padding(.horizontal, 8)
        .padding(.bottom, showsAllInfo ? 8 : 2)
        .padding(.top, isLast ? 8 : 0)
    }

    func makeSystemMessageView(message: ChatMessage) -> some View {
        SystemMessageView(message: message.text)
    }
}

/// The "Message List View" article's app (compiled, not `@main` here: the test target has its
/// own entry point; DocSamplesTests opens its window group).
struct ChatApp: App {
    init() {
        ChatViews.client = ChatClient(config: ChatClientConfig(currentUserId: "sam"))
    }

    var body: some Scene {
        WindowGroup {
            ChatChannelListView(viewFactory: CustomFactory.shared)
        }
    }
}

/// The article's older spelling without an `App` (compiled, never called: `run()` does not return).
enum CustomFactorySample {
    @MainActor
    static func main() throws -> Never {
        // main.swift
        ChatViews.client = ChatClient(config: ChatClientConfig(currentUserId: "sam"))
        WindowGroup(title: "Chat") {
            ChatChannelListView(viewFactory: CustomFactory.shared)
        }.run()
    }
}

/// The "Custom Component" article's profile card, shown in a `ComponentView`.
enum ProfileCardSample {
    struct Profile {
        let name: String
        let role: String
    }

    struct ProfileComponent: ComponentBuilder {
        let profile: Profile
        func build() -> some Component {
            VStack {
                Text(profile.name)
                Text(profile.role)
            }
        }
    }
}

extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct DocSamplesTests {
    /// Every view of `type` under `view`, depth first.
    private func all<T: UIView>(_ type: T.Type, in view: UIView) -> [T] {
        var found: [T] = []
        var queue = [view]
        while let next = queue.popLast() {
            if let match = next as? T { found.append(match) }
            queue.append(contentsOf: next.subviews)
        }
        return found
    }

    /// What `QuickStartSample.main()` does, step by step, on the headless backend instead of a display.
    @Test func theQuickStartShowsTheDemoChannelsInAPinkWindowWithRectAvatars() throws {
        let saved = Components.default
        defer { Components.default = saved }
        let backend = HeadlessBackend.install()
        let app = UIApplication.shared

        let client = ChatClient(config: ChatClientConfig(currentUserId: "sam"))
        let summary = try DemoDataGenerator(parameters: DemoDataParameters(busyChannelMessageCount: 200)).generate(into: client)
        Components.default.avatarView = RectAvatarView.self
        app.launchConfiguration = .init(title: "Chat", size: CGSize(width: 390, height: 700), initialViewController: {
            UINavigationController(rootViewController: ChatChannelListVC.make(with: client.channelListController()))
        })
        app.sceneDelegateFactory = QuickStartSample.SceneDelegate.init
        app.connectInitialScene()
        backend.advance(by: 0.1)

        let window = try #require((app.connectedScenes.first as? UIWindowScene)?.windows.first)
        #expect(window.isKeyWindow)
        #expect(window.tintColor == .systemPink)
        let navigation = try #require(window.rootViewController as? UINavigationController)
        let list = try #require(navigation.topViewController as? ChatChannelListVC)
        #expect(summary.channelIds.count >= 10)
        let cells = list.listView.visibleViews.compactMap { $0 as? ChatChannelListCollectionViewCell }
        #expect(cells.count >= 5, "the demo channels fill the window")
        let avatars = all(ChatAvatarView.self, in: window)
        #expect(!avatars.isEmpty)
        #expect(avatars.allSatisfy { $0 is RectAvatarView })
    }

    /// The factory of the "Message List View" article turns every message into a left-aligned
    /// text row on the real channel screen; the golden is the article's picture.
    @Test func theCustomFactoryRendersPlainLeftAlignedRows() throws {
        let savedComponents = Components.default, savedAppearance = Appearance.default
        defer {
            Components.default = savedComponents
            Appearance.default = savedAppearance
        }
        let view = DeclarativeScenes.makeChannel(size: CGSize(width: 390, height: 700), factory: CustomFactory.shared)
        view.layoutIfNeeded()
        let labels = all(UILabel.self, in: view).filter { $0.text == "I pushed the new mockups to the shared folder" }
        let label = try #require(labels.first, "the newest message is on screen")
        // Left aligned, 8 pt in, whoever sent it: no bubble, no avatar.
        #expect(label.convert(label.bounds, to: view).minX == 8)
        // No avatar beside the messages (the navigation bar may hold the channel's).
        let messageAvatars = all(ChatAvatarView.self, in: view).filter { avatar in
            var node: UIView? = avatar
            while let current = node, current !== view {
                if current.isHidden || current.alpha == 0 { return false }
                node = current.superview
            }
            return avatar.convert(avatar.bounds, to: view).minY >= 44
        }
        #expect(messageAvatars.isEmpty)
        // The default factory, on the same screen, does show avatars beside the messages.
        let plain = DeclarativeScenes.makeChannel(size: CGSize(width: 390, height: 700), factory: DefaultViewFactory.shared)
        plain.layoutIfNeeded()
        #expect(all(UILabel.self, in: plain).contains { $0.text == "I pushed the new mockups to the shared folder" && $0.convert($0.bounds, to: plain).minX > 8 })
        Snapshot.assert(view, named: "docs-custom-factory", scale: 2, style: .light)
        Snapshot.assert(view, named: "docs-custom-factory-dark", scale: 2, style: .dark)
    }

    /// The profile card of the "Custom Component" article in a `ComponentView`.
    @Test func theProfileCardStacksNameAndRole() throws {
        let myProfile = ProfileCardSample.Profile(name: "Luke Zhao", role: "iOS Developer")
        let componentView = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        componentView.component = ProfileCardSample.ProfileComponent(profile: myProfile)
            .inset(12)
        componentView.layoutIfNeeded()
        let labels = componentView.subviews.compactMap { $0 as? UILabel }
        #expect(labels.map(\.text) == ["Luke Zhao", "iOS Developer"])
        #expect(labels.count == 2 && labels[1].frame.minY == labels[0].frame.maxY)
        #expect(labels.first?.frame.minX == 12)
        Snapshot.assert(componentView, named: "docs-profile-component", scale: 2, style: .light)
        Snapshot.assert(componentView, named: "docs-profile-component-dark", scale: 2, style: .dark)
    }
}
}

/// The cell of README.md's "Testing your UI": a name on a row.
final class MyCell: UIView {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        label.text = "Ana Lopez"
        label.textColor = .label
        label.font = .preferredFont(forTextStyle: .body)
        label.frame = CGRect(x: 16, y: 0, width: frame.width - 32, height: frame.height)
        addSubview(label)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

}

// README.md, "Testing your UI" — verbatim.
@MainActor @Test func myCellLooksRight() {
    let cell = MyCell(frame: CGRect(x: 0, y: 0, width: 320, height: 64))
    Snapshot.assert(cell, named: "my-cell", scale: 2, style: .dark)
}

/// The "Message List View" article's `App`: its scene opens the channel list with the factory.
@MainActor
@Suite(.serialized) struct MessageListArticleAppTests {
    @Test func theArticlesAppOpensTheChannelListWithItsFactory() throws {
        let saved = ChatViews.client
        defer { ChatViews.client = saved }
        let app = ChatApp()
        #expect(ChatViews.client != nil, "the app's init set up the client")
        let navigation = app.body.makeRootViewController()
        let list = try #require(navigation.topViewController as? ChatChannelListView)
        #expect(list.viewFactory === CustomFactory.shared)
    }
}
