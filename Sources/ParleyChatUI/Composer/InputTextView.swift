import Foundation
import ParleyChat
import ParleyUIKit

/// The composer's text view: grows with its text from one line up to ``maxHeight`` (then
/// scrolls), and shows ``placeholderLabel`` while empty.
///
/// It follows the chat views' lifecycle although it cannot subclass `_View`: on the first move
/// into a superview it runs `setUp()`, `setUpLayout()`, `setUpAppearance()` and
/// `updateContent()`; a light/dark change runs the last two again. Its font is
/// `appearance.fonts.body`, the same semantic font as message text, so
///
/// ```swift
/// Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)
/// ```
///
/// changes the composer too.
@preconcurrency @MainActor
open class InputTextView: UITextView, Customizable, AppearanceProvider, ComponentsProvider {
    var lifecycle = LifecycleState()

    /// The appearance the view reads when it sets itself up; `Appearance.default` unless set.
    /// Its fonts take the size of the text size in the traits (``Appearance/resolved(for:)``).
    open var appearance: Appearance {
        get { resolvedAppearance.appearance(for: traitCollection) }
        set { resolvedAppearance.stored = newValue }
    }
    private lazy var resolvedAppearance = ResolvedAppearance()
    /// The component types; `Components.default` unless set.
    open lazy var components: Components = .default

    /// Told when the clipboard pasted into the view names files (Stream's
    /// `clipboardAttachmentDelegate`); without one, paths paste as text.
    open weak var clipboardAttachmentDelegate: (any InputTextViewClipboardAttachmentDelegate)?

    /// "Send a message", shown while the text is empty.
    open private(set) lazy var placeholderLabel: UILabel = UILabel()

