import Foundation
import ParleyChat
import ParleyUIKit

/// A link's preview under the message text: a bar in the tint colour beside the site's name,
/// the page's title and description, and its picture when the payload has one. A control: a tap
/// sends `.touchUpInside`.
@preconcurrency @MainActor
open class ChatMessageLinkPreviewView: _Control {
    /// The link attachment shown.
    public var content: ChatMessageAttachment? {
        didSet { if lifecycle.isInitialized { updateContent() } }
    }

    /// The bar along the leading edge.
    open private(set) lazy var accentBarView = UIView()
    /// The site's name ("GitHub"), or the link's host.
    open private(set) lazy var authorLabel = UILabel()
    /// The page's title.
    open private(set) lazy var titleLabel = UILabel()
    /// The page's description.
    open private(set) lazy var bodyTextView = UILabel()
    /// The page's picture (a 1.91 : 1 box, Open Graph's proportions; hidden without one).
    open private(set) lazy var imagePreview = UIImageView()
    /// Site, title, description and picture.
    open private(set) lazy var textStack = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 2)

    private var requestedImage: URL?

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The bar and the column beside it.
    open override func setUpLayout() {
        super.setUpLayout()
        for view in [accentBarView, textStack] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        textStack.addArrangedSubviews([authorLabel, titleLabel, bodyTextView, imagePreview])
        // The picture's own size never sizes the box: the row is as tall before it arrives as after.
        for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
            imagePreview.setContentHuggingPriority(.fittingSizeLevel, for: axis)
            imagePreview.setContentCompressionResistancePriority(.fittingSizeLevel, for: axis)
        }
        NSLayoutConstraint.activate([
            accentBarView.leadingAnchor.constraint(equalTo: leadingAnchor),
            accentBarView.topAnchor.constraint(equalTo: topAnchor),
            accentBarView.bottomAnchor.constraint(equalTo: bottomAnchor),
            accentBarView.widthAnchor.constraint(equalToConstant: 2),
            textStack.leadingAnchor.constraint(equalTo: accentBarView.trailingAnchor, constant: 8),
            textStack.trailingAnchor.constraint(equalTo: trailingAnchor),
            textStack.topAnchor.constraint(equalTo: topAnchor),
            textStack.bottomAnchor.constraint(equalTo: bottomAnchor),
            imagePreview.widthAnchor.constraint(equalTo: imagePreview.heightAnchor, multiplier: 1.91),
        ])
    }

    /// Site in the tint colour, title in bold footnote, description in footnote.
    open override func setUpAppearance() {
        super.setUpAppearance()
        accentBarView.backgroundColor = tintColor
        accentBarView.layer.cornerRadius = 1
        authorLabel.font = appearance.fonts.footnoteBold
        authorLabel.textColor = tintColor
        titleLabel.font = appearance.fonts.footnoteBold
        titleLabel.textColor = appearance.colorPalette.text
        titleLabel.numberOfLines = 2
        titleLabel.lineBreakMode = .byTruncatingTail
        bodyTextView.font = appearance.fonts.footnote
        bodyTextView.textColor = appearance.colorPalette.text
        bodyTextView.numberOfLines = 3
        bodyTextView.lineBreakMode = .byTruncatingTail
        imagePreview.contentMode = .scaleAspectFill
        imagePreview.clipsToBounds = true
        imagePreview.layer.cornerRadius = 8
        imagePreview.backgroundColor = appearance.colorPalette.background4
    }

    /// Follows the tint colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        accentBarView.backgroundColor = tintColor
        authorLabel.textColor = tintColor
    }

    /// The payload's site, title, description and picture; missing parts are hidden.
    open override func updateContent() {
        super.updateContent()
        let link = content?.linkPayload
        authorLabel.text = link.map { $0.siteName ?? $0.url.host ?? $0.url.absoluteString }
        titleLabel.text = link?.title
        titleLabel.isHidden = link?.title?.isEmpty ?? true
        bodyTextView.text = link?.text
        bodyTextView.isHidden = link?.text?.isEmpty ?? true
        imagePreview.isHidden = link?.imageURL == nil
        if link?.imageURL != requestedImage {
            imagePreview.image = nil
            requestedImage = nil
        }
        setNeedsLayout()
    }

    /// Asks for the picture once its box has a size.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let url = content?.linkPayload?.imageURL, url != requestedImage, imagePreview.bounds.width >= 1 else { return }
        requestedImage = url
        let scale = max(1, traitCollection.displayScale)
        components.imageLoader.loadImage(at: url, pointSize: imagePreview.bounds.size, scale: scale) { [weak self] image in
            guard let self, self.requestedImage == url else { return }
            self.imagePreview.image = image
        }
    }
}
