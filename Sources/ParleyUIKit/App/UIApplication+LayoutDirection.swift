import Foundation

extension UIApplication {
    /// The direction every view hierarchy lays out in unless its window's traits or a view's
    /// `semanticContentAttribute` say otherwise.
    ///
    /// UIKit derives it from the app bundle's localization; a Parley app sets it when it picks a
    /// language (the chat SDK's `ChatLocalization.use(_:)` does, right to left for Arabic). Views
    /// read it when they first compute their traits, so set it before building the screens.
    @preconcurrency @MainActor public static var preferredLayoutDirection: UIUserInterfaceLayoutDirection = .leftToRight

    /// The app's layout direction: ``preferredLayoutDirection``.
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { Self.preferredLayoutDirection }
}
