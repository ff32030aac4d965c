import Foundation

/// Text input (``UIKeyInput``, marked text, the edit commands), the editor host and the caret
/// and selection display of ``UITextView``.
extension UITextView {
    // MARK: Text input

    /// Whether there is text.
    public var hasText: Bool { !text.isEmpty }

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

    // MARK: Caret and selection display

    func textDidChangeDisplay() {
        staticStorage.invalidate()
        if let parts = editorParts { parts.contentView.setNeedsDisplay() } else { setNeedsDisplay() }
        setNeedsLayout()
        if !isScrollEnabled { invalidateIntrinsicContentSize() }
    }

    func textDidChangeColor() {
        if let parts = editorParts { parts.contentView.setNeedsDisplay() } else { setNeedsDisplay() }
    }

    func selectionDidChangeDisplay() {
        contentView.setNeedsDisplay()
        needsCaretVisible = true
        setNeedsLayout()
        updateCaret()
        caretView.restartBlinking()
    }

    func updateCaret() {
        guard editorParts != nil else { return }
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
