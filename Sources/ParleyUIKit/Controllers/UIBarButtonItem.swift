import Foundation

/// A button for a navigation bar, as UIKit's `UIBarButtonItem`: a title, an image, a system item
/// or a custom view, with a closure action (`primaryAction`) instead of target–selector.
@preconcurrency @MainActor
open class UIBarButtonItem {
    /// The look of a bar item.
    public enum Style: Int, Sendable {
        /// A plain item.
        case plain
        /// Deprecated in UIKit; drawn as plain.
        case bordered
        /// A bold item (Done).
        case done
    }

    /// System items with standard titles.
    public enum SystemItem: Int, Sendable {
        /// Done.
        case done
        /// Cancel.
        case cancel
        /// Edit.
        case edit
        /// Save.
        case save
        /// Add (+).
        case add
        /// Close (×).
        case close
        /// Flexible space.
        case flexibleSpace
        /// Fixed space.
        case fixedSpace
    }

    /// The title.
    open var title: String? { didSet { owner?.itemsDidChange() } }
    /// The image.
    open var image: UIImage? { didSet { owner?.itemsDidChange() } }
    /// The style.
    open var style: Style = .plain { didSet { owner?.itemsDidChange() } }
    /// A view shown instead of a button.
    open var customView: UIView? { didSet { owner?.itemsDidChange() } }
    /// Whether the item responds to clicks.
    open var isEnabled = true { didSet { owner?.itemsDidChange() } }
    /// The colour (nil: the bar's tint).
    open var tintColor: UIColor? { didSet { owner?.itemsDidChange() } }
    /// The action run on click.
    open var primaryAction: UIAction?
    /// Space for fixed-space items.
    open var width: CGFloat = 0
    /// An identifier for tests.
    open var accessibilityIdentifier: String? { didSet { owner?.itemsDidChange() } }

    weak var owner: UINavigationItem?
    let systemItem: SystemItem?

    /// An item with a title and/or image and an action.
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: Any? = nil) {
        self.title = title ?? ((image == nil) ? primaryAction?.title : nil)
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        systemItem = nil
    }

    /// An item with a title, a style and a handler (the closure form of `init(title:style:target:action:)`).
    public convenience init(title: String?, style: Style, handler: (@MainActor () -> Void)? = nil) {
        self.init(title: title, image: nil, primaryAction: handler.map { handler in UIAction { _ in handler() } })
        self.style = style
    }

    /// An item with an image, a style and a handler.
    public convenience init(image: UIImage?, style: Style, handler: (@MainActor () -> Void)? = nil) {
        self.init(title: nil, image: image, primaryAction: handler.map { handler in UIAction { _ in handler() } })
        self.style = style
    }

    /// A system item with an action.
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: Any? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        switch systemItem {
        case .done: title = "Done"; style = .done
        case .cancel: title = "Cancel"
        case .edit: title = "Edit"
        case .save: title = "Save"; style = .done
        case .add: image = UIImage(systemName: "plus")
        case .close: image = UIImage(systemName: "xmark")
        case .flexibleSpace, .fixedSpace: break
        }
        if title == nil && image == nil, systemItem == .add { title = "+" }
        if title == nil && image == nil, systemItem == .close { title = "×" }
    }

    /// A view as an item.
    public init(customView: UIView) {
        self.customView = customView
        systemItem = nil
    }

    /// Runs the action, as a click does.
    func perform(sender: AnyObject?) {
        guard isEnabled, let action = primaryAction else { return }
        action.sender = sender
        action.handler(action)
        action.sender = nil
    }
}
