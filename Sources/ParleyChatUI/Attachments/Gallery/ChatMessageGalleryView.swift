import Foundation
import ParleyChat
import ParleyUIKit

/// A message's pictures as Stream lays them out: one fills the gallery; two side by side; three
/// as one on the leading half and two stacked on the trailing half; four or more in a 2 × 2 grid
/// with "+N" over the last tile for the pictures not shown.
@preconcurrency @MainActor
open class ChatMessageGalleryView: _View {
    /// The previews, in order (only the first four are shown).
    open var content: [UIView] = [] {
        didSet { if lifecycle.isInitialized { updateContent() } }
    }

    /// The space between tiles.
    open var spacing: CGFloat { 2 }

    /// "+N" over the fourth tile when there are more than four pictures.
    open private(set) lazy var moreItemsOverlay = UILabel()

    /// The previews shown now (at most four).
    public var previews: [UIView] { Array(content.prefix(4)) }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Rounds and clips the gallery; the overlay in `overlayBackground`, its text large and white.
    open override func setUpAppearance() {
        super.setUpAppearance()
        layer.cornerRadius = 12
        layer.masksToBounds = true
        moreItemsOverlay.backgroundColor = appearance.colorPalette.overlayBackground
        moreItemsOverlay.textColor = appearance.colorPalette.staticColorText
        moreItemsOverlay.font = appearance.fonts.title
        moreItemsOverlay.textAlignment = .center
    }

    /// Shows the first four previews and the overlay.
    open override func updateContent() {
        super.updateContent()
        let shown = previews
        for view in subviews where view !== moreItemsOverlay && !shown.contains(where: { $0 === view }) {
            view.removeFromSuperview()
        }
        for view in shown where view.superview !== self {
            view.translatesAutoresizingMaskIntoConstraints = true
            addSubview(view)
        }
        let hidden = content.count - shown.count
        moreItemsOverlay.text = hidden > 0 ? "+\(hidden)" : nil
        moreItemsOverlay.isHidden = hidden <= 0
        if moreItemsOverlay.superview !== self { addSubview(moreItemsOverlay) }
        bringSubviewToFront(moreItemsOverlay)
        setNeedsLayout()
    }

    /// The tiles' frames for `count` pictures in `bounds`.
    open func tileFrames(count: Int, in bounds: CGRect) -> [CGRect] {
        let gap = spacing
        let halfWidth = (bounds.width - gap) / 2, halfHeight = (bounds.height - gap) / 2
        let left = CGRect(x: bounds.minX, y: bounds.minY, width: halfWidth, height: bounds.height)
        let right = CGRect(x: bounds.minX + halfWidth + gap, y: bounds.minY, width: halfWidth, height: bounds.height)
        func quarter(_ column: Int, _ row: Int) -> CGRect {
            CGRect(x: bounds.minX + CGFloat(column) * (halfWidth + gap), y: bounds.minY + CGFloat(row) * (halfHeight + gap),
                   width: halfWidth, height: halfHeight)
        }
        switch count {
        case ...0: return []
        case 1: return [bounds]
        case 2: return [left, right]
        case 3: return [left, quarter(1, 0), quarter(1, 1)]
        default: return [quarter(0, 0), quarter(1, 0), quarter(0, 1), quarter(1, 1)]
        }
    }

    /// Places the previews in their tiles (mirrored right to left) and the overlay over the last.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let shown = previews
        var frames = tileFrames(count: shown.count, in: bounds)
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            frames = frames.map { CGRect(x: bounds.width - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
        }
        for (view, frame) in zip(shown, frames) { view.frame = frame }
        if let last = frames.last, content.count > shown.count { moreItemsOverlay.frame = last }
    }
}

