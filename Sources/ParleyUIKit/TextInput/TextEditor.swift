import Foundation

/// What a text editor needs from the view that shows it.
@MainActor
protocol TextEditorHost: AnyObject {
    /// Whether the user may change the text.
    var editorIsEditable: Bool { get }
    /// Whether line breaks are allowed (text views) or not (text fields).
    var editorIsMultiline: Bool { get }
    /// Asks the delegate whether `range` (UTF-16) may become `replacement`.
    func editorShouldChange(range: NSRange, replacement: String) -> Bool
    /// The text changed (by the user).
    func editorDidChange()
    /// The selection or caret moved.
    func editorSelectionDidChange()
    /// Return or Enter was pressed with modifiers; return true when the host handled it (no line break).
    func editorHandleReturn(modifiers: UIKeyModifierFlags) -> Bool
    /// The layout of the shown text (display string) for caret geometry.
    func editorLayout() -> TextLayout
    /// Where the layout's origin is in the host view.
    var editorTextOrigin: CGPoint { get }
    /// How tall a page is, for Page Up/Down.
    var editorPageHeight: CGFloat { get }
}

/// The editing engine shared by `UITextView` and `UITextField`: text, selection, input-method
/// composition, undo, clipboard and keyboard commands, independent of drawing.
///
/// Offsets are UTF-16 (as `NSRange` in UIKit's API); Pango geometry uses UTF-8 byte offsets of
/// the display string (the text with the marked text inserted at the caret, or bullets for secure
/// entry), converted in one place (`displayByte(for:)`, `offset(forDisplayByte:)`).
@MainActor
final class TextEditor {
    struct Snapshot: Equatable {
        var text: String
        var anchor: Int
        var head: Int
    }

    enum EditKind { case typing, deleting, other }

    weak var host: TextEditorHost?
    private(set) var text = ""
    /// Where the selection started (it stays put while shift+arrows move the head).
    private(set) var anchor = 0
    /// The moving end of the selection (the caret).
    private(set) var head = 0
    /// Input-method composition shown at the caret, not yet part of the text.
    private(set) var markedText: String?
    /// The input method's cursor inside the marked text (UTF-16).
    private(set) var markedSelection = NSRange(location: 0, length: 0)
    /// Whether the text shows as bullets.
    var isSecure = false
    /// The x the caret keeps while moving up and down through shorter lines.
    private var goalX: CGFloat?
    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    private var lastEdit: EditKind = .other
    static let undoLimit = 200

    var length: Int { text.utf16.count }
    var selectedRange: NSRange { NSRange(location: min(anchor, head), length: abs(head - anchor)) }
    var hasSelection: Bool { anchor != head }
    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    // MARK: Setting from code (no delegate calls)

    func setText(_ newText: String) {
        text = host?.editorIsMultiline == false ? Self.singleLine(newText) : newText
        anchor = length
        head = length
        markedText = nil
        undoStack.removeAll()
        redoStack.removeAll()
        lastEdit = .other
        goalX = nil
    }

    func select(_ range: NSRange) {
        let start = clamp(range.location), end = clamp(range.location + max(0, range.length))
        anchor = snap(start)
        head = snap(end)
        goalX = nil
    }

    private func clamp(_ offset: Int) -> Int { min(max(0, offset), length) }

    /// Moves an offset back to the start of the character it is inside.
    private func snap(_ offset: Int) -> Int {
        let utf16 = text.utf16
        var index = utf16.index(utf16.startIndex, offsetBy: clamp(offset))
        while index > text.startIndex, index.samePosition(in: text) == nil { index = utf16.index(before: index) }
        return utf16.distance(from: utf16.startIndex, to: index)
    }

    static func singleLine(_ s: String) -> String {
        s.contains(where: \.isNewline) ? String(s.map { $0.isNewline ? " " : $0 }) : s
    }

    // MARK: Display mapping

    /// The string drawn: the text with marked text at the caret, or bullets when secure.
    var displayString: String {
        let base: String
        if let markedText {
            let caret = String.Index(utf16Offset: selectedRange.location, in: text)
            base = String(text[..<caret]) + markedText + String(text[caret...])
        } else {
            base = text
        }
        return isSecure ? String(repeating: "•", count: base.count) : base
    }

    /// The marked text's byte range in the display string.
    var markedDisplayBytes: Range<Int>? {
        guard let markedText, !isSecure else { return nil }
        let start = utf8Offset(ofUTF16: selectedRange.location)
        return start..<(start + markedText.utf8.count)
    }

