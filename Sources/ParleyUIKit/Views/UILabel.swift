import Foundation

/// Read-only text: one line or several, truncated or wrapped, plain or attributed.
///
/// Plain text is shown literally (never parsed as markup). Measuring and drawing use the same
/// cached Pango layout; sizes are rounded up to whole device pixels.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// The text shown; setting it clears `attributedText`'s styling.
    open var text: String? {
        get { storage.text }
        set { if storage.setText(newValue) { textDidChange() } }
    }

    /// Styled text; its attributes win over `font`, `textColor` and `textAlignment`.
    ///
    /// The label keeps a copy of a mutable string (as UIKit does) but shares an immutable one:
    /// Foundation on Linux leaks the attribute runs of every `NSAttributedString` it frees (a few
    /// hundred bytes each), so a copy per assignment grew memory with every message a list showed.
    open var attributedText: NSAttributedString? {
        get {
            // Plain text reads back styled with the label's font and colour, as in UIKit.
            storage.attributedText(font: font, color: textColor)
        }
        set {
            storage.setAttributed(newValue)
            textDidChange()
        }
    }

    /// Styled text kept as a Swift value, shown as `attributedText` would show the same
    /// attributes, without making an `NSAttributedString` (a Parley addition: Foundation on Linux
    /// leaks the attribute storage of every one it frees). Reading `attributedText` afterwards
    /// makes one.
    public var styledText: StyledText? {
        get { storage.styled }
        set {
            storage.setStyled(newValue)
            textDidChange()
        }
    }

    /// Labels are accessibility elements that read their text.
    override var defaultIsAccessibilityElement: Bool { true }
    /// The text.
    override var defaultAccessibilityLabel: String? { text }
    /// Static text.
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .staticText }

    /// The font of plain text.
    /// A scalable font (a text style's, or one from ``UIFontMetrics``) set on a label that
    /// adjusts for the content size category takes the size of the label's category.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if adjustsFontForContentSizeCategory, let font { self.font = font.resolved(for: traitCollection.preferredContentSizeCategory) }
            if font != oldValue { textDidChange() }
        }
    }

    /// The colour of plain text.
    open var textColor: UIColor! = .label { didSet { if textColor != oldValue || textColor?.isDynamic == true { setNeedsDisplay() } } }
    /// The colour of text while highlighted.
    open var highlightedTextColor: UIColor?
    /// Whether the label is highlighted.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Disabled labels draw in a dimmed colour.
    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// Horizontal alignment.
    open var textAlignment: NSTextAlignment = .natural { didSet { if textAlignment != oldValue { textDidChange() } } }
    /// Maximum lines; 0 for no limit.
    open var numberOfLines = 1 { didSet { if numberOfLines != oldValue { textDidChange() } } }
    /// How the text breaks and truncates.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { if lineBreakMode != oldValue { textDidChange() } } }
    /// The width a multi-line label wraps at when computing its intrinsic size.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } } }
    /// Whether a scalable font (a text style's, or one from ``UIFontMetrics``) follows the
    /// content size category of the label's traits, now and when they change.
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory, let font { self.font = font } }
    }

    /// The text, its converted runs and the request it was last measured with.
    private var storage = StaticTextStorage()

    /// A label.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    private func textDidChange() {
        storage.invalidate()
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Re-resolves colours and, if asked, fonts when the traits change.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory, let font,
           previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            self.font = font.resolved(for: traitCollection.preferredContentSizeCategory)
        }
        // Attributed runs hold colours resolved for the old traits, and so does the request the
        // label was last measured with, which drawing reuses.
        if storage.traitsDidChange() { setNeedsDisplay() }
    }

    func textRequest(width: CGFloat?, lines: Int? = nil) -> TextRequest {
        let c = storage.content(traits: traitCollection, alignment: textAlignment)
        // Natural alignment follows the text's own direction in a left-to-right UI and the UI's
        // leading edge (the right) in a right-to-left one, as UIKit's does in a mirrored app.
        let alignment = c.alignment == .natural && effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : c.alignment
        return TextRequest(content: c.content, font: font, width: width, maxLines: lines ?? numberOfLines,
                           lineBreakMode: lineBreakMode, alignment: alignment, lineSpacing: c.lineSpacing)
    }

    private var scale: CGFloat { max(1, traitCollection.displayScale) }

    /// The text's size when wrapped at `size.width` (single-line labels do not wrap), rounded up to device pixels.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard !storage.isEmpty else { return .zero }
        let width: CGFloat? = numberOfLines == 1 ? (lineBreakMode.truncates && size.width > 0 && size.width < .greatestFiniteMagnitude ? size.width : nil)
            : (size.width > 0 && size.width < .greatestFiniteMagnitude ? size.width : nil)
        let request = textRequest(width: width)
        storage.lastMeasuredRequest = request
        let measured = TextEngine.shared.measure(request)
        return CGSize(width: measured.width.ceiled(toScale: scale), height: measured.height.ceiled(toScale: scale))
    }

    /// The unwrapped size, or wrapped at `preferredMaxLayoutWidth` for multi-line labels.
    open override var intrinsicContentSize: CGSize {
        guard !storage.isEmpty else { return .zero }
        // Auto Layout's second pass supplies the solved width when no preferred width is set.
        let wrapWidth = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : automaticPreferredMaxLayoutWidth
        let width: CGFloat? = numberOfLines != 1 && wrapWidth > 0 ? wrapWidth : nil
        let request = textRequest(width: width)
        storage.lastMeasuredRequest = request
        let measured = TextEngine.shared.measure(request)
        return CGSize(width: measured.width.ceiled(toScale: scale), height: measured.height.ceiled(toScale: scale))
    }

    /// Distance from the top to the first line's baseline when drawn in the current bounds.
    public var firstBaselineOffsetFromTop: CGFloat {
        let layout = TextEngine.shared.layout(for: textRequest(width: bounds.width > 0 ? bounds.width : nil))
        return textOriginY(layout) + layout.firstBaseline
    }

    /// Distance from the bottom to the last line's baseline when drawn in the current bounds.
    public var lastBaselineOffsetFromBottom: CGFloat {
        let layout = TextEngine.shared.layout(for: textRequest(width: bounds.width > 0 ? bounds.width : nil))
        return bounds.height - (textOriginY(layout) + layout.lastBaseline)
    }

    private func textOriginY(_ layout: TextLayout) -> CGFloat {
        // UILabel centres its text vertically.
        ((bounds.height - layout.size.height) / 2).rounded(toScale: scale)
    }

    /// Where the text goes inside `bounds`, as UIKit's override point.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let layout = TextEngine.shared.layout(for: textRequest(width: bounds.width, lines: numberOfLines))
        return CGRect(x: bounds.minX, y: bounds.minY, width: min(bounds.width, layout.size.width.ceiled(toScale: scale)),
                      height: min(bounds.height, layout.size.height.ceiled(toScale: scale)))
    }

    /// Whether the text was cut (ellipsis or hidden lines) at the current size.
    public var isTruncated: Bool {
        guard bounds.width > 0 else { return false }
        return drawingLayout().isTruncated
    }

    /// The index (a UTF-16 offset into `text`, as `NSRange`s count) of the character drawn under
    /// `point`, in the label's coordinates; nil when no character is there. Labels have no links of
    /// their own: views that make parts of a label tappable (links, mentions) hit-test with this.
    public func characterIndex(at point: CGPoint) -> Int? {
        guard bounds.width > 0, !storage.isEmpty else { return nil }
        let layout = drawingLayout()
        let origin = CGPoint(x: layout.drawingOffsetX(inWidth: bounds.width), y: textOriginY(layout))
        return storage.characterIndex(at: CGPoint(x: point.x - origin.x, y: point.y - origin.y), in: layout)
    }

    /// The layout for the current bounds: the line limit shrinks to what fits the height.
    private func drawingLayout() -> TextLayout {
        // Draw with the layout that measured the label when it still fits (it usually does).
        var request = storage.lastMeasuredRequest ?? textRequest(width: bounds.width)
        var layout = TextEngine.shared.layout(for: request, drawingWidth: bounds.width)
        if layout.size.height > bounds.height + 0.5, layout.lineCount > 1, let lineHeight = Optional(layout.size.height / CGFloat(layout.lineCount)) {
            // Too tall for the bounds: show the lines that fit, truncating the last as UIKit does.
            let fitting = max(1, Int((bounds.height + 0.5) / lineHeight))
            if fitting < layout.lineCount {
                request = textRequest(width: bounds.width, lines: fitting)
                layout = TextEngine.shared.layout(for: request, drawingWidth: bounds.width)
            }
        }
        return layout
    }

    /// The part of the bounds the text inks: a plain `UILabel` keeps only those pixels (subclasses,
    /// which may draw anything, keep their whole bounds).
    override var contentDrawingRect: CGRect? {
        guard type(of: self) == UILabel.self, bounds.width > 0, !storage.isEmpty else { return nil }
        let layout = drawingLayout()
        let origin = CGPoint(x: layout.drawingOffsetX(inWidth: bounds.width), y: ((bounds.height - layout.size.height) / 2).rounded(toScale: scale))
        var box = CGRect(origin: layout.logicalOrigin, size: layout.size).union(layout.inkRect)
        if let clip = layout.clipHeight { box.size.height = min(box.height, clip - box.minY) }
        return box.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -2, dy: -2).integral
    }

    /// Draws the text vertically centred in `rect`.
    open override func draw(_ rect: CGRect) {
        drawText(in: rect)
    }

    /// Draws the text; override to adjust the rectangle.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), !storage.isEmpty, rect.width > 0 else { return }
        let layout = drawingLayout()
        var color: UIColor = textColor ?? .label
        if isHighlighted, let highlightedTextColor { color = highlightedTextColor }
        if !isEnabled { color = color.withAlphaComponent(color.components(for: traitCollection).alpha * 0.45) }
        let y = rect.minY + ((rect.height - layout.size.height) / 2).rounded(toScale: scale)
        TextEngine.shared.draw(layout, in: context.cairo, origin: CGPoint(x: rect.minX, y: y), width: rect.width,
                               color: TextColor(color, traits: context.traitCollection))
    }
}

