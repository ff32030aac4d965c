import Foundation
import ParleyChat
import ParleyUIKit

/// The preview of a `/giphy` pick, shown above the composer's input only to the user who typed
/// it (Stream's ephemeral giphy message): the command typed, the picture, and Cancel, Shuffle and
/// Send. Send posts the picture as an image attachment; Shuffle shows the next picture matching
/// the words; Cancel (or Escape) drops it.
///
/// ```
/// |-----------------------------------------|
/// | titleLabel ("Giphy")  queryLabel        |
/// |            imageView                    |
/// | cancelButton | shuffleButton | sendButton |
/// |-----------------------------------------|
/// ```
@preconcurrency @MainActor
open class ChatGiphyPreviewView: _View {
    /// What the preview shows: the words searched and the picture picked.
    public struct Content: Sendable, Hashable {
        /// The words after `/giphy`.
        public var query: String
        /// The picture shown.
        public var picture: GiphySearch.Picture

        /// Describes a preview.
        public init(query: String, picture: GiphySearch.Picture) {
            self.query = query
            self.picture = picture
        }
    }

    /// What is shown; nil hides nothing by itself (``ComposerVC`` hides the view).
    open var content: Content? {
        didSet { if content != oldValue { updateContentIfNeeded() } }
    }

    /// Called by the Send button.
    public var onSend: (() -> Void)?
    /// Called by the Shuffle button.
    public var onShuffle: (() -> Void)?
    /// Called by the Cancel button.
    public var onCancel: (() -> Void)?

    /// "Giphy", with the command's icon.
    open private(set) lazy var titleLabel = UILabel()
    /// "/giphy cats".
    open private(set) lazy var queryLabel = UILabel()
    /// "Only visible to you".
    open private(set) lazy var visibilityLabel = UILabel()
    /// The picture, at twice its pixel size at most, aspect kept.
    open private(set) lazy var imageView = UIImageView()
    /// Drops the preview.
    open private(set) lazy var cancelButton = UIButton(type: .system)
    /// Shows the next matching picture.
    open private(set) lazy var shuffleButton = UIButton(type: .system)
    /// Posts the picture.
    open private(set) lazy var sendButton = UIButton(type: .system)
    /// The title row, the picture and the buttons, top to bottom.
    open private(set) lazy var container = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 8)
    /// The three buttons side by side, equally wide.
    open private(set) lazy var buttonsContainer = ContainerStackView(axis: .horizontal, spacing: 0)
    private lazy var headerContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 6)
    private lazy var separators = [UIView(), UIView(), UIView()]
    private var imageHeight: NSLayoutConstraint?

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Wires the buttons.
    open override func setUp() {
        super.setUp()
        cancelButton.addAction(UIAction { [weak self] _ in self?.onCancel?() }, for: .primaryActionTriggered)
        shuffleButton.addAction(UIAction { [weak self] _ in self?.onShuffle?() }, for: .primaryActionTriggered)
        sendButton.addAction(UIAction { [weak self] _ in self?.onSend?() }, for: .primaryActionTriggered)
    }

    /// Builds the stacks; see the diagram in the type's documentation.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(container, insets: UIEdgeInsets(top: 10, left: 12, bottom: 0, right: 12))
        headerContainer.addArrangedSubview(titleLabel)
        headerContainer.addArrangedSubview(queryLabel)
        headerContainer.addArrangedSubview(UIView())
        headerContainer.addArrangedSubview(visibilityLabel)
        container.addArrangedSubview(headerContainer)
        container.addArrangedSubview(imageView)
        container.addArrangedSubview(separators[0])
        container.addArrangedSubview(buttonsContainer)
        for (index, button) in [cancelButton, shuffleButton, sendButton].enumerated() {
            if index > 0 {
                let separator = separators[index]
                buttonsContainer.addArrangedSubview(separator)
                separator.widthAnchor.constraint(equalToConstant: 1).isActive = true
            }
            buttonsContainer.addArrangedSubview(button)
            button.heightAnchor.constraint(equalToConstant: 40).isActive = true
            if index > 0 { button.widthAnchor.constraint(equalTo: cancelButton.widthAnchor).isActive = true }
        }
        imageView.contentMode = .scaleAspectFit
        let height = imageView.heightAnchor.constraint(equalToConstant: 180)
        height.isActive = true
        imageHeight = height
        separators[0].heightAnchor.constraint(equalToConstant: 1).isActive = true
    }

    /// Colours, fonts and titles from `appearance`; Send in the accent colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let palette = appearance.colorPalette
        backgroundColor = palette.popoverBackground
        layer.borderColor = palette.border
        layer.borderWidth = 1
        titleLabel.font = appearance.fonts.subheadlineBold
        titleLabel.textColor = palette.text
        queryLabel.font = appearance.fonts.footnote
        queryLabel.textColor = palette.subtitleText
        visibilityLabel.font = appearance.fonts.caption1
        visibilityLabel.textColor = palette.subtitleText
        visibilityLabel.text = appearance.l10n.tr("composer.giphy.only-visible-to-you")
        for separator in separators { separator.backgroundColor = palette.border }
        let titles = [(cancelButton, "composer.giphy.cancel"), (shuffleButton, "composer.giphy.shuffle"), (sendButton, "composer.giphy.send")]
        for (button, key) in titles {
            button.setTitle(appearance.l10n.tr(key), for: .normal)
            button.titleLabel?.font = appearance.fonts.subheadlineBold
            button.tintColor = button === sendButton ? palette.accentPrimary : palette.subtitleText
        }
    }

    /// The title, the words searched and the picture (its first frame, twice its pixel size at
    /// most).
    open override func updateContent() {
        super.updateContent()
        titleLabel.text = appearance.l10n.tr("composer.giphy.title")
        guard let content else {
            queryLabel.text = nil
            imageView.image = nil
            return
        }
        queryLabel.text = "/\(Command.giphy.name) \(content.query)"
        imageView.image = UIImage(contentsOfFile: content.picture.url.path)
        imageView.accessibilityLabel = content.picture.title
        imageHeight?.constant = CGFloat(min(180, max(60, content.picture.height * 3 / 2)))
    }
}