    private func utf8Offset(ofUTF16 offset: Int) -> Int {
        let utf16 = text.utf16
        let index = utf16.index(utf16.startIndex, offsetBy: clamp(offset))
        return text.utf8.distance(from: text.utf8.startIndex, to: index)
    }

    /// The display byte index of a text offset.
    func displayByte(for offset: Int) -> Int {
        if isSecure {
            let index = String.Index(utf16Offset: clamp(offset), in: text)
            var count = text[..<index].count
            if let markedText, offset > selectedRange.location { count += markedText.count }
            return count * 3
        }
        var byte = utf8Offset(ofUTF16: offset)
        if let markedText, offset > selectedRange.location { byte += markedText.utf8.count }
        return byte
    }

    /// The display byte index of the caret (inside the marked text while composing).
    var caretDisplayByte: Int {
        if let markedText {
            let base = displayByte(for: selectedRange.location)
            let prefix = String(markedText.utf16.prefix(markedSelection.location)) ?? markedText
            return base + (isSecure ? prefix.count * 3 : prefix.utf8.count)
        }
        return displayByte(for: head)
    }

    /// The text offset of a display byte index (inside marked text: the caret).
    func offset(forDisplayByte byte: Int) -> Int {
        if isSecure {
            let characters = byte / 3
            let index = text.index(text.startIndex, offsetBy: min(characters, text.count))
            return text.utf16.distance(from: text.utf16.startIndex, to: index)
        }
        var b = byte
        if let marked = markedDisplayBytes {
            if b >= marked.upperBound { b -= marked.count } else if b > marked.lowerBound { b = marked.lowerBound }
        }
        let utf8 = text.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: min(max(0, b), utf8.count))
        while index > text.startIndex, index.samePosition(in: text) == nil { index = utf8.index(before: index) }
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    // MARK: Editing

    /// Replaces `range` with `replacement` after asking the host; returns whether it did.
    @discardableResult
    func replace(_ range: NSRange, with replacement: String, kind: EditKind) -> Bool {
        guard let host, host.editorIsEditable else { return false }
        let insert = host.editorIsMultiline ? replacement : Self.singleLine(replacement)
        let start = clamp(range.location), end = clamp(range.location + range.length)
        let nsRange = NSRange(location: start, length: end - start)
        guard host.editorShouldChange(range: nsRange, replacement: insert) else { return false }
        // Typing and deleting coalesce into one undo step while they continue at the caret.
        let coalesce = kind != .other && kind == lastEdit && !hasSelection && start == min(anchor, head) || (kind == .deleting && lastEdit == .deleting && end == head)
        if !coalesce { pushUndo() }
        redoStack.removeAll()
        lastEdit = kind
        let lower = String.Index(utf16Offset: start, in: text), upper = String.Index(utf16Offset: end, in: text)
        text.replaceSubrange(lower..<upper, with: insert)
        let caret = start + insert.utf16.count
        anchor = caret
        head = caret
        goalX = nil
        host.editorDidChange()
        host.editorSelectionDidChange()
        return true
    }

    func insert(_ string: String) {
        replace(selectedRange, with: string, kind: string.count == 1 && !string.contains(where: \.isNewline) ? .typing : .other)
    }

    func deleteBackward(byWord: Bool = false) {
        if hasSelection { replace(selectedRange, with: "", kind: .deleting); return }
        guard head > 0 else { return }
        let from = byWord ? wordBoundary(before: head) : characterBoundary(before: head)
        replace(NSRange(location: from, length: head - from), with: "", kind: .deleting)
    }

    func deleteForward(byWord: Bool = false) {
        if hasSelection { replace(selectedRange, with: "", kind: .deleting); return }
        guard head < length else { return }
        let to = byWord ? wordBoundary(after: head) : characterBoundary(after: head)
        replace(NSRange(location: head, length: to - head), with: "", kind: .other)
    }

    private func pushUndo() {
        undoStack.append(Snapshot(text: text, anchor: anchor, head: head))
        if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
    }

    func undo() {
        guard let snapshot = undoStack.popLast() else { return }
        redoStack.append(Snapshot(text: text, anchor: anchor, head: head))
        restore(snapshot)
    }