/// Converts `NSAttributedString` runs (UTF-16 ranges, UIKit attribute values) into the text
/// engine's runs (UTF-8 byte ranges, resolved colours).
enum AttributedTextConverter {
    static func convert(_ attributed: NSAttributedString, traits: UITraitCollection,
                        linkAttributes: [NSAttributedString.Key: Any]? = nil) -> (content: TextContent, paragraph: NSParagraphStyle?) {
        var pieces: [(range: NSRange, attributes: [NSAttributedString.Key: Any])] = []
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
            pieces.append((range, attributes))
        }
        return convert(attributed.string, pieces: pieces, traits: traits, linkAttributes: linkAttributes)
    }

    static func convert(_ styled: StyledText, traits: UITraitCollection,
                        linkAttributes: [NSAttributedString.Key: Any]? = nil) -> (content: TextContent, paragraph: NSParagraphStyle?) {
        convert(styled.string, pieces: styled.segments(), traits: traits, linkAttributes: linkAttributes)
    }

    /// `linkAttributes`, when given, win over the attributes of every piece with a `.link`.
    private static func convert(_ full: String, pieces: [(range: NSRange, attributes: [NSAttributedString.Key: Any])],
                                traits: UITraitCollection, linkAttributes: [NSAttributedString.Key: Any]?) -> (content: TextContent, paragraph: NSParagraphStyle?) {
        var text = ""
        var runs: [TextRun] = []
        var paragraph: NSParagraphStyle?
        for (range, pieceAttributes) in pieces {
            var attributes = pieceAttributes
            if let linkAttributes, attributes[.link] != nil { attributes.merge(linkAttributes) { $1 } }
            guard let swiftRange = Range(range, in: full) else { continue }
            var piece = String(full[swiftRange])
            if piece.contains("\0") { piece = piece.replacingOccurrences(of: "\0", with: "\u{2400}") }
            let start = text.utf8.count
            text += piece
            var run = TextRun(start: start, end: text.utf8.count)
            for (key, value) in attributes {
                switch key {
                case .font: run.font = value as? UIFont
                case .foregroundColor: run.color = (value as? UIColor).map { TextColor($0, traits: traits) }
                case .backgroundColor: run.background = (value as? UIColor).map { TextColor($0, traits: traits) }
                case .underlineStyle: run.underline = (value as? Int) ?? (value as? NSUnderlineStyle)?.rawValue ?? 0
                case .underlineColor: run.underlineColor = (value as? UIColor).map { TextColor($0, traits: traits) }
                case .strikethroughStyle: run.strikethrough = (value as? Int) ?? (value as? NSUnderlineStyle)?.rawValue ?? 0
                case .kern: run.kern = (value as? CGFloat) ?? (value as? Double).map { CGFloat($0) } ?? 0
                case .link: run.link = (value as? URL)?.absoluteString ?? (value as? String)
                case .paragraphStyle: if paragraph == nil { paragraph = value as? NSParagraphStyle }
                default: break
                }
            }
            runs.append(run)
        }
        return (.attributed(text, runs), paragraph)
    }
}
