import Foundation
import ParleyComponent
import ParleyUIKit

/// An app made of scenes (SwiftUI's `App`): mark it `@main` and it launches its windows through
/// the toolkit's `UIApplication` run loop.
///
/// ```swift
/// @main
/// struct ChatApp: App {
///     var body: some Scene {
///         WindowGroup {
///             ChatChannelListView(viewFactory: CustomFactory.shared)
///         }
///     }
/// }
/// ```
@preconcurrency @MainActor
public protocol App {
    /// The type of the app's scenes.
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder var body: Body { get }
    /// Creates the app (`@main` calls it once).
    init()
}

extension App {
    /// Launches the app: makes it, opens its first window group and runs until it closes.
    public static func main() {
        let app = Self()
        app.body.launch()
    }
}

/// A part of an app's user interface (SwiftUI's `Scene`); Parley has one kind, ``WindowGroup``.
@preconcurrency @MainActor
public protocol Scene {
    /// The root of the scene's window: its content on a navigation stack.
    func makeRootViewController() -> UINavigationController
    /// Opens the scene's window and runs the app.
    func launch() -> Never
}

/// The result builder of an app's `body`.
@preconcurrency @MainActor
@resultBuilder
public enum SceneBuilder {
    /// One scene.
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
}

/// A window showing a view, on a navigation stack (SwiftUI's `WindowGroup`).
///
/// ```swift
/// var body: some Scene {
///     WindowGroup {
///         ChatChannelListView(viewFactory: CustomFactory.shared)
///     }
/// }
/// ```
///
/// In an ``App`` it opens when the app launches. Without one, ``run()`` launches it, and tests or
/// apps with their own loop call ``makeRootViewController()`` and put it in a window themselves.
public struct WindowGroup<Content: View>: Scene {
    /// The window's title.
    public var title: String
    /// The window's size, in points.
    public var size: CGSize
    /// Makes the window's content.
    public let content: @MainActor () -> Content

    /// A window showing the views the closure builds.
    public init(@ViewBuilder content: @escaping @MainActor () -> Content) {
        self.init(title: ProcessInfo.processInfo.processName, content: content)
    }

    /// A window titled `title` showing the views the closure builds.
    public init(_ title: String, @ViewBuilder content: @escaping @MainActor () -> Content) {
        self.init(title: title, content: content)
    }

    /// A window titled `title`, `size` points large, showing the views the closure builds.
    public init(title: String, size: CGSize = CGSize(width: 390, height: 700), @ViewBuilder content: @escaping @MainActor () -> Content) {
        self.title = title
        self.size = size
        self.content = content
    }

    /// The window's root: the content on a navigation stack (a screen written as the content is
    /// the stack's root itself).
    public func makeRootViewController() -> UINavigationController {
        let view = content()
        if let list = view as? ViewList, list.views.count == 1, let screen = list.views[0] as? ViewControllerView {
            return UINavigationController(rootViewController: screen.controller)
        }
        return UINavigationController(rootViewController: UIHostingController(rootView: view))
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

    /// Opens the window (what an ``App`` does at launch).
    public func launch() -> Never { run() }
}

/// The scene delegate of a ``WindowGroup`` app: the window is made from the launch configuration.
@MainActor
final class WindowGroupSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
