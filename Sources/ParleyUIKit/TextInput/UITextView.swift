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
/// Differences from UIKit: the text has one font and colour (`typingAttributes` sets them for the
/// whole text; `attributedText` keeps its first run's font and colour); marked text is shown but is
/// not part of `text` until committed; very long texts (over 16 KB) are cut when drawn.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UIKeyInput, MarkedTextInput, TextEditorHost, TextEditorDrawingSource {
    let editor = TextEditor()
    let contentView = TextEditorContentView()
    let caretView = TextCaretView()
    private var needsCaretVisible = false

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
        get { editor.text }
        set {
            editor.setText(newValue ?? "")
            textDidChangeDisplay()
        }
    }

    /// The text with its font and colour (setting takes the first run's font and colour for all of it).
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: editor.text, attributes: typingAttributes) }
        set {
            guard let newValue else { text = ""; return }
            if newValue.length > 0 {
                let attributes = newValue.attributes(at: 0, effectiveRange: nil)
                if let f = attributes[.font] as? UIFont { font = f }
                if let c = attributes[.foregroundColor] as? UIColor { textColor = c }
            }
            text = newValue.string
        }
    }

    /// The font (default: system 17).
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { textDidChangeDisplay() } }
    /// The text colour (default: label).
    open var textColor: UIColor? = .label { didSet { contentView.setNeedsDisplay() } }
    /// Horizontal alignment.
    open var textAlignment: NSTextAlignment = .natural { didSet { textDidChangeDisplay() } }
    /// The attributes new text gets: the font and colour of the whole text.
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { [.font: font ?? UIFont.systemFont(ofSize: 17), .foregroundColor: textColor ?? UIColor.label] }
        set {
            if let f = newValue[.font] as? UIFont { font = f }
            if let c = newValue[.foregroundColor] as? UIColor { textColor = c }
        }
    }
    /// Space between the view's edges and the text container (default 8 above and below).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textDidChangeDisplay() } }
    /// The text container's settings.
    public let textContainer = NSTextContainer()
    /// Whether the user can edit.
    open var isEditable = true {
        didSet {
            if !isEditable && isFirstResponder && !isSelectable { resignFirstResponder() }
            updateCaret()
        }
    }
    /// Whether the user can select (and copy).
    open var isSelectable = true
    /// The selection (UTF-16, as `NSRange`); a zero length is the caret.
    open var selectedRange: NSRange {
        get { editor.selectedRange }
        set {
            editor.select(newValue)
            selectionDidChangeDisplay()
        }
    }
    /// The range of input-method text being composed (nil when not composing), in the display's UTF-16 units.
    public var markedTextRange: NSRange? {
        guard let marked = editor.markedText else { return nil }
        return NSRange(location: editor.selectedRange.location, length: marked.utf16.count)
    }
    /// The keyboard's return key title (accepted; there is no on-screen keyboard).
    open var returnKeyType: UIReturnKeyType = .default
    /// Auto-correction (accepted; not implemented).
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Auto-capitalisation (accepted; not implemented).
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// Whether the font follows the content size category.
    open var adjustsFontForContentSizeCategory = false

    /// The notification posted when the user changes the text.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// The notification posted when editing begins.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// The notification posted when editing ends.
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    /// A text view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        editor.host = self
        contentView.source = self
        backgroundColor = .systemBackground
        addSubview(contentView)
        contentView.addSubview(caretView)
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
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        return CGSize(width: width, height: contentHeight(forWidth: width))
    }

    /// Without scrolling, the height of the text at the current width.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return super.intrinsicContentSize }
        return CGSize(width: UIView.noIntrinsicMetric, height: contentHeight(forWidth: bounds.width > 0 ? bounds.width : 10_000))
    }

    /// Whether the content scrolls (false: the view grows with its text).
    open override var isScrollEnabled: Bool {
        didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Sizes the text area and places the caret.
    open override func layoutSubviews() {
        super.layoutSubviews()
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

    private func textDidChangeDisplay() {
        contentView.setNeedsDisplay()
        setNeedsLayout()
        if !isScrollEnabled { invalidateIntrinsicContentSize() }
    }

    private func selectionDidChangeDisplay() {
        contentView.setNeedsDisplay()
        needsCaretVisible = true
        setNeedsLayout()
        updateCaret()
        caretView.restartBlinking()
    }

    private func updateCaret() {
        let showsCaret = isFirstResponder && isEditable && (!editor.hasSelection || editor.markedText != nil)
        if showsCaret != caretView.isActive {
            if showsCaret { caretView.activate() } else { caretView.deactivate() }
        }
        guard showsCaret else { return }
        let rect = caretRect(forDisplayByte: editor.caretDisplayByte)
        if caretView.frame != rect { caretView.frame = rect }
    }

    private func caretRect(forDisplayByte byte: Int) -> CGRect {
        let r = contentLayout.caretRect(atByte: byte)
        let origin = textOriginInContent
        return CGRect(x: (r.minX + origin.x - TextCaretView.width / 2).rounded(toScale: max(1, traitCollection.displayScale)), y: r.minY + origin.y,
                      width: TextCaretView.width, height: r.height)
    }

    var selectionDisplayBytes: Range<Int> {
        let range = editor.selectedRange
        guard range.length > 0 else { return 0..<0 }
        return editor.displayByte(for: range.location)..<editor.displayByte(for: range.location + range.length)
    }

    var selectionColor: UIColor { isFirstResponder ? tintColor.withAlphaComponent(0.28) : UIColor.systemGray.withAlphaComponent(0.25) }
    var textDrawingColor: UIColor { textColor ?? .label }
    var placeholderLayout: (layout: TextLayout, width: CGFloat, color: UIColor)? { nil }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        contentView.setNeedsDisplay()
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }
    /// Editable text takes keyboard focus (Tab reaches it).
    open override var canBecomeFocused: Bool { isEditable && isUserInteractionEnabled }

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
        return true
    }

    // MARK: Text input

    /// Whether there is text.
    public var hasText: Bool { !editor.text.isEmpty }

    /// Inserts typed text at the caret (through the delegate).
    public func insertText(_ text: String) {
        guard isEditable else { return }
        editor.insert(text)
    }

    /// Deletes the character before the caret (or the selection).
    public func deleteBackward() {
        guard isEditable else { return }
        editor.deleteBackward()
    }

    /// Replaces a range (UTF-16) with text, as the user would (through the delegate).
    public func replace(_ range: NSRange, withText text: String) {
        editor.replace(range, with: text, kind: .other)
    }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        guard isEditable else { return }
        editor.setMarkedText(markedText, selectedRange: selectedRange)
    }

    func unmarkText(committing text: String) {
        guard isEditable else { return }
        editor.unmarkText(committing: text)
    }

    var caretRectForInputMethod: CGRect { contentView.convert(caretRect(forDisplayByte: editor.caretDisplayByte), to: self) }
    var wantsIBeamCursor: Bool { isEditable || isSelectable }

    /// Undoes the last change (Ctrl+Z).
    public func undo() { editor.undo() }
    /// Redoes the last undone change (Ctrl+Shift+Z).
    public func redo() { editor.redo() }
    /// Selects everything (Ctrl+A).
    public func selectAll() { editor.selectAll() }
    /// Copies the selection (Ctrl+C).
    public func copy() { editor.copy() }
    /// Cuts the selection (Ctrl+X).
    public func cut() { editor.cut() }
    /// Pastes the clipboard (Ctrl+V).
    public func paste() { paste(nil) }
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

    /// A click focuses, places the caret (shift extends), double-click selects a word, triple a paragraph.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isEditable || isSelectable else { return super.touchesBegan(touches, with: event) }
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

    /// Dragging extends the selection.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isEditable || isSelectable, dragGranularity <= 1 else { return }
        editor.moveCaret(to: offset(at: touch.location(in: self)), extend: true)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // MARK: TextEditorHost

    var editorIsEditable: Bool { isEditable }
    var editorIsMultiline: Bool { true }

    func editorShouldChange(range: NSRange, replacement: String) -> Bool {
        textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true
    }

    func editorDidChange() {
        textDidChangeDisplay()
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func editorSelectionDidChange() {
        selectionDidChangeDisplay()
        textViewDelegate?.textViewDidChangeSelection(self)
    }

    func editorHandleReturn(modifiers: UIKeyModifierFlags) -> Bool {
        !(textViewDelegate?.textView(self, shouldReturnWith: modifiers) ?? true)
    }

    func editorLayout() -> TextLayout { contentLayout }
    var editorTextOrigin: CGPoint { textOriginInContent }
    var editorPageHeight: CGFloat { bounds.height - textContainerInset.top - textContainerInset.bottom }
}

/// The title of the return key (accepted for compatibility; there is no on-screen keyboard).
public enum UIReturnKeyType: Int, Sendable {
    /// Return.
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Auto-correction settings (accepted for compatibility).
public enum UITextAutocorrectionType: Int, Sendable {
    /// The default, on, off.
    case `default`, no, yes
}

/// Auto-capitalisation settings (accepted for compatibility).
public enum UITextAutocapitalizationType: Int, Sendable {
    /// None, words, sentences, all characters.
    case none, words, sentences, allCharacters
}