extension ChatMessageGalleryView {
    /// One picture of the gallery: the attachment's image, decoded off the main thread at the
    /// tile's size by `components.imageLoader`, over a placeholder until it arrives (or for good,
    /// when it cannot be decoded).
    @preconcurrency @MainActor
    open class ImagePreview: _View {
        /// The image attachment shown.
        public var content: ChatMessageAttachment? {
            didSet {
                guard content != oldValue else { return }
                requestedKey = nil
                imageView.image = nil
                placeholderIconView.isHidden = false
                if lifecycle.isInitialized { updateContent() }
                setNeedsLayout()
            }
        }

        /// Called when the preview is tapped.
        public var didTapOnAttachment: ((ChatMessageAttachment) -> Void)?

        /// The message the picture belongs to (set before ``content``): its upload's progress is shown.
        public var messageId: MessageId?

        /// The progress of an upload or download, along the bottom of the tile (it follows the transfer).
        open private(set) lazy var progressView = ChatAttachmentProgressView()

        /// The decoded picture, filling the tile.
        open private(set) lazy var imageView = UIImageView()
        /// The icon in the middle of the placeholder.
        open private(set) lazy var placeholderIconView = UIImageView()

        /// The image file and size last asked for.
        private var requestedKey: String?

        /// Creates the view.
        public required override init(frame: CGRect) {
            super.init(frame: frame)
        }
        /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
        public required init?(coder: NSCoder) { return nil }

        /// Adds the tap handler.
        open override func setUp() {
            super.setUp()
            addTapAction { [weak self] in
                if let self, let content = self.content { self.didTapOnAttachment?(content) }
            }
            progressView.onDisplayChange = { [weak self] in
                if let self, self.lifecycle.isInitialized { self.updateContent() }
            }
        }

        /// The placeholder icon, then the picture over it, then the progress bar.
        open override func setUpLayout() {
            super.setUpLayout()
            addSubview(placeholderIconView)
            addSubview(imageView)
            addSubview(progressView)
        }

        /// The placeholder in `background3` with a faint photo icon; the picture fills the tile.
        open override func setUpAppearance() {
            super.setUpAppearance()
            backgroundColor = appearance.colorPalette.background3
            clipsToBounds = true
            imageView.contentMode = .scaleAspectFill
            imageView.clipsToBounds = true
            placeholderIconView.image = UIImage(systemName: "photo")?.withRenderingMode(.alwaysTemplate)
            placeholderIconView.tintColor = appearance.colorPalette.textLowEmphasis
            placeholderIconView.contentMode = .scaleAspectFit
        }

        /// Names the picture for accessibility.
        open override func updateContent() {
            super.updateContent()
            accessibilityLabel = content?.imagePayload?.title
            progressView.show(content, messageId: messageId)
            imageView.alpha = progressView.display == nil ? 1 : 0.6
        }

        /// Fits the picture and the icon, and asks for the picture at the tile's size.
        open override func layoutSubviews() {
            super.layoutSubviews()
            imageView.frame = bounds
            let icon = min(24, bounds.width / 3, bounds.height / 3)
            placeholderIconView.frame = CGRect(x: bounds.midX - icon / 2, y: bounds.midY - icon / 2, width: icon, height: icon)
            let inset = min(12, bounds.width / 8)
            progressView.frame = CGRect(x: bounds.minX + inset, y: bounds.maxY - inset - 4, width: max(0, bounds.width - 2 * inset), height: 4)
            loadImageIfNeeded()
        }

        /// Asks `components.imageLoader` for the picture at the tile's size, once per file and size.
        open func loadImageIfNeeded() {
            guard let url = content?.imagePayload?.localURL, bounds.width >= 1, bounds.height >= 1 else { return }
            let scale = max(1, traitCollection.displayScale)
            let key = ChatImageLoader.key(for: url, pixelSize: CGSize(width: bounds.width * scale, height: bounds.height * scale))
            guard key != requestedKey else { return }
            requestedKey = key
            components.imageLoader.loadImage(at: url, pointSize: bounds.size, scale: scale) { [weak self] image in
                guard let self, self.requestedKey == key else { return }
                self.imageView.image = image
                self.placeholderIconView.isHidden = image != nil
            }
        }
    }
}