    func redo() {
        guard let snapshot = redoStack.popLast() else { return }
        undoStack.append(Snapshot(text: text, anchor: anchor, head: head))
        restore(snapshot)
    }

    private func restore(_ snapshot: Snapshot) {
        text = snapshot.text
        anchor = snapshot.anchor
        head = snapshot.head
        lastEdit = .other
        host?.editorDidChange()
        host?.editorSelectionDidChange()
    }

    // MARK: Marked text

    func setMarkedText(_ marked: String?, selectedRange range: NSRange) {
        guard let marked, !marked.isEmpty else {
            markedText = nil
            host?.editorSelectionDidChange()
            return
        }
        if markedText == nil && hasSelection { replace(selectedRange, with: "", kind: .other) }
        markedText = marked
        markedSelection = NSRange(location: min(max(0, range.location), marked.utf16.count), length: 0)
        host?.editorSelectionDidChange()
    }

    func unmarkText(committing committed: String) {
        markedText = nil
        if !committed.isEmpty { insert(committed) } else { host?.editorSelectionDidChange() }
    }

    // MARK: Caret movement

    private func characterBoundary(after offset: Int) -> Int {
        guard offset < length else { return length }
        let index = String.Index(utf16Offset: snap(offset), in: text)
        return text.utf16.distance(from: text.utf16.startIndex, to: text.index(after: index))
    }

    private func characterBoundary(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let index = String.Index(utf16Offset: snap(offset), in: text)
        guard index > text.startIndex else { return 0 }
        return text.utf16.distance(from: text.utf16.startIndex, to: text.index(before: index))
    }

