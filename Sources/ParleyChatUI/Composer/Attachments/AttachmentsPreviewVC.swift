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

    /// Attachments that could not be sent, by their local file, with the line their preview shows
    /// ("File too large (max 20 MB)"): drawn as a row (a picture too) with that line and an alert
    /// outline, and still removable. The composer fills it when a send is refused and empties it
    /// when the next send starts.
    open var failures: [URL: String] = [:] {
        didSet { if failures != oldValue { updateContentIfNeeded() } }
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

    /// One preview per attachment: thumbnails for images, rows for files and for attachments
    /// that failed (with their ``failures`` line).
    open override func updateContent() {
        super.updateContent()
        for view in horizontalStackView.arrangedSubviews + verticalStackView.arrangedSubviews { view.removeFromSuperview() }
        for (index, attachment) in content.enumerated() {
            let container = AttachmentPreviewContainer()
            hand(appearance, components, to: container)
            container.discardButtonHandler = { [weak self] in self?.didTapRemoveItemButton?(index) }
            container.accessibilityIdentifier = "attachment-preview-\(index)"
            container.failureText = attachment.localFileURL.flatMap { failures[$0] }
            if case .image(let image) = attachment.payload, container.failureText == nil {
                let preview = ImageAttachmentComposerPreview()
                hand(appearance, components, to: preview)
                preview.content = image.localURL
                container.embed(attachmentView: preview)
                horizontalStackView.addArrangedSubview(container)
            } else {
                let row = components.fileAttachmentView.init(frame: .zero)
                hand(appearance, components, to: row)
                row.content = Self.rowContent(of: attachment)
                container.embed(attachmentView: row)
                verticalStackView.addArrangedSubview(container)
            }
        }
        horizontalStackView.superview?.isHidden = horizontalStackView.arrangedSubviews.isEmpty
        verticalStackView.isHidden = verticalStackView.arrangedSubviews.isEmpty
    }

    /// What a file row shows for `attachment`: a picture as the file it is (name, size, type).
    static func rowContent(of attachment: AnyAttachmentPayload) -> ChatMessageAttachment {
        guard case .image(let image) = attachment.payload else { return attachment.messageAttachment }
        let file = image.localURL
        return ChatMessageAttachment(payload: .file(FileAttachmentPayload(
            localURL: file, title: file.lastPathComponent, fileSize: AnyAttachmentPayload.fileSize(atPath: file.path) ?? 0,
            mimeType: AnyAttachmentPayload.mimeType(forExtension: file.pathExtension))))
    }
}
