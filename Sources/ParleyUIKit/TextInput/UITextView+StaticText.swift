import Foundation

/// Read-only text without an editor: a text view that is neither editable nor scrolling keeps its
/// text in a `StaticTextStorage`, as `UILabel` does, and measures and draws it itself through the
/// same cached layouts (the same requests as a wrapping label's, so the two share cache entries).
/// The editor, its content view and the caret are made when the user starts selecting (a drag, a
/// double or triple click) or the view becomes editable or scrolling, and dropped again when it
/// stops being any of these.
extension UITextView {
    /// Whether the view shows its text without an editor (see above).
    var showsStaticText: Bool { editorParts == nil && !isEditable && !isScrollEnabled }

    /// Makes the editor and its views, holding the current text, the first time they are needed.
    var loadedEditorParts: (editor: TextEditor, contentView: TextEditorContentView, caretView: TextCaretView) {
        if let editorParts { return editorParts }
        let parts = (editor: TextEditor(), contentView: TextEditorContentView(), caretView: TextCaretView())
        editorParts = parts
        parts.editor.host = self
        parts.contentView.source = self
        insertSubview(parts.contentView, at: 0)
        parts.contentView.addSubview(parts.caretView)
        parts.editor.setText(staticStorage.text ?? "")
        // The text moves from this view's own drawing to the content view's.
        setNeedsDisplay()
        setNeedsLayout()
        return parts
    }

    /// Drops the editor when the view is back to read-only, non-scrolling text that is not
    /// selected (keeping the text, which the user may have edited); otherwise lays out the editor.
    func modeDidChange() {
        guard let parts = editorParts else {
            setNeedsDisplay()
            setNeedsLayout()
            invalidateIntrinsicContentSize()
            return
        }
        if !isEditable, parts.editor.text != staticStorage.text {
            _ = staticStorage.setText(parts.editor.text)
        }
        guard !isEditable, !isScrollEnabled, !isFirstResponder else { return }
        parts.caretView.deactivate()
        parts.contentView.removeFromSuperview()
        editorParts = nil
        contentOffset = .zero
        textDidChangeDisplay()
    }

    // MARK: Measuring, as a wrapping label

    /// The width the text wraps at inside `width` (the insets and line padding taken off).
    func staticInnerWidth(_ width: CGFloat) -> CGFloat {
        max(1, width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding)
    }

    /// The request for the read-only text wrapped at `width` (unwrapped when nil): the one a
    /// label with the same text, font and alignment and `numberOfLines = 0` makes.
    func staticTextRequest(width: CGFloat?) -> TextRequest {
        let c = staticStorage.content(traits: traitCollection, alignment: textAlignment, linkAttributes: linkDrawingAttributes,
                                      detectsLinks: dataDetectorTypes.contains(.link) && !isEditable)
        // Natural alignment is the UI's leading edge right to left, as in `UILabel`.
        let alignment = c.alignment == .natural && effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : c.alignment
        return TextRequest(content: c.content, font: font ?? .systemFont(ofSize: 17), width: width,
                           maxLines: textContainer.maximumNumberOfLines, lineBreakMode: textContainer.lineBreakMode,
                           alignment: alignment, lineSpacing: c.lineSpacing)
    }

    /// The text's size wrapped at `width` (unwrapped when nil) with the insets, rounded up to
    /// device pixels; zero insets and padding for no text, as a label's zero size.
    private func staticMeasuredSize(wrappingAt width: CGFloat?) -> CGSize {
        let horizontal = textContainerInset.left + textContainerInset.right + 2 * textContainer.lineFragmentPadding
        let vertical = textContainerInset.top + textContainerInset.bottom
        guard !staticStorage.isEmpty else { return CGSize(width: horizontal, height: vertical) }
        let request = staticTextRequest(width: width.map(staticInnerWidth))
        staticStorage.lastMeasuredRequest = request
        let measured = TextEngine.shared.measure(request)
        let scale = max(1, traitCollection.displayScale)
        return CGSize(width: measured.width.ceiled(toScale: scale) + horizontal, height: measured.height.ceiled(toScale: scale) + vertical)
    }

    /// The size of the text wrapped at `size.width` (unwrapped for no width).
    func staticSizeThatFits(_ size: CGSize) -> CGSize {
        staticMeasuredSize(wrappingAt: size.width > 0 && size.width < .greatestFiniteMagnitude ? size.width : nil)
    }

    /// The unwrapped size, or wrapped at the width Auto Layout's second pass offers.
    var staticIntrinsicContentSize: CGSize {
        let wrapWidth = automaticPreferredMaxLayoutWidth
        return staticMeasuredSize(wrappingAt: wrapWidth > 0 ? wrapWidth : nil)
    }

    // MARK: Drawing

    /// The layout drawn in the current bounds: the measured one when it fits.
    func staticDrawingLayout() -> TextLayout {
        let width = staticInnerWidth(bounds.width)
        return TextEngine.shared.layout(for: staticStorage.lastMeasuredRequest ?? staticTextRequest(width: width), drawingWidth: width)
    }

    /// Where the text's box starts in the view.
    var staticTextOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
    }

    /// Draws the read-only text; false when the editor's content view draws it.
    func drawStaticText() -> Bool {
        guard showsStaticText else { return false }
        guard let context = UIGraphicsGetCurrentContext(), !staticStorage.isEmpty, bounds.width > 0 else { return true }
        TextEngine.shared.draw(staticDrawingLayout(), in: context.cairo, origin: staticTextOrigin, width: staticInnerWidth(bounds.width),
                               color: TextColor(textColor ?? .label, traits: context.traitCollection))
        return true
    }

    /// The index (a UTF-16 offset into `text`, as `NSRange`s count) of the character drawn under
    /// `point` in the view's coordinates; nil when no character is there (a Parley addition, as
    /// `UILabel.characterIndex(at:)`: views that make parts of the text tappable hit-test with it).
    public func characterIndex(at point: CGPoint) -> Int? {
        guard bounds.width > 0, !text.isEmpty else { return nil }
        let width = staticInnerWidth(bounds.width)
        let layout = showsStaticText ? staticDrawingLayout() : contentLayout
        let origin = staticTextOrigin
        let inContent = showsStaticText ? point : contentView.convert(point, from: self)
        let local = CGPoint(x: inContent.x - origin.x - layout.drawingOffsetX(inWidth: width), y: inContent.y - origin.y)
        if showsStaticText || !isEditable { return staticStorage.characterIndex(at: local, in: layout) }
        guard let byte = layout.byteIndexOfCharacter(at: local) else { return nil }
        return editor.offset(forDisplayByte: byte)
    }
}

/// The kinds of data a read-only text view turns into links, as UIKit's `UIDataDetectorTypes`.
/// Parley detects web addresses (`.link`); the other kinds are accepted and find nothing.
public struct UIDataDetectorTypes: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Phone numbers (accepted; not detected).
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    /// Web addresses: `http://`, `https://` and `www.` addresses.
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    /// Postal addresses (accepted; not detected).
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    /// Calendar events (accepted; not detected).
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    /// Shipment tracking numbers (accepted; not detected).
    public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
    /// Flight numbers (accepted; not detected).
    public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
    /// Lookup suggestions (accepted; not detected).
    public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
    /// Every kind.
    public static let all = UIDataDetectorTypes(rawValue: UInt.max)
}
