import Foundation

/// Hears the application's life, as UIKit's `UIApplicationDelegate`. Every method is optional.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// Launch finished; scenes connect next. Return false to refuse the launch.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The application is about to end.
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    /// Launches by default.
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// Does nothing by default.
    public func applicationWillTerminate(_ application: UIApplication) {}
}

extension UIApplication {
    /// Keys of the launch options (none are passed on the desktop).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// Creates a key.
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}