    private static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "'" }

    func wordBoundary(after offset: Int) -> Int {
        var index = String.Index(utf16Offset: snap(offset), in: text)
        while index < text.endIndex, !Self.isWordCharacter(text[index]) { index = text.index(after: index) }
        while index < text.endIndex, Self.isWordCharacter(text[index]) { index = text.index(after: index) }
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    func wordBoundary(before offset: Int) -> Int {
        var index = String.Index(utf16Offset: snap(offset), in: text)
        while index > text.startIndex, !Self.isWordCharacter(text[text.index(before: index)]) { index = text.index(before: index) }
        while index > text.startIndex, Self.isWordCharacter(text[text.index(before: index)]) { index = text.index(before: index) }
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    /// The word (or run of other characters) around `offset`.
    func wordRange(at offset: Int) -> NSRange {
        guard length > 0 else { return NSRange(location: 0, length: 0) }
        let at = min(snap(offset), length)
        var start = String.Index(utf16Offset: at, in: text)
        if start == text.endIndex { start = text.index(before: start) }
        let word = Self.isWordCharacter(text[start])
        var lower = start, upper = text.index(after: start)
        while lower > text.startIndex, Self.isWordCharacter(text[text.index(before: lower)]) == word, !text[text.index(before: lower)].isNewline {
            lower = text.index(before: lower)
        }
        while upper < text.endIndex, Self.isWordCharacter(text[upper]) == word, !text[upper].isNewline { upper = text.index(after: upper) }
        let l = text.utf16.distance(from: text.utf16.startIndex, to: lower), u = text.utf16.distance(from: text.utf16.startIndex, to: upper)
        return NSRange(location: l, length: u - l)
    }

    /// The paragraph (between line breaks) around `offset`.
    func paragraphRange(at offset: Int) -> NSRange {
        let ns = text as NSString
        return ns.paragraphRange(for: NSRange(location: min(offset, ns.length), length: 0))
    }

    /// Moves the caret (extending the selection when `extend`).
    func moveCaret(to offset: Int, extend: Bool, keepGoal: Bool = false) {
        let target = clamp(offset)
        head = target
        if !extend { anchor = target }
        if !keepGoal { goalX = nil }
        lastEdit = .other
        host?.editorSelectionDidChange()
    }

    private func verticalMove(lines: Int, extend: Bool) {
        guard let host else { return }
        let layout = host.editorLayout()
        let caret = layout.caretRect(atByte: displayByte(for: head))
        let x = goalX ?? caret.minX
        let y = lines < 0 ? caret.minY - 1 : caret.maxY + 1
        let target: Int
        if y < 0 {
            target = 0
        } else if y >= layout.size.height {
            target = length
        } else {
            target = offset(forDisplayByte: layout.byteIndex(at: CGPoint(x: x, y: y), text: displayString))
        }
        goalX = x
        // A collapsed selection moving up or down starts from its edge, as editors do.
        if !extend && hasSelection {
            moveCaret(to: lines < 0 ? selectedRange.location : selectedRange.location + selectedRange.length, extend: false)
            return
        }
        moveCaret(to: target, extend: extend, keepGoal: true)
    }

    private func lineBoundary(end: Bool) -> Int {
        guard let host else { return end ? length : 0 }
        let layout = host.editorLayout()
        let range = layout.lineRange(containingByte: displayByte(for: head))
        return offset(forDisplayByte: end ? range.upperBound : range.lowerBound)
    }

    // MARK: Clipboard

    func copy() {
        guard hasSelection, !isSecure else { return }
        let range = selectedRange
        UIPasteboard.general.string = (text as NSString).substring(with: range)
    }

    func cut() {
        guard hasSelection, host?.editorIsEditable == true else { return }
        copy()
        replace(selectedRange, with: "", kind: .other)
    }

    func paste() {
        guard let string = UIPasteboard.general.string, !string.isEmpty else { return }
        replace(selectedRange, with: string, kind: .other)
    }

    func selectAll() {
        anchor = 0
        head = length
        host?.editorSelectionDidChange()
    }

    // MARK: Keys

    /// Handles an editing key; returns whether it was handled.
    func handleKey(_ key: UIKey) -> Bool {
        guard let host else { return false }
        let flags = key.modifierFlags
        let shift = flags.contains(.shift)
        let shortcut = flags.contains(.control) || flags.contains(.command)
        let editable = host.editorIsEditable
        if markedText != nil { return true }   // The input method owns the keys while composing.
        switch key.keyCode {
        case .keyboardLeftArrow:
            if hasSelection && !shift { moveCaret(to: selectedRange.location, extend: false) } else {
                moveCaret(to: shortcut ? wordBoundary(before: head) : characterBoundary(before: head), extend: shift)
            }
        case .keyboardRightArrow:
            if hasSelection && !shift { moveCaret(to: selectedRange.location + selectedRange.length, extend: false) } else {
                moveCaret(to: shortcut ? wordBoundary(after: head) : characterBoundary(after: head), extend: shift)
            }
        case .keyboardUpArrow:
            if !host.editorIsMultiline { moveCaret(to: 0, extend: shift) } else { verticalMove(lines: -1, extend: shift) }
        case .keyboardDownArrow:
            if !host.editorIsMultiline { moveCaret(to: length, extend: shift) } else { verticalMove(lines: 1, extend: shift) }
        case .keyboardHome:
            moveCaret(to: shortcut ? 0 : lineBoundary(end: false), extend: shift)
        case .keyboardEnd:
            moveCaret(to: shortcut ? length : lineBoundary(end: true), extend: shift)
        case .keyboardPageUp, .keyboardPageDown:
            guard host.editorIsMultiline else { return false }
            let lines = max(1, Int(host.editorPageHeight / max(1, host.editorLayout().size.height / CGFloat(max(1, host.editorLayout().totalLineCount)))))
            for _ in 0..<lines { verticalMove(lines: key.keyCode == .keyboardPageUp ? -1 : 1, extend: shift) }
        case .keyboardDeleteOrBackspace:
            guard editable else { return false }
            deleteBackward(byWord: shortcut)
        case .keyboardDeleteForward:
            guard editable else { return false }
            deleteForward(byWord: shortcut)
        case .keyboardReturnOrEnter, .keypadEnter:
            guard editable else { return false }
            if host.editorHandleReturn(modifiers: flags) { return true }
            if host.editorIsMultiline { replace(selectedRange, with: "\n", kind: .other) }
        default:
            guard shortcut else {
                // Printable keys arrive as text input; swallow their key presses so they do not scroll.
                return !key.characters.isEmpty && key.keyCode != .keyboardTab && key.keyCode != .keyboardEscape
            }
            switch key.charactersIgnoringModifiers {
            case "a": selectAll()
            case "c": copy()
            case "x": if editable { cut() } else { return false }
            case "v":
                guard editable else { return false }
                // A text view's `paste(_:)` can be overridden (a composer takes pasted file paths).
                if let textView = host as? UITextView { textView.paste(nil) } else { paste() }
            case "z": if editable { shift ? redo() : undo() } else { return false }
            case "y": if editable { redo() } else { return false }
            default: return false
            }
        }
        return true
    }
}
