import Foundation
import ParleyChat
import ParleyUIKit

/// A message's files, one row each: an icon showing the file's type, its name and its size.
@preconcurrency @MainActor
open class ChatMessageFileAttachmentListView: _View {
    /// The file attachments shown.
    public var content: [ChatMessageAttachment] = [] {
        didSet { if lifecycle.isInitialized { updateContent() } }
    }

    /// Called when a file's row is tapped.
    public var didTapOnAttachment: ((ChatMessageAttachment) -> Void)?

    /// The message the files belong to (its uploads' progress is shown on the rows).
    public var messageId: MessageId?

    /// The rows, one per file.
    open private(set) lazy var containerStackView = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 4)

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Fills the view with the rows' column.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(containerStackView)
    }

    /// One `components.fileAttachmentView` per file (rows are reused).
    open override func updateContent() {
        super.updateContent()
        var rows = containerStackView.arrangedSubviews.compactMap { $0 as? ItemView }
        while rows.count > content.count { rows.removeLast().removeFromSuperview() }
        while rows.count < content.count {
            let row = components.fileAttachmentView.init(frame: .zero)
            hand(appearance, components, to: row)
            row.didTapOnAttachment = { [weak self] attachment in self?.didTapOnAttachment?(attachment) }
            containerStackView.addArrangedSubview(row)
            rows.append(row)
        }
        for (row, attachment) in zip(rows, content) {
            row.messageId = messageId
            row.content = attachment
        }
    }
}

extension ChatMessageFileAttachmentListView {
    /// One file: the type icon, the name (middle-truncated, control and direction-override
    /// characters shown as visible marks) and the size.
    @preconcurrency @MainActor
    open class ItemView: _View {
        /// The file attachment shown.
        public var content: ChatMessageAttachment? {
            didSet { if lifecycle.isInitialized { updateContent() } }
        }

        /// Called when the row is tapped.
        public var didTapOnAttachment: ((ChatMessageAttachment) -> Void)?

        /// The message the file belongs to (set before ``content``): its upload's progress is shown.
        public var messageId: MessageId?

        /// The progress of an upload or download, under the size (it follows the transfer).
        open private(set) lazy var progressView = ChatAttachmentProgressView()

        /// The type icon.
        open private(set) lazy var fileIconView = ChatFileIconView()
        /// The file's name.
        open private(set) lazy var fileNameLabel = UILabel()
        /// The file's size.
        open private(set) lazy var fileSizeLabel = UILabel()
        /// Name over size.
        open private(set) lazy var textContainer = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 2)
        /// Icon and text.
        open private(set) lazy var mainContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 10)

        /// Creates the view.
        public required override init(frame: CGRect) {
            super.init(frame: frame)
        }
        /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
        public required init?(coder: NSCoder) { return nil }

        /// Adds the tap handler and follows transfers.
        open override func setUp() {
            super.setUp()
            addTapAction { [weak self] in
                if let self, let content = self.content { self.didTapOnAttachment?(content) }
            }
            progressView.onDisplayChange = { [weak self] in
                if let self, self.lifecycle.isInitialized { self.updateContent() }
            }
        }

        /// Icon, then name over size, with 8 points of padding.
        open override func setUpLayout() {
            super.setUpLayout()
            embed(mainContainer, insets: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
            textContainer.addArrangedSubviews([fileNameLabel, fileSizeLabel, progressView])
            mainContainer.addArrangedSubviews([fileIconView, textContainer])
            NSLayoutConstraint.activate([
                fileIconView.widthAnchor.constraint(equalToConstant: 32),
                fileIconView.heightAnchor.constraint(equalToConstant: 40),
            ])
            fileNameLabel.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        }

        /// A rounded box in `background`, the name in bold subheadline, the size in footnote.
        open override func setUpAppearance() {
            super.setUpAppearance()
            backgroundColor = appearance.colorPalette.background
            layer.cornerRadius = 12
            layer.borderWidth = 1
            layer.borderColor = appearance.colorPalette.border
            fileNameLabel.font = appearance.fonts.subheadlineBold
            fileNameLabel.textColor = appearance.colorPalette.text
            fileNameLabel.lineBreakMode = .byTruncatingMiddle
            fileSizeLabel.font = appearance.fonts.footnote
            fileSizeLabel.textColor = appearance.colorPalette.subtitleText
        }

        /// The name, size and type of the file.
        open override func updateContent() {
            super.updateContent()
            let file = content?.filePayload
            fileNameLabel.text = file.map { Self.displayName($0.title.isEmpty ? $0.localURL.lastPathComponent : $0.title) }
            progressView.show(content, messageId: messageId)
            let transfer = progressView.display
            fileSizeLabel.text = transfer.map { $0.text(appearance.l10n) } ?? file.map { appearance.formatters.fileSize.format($0.fileSize) }
            fileSizeLabel.textColor = transfer?.isFailed == true ? appearance.colorPalette.alert : appearance.colorPalette.subtitleText
            fileIconView.kind = file.map { FileKind(mimeType: $0.mimeType, fileName: $0.title) } ?? .generic
            accessibilityLabel = fileNameLabel.text
        }

        /// `name` safe to show: control characters (NUL, line breaks) and bidirectional
        /// overrides and isolates (which could make "txt.exe" read as "exe.txt") replaced by
        /// U+FFFD, path separators kept as typed.
        public nonisolated static func displayName(_ name: String) -> String {
            var scalars = String.UnicodeScalarView()
            for scalar in name.unicodeScalars {
                let value = scalar.value
                let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
                let isBidiControl = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                    || value == 0x200E || value == 0x200F || value == 0x061C
                scalars.append(isControl || isBidiControl ? "\u{FFFD}" : scalar)
            }
            return String(scalars)
        }
    }
}
