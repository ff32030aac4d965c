import Foundation
import ParleyChat
import ParleyUIKit

/// A message's pictures full screen, over the app (`components.galleryVC`, Stream's `GalleryVC`):
/// one picture at a time, fitted to the window, on black; the author and the date at the top with
/// a close button; "2 of 4" and previous/next buttons at the bottom.
///
/// The arrow keys go to the previous and next picture, Escape closes (so does the close button).
/// Pictures are decoded off the main thread at the size they are shown (`components.imageLoader`).
@preconcurrency @MainActor
open class GalleryVC: _ViewController {
    /// What the gallery shows: a message and which of its pictures.
    public struct Content: Sendable {
        /// The message whose pictures are shown.
        public var message: ChatMessage
        /// The index of the shown picture among the message's pictures.
        public var currentPage: Int

        /// Content showing picture `currentPage` of `message`.
        public init(message: ChatMessage, currentPage: Int = 0) {
            self.message = message
            self.currentPage = currentPage
        }
    }

    /// What is shown; setting it updates the views.
    open var content = Content(message: ChatMessage(id: "", cid: ChannelId(type: .messaging, id: "-"), text: "", author: ChatUser(id: "", name: ""), createdAt: .distantPast)) {
        didSet { updateContentIfNeeded() }
    }

    /// The message's pictures, in order.
    open var items: [ChatMessageAttachment] { content.message.attachments.filter { $0.type == .image } }

    /// The shown picture, fitted to the view.
    open private(set) lazy var imageView = UIImageView()
    /// Closes the gallery (`appearance.images.close`).
    open private(set) lazy var closeButton = UIButton(type: .system)
    /// The author's name.
    open private(set) lazy var userLabel = UILabel()
    /// When the message was sent.
    open private(set) lazy var dateLabel = UILabel()
    /// "2 of 4".
    open private(set) lazy var pageLabel = UILabel()
    /// Shows the previous picture.
    open private(set) lazy var previousButton = UIButton(type: .system)
    /// Shows the next picture.
    open private(set) lazy var nextButton = UIButton(type: .system)

    /// Creates the controller, covering the window when presented.
    public required init() {
        super.init()
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Wires the buttons.
    open override func setUp() {
        super.setUp()
        closeButton.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .primaryActionTriggered)
        previousButton.addAction(UIAction { [weak self] _ in self?.showPrevious() }, for: .primaryActionTriggered)
        nextButton.addAction(UIAction { [weak self] _ in self?.showNext() }, for: .primaryActionTriggered)
    }

