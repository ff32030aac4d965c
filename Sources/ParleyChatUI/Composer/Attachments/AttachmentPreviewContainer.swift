import Foundation
import ParleyChat
import ParleyUIKit

/// An attachment's preview in the composer with a round discard button on its top trailing
/// corner, as Stream's `AttachmentPreviewContainer`.
@preconcurrency @MainActor
open class AttachmentPreviewContainer: _View {
    /// Called when the discard button is tapped.
    public var discardButtonHandler: (() -> Void)?

    /// Removes the attachment from the composer (`appearance.images.close`).
    open private(set) lazy var discardButton: UIButton = UIButton(type: .system)

    /// Why the attachment could not be sent ("File too large (max 20 MB)"), shown under it in
    /// ``failureLabel`` with an alert outline around the preview; `nil` for none.
    public var failureText: String? {
        didSet { if failureText != oldValue { updateFailure() } }
    }

    /// Shows ``failureText`` under the attachment (alert colour, footnote font).
    open private(set) lazy var failureLabel = UILabel()

    /// The attachment's view over ``failureLabel`` (inset, hidden without a ``failureText``).
    private lazy var contentStack = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 2)
    private lazy var failureContainer = UIView()
    private var attachmentView: UIView?

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Wires the discard button.
    open override func setUp() {
        super.setUp()
        discardButton.addAction(UIAction { [weak self] _ in self?.discard() }, for: .primaryActionTriggered)
    }

    /// The attachment over the failure line, filling the view; the discard button, 22 points,
    /// over the top trailing corner.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(contentStack)
        failureContainer.embed(failureLabel, insets: UIEdgeInsets(top: 0, left: 12, bottom: 8, right: 12))
        contentStack.addArrangedSubview(failureContainer)
        discardButton.translatesAutoresizingMaskIntoConstraints = false
        addSubview(discardButton)
        NSLayoutConstraint.activate([
            discardButton.topAnchor.constraint(equalTo: topAnchor, constant: 4),
            discardButton.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -4),
            discardButton.widthAnchor.constraint(equalToConstant: 22),
            discardButton.heightAnchor.constraint(equalToConstant: 22),
        ])
    }

    /// A dark round button with a white cross.
    open override func setUpAppearance() {
        super.setUpAppearance()
        discardButton.setImage(appearance.images.close.withRenderingMode(.alwaysTemplate), for: .normal)
        discardButton.tintColor = .white
        discardButton.backgroundColor = UIColor(white: 0.3, alpha: 0.75)
        discardButton.layer.cornerRadius = 11
        discardButton.clipsToBounds = true
        discardButton.accessibilityLabel = appearance.l10n.tr("composer.attachment.remove")
    }

    /// Puts `view` under the discard button, filling the container (above ``failureLabel`` when
    /// there is a ``failureText``).
    open func embed(attachmentView view: UIView) {
        attachmentView?.removeFromSuperview()
        attachmentView = view
        contentStack.insertArrangedSubview(view, at: 0)
        bringSubviewToFront(discardButton)
        updateFailure()
    }

    /// Shows ``failureText`` under the attachment with an alert outline around it, or neither.
    open func updateFailure() {
        failureLabel.text = failureText
        failureLabel.font = appearance.fonts.footnote
        failureLabel.textColor = appearance.colorPalette.alert
        failureLabel.numberOfLines = 2
        failureContainer.isHidden = failureText == nil
        layer.borderWidth = failureText == nil ? 0 : 1
        layer.borderColor = appearance.colorPalette.alert
        layer.cornerRadius = failureText == nil ? 0 : 12
        accessibilityValue = failureText
    }

    /// Calls ``discardButtonHandler``.
    open func discard() { discardButtonHandler?() }
}

/// An image attached in the composer: a rounded square thumbnail of the file, as Stream's
/// `ImageAttachmentComposerPreview` (decoded off the main thread by `components.imageLoader`).
@preconcurrency @MainActor
open class ImageAttachmentComposerPreview: _View {
    /// The thumbnail's width.
    open var width: CGFloat = 72
    /// The thumbnail's height.
    open var height: CGFloat = 72

    /// The image file shown.
    public var content: URL? {
        didSet { if lifecycle.isInitialized, content != oldValue { updateContent() } }
    }

    /// The thumbnail.
    open private(set) lazy var imageView = UIImageView()

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The image view fills a `width` × `height` box.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(imageView)
        NSLayoutConstraint.activate([
            widthAnchor.constraint(equalToConstant: width),
            heightAnchor.constraint(equalToConstant: height),
        ])
    }

    /// Rounded corners over the placeholder colour, filled by the picture.
    open override func setUpAppearance() {
        super.setUpAppearance()
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.layer.cornerRadius = 12
        imageView.backgroundColor = appearance.colorPalette.background2
    }

    /// Loads the thumbnail of ``content``.
    open override func updateContent() {
        super.updateContent()
        imageView.image = nil
        guard let url = content else { return }
        let size = CGSize(width: width, height: height)
        let scale = traitCollection.displayScale
        if let cached = components.imageLoader.cachedImage(at: url, pointSize: size, scale: scale) {
            imageView.image = cached
            return
        }
        components.imageLoader.loadImage(at: url, pointSize: size, scale: scale) { [weak self] image in
            guard let self, self.content == url else { return }
            self.imageView.image = image
        }
    }
}
