import Foundation

/// What a navigation bar shows for a controller: title, title view, back button and bar items,
/// as UIKit's `UINavigationItem`.
@preconcurrency @MainActor
open class UINavigationItem {
    private var explicitTitle: String?
    weak var owner: UIViewController?
    /// Called when anything shown changes (the bar redraws).
    var onChange: (@MainActor () -> Void)?

    /// An item with a title.
    public init(title: String?) {
        explicitTitle = title
    }

    /// The title; defaults to the controller's `title`.
    open var title: String? {
        get { explicitTitle ?? owner?.title }
        set { explicitTitle = newValue; itemsDidChange() }
    }
    /// A view shown instead of the title.
    open var titleView: UIView? { didSet { itemsDidChange() } }
    /// The back button's title when this controller is below the top (nil: this title, or "Back").
    open var backButtonTitle: String? { didSet { itemsDidChange() } }
    /// Hides the back button.
    open var hidesBackButton = false { didSet { itemsDidChange() } }
    /// Items on the left, after the back button.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { adopt(leftBarButtonItems); itemsDidChange() } }
    /// Items on the right, right to left.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { adopt(rightBarButtonItems); itemsDidChange() } }
    /// The first left item.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The first right item.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// A prompt above the title (accepted; not shown).
    open var prompt: String?

    /// Sets the right items (animation is not drawn).
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Sets the left items (animation is not drawn).
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }

    private func adopt(_ items: [UIBarButtonItem]?) { for item in items ?? [] { item.owner = self } }

    func itemsDidChange() { onChange?() }
    func controllerTitleDidChange() { if explicitTitle == nil { itemsDidChange() } }
}
