import Foundation

/// Hears a scene's life: connection, activation, disconnection, as UIKit's `UISceneDelegate`.
/// Every method is optional.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    /// The scene is being connected: set up its windows here.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// The scene was disconnected (its window closed).
    func sceneDidDisconnect(_ scene: UIScene)
    /// The scene became active (its window has focus).
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to become inactive.
    func sceneWillResignActive(_ scene: UIScene)
    /// The scene is about to enter the foreground.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// The scene entered the background.
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    /// Does nothing by default.
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    /// Does nothing by default.
    public func sceneDidDisconnect(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneWillResignActive(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// The delegate of a window scene, as UIKit's `UIWindowSceneDelegate`; `window` is optional (a
/// delegate that declares `var window: UIWindow?` gets the window of the launch configuration's
/// initial view controller, as with a storyboard).
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window.
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// No window by default.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

/// One instance of the app's UI — on the desktop, one native window — as UIKit's `UIScene`.
@preconcurrency @MainActor
open class UIScene: UIResponder, Hashable {
    /// Why a scene was connected, as UIKit's `UIScene.ConnectionOptions`.
    @preconcurrency @MainActor
    public final class ConnectionOptions {
        /// URLs to open (none on launch).
        public let urlContexts: Set<String> = []
        /// The command-line arguments of the launch.
        public let arguments: [String]
        init(arguments: [String] = CommandLine.arguments) { self.arguments = arguments }
    }

    /// A scene's relation to the screen.
    public enum ActivationState: Int, Sendable {
        /// Not connected.
        case unattached = -1
        /// Visible and receiving events.
        case foregroundActive = 0
        /// Visible, not receiving events.
        case foregroundInactive = 1
        /// Not visible.
        case background = 2
    }

    /// The session.
    public let session: UISceneSession
    /// The delegate (strongly held, as in UIKit).
    open var delegate: UISceneDelegate?
    /// The activation state.
    public internal(set) var activationState: ActivationState = .unattached
    /// The title (the native window's title).
    open var title: String? { didSet { titleDidChange() } }
    let connectionOptions: ConnectionOptions

    /// A scene for a session.
    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        self.connectionOptions = connectionOptions
        super.init()
        session.scene = self
    }

    func titleDidChange() {}

    /// The application is next in the responder chain.
    open override var next: UIResponder? { UIApplication.shared }

    /// Identity equality.
    nonisolated public static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    /// Hashes the identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
