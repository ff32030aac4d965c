import Foundation
import ParleyChat
import ParleyUIKit

/// A message's pictures full screen, over the app (`components.galleryVC`, Stream's `GalleryVC`):
/// one picture at a time, fitted to the window, on black; the author and the date at the top with
/// "Save a copy" and a close button; "2 of 4" and previous/next buttons at the bottom.
///
/// The picture zooms (the wheel about the pointer, a double-click toggles 2.5× there, + − and 0 on
/// the keyboard) and, zoomed, pans by dragging (`scrollView`). The arrow keys go to the previous
/// and next picture, Escape closes (so does the close button).
/// Pictures are decoded off the main thread at the size they are shown (`components.imageLoader`).
@preconcurrency @MainActor
open class GalleryVC: _ViewController, UIScrollViewDelegate {
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

    /// The shown picture, fitted to the view; the view `scrollView` zooms.
    open private(set) lazy var imageView = UIImageView()
    /// Zooms and pans `imageView` (from 1× to 6×).
    open private(set) lazy var scrollView = UIScrollView()
    /// Saves a copy of the shown picture into `saveDirectory` (`saveCopy()`).
    open private(set) lazy var saveButton = UIButton(type: .system)
    /// Where "Save a copy" writes: the XDG Pictures folder when there is one, else the home folder.
    open var saveDirectory: URL = GalleryVC.defaultSaveDirectory()
    /// What the last "Save a copy" did ("Saved to …" or why it could not), shown under the top bar.
    open private(set) lazy var saveNoteLabel = UILabel()
    /// The double-click that zooms in at the pointer and back out.
    open private(set) lazy var doubleTapRecognizer = UITapGestureRecognizer()
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
        saveButton.addAction(UIAction { [weak self] _ in self?.saveCopy() }, for: .primaryActionTriggered)
        scrollView.delegate = self
        doubleTapRecognizer.numberOfTapsRequired = 2
        doubleTapRecognizer.addHandler { [weak self] recognizer in
            guard let self else { return }
            self.toggleZoom(at: recognizer.location(in: self.scrollView))
        }
        scrollView.addGestureRecognizer(doubleTapRecognizer)
    }

    /// The picture fills the view; the labels and buttons sit over it.
    open override func setUpLayout() {
        super.setUpLayout()
        view.addSubview(scrollView)
        scrollView.addSubview(imageView)
        let titleStack = ContainerStackView(axis: .vertical, alignment: .center, spacing: 2)
        titleStack.addArrangedSubviews([userLabel, dateLabel])
        // Dark rounded backdrops keep the white text readable over light pictures.
        let titles = UIView(), saveNote = UIView()
        titles.embed(titleStack, insets: UIEdgeInsets(top: 4, left: 12, bottom: 4, right: 12))
        saveNote.embed(saveNoteLabel, insets: UIEdgeInsets(top: 6, left: 10, bottom: 6, right: 10))
        for backdrop in [titles, saveNote] {
            backdrop.backgroundColor = UIColor(white: 0.2, alpha: 0.7)
            backdrop.layer.cornerRadius = 10
        }
        saveNoteView = saveNote
        saveNote.isHidden = true
        saveNoteLabel.isHidden = true
        let bottomBar = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 16)
        bottomBar.addArrangedSubviews([previousButton, pageLabel, nextButton])
        for bar in [titles, saveButton, closeButton, bottomBar, saveNote] {
            bar.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(bar)
        }
        // The author and date centred over the picture, between "Save a copy" and the close button.
        NSLayoutConstraint.activate([
            titles.topAnchor.constraint(equalTo: view.topAnchor, constant: 12),
            titles.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            titles.leadingAnchor.constraint(greaterThanOrEqualTo: saveButton.trailingAnchor, constant: 8),
            titles.trailingAnchor.constraint(lessThanOrEqualTo: closeButton.leadingAnchor, constant: -8),
            saveButton.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            saveButton.centerYAnchor.constraint(equalTo: titles.centerYAnchor),
            closeButton.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            closeButton.centerYAnchor.constraint(equalTo: titles.centerYAnchor),
            saveNote.topAnchor.constraint(equalTo: titles.bottomAnchor, constant: 12),
            saveNote.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            saveNote.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, constant: -32),
            saveButton.heightAnchor.constraint(equalToConstant: 36),
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
        for label in [userLabel, dateLabel, pageLabel, saveNoteLabel] { label.textColor = .white }
        saveNoteLabel.font = appearance.fonts.footnote
        saveNoteLabel.textAlignment = .center
        saveNoteLabel.numberOfLines = 2
        saveButton.setTitle(appearance.l10n.tr("gallery.save"), for: .normal)
        saveButton.setTitleColor(.white, for: .normal)
        saveButton.titleLabel?.font = appearance.fonts.footnoteBold
        saveButton.contentEdgeInsets = UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 12)
        saveButton.backgroundColor = UIColor(white: 0.2, alpha: 0.7)
        saveButton.layer.cornerRadius = 18
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = Self.maximumZoom
        scrollView.showsVerticalScrollIndicator = false
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.bounces = false
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
        saveButton.isEnabled = count > 0
        if shownPage != content.currentPage {
            shownPage = content.currentPage
            resetZoom()
            saveNoteView?.isHidden = true
            saveNoteLabel.isHidden = true
        }
        loadImage()
    }

    /// The picture decoded for the view's size at the zoom (in steps of 1×, 2×, 4× and 6×, so
    /// a zoomed picture stays sharp up to its own pixels); the shown picture stays up while a
    /// sharper one decodes.
    open func loadImage() {
        guard items.indices.contains(content.currentPage), let url = items[content.currentPage].imagePayload?.localURL else {
            imageView.image = nil
            return
        }
        let size = view.bounds.size.width > 0 ? view.bounds.size : UIScreen.main.bounds.size
        let scale = max(1, traitCollection.displayScale) * Self.decodeZoom(for: scrollView.zoomScale)
        let loader = components.imageLoader
        let page = content.currentPage
        if let cached = loader.cachedImage(at: url, pointSize: size, scale: scale) {
            imageView.image = cached
            loadedPage = page
            return
        }
        if loadedPage != page { imageView.image = nil }
        loader.loadImage(at: url, pointSize: size, scale: scale) { [weak self] image in
            guard let self, self.content.currentPage == page, let image else { return }
            self.imageView.image = image
            self.loadedPage = page
        }
    }

    /// The zoom a picture is decoded for at `zoomScale`: the next of 1, 2, 4 and 6.
    static func decodeZoom(for zoomScale: CGFloat) -> CGFloat {
        [1, 2, 4].first { zoomScale <= $0 + 0.001 } ?? maximumZoom
    }

    /// Decodes the picture sharper when the zoom passes a step.
    open func scrollViewDidZoom(_ scrollView: UIScrollView) {
        let zoom = Self.decodeZoom(for: scrollView.zoomScale)
        guard zoom != decodedZoom else { return }
        decodedZoom = zoom
        loadImage()
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
            resetZoom()
            loadImage()
        }
    }
    private var lastLayoutSize: CGSize = .zero
    /// The backdrop of ``saveNoteLabel``, shown with it.
    var saveNoteView: UIView?
    private var shownPage = -1
    private var loadedPage = -1
    private var decodedZoom: CGFloat = 1

    /// The zooming view: the picture.
    open func viewForZooming(in scrollView: UIScrollView) -> UIView? { imageView }

    /// Left and Right go through the pictures; Escape closes.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let codes = presses.compactMap { $0.key?.keyCode }
        if codes.contains(.keyboardEscape) {
            dismiss(animated: true)
        } else if let zoom = presses.compactMap({ $0.key.flatMap(Self.zoomStep(for:)) }).first {
            zoomByKey(zoom)
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
