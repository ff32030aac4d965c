import Foundation

/// A button of an alert or action sheet, as UIKit's `UIAlertAction`.
@preconcurrency @MainActor
public final class UIAlertAction {
    /// How an action looks and where it goes.
    public enum Style: Int, Sendable {
        /// An ordinary action.
        case `default`
        /// Cancels (bold; last in sheets).
        case cancel
        /// Destroys something (red).
        case destructive
    }

    /// The title.
    public let title: String?
    /// The style.
    public let style: Style
    /// Whether the action can be chosen.
    public var isEnabled = true { didSet { button?.isEnabled = isEnabled } }
    let handler: (@MainActor (UIAlertAction) -> Void)?
    weak var button: UIButton?

    /// An action.
    public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// A simple alert (a centred card) or action sheet (a card at the bottom) with a title, a message
/// and buttons, as UIKit's `UIAlertController`; present it with `present(_:animated:completion:)`.
/// Choosing an action dismisses the alert, then runs the action's handler.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// The two styles.
    public enum Style: Int, Sendable {
        /// An action sheet at the bottom.
        case actionSheet
        /// An alert in the centre.
        case alert
    }

    /// The style.
    public let preferredStyle: Style
    /// The actions, in the order added.
    public private(set) var actions: [UIAlertAction] = []
    /// The action shown as preferred (bold).
    open var preferredAction: UIAlertAction?
    /// The message.
    open var message: String? { didSet { messageLabel.text = message } }

    private let card = UIView()
    private let titleLabel = UILabel()
    private let messageLabel = UILabel()
    private var buttons: [UIButton] = []

    /// An alert.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
        self.message = message
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds an action.
    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
        if isViewLoaded { rebuildButtons() }
    }

    open override func loadView() {
        let root = UIView.dimmedRoot(holding: card)
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        titleLabel.numberOfLines = 0
        titleLabel.text = title
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textAlignment = .center
        messageLabel.numberOfLines = 0
        messageLabel.text = message
        card.addSubview(titleLabel)
        card.addSubview(messageLabel)
        view = root
        rebuildButtons()
    }

    private func rebuildButtons() {
        for button in buttons { button.removeFromSuperview() }
        // Cancel goes last in sheets, as in UIKit.
        let ordered = preferredStyle == .actionSheet ? actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel } : actions
        buttons = ordered.map { action in
            let button = UIButton(type: .system)
            button.setTitle(action.title, for: .normal)
            let bold = action.style == .cancel || action === preferredAction
            button.titleLabel?.font = .systemFont(ofSize: 17, weight: bold ? .semibold : .regular)
            if action.style == .destructive { button.tintColor = .systemRed }
            button.isEnabled = action.isEnabled
            button.accessibilityIdentifier = action.title
            button.addHandler(for: .touchUpInside) { [weak self, weak action] in
                guard let self, let action else { return }
                self.dismiss(animated: true) { action.handler?(action) }
            }
            action.button = button
            card.addSubview(button)
            return button
        }
        view.setNeedsLayout()
    }

    /// Escape chooses the cancel action (and does nothing without one); Return chooses the
    /// preferred action, as with a hardware keyboard in UIKit.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let codes = presses.compactMap { $0.key?.keyCode }
        let chosen: UIAlertAction?
        if codes.contains(.keyboardEscape) {
            chosen = actions.first { $0.style == .cancel && $0.isEnabled }
        } else if codes.contains(.keyboardReturnOrEnter) || codes.contains(.keypadEnter) {
            chosen = preferredAction.flatMap { $0.isEnabled ? $0 : nil }
        } else {
            super.pressesBegan(presses, with: event)
            return
        }
        guard let chosen, !isBeingDismissed else { return }
        dismiss(animated: true) { chosen.handler?(chosen) }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let width = min(preferredStyle == .alert ? 270 : 400, bounds.width - 32)
        var y: CGFloat = 18
        for label in [titleLabel, messageLabel] where !(label.text ?? "").isEmpty {
            let size = label.sizeThatFits(CGSize(width: width - 32, height: 0))
            label.frame = CGRect(x: 16, y: y, width: width - 32, height: size.height)
            y += size.height + 6
        }
        y += 10
        let horizontal = preferredStyle == .alert && buttons.count == 2
        if horizontal {
            for (index, button) in buttons.enumerated() {
                button.frame = CGRect(x: CGFloat(index) * width / 2, y: y, width: width / 2, height: 44)
            }
            y += 44
        } else {
            for button in buttons {
                button.frame = CGRect(x: 0, y: y, width: width, height: 44)
                y += 44
            }
        }
        let x = (bounds.width - width) / 2
        let top = preferredStyle == .alert ? (bounds.height - y) / 2 : bounds.height - y - 16
        card.frame = CGRect(x: x, y: top, width: width, height: y)
    }
}