    /// The picture fills the view; the labels and buttons sit over it.
    open override func setUpLayout() {
        super.setUpLayout()
        view.embed(imageView)
        let topBar = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 8)
        let titles = ContainerStackView(axis: .vertical, alignment: .center, spacing: 2)
        titles.addArrangedSubviews([userLabel, dateLabel])
        topBar.addArrangedSubviews([UIView(), titles, closeButton])
        let bottomBar = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 16)
        bottomBar.addArrangedSubviews([previousButton, pageLabel, nextButton])
        for bar in [topBar, bottomBar] {
            bar.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(bar)
        }
        let firstSpacer = topBar.arrangedSubviews[0]
        NSLayoutConstraint.activate([
            topBar.topAnchor.constraint(equalTo: view.topAnchor, constant: 12),
            topBar.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            topBar.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            firstSpacer.widthAnchor.constraint(equalTo: closeButton.widthAnchor),
            closeButton.widthAnchor.constraint(equalToConstant: 36),
            closeButton.heightAnchor.constraint(equalToConstant: 36),
            bottomBar.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -16),
            bottomBar.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            previousButton.widthAnchor.constraint(equalToConstant: 40),
            previousButton.heightAnchor.constraint(equalToConstant: 40),
            nextButton.widthAnchor.constraint(equalToConstant: 40),
            nextButton.heightAnchor.constraint(equalToConstant: 40),
        ])
    }

    /// Black behind the picture, white text and buttons.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = .black
        imageView.contentMode = .scaleAspectFit
        imageView.clipsToBounds = true
        for label in [userLabel, dateLabel, pageLabel] { label.textColor = .white }
        userLabel.font = appearance.fonts.bodyBold
        dateLabel.font = appearance.fonts.footnote
        pageLabel.font = appearance.fonts.footnote
        closeButton.setImage(appearance.images.close.withRenderingMode(.alwaysTemplate), for: .normal)
        previousButton.setImage(appearance.images.back.withRenderingMode(.alwaysTemplate), for: .normal)
        nextButton.setImage(appearance.images.disclosureIndicator.withRenderingMode(.alwaysTemplate), for: .normal)
        for button in [closeButton, previousButton, nextButton] {
            button.tintColor = .white
            button.backgroundColor = UIColor(white: 0.2, alpha: 0.7)
            button.layer.cornerRadius = button === closeButton ? 18 : 20
        }
        closeButton.accessibilityLabel = appearance.l10n.tr("composer.cancel")
    }

    /// The author, the date, the page and the picture.
    open override func updateContent() {
        super.updateContent()
        let message = content.message
        userLabel.text = ComposerVC.mentionName(of: message.author)
        dateLabel.text = appearance.formatters.messageTimestamp.format(message.createdAt)
        let count = items.count
        pageLabel.text = count > 0 ? "\(min(content.currentPage, count - 1) + 1) / \(count)" : nil
        previousButton.isEnabled = content.currentPage > 0
        nextButton.isEnabled = content.currentPage < count - 1
        previousButton.isHidden = count < 2
        nextButton.isHidden = count < 2
        loadImage()
    }

    /// The picture decoded for the view's size.
    open func loadImage() {
        guard items.indices.contains(content.currentPage), let url = items[content.currentPage].imagePayload?.localURL else {
            imageView.image = nil
            return
        }
        let size = view.bounds.size.width > 0 ? view.bounds.size : UIScreen.main.bounds.size
        let scale = max(1, traitCollection.displayScale)
        let loader = components.imageLoader
        if let cached = loader.cachedImage(at: url, pointSize: size, scale: scale) {
            imageView.image = cached
            return
        }
        imageView.image = nil
        let page = content.currentPage
        loader.loadImage(at: url, pointSize: size, scale: scale) { [weak self] image in
            guard let self, self.content.currentPage == page else { return }
            self.imageView.image = image
        }
    }

    /// Shows the previous picture (nothing happens at the first).
    open func showPrevious() {
        guard content.currentPage > 0 else { return }
        content.currentPage -= 1
    }

    /// Shows the next picture (nothing happens at the last).
    open func showNext() {
        guard content.currentPage < items.count - 1 else { return }
        content.currentPage += 1
    }

    /// Decodes the picture again for a new size.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if lastLayoutSize != view.bounds.size {
            lastLayoutSize = view.bounds.size
            loadImage()
        }
    }
    private var lastLayoutSize: CGSize = .zero

    /// Left and Right go through the pictures; Escape closes.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let codes = presses.compactMap { $0.key?.keyCode }
        if codes.contains(.keyboardEscape) {
            dismiss(animated: true)
        } else if codes.contains(.keyboardLeftArrow) {
            showPrevious()
        } else if codes.contains(.keyboardRightArrow) {
            showNext()
        } else {
            super.pressesBegan(presses, with: event)
        }
    }
}

extension ChatMessageListVC: GalleryContentViewDelegate {
    /// Opens the tapped picture of the row's message in a `components.galleryVC` over the app.
    public func galleryMessageContentView(_ view: ChatMessageContentView, didTapAttachmentPreview attachment: ChatMessageAttachment,
                                          previews: [ChatMessageAttachment]) {
        guard let message = view.content else { return }
        let gallery = components.galleryVC.init()
        gallery.appearance = appearance
        gallery.components = components
        let images = message.attachments.filter { $0.type == .image }
        gallery.content = GalleryVC.Content(message: message, currentPage: images.firstIndex { $0.id == attachment.id } ?? 0)
        present(gallery, animated: true)
    }
}
