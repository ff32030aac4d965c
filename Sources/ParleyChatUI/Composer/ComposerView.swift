import Foundation
import ParleyChat
import ParleyUIKit

/// The composer's views: the rounded input field with the text view, the send button, and the
/// reply/edit header with its cancel button. ``ComposerVC`` fills and drives them.
///
/// ```
/// |-------------------------------------------------------------|
/// |          headerView: titleLabel        dismissButton        |
/// |-------------------------------------------------------------|--|
/// | leadingContainer | inputMessageView | trailingContainer     |  | = centerContainer
/// |-------------------------------------------------------------|--|
/// |               bottomContainer: errorLabel                   |
/// |-------------------------------------------------------------|
/// ```
///
/// `inputMessageView` stacks the quoted message (reply mode) and the attachments' previews
/// (`attachmentsViewContainer`) above the text view; `leadingContainer` holds the attach button. Every
/// container is a `ContainerStackView`, so a subclass can insert, remove or hide views in
/// `setUpLayout()` after calling `super`. The view's height comes from Auto Layout: pin its
/// edges (or just leading, trailing and bottom) and it grows with the text.
@preconcurrency @MainActor
open class ComposerView: _View {
    /// The vertical stack of everything: header, centre row, bottom row.
    open private(set) lazy var container = ContainerStackView(axis: .vertical, spacing: 0)
    /// The reply/edit header: `titleLabel` centred, `dismissButton` trailing. Hidden in the
    /// new-message mode.
    open private(set) lazy var headerView = UIView()
    /// The row with the leading buttons, the input field and the send button.
    open private(set) lazy var centerContainer = ContainerStackView(axis: .horizontal, alignment: .bottom, spacing: 8)
    /// Buttons before the input field: the attach button.
    open private(set) lazy var leadingContainer = ContainerStackView(axis: .horizontal, alignment: .bottom, spacing: 4)
    /// The rounded input field: the quoted message above the text view.
    open private(set) lazy var inputMessageView = ContainerStackView(axis: .vertical, spacing: 0)
    /// Buttons after the input field: the send button.
    open private(set) lazy var trailingContainer = ContainerStackView(axis: .horizontal, alignment: .bottom, spacing: 4)
    /// The row below the input: the error label.
    open private(set) lazy var bottomContainer = ContainerStackView(axis: .horizontal, spacing: 0)
    /// The hairline along the top edge.
    open private(set) lazy var topSeparatorView = UIView()

    /// The text view (`components.inputTextView`).
    open private(set) lazy var inputTextView: InputTextView = configured(components.inputTextView.init(frame: .zero))
    /// The send button (`components.sendButton`).
    open private(set) lazy var sendButton: UIButton = configured(components.sendButton.init(frame: .zero))
    /// Opens the attachments picker (`appearance.images.openAttachments`); hidden where the channel
    /// does not allow uploads and while editing.
    open private(set) lazy var attachmentButton: UIButton = UIButton(type: .system)
    /// Holds the composer's `attachmentsVC` inside the input field, above the text; hidden while
    /// nothing is attached.
    open private(set) lazy var attachmentsViewContainer = UIView()
    /// Cancels replying or editing (`appearance.images.close`).
    open private(set) lazy var dismissButton: UIButton = UIButton(type: .system)
    /// "Reply to Alice" or "Edit Message".
    open private(set) lazy var titleLabel = UILabel()
    /// The message being replied to, inside the input field (`components.quotedMessageView`).
    open private(set) lazy var quotedMessageView: QuotedChatMessageView = configured(components.quotedMessageView.init(frame: .zero))
    /// A short error ("This channel is frozen"), shown under the input after a failed send.
    open private(set) lazy var errorLabel = UILabel()
    /// The chip naming the picked `/` command, over the leading edge of the text
    /// (`components.commandLabelView`; hidden without a command).
    open private(set) lazy var commandLabelView: CommandLabelView = configured(components.commandLabelView.init(frame: .zero))

    /// Creates the view. It is rasterised (`layer.shouldRasterize`): a frame blits one bitmap
    /// of the composer instead of composing its dozen layers, until something in it changes
    /// (a keystroke, the caret's blink).
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        layer.shouldRasterize = true
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Hands the composer's appearance and components down to a subview it creates, so a
    /// composer given its own appearance draws all of its parts with it.
    func configured<View: UIView>(_ view: View) -> View {
        hand(appearance, components, to: view)
        return view
    }

    /// Labels the buttons for accessibility.
    open override func setUp() {
        super.setUp()
        dismissButton.accessibilityLabel = appearance.l10n.tr("composer.cancel")
        attachmentButton.accessibilityLabel = appearance.l10n.tr("composer.attach")
        attachmentButton.toolTip = attachmentButton.accessibilityLabel
    }

