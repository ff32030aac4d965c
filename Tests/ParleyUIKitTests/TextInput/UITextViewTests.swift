import Foundation
import Testing
@testable import ParleyUIKit

/// Typing, composition, selection, clipboard, undo and Return in text views and fields.
@Suite(.serialized) @MainActor
struct UITextViewTests {
    final class Delegate: UITextViewDelegate {
        var changes = 0
        var returns: [UIKeyModifierFlags] = []
        var replacements: [String] = []
        var sent: [String] = []
        var sendsOnEnter = false
        weak var textView: UITextView?
        func textViewDidChange(_ textView: UITextView) { changes += 1 }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            replacements.append(text)
            return text != "#"
        }
        func textView(_ textView: UITextView, shouldReturnWith modifierFlags: UIKeyModifierFlags) -> Bool {
            returns.append(modifierFlags)
            guard sendsOnEnter, !modifierFlags.contains(.shift) else { return true }
            sent.append(textView.text)
            textView.text = ""
            return false
        }
    }

    private func makeTextView() -> (HeadlessBackend, UITextView, Delegate) {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 320, height: 240))
        let textView = UITextView(frame: CGRect(x: 10, y: 10, width: 300, height: 120))
        let delegate = Delegate()
        textView.delegate = delegate
        window.addSubview(textView)
        backend.advance(by: 0.05)
        backend.tap(at: CGPoint(x: 100, y: 40))
        return (backend, textView, delegate)
    }

    @Test func aClickFocusesAndTypingInserts() {
        let (backend, textView, delegate) = makeTextView()
        #expect(textView.isFirstResponder)
        #expect(backend.isTextInputActive)
        backend.type("Hello, wörld 👋")
        #expect(textView.text == "Hello, wörld 👋")
        #expect(delegate.changes == 14)
        #expect(textView.selectedRange == NSRange(location: ("Hello, wörld 👋" as NSString).length, length: 0))
        backend.press(.keyboardDeleteOrBackspace)
        #expect(textView.text == "Hello, wörld ")
        // The delegate can refuse a change.
        backend.type("#")
        #expect(textView.text == "Hello, wörld ")
    }

    @Test func anInputMethodCompositionShowsMarkedTextThenCommits() {
        let (backend, textView, delegate) = makeTextView()
        backend.type("ab")
        backend.compose("に")
        #expect(textView.markedTextRange == NSRange(location: 2, length: 1))
        #expect(textView.text == "ab")
        backend.compose("にほ")
        backend.compose("日本", cursor: 2)
        #expect(textView.markedTextRange?.length == 2)
        let changesBefore = delegate.changes
        backend.commitComposition("日本")
        #expect(textView.markedTextRange == nil)
        #expect(textView.text == "ab日本")
        #expect(delegate.changes == changesBefore + 1)
        #expect(textView.selectedRange.location == 4)
    }

    @Test func shiftArrowsSelectAndCopyPasteRoundTrips() {
        let (backend, textView, _) = makeTextView()
        backend.type("one two three")
        backend.press(.keyboardLeftArrow, modifiers: [.shift, .control])
        #expect(textView.selectedRange == NSRange(location: 8, length: 5))
        backend.press(.keyboardC, modifiers: .control)
        #expect(UIPasteboard.general.string == "three")
        #expect(backend.clipboardText == "three")
        backend.press(.keyboardHome, modifiers: .control)
        #expect(textView.selectedRange == NSRange(location: 0, length: 0))
        backend.press(.keyboardV, modifiers: .control)
        #expect(textView.text == "threeone two three")
        backend.press(.keyboardRightArrow, modifiers: .shift)
        backend.press(.keyboardRightArrow, modifiers: .shift)
        backend.press(.keyboardRightArrow, modifiers: .shift)
        #expect(textView.selectedRange == NSRange(location: 5, length: 3))
        backend.press(.keyboardX, modifiers: .control)
        #expect(textView.text == "three two three")
        #expect(UIPasteboard.general.string == "one")
        backend.press(.keyboardA, modifiers: .control)
        #expect(textView.selectedRange == NSRange(location: 0, length: 15))
    }

    @Test func undoAndRedo() {
        let (backend, textView, _) = makeTextView()
        backend.type("hello")
        backend.press(.keyboardSpacebar, characters: " ")
        backend.type(" world")
        backend.press(.keyboardZ, modifiers: .control)
        #expect(textView.text == "")
        backend.press(.keyboardZ, modifiers: [.control, .shift])
        #expect(textView.text == "hello world")
        textView.selectedRange = NSRange(location: 5, length: 6)
        backend.press(.keyboardDeleteOrBackspace)
        #expect(textView.text == "hello")
        backend.press(.keyboardZ, modifiers: .control)
        #expect(textView.text == "hello world")
    }

    @Test func caretMovesByWordLineAndDocument() {
        let (backend, textView, _) = makeTextView()
        backend.type("first line")
        backend.press(.keyboardReturnOrEnter, modifiers: .shift)
        backend.type("second")
        #expect(textView.text == "first line\nsecond")
        backend.press(.keyboardUpArrow)
        #expect(textView.selectedRange.location <= 10)
        #expect(textView.selectedRange.location >= 4)
        backend.press(.keyboardEnd)
        #expect(textView.selectedRange.location == 10)
        backend.press(.keyboardHome)
        #expect(textView.selectedRange.location == 0)
        backend.press(.keyboardRightArrow, modifiers: .control)
        #expect(textView.selectedRange.location == 5)
        backend.press(.keyboardEnd, modifiers: .control)
        #expect(textView.selectedRange.location == 17)
        backend.press(.keyboardDownArrow)
        #expect(textView.selectedRange.location == 17)
    }

    @Test func enterAndShiftEnterReachTheDelegateDistinguishably() {
        let (backend, textView, delegate) = makeTextView()
        delegate.sendsOnEnter = true
        backend.type("line one")
        backend.press(.keyboardReturnOrEnter, modifiers: .shift)
        #expect(textView.text == "line one\n")
        #expect(delegate.replacements.last == "\n")
        backend.type("line two")
        backend.press(.keyboardReturnOrEnter)
        #expect(delegate.sent == ["line one\nline two"])
        #expect(textView.text == "")
        #expect(delegate.returns == [.shift, []])
    }

    @Test func clickingPlacesTheCaretAndDraggingSelects() {
        let (backend, textView, _) = makeTextView()
        backend.type("abcdefghij")
        let origin = textView.convert(CGPoint(x: 5, y: 8), to: nil)
        backend.tap(at: CGPoint(x: origin.x + 1, y: origin.y + 10))
        #expect(textView.selectedRange == NSRange(location: 0, length: 0))
        backend.advance(by: 1)
        backend.pointerDown(at: CGPoint(x: origin.x + 1, y: origin.y + 10))
        backend.pointerMove(to: CGPoint(x: origin.x + 200, y: origin.y + 10))
        backend.pointerUp(at: CGPoint(x: origin.x + 200, y: origin.y + 10))
        #expect(textView.selectedRange == NSRange(location: 0, length: 10))
        #expect(textView.contentOffset == .zero)
        backend.advance(by: 1)
        backend.tap(at: CGPoint(x: origin.x + 20, y: origin.y + 10), count: 2)
        #expect(textView.selectedRange == NSRange(location: 0, length: 10))
    }

    @Test func withoutScrollingTheViewGrowsWithItsText() {
        let (backend, textView, _) = makeTextView()
        textView.isScrollEnabled = false
        let oneLine = textView.intrinsicContentSize.height
        backend.type("a")
        backend.press(.keyboardReturnOrEnter)
        backend.type("b")
        backend.press(.keyboardReturnOrEnter)
        backend.type("c")
        let threeLines = textView.intrinsicContentSize.height
        #expect(threeLines > oneLine * 2)
        #expect(textView.sizeThatFits(CGSize(width: 300, height: 0)).height == threeLines)
    }

    @Test func spaceTypedInAComposerDoesNotScrollTheListBehind() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 320, height: 400))
        let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        list.contentSize = CGSize(width: 320, height: 3000)
        window.addSubview(list)
        let textView = UITextView(frame: CGRect(x: 0, y: 300, width: 320, height: 100))
        window.addSubview(textView)
        backend.tap(at: CGPoint(x: 50, y: 340))
        backend.pointerMove(to: CGPoint(x: 100, y: 100))
        backend.press(.keyboardSpacebar, characters: " ")
        backend.runUntilIdle()
        #expect(list.contentOffset.y == 0)
        textView.resignFirstResponder()
        backend.press(.keyboardSpacebar, characters: " ")
        backend.runUntilIdle()
        #expect(list.contentOffset.y > 0)
    }

    @Test func textFieldPlaceholderSingleLineAndReturn() {
        final class FieldDelegate: UITextFieldDelegate {
            var returned = 0
            func textFieldShouldReturn(_ textField: UITextField) -> Bool { returned += 1; return true }
        }
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 320, height: 200))
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 36))
        field.placeholder = "Search"
        field.borderStyle = .roundedRect
        let delegate = FieldDelegate()
        field.delegate = delegate
        var changed = 0
        field.addHandler(for: .editingChanged) { changed += 1 }
        window.addSubview(field)
        backend.tap(at: CGPoint(x: 50, y: 28))
        #expect(field.isFirstResponder)
        #expect(backend.cursorName == "iBeam")
        backend.type("hi")
        UIPasteboard.general.string = "two\nlines"
        backend.press(.keyboardV, modifiers: .control)
        #expect(field.text == "hitwo lines")
        #expect(changed == 3)
        backend.press(.keyboardReturnOrEnter)
        #expect(delegate.returned == 1)
        #expect(field.text == "hitwo lines")
        field.isSecureTextEntry = true
        #expect(field.editor.displayString == String(repeating: "•", count: 11))
    }

    @Test func focusFollowsClicksBetweenFields() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 320, height: 200))
        let a = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 36))
        let b = UITextField(frame: CGRect(x: 10, y: 60, width: 200, height: 36))
        window.addSubview(a)
        window.addSubview(b)
        backend.tap(at: CGPoint(x: 50, y: 28))
        backend.type("A")
        backend.tap(at: CGPoint(x: 50, y: 78))
        backend.type("B")
        #expect(a.text == "A")
        #expect(b.text == "B")
        #expect(b.isFirstResponder && !a.isFirstResponder)
    }
}
