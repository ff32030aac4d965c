import Foundation

/// Editable or read-only multi-line text, as UIKit's `UITextView`.
///
/// Selection by mouse (click, shift+click, drag, double click for a word, triple for a paragraph)
/// and keyboard (shift+arrows), caret movement by character, word (Ctrl), line, line ends
/// (Home/End) and document (Ctrl+Home/End), undo/redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y), select all,
/// copy/cut/paste through `UIPasteboard.general`, input-method composition shown underlined at the
/// caret. With `isScrollEnabled = false` the view's intrinsic height follows its text (a growing
/// chat composer). A click focuses it (`becomeFirstResponder`).
///
/// A text view that is neither editable nor scrolling (`isEditable = false`,
/// `isScrollEnabled = false`: read-only text that sizes itself, as chat messages show) keeps its
/// text as `UILabel` does and measures and draws it through the same cached layouts: it makes no
/// editor and no subviews until the user starts selecting (see UITextView+StaticText.swift). Its
/// attributed text keeps every run (fonts, colours, links in `linkTextAttributes`).
///
/// Differences from UIKit: editable text has one font and colour (`typingAttributes` sets them for
/// the whole text; `attributedText` keeps its first run's font and colour); marked text is shown
/// but is not part of `text` until committed; very long texts (over 16 KB) are cut when drawn.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UIKeyInput, MarkedTextInput, TextEditorHost, TextEditorDrawingSource {
    /// The editor and the views that draw its text and caret; made when first needed (editing,
    /// scrolling or selecting), not for read-only text.
    var editorParts: (editor: TextEditor, contentView: TextEditorContentView, caretView: TextCaretView)?
    /// The read-only text (and, while the editor exists, the styling of non-editable text).
    var staticStorage = StaticTextStorage()
    var needsCaretVisible = false

    /// The editor (made, with its views, if it was not yet).
    var editor: TextEditor { loadedEditorParts.editor }
    /// The view the editor's text is drawn in (made, with the editor, if it was not yet).
    var contentView: TextEditorContentView { loadedEditorParts.contentView }
    /// The blinking caret (made, with the editor, if it was not yet).
    var caretView: TextCaretView { loadedEditorParts.caretView }

    /// The delegate (also the scroll view's delegate).
    open weak var textViewDelegate: UITextViewDelegate?

    /// The delegate; it hears both editing and scrolling.
    open override var delegate: UIScrollViewDelegate? {
        get { textViewDelegate ?? super.delegate }
        set {
            textViewDelegate = newValue as? UITextViewDelegate
            super.delegate = newValue
        }
    }

    /// The text.
    open var text: String! {
        get { editorParts?.editor.text ?? staticStorage.text ?? "" }
        set {
            let changed = staticStorage.setText(newValue ?? "")
            if showsStaticText {
                if changed { textDidChangeDisplay() }
                return
            }
            editor.setText(newValue ?? "")
            textDidChangeDisplay()
        }
    }

    /// Styled text kept as a Swift value, shown as `attributedText` would show the same
    /// attributes (a Parley addition, as `UILabel.styledText`: no `NSAttributedString` is made).
    /// Editable text takes its first run's font and colour, as `attributedText`.
    public var styledText: StyledText? {
        get { staticStorage.styled }
        set {
            staticStorage.setStyled(newValue)
            if !showsStaticText { editor.setText(newValue?.string ?? "") }
            textDidChangeDisplay()
        }
    }

    /// The attributes links (`.link` runs) are drawn with, over their own (default: the tint
    /// colour). An empty dictionary leaves links as their runs style them.
    open var linkTextAttributes: [NSAttributedString.Key: Any]! {
        get { customLinkTextAttributes ?? [.foregroundColor: tintColor ?? UIColor.systemBlue] }
        set {
            customLinkTextAttributes = newValue ?? [:]
            textDidChangeDisplay()
        }
    }
    /// `linkTextAttributes` when set; nil for the tint colour.
    private var customLinkTextAttributes: [NSAttributedString.Key: Any]?
    /// The attributes links are drawn with, or nil when they keep their own.
    var linkDrawingAttributes: [NSAttributedString.Key: Any]? {
        let attributes = linkTextAttributes ?? [:]
        return attributes.isEmpty ? nil : attributes
    }

    /// The kinds of data that read-only text turns into links (`.link`: web addresses), drawn
    /// with `linkTextAttributes`. Editable text detects nothing, as in UIKit.
    open var dataDetectorTypes: UIDataDetectorTypes = [] { didSet { if dataDetectorTypes != oldValue { textDidChangeDisplay() } } }

    /// The styled text. Editable text takes the first run's font and colour for all of it;
    /// non-editable text keeps every run.
    open var attributedText: NSAttributedString! {
        get {
            guard isEditable else { return staticStorage.attributedText(font: font, color: textColor) }
            return NSAttributedString(string: editor.text, attributes: typingAttributes)
        }
        set {
            guard let newValue else { text = ""; return }
            if newValue.length > 0 {
                let attributes = newValue.attributes(at: 0, effectiveRange: nil)
                if let f = attributes[.font] as? UIFont { font = f }
                if let c = attributes[.foregroundColor] as? UIColor { textColor = c }
            }
            staticStorage.setAttributed(newValue)
            if !showsStaticText { editor.setText(newValue.string) }
            textDidChangeDisplay()
        }
    }

    /// The font (default: system 17).
    open var font: UIFont? = .systemFont(ofSize: 17) {
        didSet {
            if adjustsFontForContentSizeCategory, let font { self.font = font.resolved(for: traitCollection.preferredContentSizeCategory) }
            if font != oldValue || editorParts != nil { textDidChangeDisplay() }
        }
    }
    /// The text colour (default: label).
    open var textColor: UIColor? = .label { didSet { if textColor != oldValue || textColor?.isDynamic == true { textDidChangeColor() } } }
    /// Horizontal alignment.
    open var textAlignment: NSTextAlignment = .natural { didSet { if textAlignment != oldValue { textDidChangeDisplay() } } }
    /// The attributes new text gets: the font and colour of the whole text.
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { [.font: font ?? UIFont.systemFont(ofSize: 17), .foregroundColor: textColor ?? UIColor.label] }
        set {
            if let f = newValue[.font] as? UIFont { font = f }
            if let c = newValue[.foregroundColor] as? UIColor { textColor = c }
        }
    }
    /// Space between the view's edges and the text container (default 8 above and below).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { if textContainerInset != oldValue { textDidChangeDisplay() } }
    }
    /// The text container's settings.
    public let textContainer = NSTextContainer()
    /// Whether the user can edit.
    open var isEditable = true {
        didSet {
            guard isEditable != oldValue else { return }
            if !isEditable && isFirstResponder && !isSelectable { resignFirstResponder() }
            modeDidChange()
            updateCaret()
        }
    }
    /// Whether the user can select (and copy).
    open var isSelectable = true
    /// The selection (UTF-16, as `NSRange`); a zero length is the caret.
    open var selectedRange: NSRange {
        get { editorParts?.editor.selectedRange ?? NSRange(location: text.utf16.count, length: 0) }
        set {
            editor.select(newValue)
            selectionDidChangeDisplay()
        }
    }
    /// The range of input-method text being composed (nil when not composing), in the display's UTF-16 units.
    public var markedTextRange: NSRange? {
        guard let editor = editorParts?.editor, let marked = editor.markedText else { return nil }
        return NSRange(location: editor.selectedRange.location, length: marked.utf16.count)
    }
    /// The keyboard's return key title (accepted; there is no on-screen keyboard).
    open var returnKeyType: UIReturnKeyType = .default
    /// Auto-correction (accepted; not implemented).
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Auto-capitalisation (accepted; not implemented).
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// Whether a scalable font (a text style's, or one from ``UIFontMetrics``) follows the
    /// content size category of the view's traits, now and when they change.
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory, let font { self.font = font } }
    }

    /// The notification posted when the user changes the text.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// The notification posted when editing begins.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// The notification posted when editing ends.
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    /// A text view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        textContainer.onChange = { [weak self] in self?.textDidChangeDisplay() }
        alwaysBounceVertical = false
        showsHorizontalScrollIndicator = false
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Scrolls on wheel and touch, but a mouse drag selects text.
    override var scrollsOnPointerDrag: Bool { false }

    // MARK: Layout

    private var containerWidth: CGFloat {
        max(1, bounds.width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding)
    }

    func textRequest(width: CGFloat) -> TextRequest {
        // Non-editable text keeps its runs (and is measured like a label's); its selection maps
        // to the same string.
        if !isEditable { return staticTextRequest(width: width) }
        let display = editor.displayString
        let content: TextContent
        if let marked = editor.markedDisplayBytes {
            var run = TextRun(start: marked.lowerBound, end: marked.upperBound)
            run.underline = NSUnderlineStyle.single.rawValue
            content = .attributed(display, [run])
        } else {
            content = .plain(display)
        }
        // Natural alignment is the UI's leading edge right to left, as in `UILabel`.
        let alignment = textAlignment == .natural && effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : textAlignment
        return TextRequest(content: content, font: font ?? .systemFont(ofSize: 17), width: width,
                           maxLines: textContainer.maximumNumberOfLines, lineBreakMode: .byWordWrapping, alignment: alignment)
    }

    var contentLayout: TextLayout { TextEngine.shared.layout(for: textRequest(width: containerWidth)) }
    var layoutWidth: CGFloat { containerWidth }
    var textOriginInContent: CGPoint { CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top) }

    /// The height of the text at `width`, with the insets, rounded up to device pixels.
    private func contentHeight(forWidth width: CGFloat) -> CGFloat {
        let inner = max(1, width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding)
        let layout = TextEngine.shared.layout(for: textRequest(width: inner))
        let lineHeight = TextEngine.shared.metrics(for: font ?? .systemFont(ofSize: 17)).lineHeight
        let height = max(layout.size.height, lineHeight) + textContainerInset.top + textContainerInset.bottom
        return height.ceiled(toScale: max(1, traitCollection.displayScale))
    }

    /// The text's height for the width (the width asked).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if showsStaticText { return staticSizeThatFits(size) }
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        return CGSize(width: width, height: contentHeight(forWidth: width))
    }

    /// Without scrolling, the height of the text at the current width.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return super.intrinsicContentSize }
        if showsStaticText { return staticIntrinsicContentSize }
        return CGSize(width: UIView.noIntrinsicMetric, height: contentHeight(forWidth: bounds.width > 0 ? bounds.width : 10_000))
    }

    /// Whether the content scrolls (false: the view grows with its text).
    open override var isScrollEnabled: Bool {
        didSet {
            guard isScrollEnabled != oldValue else { return }
            modeDidChange()
            invalidateIntrinsicContentSize()
        }
    }

    /// Sizes the text area and places the caret.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !showsStaticText else { return }
        let height = contentHeight(forWidth: bounds.width)
        let frame = CGRect(x: 0, y: 0, width: bounds.width, height: max(height, isScrollEnabled ? 0 : bounds.height))
        if contentView.frame != frame { contentView.frame = frame }
        let size = CGSize(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
        updateCaret()
        if needsCaretVisible && isScrollEnabled {
            needsCaretVisible = false
            scrollRectToVisible(caretView.frame.insetBy(dx: 0, dy: -textContainerInset.top), animated: false)
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        // Links drawn in the tint colour are converted runs.
        if customLinkTextAttributes == nil, staticStorage.isStyled || !dataDetectorTypes.isEmpty { staticStorage.invalidate() }
        textDidChangeColor()
    }

    /// Draws read-only text (see UITextView+StaticText.swift); the editor's content view draws
    /// editable text.
    open override func draw(_ rect: CGRect) {
        if !drawStaticText() { super.draw(rect) }
    }

    /// Re-resolves the colours of styled read-only text when the traits change, and the font
    /// when it adjusts for the content size category.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory, let font,
           previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            self.font = font.resolved(for: traitCollection.preferredContentSizeCategory)
        }
        if staticStorage.traitsDidChange() { textDidChangeColor() }
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }
    /// Editable text takes keyboard focus (Tab reaches it).
    open override var canBecomeFocused: Bool { isEditable && isUserInteractionEnabled }

    /// Text views are accessibility elements.
    override var defaultIsAccessibilityElement: Bool { true }
    /// A read-only text view reads its text as its label.
    override var defaultAccessibilityLabel: String? { isEditable ? nil : text }
    /// An editable text view's value is its text.
    override var defaultAccessibilityValue: String? { isEditable ? text : nil }
    /// Read-only text is static text.
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEditable ? [] : .staticText }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        if isEditable, textViewDelegate?.textViewShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        if isEditable {
            textViewDelegate?.textViewDidBeginEditing(self)
            NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
            UIApplication.shared.updateTextInputRect()
        }
        selectionDidChangeDisplay()
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        if isEditable, textViewDelegate?.textViewShouldEndEditing(self) == false { return false }
        if editor.markedText != nil { editor.unmarkText(committing: "") }
        guard super.resignFirstResponder() else { return false }
        if let scene = window?.windowScene { UIApplication.shared.backend.setTextInput(active: false, window: scene.nativeWindow, caretRect: nil) }
        caretView.deactivate()
        contentView.setNeedsDisplay()
        if isEditable {
            textViewDelegate?.textViewDidEndEditing(self)
            NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        }
        modeDidChange()
        return true
    }

    // MARK: Text input

    /// Pastes the clipboard's text at the selection, as UIKit's `paste(_:)`; Ctrl+V calls it, so a
    /// subclass can take the clipboard another way (a chat composer attaches pasted file paths).
    open func paste(_ sender: Any?) { editor.paste() }

    // MARK: Keys

    /// Editing keys (arrows, Backspace, Return, shortcuts) edit; others go up the responder chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled: Set<UIPress> = []
        for press in presses {
            guard let key = press.key, isFirstResponder, editor.handleKey(key) else { unhandled.insert(press); continue }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    // MARK: Pointer

    private var dragGranularity = 1

    private func offset(at point: CGPoint) -> Int {
        let local = contentView.convert(point, from: self)
        let origin = textOriginInContent
        let byte = contentLayout.byteIndex(at: CGPoint(x: local.x - origin.x, y: local.y - origin.y), text: editor.displayString)
        return editor.offset(forDisplayByte: byte)
    }

    /// Where a single click on read-only text went down: a drag from there starts selecting (a
    /// click alone neither selects nor takes the focus).
    private var pendingSelectionStart: CGPoint?

    /// A click focuses, places the caret (shift extends), double-click selects a word, triple a
    /// paragraph. On read-only text a single click does nothing until it drags.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isEditable || isSelectable else { return super.touchesBegan(touches, with: event) }
        pendingSelectionStart = nil
        if showsStaticText && touch.tapCount < 2 {
            pendingSelectionStart = touch.location(in: self)
            dragGranularity = 1
            return
        }
        if !isFirstResponder { becomeFirstResponder() }
        if editor.markedText != nil { editor.unmarkText(committing: editor.markedText ?? "") }
        let at = offset(at: touch.location(in: self))
        dragGranularity = touch.tapCount
        switch touch.tapCount {
        case 2: selectedRange = editor.wordRange(at: at)
        case 3...: selectedRange = editor.paragraphRange(at: at)
        default:
            if event?.modifierFlags.contains(.shift) == true { editor.moveCaret(to: at, extend: true) } else { editor.moveCaret(to: at, extend: false) }
        }
    }

    /// Dragging extends the selection (on read-only text, starts it where the click went down).
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isEditable || isSelectable, dragGranularity <= 1 else { return }
        if let start = pendingSelectionStart {
            pendingSelectionStart = nil
            if !isFirstResponder { becomeFirstResponder() }
            editor.moveCaret(to: offset(at: start), extend: false)
        }
        editor.moveCaret(to: offset(at: touch.location(in: self)), extend: true)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { pendingSelectionStart = nil }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { pendingSelectionStart = nil }
}
