import Foundation
import ParleyChat
import ParleyUIKit

/// The attachments being composed, above the input (`components.messageComposerAttachmentsVC`,
/// Stream's `AttachmentsPreviewVC`): images as a row of thumbnails, other files as rows with their
/// type icon, name and size; each with a discard button.
///
/// Parley's `content` holds the payloads themselves (Stream's holds `AttachmentPreviewProvider`
/// values, a protocol Parley does not have): an image payload shows as a thumbnail, anything else
/// as a file row.
@preconcurrency @MainActor
open class AttachmentsPreviewVC: _ViewController {
    /// The attachments shown, in the composer's order.
    open var content: [AnyAttachmentPayload] = [] {
        didSet { if content != oldValue { updateContentIfNeeded() } }
    }

    /// Called with the index (in ``content``) of the attachment whose discard button was tapped.
    open var didTapRemoveItemButton: ((Int) -> Void)?

    /// The image thumbnails over the file rows.
    open private(set) lazy var containerStackView = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 6)
    /// The image thumbnails, leading-aligned.
    open private(set) lazy var horizontalStackView = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 6)
    /// The file rows.
    open private(set) lazy var verticalStackView = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 4)

    /// Creates the controller.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Stacks the thumbnails' row over the file rows, inset by 8 points.
    open override func setUpLayout() {
        super.setUpLayout()
        view.embed(containerStackView, insets: UIEdgeInsets(top: 8, left: 8, bottom: 2, right: 8))
        let imagesRow = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 0)
        imagesRow.addArrangedSubviews([horizontalStackView, UIView()])
        containerStackView.addArrangedSubviews([imagesRow, verticalStackView])
    }

    /// Transparent: the composer's field draws the background.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = .clear
    }

    /// One preview per attachment: thumbnails for images, rows for files.
    open override func updateContent() {
        super.updateContent()
        for view in horizontalStackView.arrangedSubviews + verticalStackView.arrangedSubviews { view.removeFromSuperview() }
        for (index, attachment) in content.enumerated() {
            let container = AttachmentPreviewContainer()
            hand(appearance, components, to: container)
            container.discardButtonHandler = { [weak self] in self?.didTapRemoveItemButton?(index) }
            container.accessibilityIdentifier = "attachment-preview-\(index)"
            if case .image(let image) = attachment.payload {
                let preview = ImageAttachmentComposerPreview()
                hand(appearance, components, to: preview)
                preview.content = image.localURL
                container.embed(attachmentView: preview)
                horizontalStackView.addArrangedSubview(container)
            } else {
                let row = components.fileAttachmentView.init(frame: .zero)
                hand(appearance, components, to: row)
                row.content = attachment.messageAttachment
                container.embed(attachmentView: row)
                verticalStackView.addArrangedSubview(container)
            }
        }
        horizontalStackView.superview?.isHidden = horizontalStackView.arrangedSubviews.isEmpty
        verticalStackView.isHidden = verticalStackView.arrangedSubviews.isEmpty
    }
}
