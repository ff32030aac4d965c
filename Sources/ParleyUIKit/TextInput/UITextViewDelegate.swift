import Foundation

/// Hears a text view's editing, as UIKit's `UITextViewDelegate`. Every method is optional.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// Whether editing may begin (default true).
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// Editing began (the text view became first responder).
    func textViewDidBeginEditing(_ textView: UITextView)
    /// Whether editing may end (default true).
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// Editing ended.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether the user's change of `range` to `text` may happen (default true). Return and Enter
    /// arrive here as "\n" (after `textView(_:shouldReturnWith:)` allowed them).
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text.
    func textViewDidChange(_ textView: UITextView)
    /// The selection changed.
    func textViewDidChangeSelection(_ textView: UITextView)
    /// Return or Enter was pressed with `modifierFlags` (a Parley addition, since desktop chat
    /// composers send on Enter and break the line on Shift+Enter): return false to take the key
    /// yourself (e.g. send the message); true (the default) inserts a line break.
    func textView(_ textView: UITextView, shouldReturnWith modifierFlags: UIKeyModifierFlags) -> Bool
}

extension UITextViewDelegate {
    /// Begins by default.
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    /// Ends by default.
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidEndEditing(_ textView: UITextView) {}
    /// Allows every change by default.
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidChange(_ textView: UITextView) {}
    /// Does nothing by default.
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    /// Inserts a line break by default.
    public func textView(_ textView: UITextView, shouldReturnWith modifierFlags: UIKeyModifierFlags) -> Bool { true }
}

/// The region text is laid out in, as TextKit's `NSTextContainer` (the settings text views use).
@preconcurrency @MainActor
public final class NSTextContainer {
    /// Space at each end of every line, inside the text container inset (default 5).
    public var lineFragmentPadding: CGFloat = 5 { didSet { if lineFragmentPadding != oldValue { onChange?() } } }
    /// The line limit (0: none).
    public var maximumNumberOfLines = 0 { didSet { if maximumNumberOfLines != oldValue { onChange?() } } }
    /// How lines break.
    public var lineBreakMode: NSLineBreakMode = .byWordWrapping { didSet { if lineBreakMode != oldValue { onChange?() } } }
    /// Whether the width follows the text view.
    public var widthTracksTextView = true
    var onChange: (@MainActor () -> Void)?

    init() {}
}
