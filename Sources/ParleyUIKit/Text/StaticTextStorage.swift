import Foundation

/// Read-only text as `UILabel` keeps it, shared with a read-only `UITextView` so both measure and
/// draw through the same cached text engine layouts: the text (plain, attributed or styled), its
/// runs converted for the text engine (cached per appearance) and the request it was last
/// measured with (drawing reuses that layout when it fits).
struct StaticTextStorage {
    /// The string shown (also set by the attributed and styled setters).
    private(set) var text: String?
    /// Attributed text, kept shared when immutable (see `UILabel.attributedText`).
    private(set) var attributed: NSAttributedString?
    /// Styled text kept as a Swift value.
    private(set) var styled: StyledText?
    private var cachedRuns: (style: UIUserInterfaceStyle, content: TextContent, alignment: NSTextAlignment, lineSpacing: CGFloat, breakMode: NSLineBreakMode?)?
    /// The request the text was last measured with; drawing reuses its layout when it fits.
    var lastMeasuredRequest: TextRequest?

    /// The converted content and paragraph settings of the text as the text engine takes it.
    typealias Content = (content: TextContent, alignment: NSTextAlignment, lineSpacing: CGFloat, breakMode: NSLineBreakMode?)

    /// Whether the text carries attributes of its own.
    var isStyled: Bool { attributed != nil || styled != nil }
    /// Whether there is nothing to show.
    var isEmpty: Bool { (text ?? "").isEmpty }

    /// Sets plain text; false when nothing changed.
    mutating func setText(_ newValue: String?) -> Bool {
        guard newValue != text || isStyled else { return false }
        text = newValue
        attributed = nil
        styled = nil
        invalidate()
        return true
    }

    /// Sets attributed text, copying a mutable string and sharing an immutable one.
    mutating func setAttributed(_ newValue: NSAttributedString?) {
        attributed = newValue.map { type(of: $0) == NSAttributedString.self ? $0 : NSAttributedString(attributedString: $0) }
        styled = nil
        text = newValue?.string
        invalidate()
    }

    /// Sets styled text.
    mutating func setStyled(_ newValue: StyledText?) {
        styled = newValue
        attributed = nil
        text = newValue?.string
        invalidate()
    }

    /// Forgets the converted runs and the measured request (the text or its settings changed).
    mutating func invalidate() {
        cachedRuns = nil
        lastMeasuredRequest = nil
    }

    /// Forgets what holds colours resolved for old traits; true when the text must be redrawn.
    mutating func traitsDidChange() -> Bool {
        guard isStyled else { return false }
        invalidate()
        return true
    }

    /// The text as attributed text; plain text reads back with `font` and `color`, as in UIKit.
    func attributedText(font: UIFont?, color: UIColor?) -> NSAttributedString? {
        attributed ?? styled?.makeAttributedString() ?? text.map {
            var attributes: [NSAttributedString.Key: Any] = [:]
            if let font { attributes[.font] = font }
            if let color { attributes[.foregroundColor] = color }
            return NSAttributedString(string: $0, attributes: attributes)
        }
    }

    /// The text and its styling as the text engine takes it (`alignment` for plain text).
    /// `detectsLinks` turns web addresses into `.link` runs; `linkAttributes` (when not nil) are
    /// drawn over every `.link` run's own. The caller invalidates when it changes either.
    mutating func content(traits: UITraitCollection, alignment: NSTextAlignment,
                          linkAttributes: [NSAttributedString.Key: Any]? = nil, detectsLinks: Bool = false) -> Content {
        guard isStyled || detectsLinks else { return (.plain(text ?? ""), alignment, 0, nil) }
        let style = traits.userInterfaceStyle
        if let cachedRuns, cachedRuns.style == style {
            return (cachedRuns.content, cachedRuns.alignment, cachedRuns.lineSpacing, cachedRuns.breakMode)
        }
        let converted: (content: TextContent, paragraph: NSParagraphStyle?)
        if detectsLinks {
            converted = AttributedTextConverter.convert(withDetectedLinks(), traits: traits, linkAttributes: linkAttributes)
        } else if let attributed {
            converted = AttributedTextConverter.convert(attributed, traits: traits, linkAttributes: linkAttributes)
        } else if let styled {
            converted = AttributedTextConverter.convert(styled, traits: traits, linkAttributes: linkAttributes)
        } else {
            converted = (.plain(text ?? ""), nil)
        }
        let resolved = converted.paragraph?.alignment ?? alignment
        cachedRuns = (style, converted.content, resolved, converted.paragraph?.lineSpacing ?? 0, converted.paragraph?.lineBreakMode)
        return (converted.content, resolved, converted.paragraph?.lineSpacing ?? 0, nil)
    }

    /// The text as styled text with a `.link` on each web address that has none yet.
    private func withDetectedLinks() -> StyledText {
        var result: StyledText
        if let styled {
            result = styled
        } else if let attributed {
            result = StyledText(attributed.string)
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
                result.addAttributes(attributes, range: range)
            }
        } else {
            result = StyledText(text ?? "")
        }
        let linked = result.spans.filter { $0.attributes[.link] != nil }.map(\.range)
        for link in TextLinkScanner.links(in: result.string) where !linked.contains(where: { NSIntersectionRange($0, link.range).length > 0 }) {
            result.addAttributes([.link: link.url], range: link.range)
        }
        return result
    }

    /// The UTF-16 offset into `text` of the character `layout` draws at `local` (in the layout's
    /// coordinates), if any.
    func characterIndex(at local: CGPoint, in layout: TextLayout) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        if let clip = layout.clipHeight, local.y > clip { return nil }
        guard let byte = layout.byteIndexOfCharacter(at: local) else { return nil }
        // The laid-out string differs from `text` only where NULs became U+2400 (one UTF-16 unit
        // each, like NUL) and in the length cap's ellipsis (past the end): UTF-16 offsets agree.
        var laidOut = layout.request.content.string
        if laidOut.utf8.contains(0) { laidOut = laidOut.replacingOccurrences(of: "\0", with: "\u{2400}") }
        let utf8 = laidOut.utf8
        guard byte < utf8.count, let index = utf8.index(utf8.startIndex, offsetBy: byte, limitedBy: utf8.endIndex) else { return nil }
        let offset = laidOut.utf16.distance(from: laidOut.utf16.startIndex, to: index)
        return offset < text.utf16.count ? offset : nil
    }
}
