import Foundation

/// Launches an app and runs it until its last window closes; call it from `main.swift`.
///
/// ```swift
/// // main.swift
/// import Parley
///
/// UIApplicationMain(sceneDelegate: SceneDelegate.init,
///                   configuration: .init(title: "Chat", initialViewController: { ChannelListViewController() }))
/// ```
///
/// UIKit instantiates the delegates it finds in the Info.plist by class name; Swift on Linux has no
/// runtime for that, so you pass how to make the scene delegate (`SceneDelegate.init`) — one is made
/// per scene, as in UIKit. The launch: the app delegate's `application(_:didFinishLaunchingWithOptions:)`,
/// then the first scene connects (a native window of `configuration.size`): with an
/// `initialViewController`, a window showing it is created first, set as the delegate's `window` and
/// put in `scene.windows` (as a storyboard does), then the delegate's
/// `scene(_:willConnectTo:options:)` runs, then that window is made key and visible — which is
/// when the first screen's view loads, as in UIKit, so `Components.default` and
/// `Appearance.default` set by the delegate reach the first screen. Then the
/// event loop runs (see `UIApplication`). It never returns: the process exits when the last
/// window closes or `UIApplication.shared.terminate()` is called.
///
/// The backend is SDL when a display is available, else headless (`PARLEY_BACKEND=headless` or
/// `=sdl` forces one).
@preconcurrency @MainActor
public func UIApplicationMain(sceneDelegate makeSceneDelegate: @escaping @MainActor () -> UISceneDelegate,
                              appDelegate: UIApplicationDelegate? = nil,
                              configuration: UIApplication.LaunchConfiguration = .init()) -> Never {
    let app = UIApplication.launch(configuration: configuration)
    app.retainedDelegate = appDelegate
    app.delegate = appDelegate
    app.sceneDelegateFactory = makeSceneDelegate
    if appDelegate?.application(app, didFinishLaunchingWithOptions: nil) == false { exit(1) }
    app.connectInitialScene()
    // Screen readers see the app through AT-SPI2 when the desktop has an accessibility bus.
    ATSPIBridge.startIfAvailable()
    app.run()
}

extension UIApplication {
    /// Installs the shared application on the configured backend (for `UIApplicationMain` and tools
    /// that run their own loop).
    static func launch(configuration: LaunchConfiguration) -> UIApplication {
        let env = ProcessInfo.processInfo.environment
        var choice = configuration.backend
        switch env["PARLEY_BACKEND"]?.lowercased() {
        case "headless": choice = .headless
        case "sdl": choice = .sdl
        default: break
        }
        let hasDisplay = env["DISPLAY"].map { !$0.isEmpty } ?? false || env["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        var backend: PlatformBackend = HeadlessBackend()
        if choice == .sdl || (choice == .automatic && hasDisplay) {
            if let sdl = SDLBackend() {
                backend = sdl
            } else {
                FileHandle.standardError.write(Data("Parley: SDL could not open the display; running headless.\n".utf8))
            }
        }
        let app = install(backend: backend, fresh: false)
        app.launchConfiguration = configuration
        return app
    }

    /// Connects the first scene, creating the initial view controller's window first if configured.
    func connectInitialScene() {
        var initialWindow: UIWindow?
        connectScene { scene in
            guard let make = self.launchConfiguration.initialViewController else { return }
            let window = UIWindow(windowScene: scene)
            window.rootViewController = make()
            initialWindow = window
            if let delegate = scene.delegate as? UIWindowSceneDelegate { delegate.window = window }
        }
        if let initialWindow, !initialWindow.isShownInScene { initialWindow.makeKeyAndVisible() }
    }
}
