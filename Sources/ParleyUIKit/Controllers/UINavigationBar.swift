import Foundation

/// The bar at the top of a navigation controller: back button, title and bar items, as UIKit's
/// `UINavigationBar`. It shows the top item of its `items` stack.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// The bar's height without the safe area.
    public static let defaultHeight: CGFloat = 44

    /// The items, bottom to top.
    open private(set) var items: [UINavigationItem]?
    /// The top item (shown).
    open var topItem: UINavigationItem? { items?.last }
    /// The item below the top (its title goes on the back button).
    open var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }
    /// The background colour (nil: the system's bar colour).
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? Self.defaultBackground } }
    /// Whether the bar is translucent (accepted; drawn opaque).
    open var isTranslucent = true

    /// Called when the back button is clicked.
    var onBack: (@MainActor () -> Void)?

    static let defaultBackground = UIColor(light: UIColor(rgb: 0xF9F9F9), dark: UIColor(rgb: 0x1C1C1E))

    let titleLabel = UILabel()
    let backButton = UIButton(type: .system)
    private let separator = UIView()
    private var leftButtons: [UIView] = []
    private var rightButtons: [UIView] = []

    /// The back button's image (nil: a "‹" before the title); when set, the title follows it.
    open var backIndicatorImage: UIImage? { didSet { updateBackButtonTitle() } }
    /// The mask of the back button's image during transitions (kept; transitions draw the image).
    open var backIndicatorTransitionMaskImage: UIImage?

    /// A navigation bar. Required: a navigation controller makes its bar from a class
    /// (`UINavigationController(navigationBarClass:toolbarClass:)`).
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Self.defaultBackground
        // As UIKit's bar: the title and the items' titles follow the text size, up to what a bar
        // of fixed height holds.
        titleLabel.font = Self.barFont(weight: .semibold)
        titleLabel.adjustsFontForContentSizeCategory = true
        titleLabel.textAlignment = .center
        titleLabel.accessibilityIdentifier = "navigationBar.title"
        titleLabel.accessibilityTraits = [.staticText, .header]
        addSubview(titleLabel)
        backButton.accessibilityIdentifier = "navigationBar.back"
        backButton.addHandler(for: .touchUpInside) { [weak self] in self?.onBack?() }
        addSubview(backButton)
        separator.backgroundColor = .separator
        addSubview(separator)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Replaces the items (animation is not drawn).
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        self.items = items
        reloadItems()
    }

    private weak var installedTitleView: UIView?
    private var backTitle = ""

    /// "‹ Title"; right to left, a right-to-left mark first makes the line right to left, so the
    /// chevron mirrors (›) and sits on the right, pointing outwards as UIKit's does.
    private func updateBackButtonTitle() {
        if let backIndicatorImage {
            if backButton.image(for: .normal) !== backIndicatorImage { backButton.setImage(backIndicatorImage, for: .normal) }
            if backButton.title(for: .normal) != backTitle { backButton.setTitle(backTitle, for: .normal) }
            return
        }
        if backButton.image(for: .normal) != nil { backButton.setImage(nil, for: .normal) }
        let title = (effectiveUserInterfaceLayoutDirection == .rightToLeft ? "\u{200F}‹ " : "‹ ") + backTitle
        if backButton.title(for: .normal) != title { backButton.setTitle(title, for: .normal) }
    }

    func reloadItems() {
        for item in items ?? [] { item.onChange = { [weak self] in self?.reloadItems() } }
        let top = topItem
        titleLabel.text = top?.title
        if let back = backItem, top?.hidesBackButton != true {
            backButton.isHidden = false
            backTitle = back.backButtonTitle ?? back.title ?? "Back"
            updateBackButtonTitle()
        } else {
            backButton.isHidden = true
        }
        for view in leftButtons + rightButtons { view.removeFromSuperview() }
        leftButtons = (top?.leftBarButtonItems ?? []).map(makeView)
        rightButtons = (top?.rightBarButtonItems ?? []).map(makeView)
        for view in leftButtons + rightButtons { addSubview(view) }
        // Only the top item's title view shows: one of an item below it (a pushed screen's
        // parent) or of a popped item leaves the bar.
        if let installed = installedTitleView, installed !== top?.titleView, installed.superview === self {
            installed.removeFromSuperview()
        }
        if let titleView = top?.titleView, titleView.superview !== self { addSubview(titleView) }
        installedTitleView = top?.titleView
        titleLabel.isHidden = top?.titleView != nil
        setNeedsLayout()
    }

    /// The bar's 17-point text, scaled with the text size as the headline style, at most 23 points.
    static func barFont(weight: UIFont.Weight) -> UIFont {
        UIFontMetrics(forTextStyle: .headline).scaledFont(for: .systemFont(ofSize: 17, weight: weight), maximumPointSize: 23)
    }

    private func makeView(for item: UIBarButtonItem) -> UIView {
        if let custom = item.customView { return custom }
        let button = UIButton(type: .system)
        if let image = item.image {
            button.setImage(image, for: .normal)
            // An icon's title is not drawn: it is the button's tooltip and accessibility label.
            button.toolTip = item.title
            button.accessibilityLabel = item.title
        } else {
            button.setTitle(item.title, for: .normal)
        }
        button.titleLabel?.font = Self.barFont(weight: item.style == .done ? .semibold : .regular)
        button.titleLabel?.adjustsFontForContentSizeCategory = true
        button.isEnabled = item.isEnabled
        if let tint = item.tintColor { button.tintColor = tint }
        button.accessibilityIdentifier = item.accessibilityIdentifier ?? item.title
        button.addHandler(for: .touchUpInside) { [weak item, weak button] in item?.perform(sender: button) }
        return button
    }

    /// Places the back button and left items on the leading side, right items on the trailing
    /// side (mirrored right to left), the title centred.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if !backButton.isHidden { updateBackButtonTitle() }
        let top = safeAreaInsets.top
        let barHeight = bounds.height - top
        let padding: CGFloat = 8
        var left = padding
        func place(_ view: UIView, x: CGFloat) -> CGFloat {
            let size = view.intrinsicContentSize
            let width = max(size.width, 24) + 8
            let height = min(barHeight, max(size.height, 30))
            view.frame = CGRect(x: x, y: top + (barHeight - height) / 2, width: width, height: height)
            return width
        }
        if !backButton.isHidden { left += place(backButton, x: left) + 4 }
        for view in leftButtons { left += place(view, x: left) + 4 }
        var right = bounds.width - padding
        for view in rightButtons {
            let width = max(view.intrinsicContentSize.width, 24) + 8
            right -= width
            _ = place(view, x: right)
            right -= 4
        }
        let inset = max(left, bounds.width - right) + 4
        let titleWidth = max(0, bounds.width - 2 * inset)
        let titleFrame = CGRect(x: inset, y: top, width: titleWidth, height: barHeight)
        if let titleView = topItem?.titleView {
            let size = titleView.intrinsicContentSize
            let w = size.width > 0 ? min(size.width, titleWidth) : titleWidth
            let h = size.height > 0 ? min(size.height, barHeight) : barHeight
            titleView.frame = CGRect(x: titleFrame.midX - w / 2, y: titleFrame.midY - h / 2, width: w, height: h)
        } else {
            titleLabel.frame = titleFrame
        }
        // Right to left, the bar mirrors: back and left items on the right, right items on the left.
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            for view in [backButton] + leftButtons + rightButtons + [topItem?.titleView, titleLabel].compactMap({ $0 }) {
                view.frame.origin.x = bounds.width - view.frame.maxX
            }
        }
        let hairline = 1 / max(1, traitCollection.displayScale)
        separator.frame = CGRect(x: 0, y: bounds.height - hairline, width: bounds.width, height: hairline)
    }

    /// The bar's height plus the safe area.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.defaultHeight + safeAreaInsets.top)
    }
}
