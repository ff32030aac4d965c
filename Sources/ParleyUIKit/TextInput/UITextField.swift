import Foundation

/// Hears a text field's editing, as UIKit's `UITextFieldDelegate`. Every method is optional.
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether editing may begin (default true).
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// Editing began.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether editing may end (default true).
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// Editing ended.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Whether the user's change of `range` to `string` may happen (default true).
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// Return was pressed; return false to ignore it (default true).
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
    /// The selection changed.
    func textFieldDidChangeSelection(_ textField: UITextField)
}

extension UITextFieldDelegate {
    /// Begins by default.
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing by default.
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    /// Ends by default.
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing by default.
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Allows every change by default.
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    /// Returns by default.
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
    /// Does nothing by default.
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
}

/// One line of editable text with a placeholder, as UIKit's `UITextField`.
///
/// It shares the text view's editing (selection, word and line movement, undo, clipboard, input
/// method). Line breaks typed or pasted become spaces. Return asks the delegate's
/// `textFieldShouldReturn(_:)` and sends `.editingDidEndOnExit`; editing sends `.editingDidBegin`,
/// `.editingChanged` and `.editingDidEnd`.
@preconcurrency @MainActor
open class UITextField: UIControl, UIKeyInput, MarkedTextInput, TextEditorHost, TextEditorDrawingSource {
    /// The border styles.
    public enum BorderStyle: Int, Sendable {
        /// No border.
        case none
        /// A thin line.
        case line
        /// A bezel (drawn as a line).
        case bezel
        /// Rounded corners, the usual look.
        case roundedRect
    }

    let editor = TextEditor()
    let contentView = TextEditorContentView()
    let caretView = TextCaretView()
    private var scrollX: CGFloat = 0

    /// The delegate.
    open weak var delegate: UITextFieldDelegate?

    /// The text.
    open var text: String? {
        get { editor.text }
        set { editor.setText(newValue ?? ""); displayDidChange() }
    }
    /// The text shown when empty.
    open var placeholder: String? { didSet { contentView.setNeedsDisplay() } }

