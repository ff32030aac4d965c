import Foundation
import ParleyUIKit

/// A window showing a screen on a navigation stack: the Linux form of SwiftUI's
/// `WindowGroup { ChatChannelListView(viewFactory: CustomFactory.shared) }`.
///
/// ```swift
/// // main.swift
/// import Parley
///
/// ChatViews.client = try ChatClient(config: ChatClientConfig(currentUserId: "jordan"))
/// WindowGroup(title: "Chat") {
///     ChatChannelListView(viewFactory: CustomFactory.shared)
/// }.run()
/// ```
///
/// ``run()`` is `UIApplicationMain` with the group's screen as the first window's root (inside a
/// `UINavigationController`, so channels push onto it); it never returns. Tests and apps with
/// their own loop call ``makeRootViewController()`` and put it in a window themselves.
@preconcurrency @MainActor
public struct WindowGroup {
    /// The window's title.
    public var title: String
    /// The window's size, in points.
    public var size: CGSize
    /// Makes the screen.
    public let content: @MainActor () -> UIViewController

    /// A window titled `title`, `size` points large, showing the screen `content` makes.
    public init(title: String = "Parley", size: CGSize = CGSize(width: 390, height: 700), @WindowContentBuilder content: @escaping @MainActor () -> UIViewController) {
        self.title = title
        self.size = size
        self.content = content
    }

    /// The window's root: the screen on a navigation stack.
    public func makeRootViewController() -> UINavigationController {
        UINavigationController(rootViewController: content())
    }

    /// Launches the app with this window and runs it until the window closes.
    public func run() -> Never {
        var configuration = UIApplication.LaunchConfiguration()
        configuration.title = title
        configuration.size = size
        let root = self
        configuration.initialViewController = { root.makeRootViewController() }
        UIApplicationMain(sceneDelegate: { WindowGroupSceneDelegate() }, configuration: configuration)
    }
}

/// The content closure of a ``WindowGroup``: one screen, written without `return`.
@preconcurrency @MainActor
@resultBuilder
public enum WindowContentBuilder {
    /// The one screen.
    public static func buildBlock(_ screen: UIViewController) -> UIViewController { screen }
}

/// The scene delegate of a ``WindowGroup`` app: the window is made from the launch configuration.
@MainActor
final class WindowGroupSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