    /// A screen reader names the field by its placeholder ("Send a message") unless a label is set.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? placeholderLabel.text }
        set { super.accessibilityLabel = newValue }
    }

    /// The room kept free before the text for a view over the field's leading edge (the
    /// composer's command chip); 0 by default.
    open var leadingAccessoryWidth: CGFloat = 0 {
        didSet { if leadingAccessoryWidth != oldValue, lifecycle.isInitialized { setUpAppearance() } }
    }

    /// The placeholder shown while the text is empty; nil for the language's "Send a message".
    open var placeholderText: String? {
        didSet { if placeholderText != oldValue, lifecycle.isInitialized { setUpAppearance() } }
    }

    /// The smallest height: one line of text with the insets (never less than 38 points).
    open var minimumHeight: CGFloat {
        max(38, (lineHeight + textContainerInset.top + textContainerInset.bottom).ceiled(toScale: displayScale))
    }

    /// The tallest the view grows before it scrolls; by default five lines of text with the insets.
    open var maxHeight: CGFloat {
        get { explicitMaxHeight ?? max(minimumHeight, (5 * lineHeight + textContainerInset.top + textContainerInset.bottom).ceiled(toScale: displayScale)) }
        set {
            explicitMaxHeight = newValue
            invalidateIntrinsicContentSize()
        }
    }

    private var explicitMaxHeight: CGFloat?
    private var lastLayoutWidth: CGFloat = 0
    // Written once in `setUp()` on the main actor; read only by `deinit`, after every other use.
    private nonisolated(unsafe) var textObserver: (any NSObjectProtocol)?

    /// Creates the text view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    deinit {
        if let textObserver { NotificationCenter.default.removeObserver(textObserver) }
    }

    /// The text; setting it from code updates the placeholder and the height.
    open override var text: String! {
        didSet { textDidChange() }
    }

    private var displayScale: CGFloat { max(1, traitCollection.displayScale) }
    private var lineHeight: CGFloat { (font ?? appearance.fonts.body).lineHeight }

    // MARK: Lifecycle

    /// Runs the lifecycle the first time the view enters a hierarchy.
    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        guard superview != nil else { return }
        if lifecycle.beginInitialization() { LifecycleState.runInitialSteps(self) }
    }

    /// Re-runs `setUpAppearance()` and `updateContent()` when light/dark or the text size changes.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        lifecycle.traitsChanged(self, previous: previousTraitCollection, current: traitCollection)
    }

    /// Scrolls only past ``maxHeight``; the height otherwise follows the text.
    open func setUp() {
        isScrollEnabled = true
        alwaysBounceVertical = false
        showsHorizontalScrollIndicator = false
        // Typing, pasting and undo all post this; the delegate belongs to the composer controller.
        textObserver = NotificationCenter.default.addObserver(
            forName: UITextView.textDidChangeNotification, object: self, queue: nil
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.textDidChange() }
        }
    }

    /// Adds the placeholder.
    open func setUpLayout() {
        if placeholderLabel.superview !== self { addSubview(placeholderLabel) }
        placeholderLabel.numberOfLines = 1
        placeholderLabel.lineBreakMode = .byTruncatingTail
    }

    /// `fonts.body` in `colorPalette.text`; the placeholder in `colorPalette.subtitleText`.
    open func setUpAppearance() {
        backgroundColor = .clear
        font = appearance.fonts.body
        textColor = appearance.colorPalette.text
        let isRightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        textContainerInset = UIEdgeInsets(
            top: 9, left: 6 + (isRightToLeft ? 0 : leadingAccessoryWidth), bottom: 9, right: 6 + (isRightToLeft ? leadingAccessoryWidth : 0))
        placeholderLabel.font = appearance.fonts.body
        placeholderLabel.textColor = appearance.colorPalette.subtitleText
        placeholderLabel.text = placeholderText ?? appearance.l10n.tr("composer.placeholder.message")
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Shows the placeholder only while the text is empty (and no input method is composing).
    open func updateContent() {
        placeholderLabel.isHidden = hasText || markedTextRange != nil
    }

    /// Pastes the clipboard. With the delegate set: when its text is file paths or `file://` URIs
    /// (one per line, as a file manager copies them) the delegate gets the files; else when it
    /// holds a picture (`image/png`, as Stream's `UIPasteboard.general.image`) the delegate gets
    /// the picture; else the text is pasted. The picture is read without holding the main thread
    /// (the application that copied it may take a while to answer): the picture or the text
    /// arrives when it has.
    open override func paste(_ sender: Any?) {
        guard let delegate = clipboardAttachmentDelegate else {
            super.paste(sender)
            return
        }
        let pasteboard = UIPasteboard.general
        if let urls = Self.fileURLs(inPastedText: pasteboard.string ?? "") {
            delegate.inputTextView(self, didPasteFiles: urls)
            return
        }
        pasteboard.loadImage { [weak self] image in
            guard let self else { return }
            if let image, let delegate = self.clipboardAttachmentDelegate {
                delegate.inputTextView(self, didPasteImage: image)
            } else {
                self.pasteText(sender)
            }
        }
    }

    /// Pastes the clipboard's text (UITextView's paste).
    private func pasteText(_ sender: Any?) {
        super.paste(sender)
    }

    private func textDidChange() {
        guard lifecycle.isInitialized else { return }
        updateContent()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: Sizing

    /// The text's height at the current width, between ``minimumHeight`` and ``maxHeight``.
    open override var intrinsicContentSize: CGSize {
        let width = bounds.width > 0 ? bounds.width : 10_000
        let content = sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
        let height = min(max(content, minimumHeight), max(minimumHeight, maxHeight))
        return CGSize(width: UIView.noIntrinsicMetric, height: height)
    }

    /// Whether every line fits within ``maxHeight`` (false: the text is taller and scrolls).
    open var isShowingAllLines: Bool {
        sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude)).height <= maxHeight
    }

    /// Places the placeholder on the first line; a new width re-measures the height.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if bounds.width != lastLayoutWidth {
            lastLayoutWidth = bounds.width
            invalidateIntrinsicContentSize()
        }
        let left = textContainerInset.left + textContainer.lineFragmentPadding
        let right = textContainerInset.right + textContainer.lineFragmentPadding
        let labelHeight = placeholderLabel.intrinsicContentSize.height
        placeholderLabel.frame = CGRect(
            x: left, y: textContainerInset.top,
            width: max(0, bounds.width - left - right), height: max(labelHeight, lineHeight))
        placeholderLabel.textAlignment = effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .left
        // Composition changes the shown text without changing `text`; it lays the view out.
        if lifecycle.isInitialized { placeholderLabel.isHidden = hasText || markedTextRange != nil }
    }
}
