import Foundation

/// A responder that takes typed text, as UIKit's `UIKeyInput`: the application sends typed
/// characters to the first responder through `insertText(_:)`.
@preconcurrency @MainActor
public protocol UIKeyInput: AnyObject {
    /// Whether there is text to delete.
    var hasText: Bool { get }
    /// Inserts typed text at the caret (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the character before the caret (or the selection).
    func deleteBackward()
}

/// Input-method composition (UIKit's `UITextInput` marked-text subset), implemented by the text views.
@MainActor
protocol MarkedTextInput: UIKeyInput {
    /// Shows `markedText` at the caret, underlined (nil or empty ends the composition).
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Ends the composition, inserting `text` in place of the marked text.
    func unmarkText(committing text: String)
    /// The caret's rectangle in the view's coordinates (for the input method's window).
    var caretRectForInputMethod: CGRect { get }
    /// Whether the pointer shows an I-beam over the view.
    var wantsIBeamCursor: Bool { get }
}
