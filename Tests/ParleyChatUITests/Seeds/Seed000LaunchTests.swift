import Foundation
import Parley
import ParleyScenes
@testable import ParleyUIKit
import Testing

extension HeadlessWindowTests {
/// Seed 000's scene delegate, launched as the README launches an app: what it sets in
/// `scene(_:willConnectTo:options:)` reaches the first screen.
@MainActor
@Suite(.serialized) struct Seed000LaunchTests {
    @Test func theSceneDelegatesComponentsReachTheFirstScreen() throws {
        let saved = Components.default
        defer { Components.default = saved }
        let data = try ChannelListSceneData.make()
        let backend = HeadlessBackend.install()
        let app = UIApplication.shared
        // What `UIApplicationMain(sceneDelegate:configuration:)` does, on the headless backend.
        app.launchConfiguration = .init(title: "Seed 000", size: CGSize(width: 390, height: 700), initialViewController: {
            UINavigationController(rootViewController: ChatChannelListVC.make(with: data.client.channelListController()))
        })
        app.sceneDelegateFactory = Seed000.SceneDelegate.init
        app.connectInitialScene()
        backend.advance(by: 0.1)

        let window = try #require((app.connectedScenes.first as? UIWindowScene)?.windows.first)
        #expect(window.isKeyWindow)
        let navigation = try #require(window.rootViewController as? UINavigationController)
        let list = try #require(navigation.topViewController as? ChatChannelListVC)
        let cells = list.listView.visibleViews.compactMap { $0 as? ChatChannelListCollectionViewCell }
        #expect(cells.count >= 8, "the channels fill the window")
        for cell in cells {
            #expect(cell.itemView is iMessageChannelListItemView)
            let avatar = cell.itemView.avatarView.avatarView
            #expect(avatar is RectAvatarView)
            #expect(avatar.imageView.layer.cornerRadius == 3)
        }
        // On screen: the rows' left-most view is the seed's dot, not the avatar.
        let item = try #require(cells.first?.itemView)
        #expect(item.mainContainer.arrangedSubviews.first !== item.avatarView)
    }

    @Test func theRootViewLoadsWhenTheWindowIsShownNotWhenItIsSet() {
        HeadlessBackend.install()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let controller = UIViewController()
        window.rootViewController = controller
        #expect(!controller.isViewLoaded)
        window.makeKeyAndVisible()
        #expect(controller.isViewLoaded)
        #expect(controller.view.superview === window)
        #expect(controller.view.frame == window.bounds)
    }

    @Test func aWindowThatIsOnlyLaidOutLoadsItsRootViewToo() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let controller = UIViewController()
        window.rootViewController = controller
        window.layoutIfNeeded()
        #expect(controller.isViewLoaded)
        #expect(controller.view.superview === window)
        #expect(controller.view.frame == window.bounds)
    }
}
}