    /// Builds the stacks; see the diagram in the type's documentation.
    open override func setUpLayout() {
        super.setUpLayout()
        container.translatesAutoresizingMaskIntoConstraints = false
        topSeparatorView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(container)
        addSubview(topSeparatorView)
        NSLayoutConstraint.activate([
            topSeparatorView.topAnchor.constraint(equalTo: topAnchor),
            topSeparatorView.leadingAnchor.constraint(equalTo: leadingAnchor),
            topSeparatorView.trailingAnchor.constraint(equalTo: trailingAnchor),
            topSeparatorView.heightAnchor.constraint(equalToConstant: 1),
            container.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            container.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            container.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -10),
            container.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
        ])

        container.addArrangedSubview(headerView)
        container.addArrangedSubview(centerContainer)
        container.addArrangedSubview(bottomContainer)

        // Header: the title centred across the composer, the cancel button at the trailing end.
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        dismissButton.translatesAutoresizingMaskIntoConstraints = false
        headerView.addSubview(titleLabel)
        headerView.addSubview(dismissButton)
        NSLayoutConstraint.activate([
            headerView.heightAnchor.constraint(equalToConstant: 30),
            titleLabel.centerXAnchor.constraint(equalTo: headerView.centerXAnchor),
            titleLabel.centerYAnchor.constraint(equalTo: headerView.centerYAnchor, constant: -3),
            titleLabel.leadingAnchor.constraint(greaterThanOrEqualTo: headerView.leadingAnchor, constant: 32),
            titleLabel.trailingAnchor.constraint(lessThanOrEqualTo: dismissButton.leadingAnchor, constant: -4),
            dismissButton.trailingAnchor.constraint(equalTo: headerView.trailingAnchor),
            dismissButton.centerYAnchor.constraint(equalTo: titleLabel.centerYAnchor),
            dismissButton.widthAnchor.constraint(equalToConstant: 28),
            dismissButton.heightAnchor.constraint(equalToConstant: 28),
        ])
        headerView.isHidden = true

        centerContainer.addArrangedSubview(leadingContainer)
        centerContainer.addArrangedSubview(inputMessageView)
        centerContainer.addArrangedSubview(trailingContainer)
        leadingContainer.addArrangedSubview(attachmentButton)
        NSLayoutConstraint.activate([
            attachmentButton.widthAnchor.constraint(equalToConstant: 32),
            attachmentButton.heightAnchor.constraint(equalToConstant: 38),
        ])

        // The field: the quoted message inset by the margins, the text view edge to edge.
        inputMessageView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 0, trailing: 8)
        inputMessageView.addArrangedSubview(quotedMessageView, respectsLayoutMargins: true)
        inputMessageView.addArrangedSubview(attachmentsViewContainer, respectsLayoutMargins: false)
        attachmentsViewContainer.isHidden = true
        inputMessageView.addArrangedSubview(inputTextView, respectsLayoutMargins: false)
        inputMessageView.setContentHuggingPriority(.defaultLow, for: .horizontal)
        inputMessageView.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        quotedMessageView.isHidden = true
        // A quoted view without an intrinsic height must not take a negative one.
        quotedMessageView.heightAnchor.constraint(greaterThanOrEqualToConstant: 0).isActive = true

        trailingContainer.addArrangedSubview(sendButton)

        // The command chip floats over the text view's first line (placed in `layoutSubviews`, out
        // of the stacks' constraints); the text view keeps room for it.
        commandLabelView.isHidden = true
        addSubview(commandLabelView)

        errorLabel.numberOfLines = 2
        bottomContainer.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 12, bottom: 0, trailing: 12)
        bottomContainer.addArrangedSubview(errorLabel, respectsLayoutMargins: true)
        bottomContainer.isHidden = true
    }

    /// Colours, fonts and images from `appearance`; the field's outline is `colorPalette.border`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let palette = appearance.colorPalette
        backgroundColor = palette.background
        topSeparatorView.backgroundColor = palette.border

        inputMessageView.backgroundColor = palette.background
        inputMessageView.layer.borderColor = palette.border
        inputMessageView.layer.borderWidth = 1
        inputMessageView.layer.cornerRadius = 19
        inputMessageView.clipsToBounds = true

        titleLabel.font = appearance.fonts.subheadlineBold
        titleLabel.textColor = palette.text
        titleLabel.textAlignment = .center
        dismissButton.setImage(appearance.images.close.withRenderingMode(.alwaysTemplate), for: .normal)
        dismissButton.tintColor = palette.inactiveTint
        attachmentButton.setImage(appearance.images.openAttachments.withRenderingMode(.alwaysTemplate), for: .normal)
        attachmentButton.tintColor = palette.inactiveTint

        errorLabel.font = appearance.fonts.footnote
        errorLabel.textColor = palette.alert
    }

    /// Keeps the field a capsule while it is one line tall and a rounded rectangle when it grows.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let radius = min(19, inputMessageView.bounds.height / 2)
        if radius > 0, inputMessageView.layer.cornerRadius != radius { inputMessageView.layer.cornerRadius = radius }
        if !commandLabelView.isHidden {
            let size = commandLabelView.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
            let field = inputTextView.convert(inputTextView.bounds, to: self)
            let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? field.maxX - 8 - size.width : field.minX + 8
            commandLabelView.frame = CGRect(x: x, y: field.minY + 19 - 11, width: size.width, height: 22)
        }
    }
}
