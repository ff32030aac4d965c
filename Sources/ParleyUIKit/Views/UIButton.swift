import Foundation

/// A button: a title and/or an image per state, tinted with the brand colour.
///
/// Styles follow UIKit: `.system` buttons draw their title and template images in `tintColor`
/// and dim while highlighted; `.custom` buttons use exactly the colours set per state. A
/// `configuration` (plain, tinted, filled, gray) gives the modern capsule styles.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// A button's overall look.
    public enum ButtonType: Int, Sendable {
        /// Exactly the colours and images set.
        case custom
        /// Tinted title and images that dim when highlighted.
        case system
        /// A close (×) button.
        case close
    }

    /// The modern, configuration-based look of a button.
    public struct Configuration: Sendable {
        /// The background style.
        public enum Style: Sendable { case plain, tinted, filled, gray }
        /// How round the corners are.
        public enum CornerStyle: Sendable { case fixed, dynamic, small, medium, large, capsule }

        /// The background style.
        public var style: Style
        /// The title.
        public var title: String?
        /// The image.
        public var image: UIImage?
        /// The colour of the title and template images (nil: from the style and tint).
        public var baseForegroundColor: UIColor?
        /// The background colour (nil: from the style and tint).
        public var baseBackgroundColor: UIColor?
        /// Insets of the content inside the background.
        public var contentInsets: NSDirectionalEdgeInsets
        /// Space between image and title.
        public var imagePadding: CGFloat = 6
        /// Corner style.
        public var cornerStyle: CornerStyle = .dynamic
        /// The title font (nil: body semibold for filled, body otherwise).
        public var titleFont: UIFont?

        init(style: Style) {
            self.style = style
            contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        }

        /// No background.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A light tinted background.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A solid tint background with white content.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// A grey background.
        public static func gray() -> Configuration { Configuration(style: .gray) }
    }

    /// The button type.
    public let buttonType: ButtonType

    /// The label showing the title (created on first use).
    public private(set) lazy var titleLabel: UILabel? = {
        let label = UILabel()
        label.font = .systemFont(ofSize: 17, weight: buttonType == .system ? .regular : .regular)
        label.lineBreakMode = .byTruncatingMiddle
        addSubview(label)
        return label
    }()

    /// The image view showing the image (created on first use).
    public private(set) lazy var imageView: UIImageView? = {
        let view = UIImageView()
        view.contentMode = .scaleAspectFit
        addSubview(view)
        return view
    }()

    /// Insets around the image and title.
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { invalidateIntrinsicContentSize(); setNeedsLayout() } }
    /// Space between the image and the title.
    open var imageTitlePadding: CGFloat = 4 { didSet { setNeedsLayout() } }
    /// The configuration; setting one switches to configuration-based drawing.
    open var configuration: Configuration? { didSet { updateAppearanceForState(); invalidateIntrinsicContentSize() } }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundColors: [UInt: UIColor] = [:]

    /// A button of a type.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        isOpaque = false
        if buttonType == .close { setImage(UIImage(systemName: "xmark"), for: .normal) }
    }

    /// A custom button with a frame. Required, so a `UIButton.Type` (a `Components` key, say)
    /// can create whichever subclass it holds: `buttonType.init(frame: .zero)`.
    public required override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        isOpaque = false
    }

    /// A system button with a primary action; its title and image come from the action.
    public convenience init(type: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: type)
        if let primaryAction {
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// A button with a configuration and an optional primary action.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system, primaryAction: primaryAction)
        self.configuration = configuration
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    // MARK: Per-state values

    private func lookup<T>(_ table: [UInt: T], _ state: State) -> T? {
        if let exact = table[state.rawValue] { return exact }
        // UIKit falls back from combined states to the single flags, then to normal.
        for flag in [State.disabled, .highlighted, .selected] where state.contains(flag) {
            if let value = table[flag.rawValue] { return value }
        }
        return table[State.normal.rawValue]
    }

    /// Sets the title for a state.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        updateAppearanceForState()
        invalidateIntrinsicContentSize()
    }
    /// The title for a state (falling back to normal).
    open func title(for state: State) -> String? { lookup(titles, state) }

    /// Sets the title colour for a state.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateAppearanceForState()
    }
    /// The title colour for a state.
    open func titleColor(for state: State) -> UIColor? { lookup(titleColors, state) }

    /// Sets the image for a state.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        updateAppearanceForState()
        invalidateIntrinsicContentSize()
    }
    /// The image for a state.
    open func image(for state: State) -> UIImage? { lookup(images, state) }

    /// Sets the background colour for a state (a Parley convenience for custom buttons).
    open func setBackgroundColor(_ color: UIColor?, for state: State) {
        backgroundColors[state.rawValue] = color
        updateAppearanceForState()
    }

    /// The title shown now.
    open var currentTitle: String? { configuration?.title ?? title(for: state) }

    /// The title, else the tooltip (icon buttons name themselves by it).
    override var defaultAccessibilityLabel: String? {
        if let title = currentTitle, !title.isEmpty { return title }
        return toolTip
    }
    /// A button.
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }
    /// The image shown now.
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }

    // MARK: Appearance

    /// The rounded tint behind a button the pointer rests over (created on first hover).
    private var hoverLayer: CALayer?

    /// Shows a faint rounded background while the pointer rests over the button, as desktop
    /// toolbars do.
    open override func hoverDidChange() {
        super.hoverDidChange()
        let layer = hoverLayer ?? {
            let created = CALayer()
            created.backgroundColor = UIColor.label.withAlphaComponent(0.08)
            created.borderWidth = 0
            self.layer.insertSublayer(created, at: 0)
            hoverLayer = created
            return created
        }()
        layer.cornerRadius = max(6, self.layer.cornerRadius)
        layer.frame = bounds.insetBy(dx: bounds.width < 40 ? -4 : 0, dy: bounds.height < 40 ? -4 : 0)
        layer.isHidden = !isHovered || !isEnabled
    }

    /// Re-applies per-state values.
    open override func stateDidChange() {
        super.stateDidChange()
        updateAppearanceForState()
    }

    /// Template images and system titles follow the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateAppearanceForState()
    }

    private var foregroundColor: UIColor {
        if let configuration {
            if let base = configuration.baseForegroundColor { return base }
            switch configuration.style {
            case .filled: return .white
            case .gray: return tintColor
            default: return tintColor
            }
        }
        if let explicit = titleColor(for: state) { return explicit }
        switch buttonType {
        case .system: return tintColor
        case .close: return .secondaryLabel
        case .custom: return .white
        }
    }

    private func updateAppearanceForState() {
        let title = currentTitle
        if title != nil || titleLabel?.superview != nil {
            titleLabel?.text = title
            titleLabel?.isHidden = title?.isEmpty ?? true
        }
        var color = foregroundColor
        if !isEnabled {
            color = buttonType == .custom && titleColor(for: .disabled) != nil ? color : .tertiaryLabel
        }
        let dims = (buttonType != .custom || configuration != nil) && isHighlighted
        titleLabel?.textColor = color
        titleLabel?.alpha = dims ? 0.35 : 1
        if let configuration {
            titleLabel?.font = configuration.titleFont ?? .systemFont(ofSize: 17, weight: configuration.style == .filled ? .semibold : .regular)
        }
        let image = currentImage
        if image != nil || imageView?.superview != nil {
            imageView?.image = image
            imageView?.isHidden = image == nil
            imageView?.tintColor = color
            imageView?.alpha = dims ? 0.35 : 1
        }
        if let configuration {
            let background: UIColor?
            switch configuration.style {
            case .plain: background = configuration.baseBackgroundColor
            case .tinted: background = configuration.baseBackgroundColor ?? tintColor.withAlphaComponent(0.15)
            case .filled: background = configuration.baseBackgroundColor ?? tintColor
            case .gray: background = configuration.baseBackgroundColor ?? .systemGray5
            }
            backgroundColor = isEnabled ? background : (configuration.style == .plain ? nil : UIColor.systemGray5)
            layer.opacity = isHighlighted && configuration.style != .plain ? 0.8 : 1
        } else if let background = lookup(backgroundColors, state) {
            backgroundColor = background
        }
        setNeedsLayout()
    }

    // MARK: Layout

    private var insets: UIEdgeInsets {
        if let configuration { return configuration.contentInsets.edgeInsets(for: effectiveUserInterfaceLayoutDirection) }
        return contentEdgeInsets
    }

    private var padding: CGFloat { configuration?.imagePadding ?? imageTitlePadding }

    private var contentSize: CGSize {
        let titleSize = (titleLabel?.isHidden == false && titleLabel?.superview != nil) ? (titleLabel?.intrinsicContentSize ?? .zero) : .zero
        let imageSize = currentImage?.size ?? .zero
        let gap = titleSize.width > 0 && imageSize.width > 0 ? padding : 0
        return CGSize(width: titleSize.width + gap + imageSize.width, height: max(titleSize.height, imageSize.height))
    }

    /// The content plus insets.
    open override var intrinsicContentSize: CGSize {
        let c = contentSize, i = insets
        return CGSize(width: c.width + i.horizontal, height: c.height + i.vertical)
    }

    /// The content plus insets.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Centres the image and title (image leading) inside the insets.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let area = bounds.inset(by: insets)
        guard !area.isNull else { return }
        let c = contentSize
        let titleSize = titleLabel?.isHidden == false ? (titleLabel?.intrinsicContentSize ?? .zero) : .zero
        let imageSize = currentImage?.size ?? .zero
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var x = area.midX - min(c.width, area.width) / 2
        let titleWidth = min(titleSize.width, max(0, area.width - imageSize.width - (imageSize.width > 0 ? padding : 0)))
        var imageFrame = CGRect.zero, titleFrame = CGRect.zero
        if imageSize.width > 0 {
            imageFrame = CGRect(x: x, y: area.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
            x += imageSize.width + (titleSize.width > 0 ? padding : 0)
        }
        if titleSize.width > 0 {
            titleFrame = CGRect(x: x, y: area.midY - titleSize.height / 2, width: titleWidth, height: titleSize.height)
        }
        if rtl {
            imageFrame.origin.x = bounds.width - imageFrame.maxX
            titleFrame.origin.x = bounds.width - titleFrame.maxX
        }
        if imageView?.superview != nil { imageView?.frame = imageFrame }
        if titleLabel?.superview != nil { titleLabel?.frame = titleFrame }
        if let configuration {
            switch configuration.cornerStyle {
            case .capsule, .dynamic: layer.cornerRadius = configuration.cornerStyle == .capsule ? bounds.height / 2 : min(bounds.height / 2, 8)
            case .small: layer.cornerRadius = 4
            case .medium: layer.cornerRadius = 8
            case .large: layer.cornerRadius = 12
            case .fixed: break
            }
        }
    }
}