    /// The placeholder names the field until a label is set.
    override var defaultAccessibilityLabel: String? { placeholder }
    /// The value is the text (bullets for secure entry).
    override var defaultAccessibilityValue: String? {
        isSecureTextEntry ? String(repeating: "•", count: (text ?? "").count) : text
    }
    /// The font; a scalable one takes the field's content size category when the field adjusts.
    open var font: UIFont? = .systemFont(ofSize: 17) {
        didSet {
            if adjustsFontForContentSizeCategory, let font { self.font = font.resolved(for: traitCollection.preferredContentSizeCategory) }
            displayDidChange()
            invalidateIntrinsicContentSize()
        }
    }
    /// Whether a scalable font (a text style's, or one from ``UIFontMetrics``) follows the
    /// content size category of the field's traits, now and when they change.
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory, let font { self.font = font } }
    }

    /// Re-sizes the font when it adjusts for the content size category.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory, let font,
           previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            self.font = font.resolved(for: traitCollection.preferredContentSizeCategory)
        }
    }
    /// The text colour.
    open var textColor: UIColor? = .label { didSet { contentView.setNeedsDisplay() } }
    /// Horizontal alignment: left, right, or natural (right in a right-to-left UI); others are
    /// drawn left. Text wider than the field scrolls from the left.
    open var textAlignment: NSTextAlignment = .natural { didSet { if textAlignment != oldValue { displayDidChange() } } }
    /// The border style.
    open var borderStyle: BorderStyle = .none { didSet { updateBorder() } }
    /// Whether the text shows as bullets.
    open var isSecureTextEntry = false { didSet { editor.isSecure = isSecureTextEntry; displayDidChange() } }
    /// Whether clearing happens when editing begins.
    open var clearsOnBeginEditing = false
    /// The return key's title (accepted).
    open var returnKeyType: UIReturnKeyType = .default
    /// Auto-correction (accepted).
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Auto-capitalisation (accepted).
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// Whether the field is being edited (first responder).
    public var isEditing: Bool { isFirstResponder }
    /// The selection (UTF-16).
    open var selectedRange: NSRange {
        get { editor.selectedRange }
        set { editor.select(newValue); selectionDidChangeDisplay() }
    }

    /// The notification posted when the user changes the text.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")

    static let horizontalPadding: CGFloat = 6

    /// A text field.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        editor.host = self
        contentView.source = self
        addSubview(contentView)
        contentView.addSubview(caretView)
        isOpaque = false
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    private func updateBorder() {
        switch borderStyle {
        case .none:
            layer.borderWidth = 0
            layer.cornerRadius = 0
        case .roundedRect:
            layer.borderWidth = 1
            layer.borderColor = .systemGray4
            layer.cornerRadius = 6
            if backgroundColor == nil { backgroundColor = .systemBackground }
        case .line, .bezel:
            layer.borderWidth = 1
            layer.borderColor = .systemGray3
            layer.cornerRadius = 0
        }
        setNeedsLayout()
    }

    private var padding: CGFloat { borderStyle == .none ? 0 : Self.horizontalPadding }
    private var resolvedFont: UIFont { font ?? .systemFont(ofSize: 17) }

    var contentLayout: TextLayout {
        let display = editor.displayString
        let content: TextContent
        if let marked = editor.markedDisplayBytes {
            var run = TextRun(start: marked.lowerBound, end: marked.upperBound)
            run.underline = NSUnderlineStyle.single.rawValue
            content = .attributed(display, [run])
        } else {
            content = .plain(display)
        }
        return TextEngine.shared.layout(for: TextRequest(content: content, font: resolvedFont, width: nil, maxLines: 1, lineBreakMode: .byClipping))
    }
    var layoutWidth: CGFloat { max(contentLayout.size.width, 1) }
    var textOriginInContent: CGPoint {
        let height = TextEngine.shared.metrics(for: resolvedFont).lineHeight
        let y = ((bounds.height - height) / 2).rounded(toScale: max(1, traitCollection.displayScale))
        // Right-aligned (natural alignment in a right-to-left UI) while the text fits; longer
        // text scrolls as left-aligned text does.
        let alignsRight = textAlignment == .right || (textAlignment == .natural && effectiveUserInterfaceLayoutDirection == .rightToLeft)
        if alignsRight {
            let width = placeholderLayout?.width ?? contentLayout.size.width
            let room = bounds.width - 2 * padding - TextCaretView.width
            if width <= room { return CGPoint(x: (bounds.width - padding - TextCaretView.width - width).rounded(toScale: max(1, traitCollection.displayScale)), y: y) }
        }
        return CGPoint(x: padding - scrollX, y: y)
    }
    var selectionDisplayBytes: Range<Int> {
        let range = editor.selectedRange
        guard range.length > 0 else { return 0..<0 }
        return editor.displayByte(for: range.location)..<editor.displayByte(for: range.location + range.length)
    }
    var selectionColor: UIColor { isFirstResponder ? tintColor.withAlphaComponent(0.28) : UIColor.systemGray.withAlphaComponent(0.25) }
    var textDrawingColor: UIColor { textColor ?? .label }
    var placeholderLayout: (layout: TextLayout, width: CGFloat, color: UIColor)? {
        guard editor.text.isEmpty, editor.markedText == nil, let placeholder, !placeholder.isEmpty else { return nil }
        let layout = TextEngine.shared.layout(for: TextRequest(content: .plain(placeholder), font: resolvedFont, width: nil, maxLines: 1, lineBreakMode: .byClipping))
        return (layout, layout.size.width, .placeholderText)
    }

    /// One line of the font, with the border's padding.
    open override var intrinsicContentSize: CGSize {
        let lineHeight = TextEngine.shared.metrics(for: resolvedFont).lineHeight
        let width = max(contentLayout.size.width, placeholderLayout?.width ?? 0) + 2 * padding + TextCaretView.width
        return CGSize(width: width.ceiled(toScale: 2), height: (lineHeight + (borderStyle == .none ? 0 : 14)).ceiled(toScale: 2))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Keeps the caret inside the visible width (the text scrolls horizontally).
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        contentView.clipsToBounds = true
        updateCaret()
    }

    private func displayDidChange() {
        contentView.setNeedsDisplay()
        setNeedsLayout()
    }

    private func selectionDidChangeDisplay() {
        contentView.setNeedsDisplay()
        setNeedsLayout()
        updateCaret()
        caretView.restartBlinking()
    }

    private func updateCaret() {
        let showsCaret = isFirstResponder && (!editor.hasSelection || editor.markedText != nil)
        if showsCaret != caretView.isActive {
            if showsCaret { caretView.activate() } else { caretView.deactivate() }
        }
        let caretX = contentLayout.caretRect(atByte: editor.caretDisplayByte).minX
        let visible = bounds.width - 2 * padding - TextCaretView.width
        if visible > 0 {
            var newScroll = scrollX
            if caretX - newScroll > visible { newScroll = caretX - visible }
            if caretX - newScroll < 0 { newScroll = caretX }
            newScroll = max(0, min(newScroll, max(0, contentLayout.size.width - visible)))
            if newScroll != scrollX { scrollX = newScroll; contentView.setNeedsDisplay() }
        }
        guard showsCaret else { return }
        let r = contentLayout.caretRect(atByte: editor.caretDisplayByte)
        let origin = textOriginInContent
        let height = max(r.height, TextEngine.shared.metrics(for: resolvedFont).lineHeight)
        caretView.frame = CGRect(x: (r.minX + origin.x - TextCaretView.width / 2).rounded(toScale: max(1, traitCollection.displayScale)),
                                 y: origin.y, width: TextCaretView.width, height: height)
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        if delegate?.textFieldShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        if clearsOnBeginEditing { text = "" }
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        UIApplication.shared.updateTextInputRect()
        selectionDidChangeDisplay()
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        if delegate?.textFieldShouldEndEditing(self) == false { return false }
        if editor.markedText != nil { editor.unmarkText(committing: "") }
        guard super.resignFirstResponder() else { return false }
        if let scene = window?.windowScene { UIApplication.shared.backend.setTextInput(active: false, window: scene.nativeWindow, caretRect: nil) }
        caretView.deactivate()
        contentView.setNeedsDisplay()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        return true
    }

    // MARK: Text input

    /// Whether there is text.
    public var hasText: Bool { !editor.text.isEmpty }
    /// Inserts typed text at the caret (through the delegate).
    public func insertText(_ text: String) { editor.insert(text) }
    /// Deletes the character before the caret (or the selection).
    public func deleteBackward() { editor.deleteBackward() }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) { editor.setMarkedText(markedText, selectedRange: selectedRange) }
    func unmarkText(committing text: String) { editor.unmarkText(committing: text) }
    var caretRectForInputMethod: CGRect { caretView.frame }
    var wantsIBeamCursor: Bool { isEnabled }

    /// Editing keys edit; others go up the responder chain.
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
        let origin = textOriginInContent
        let byte = contentLayout.byteIndex(at: CGPoint(x: point.x - origin.x, y: 1), text: editor.displayString)
        return editor.offset(forDisplayByte: byte)
    }

    /// A click focuses and places the caret; double-click selects a word, triple all.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        if !isFirstResponder { becomeFirstResponder() }
        let at = offset(at: touch.location(in: self))
        dragGranularity = touch.tapCount
        switch touch.tapCount {
        case 2: selectedRange = editor.wordRange(at: at)
        case 3...: editor.selectAll()
        default: editor.moveCaret(to: at, extend: event?.modifierFlags.contains(.shift) == true)
        }
    }

    /// Dragging extends the selection.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first, dragGranularity <= 1 else { return }
        editor.moveCaret(to: offset(at: touch.location(in: self)), extend: true)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // MARK: TextEditorHost

    var editorIsEditable: Bool { isEnabled }
    var editorIsMultiline: Bool { false }

    func editorShouldChange(range: NSRange, replacement: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true
    }

    func editorDidChange() {
        displayDidChange()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func editorSelectionDidChange() {
        selectionDidChangeDisplay()
        delegate?.textFieldDidChangeSelection(self)
    }

    func editorHandleReturn(modifiers: UIKeyModifierFlags) -> Bool {
        if delegate?.textFieldShouldReturn(self) ?? true { sendActions(for: .editingDidEndOnExit) }
        return true
    }

    func editorLayout() -> TextLayout { contentLayout }
    var editorTextOrigin: CGPoint { textOriginInContent }
    var editorPageHeight: CGFloat { bounds.height }
}
