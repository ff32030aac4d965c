import Foundation
import ParleyUIKit

/// Turns a message's markdown into styled text (`Appearance.default.formatters.markdownFormatter`).
///
/// Stream's returns an `NSAttributedString`; Parley's returns ``StyledText``, which a label shows
/// the same way without the `NSAttributedString` Foundation on Linux never frees. The styles
/// become text attributes (Pango attributes when drawn), never markup: a message containing `<b>`
/// or `&amp;` shows those characters.
public protocol MarkdownFormatter {
    /// `string` with its markdown taken out and styled, over `attributes` (the font and colour
    /// of plain text).
    func format(_ string: String, attributes: [NSAttributedString.Key: Any]) -> StyledText
}

/// The default markdown formatter: ``MarkdownParser``'s subset, styled with the fonts of the
/// text and the colours below. An open class: subclass it and override ``attributes(for:base:)``
/// to style a kind of markup your way.
open class DefaultMarkdownFormatter: MarkdownFormatter {
    /// Links.
    public var linkColor: UIColor
    /// Behind inline code and code blocks.
    public var codeBackgroundColor: UIColor
    /// Block quote lines, list markers and thematic breaks.
    public var quoteColor: UIColor
    /// How much larger than the text headings of level 1, 2 and 3 are (4–6 are the text's size).
    public var headingScales: [CGFloat] = [1.4, 1.25, 1.1]

    /// The parser.
    public let parser = MarkdownParser()

    /// A formatter with the default palette's colours.
    public init() {
        let palette = Appearance.ColorPalette()
        linkColor = palette.textLinkColor
        codeBackgroundColor = palette.background3
        quoteColor = palette.textLowEmphasis
    }

    /// The styles in force on a stretch of text.
    public struct Style: Hashable, Sendable {
        /// Inside `**…**`.
        public var strong = false
        /// Inside `*…*`.
        public var emphasis = false
        /// Inside `~~…~~`.
        public var strikethrough = false
        /// Inline code.
        public var code = false
        /// A code block line.
        public var codeBlock = false
        /// The heading level, 0 outside headings.
        public var heading = 0
        /// A block quote line.
        public var quote = false
        /// A list marker or quote bar.
        public var marker = false
        /// The link, inside `[…](…)`.
        public var link: URL?
    }

    /// Parses `string` and styles it.
    open func format(_ string: String, attributes: [NSAttributedString.Key: Any]) -> StyledText {
        guard MarkdownParser.mayContainMarkdown(string) else { return StyledText(string, attributes: attributes) }
        let document = parser.parse(string)
        var styled = StyledText(document.string, attributes: attributes)
        for (range, style) in Self.segments(of: document) where style != Style() {
            styled.addAttributes(self.attributes(for: style, base: attributes), range: range)
        }
        return styled
    }

    /// The attributes of text in `style` over `base`.
    open func attributes(for style: Style, base: [NSAttributedString.Key: Any]) -> [NSAttributedString.Key: Any] {
        let baseFont = (base[.font] as? UIFont) ?? .preferredFont(forTextStyle: .body)
        var font = baseFont
        if style.heading > 0 {
            let scale = style.heading <= headingScales.count ? headingScales[style.heading - 1] : 1
            font = font.withSize((baseFont.pointSize * scale).rounded()).withWeight(.bold)
        }
        if style.code || style.codeBlock {
            font = .monospacedSystemFont(ofSize: (font.pointSize * 0.9).rounded(), weight: style.strong ? .bold : .regular)
        } else {
            if style.strong { font = font.withWeight(.bold) }
            if style.emphasis { font = font.withItalic() }
        }
        var result: [NSAttributedString.Key: Any] = [:]
        if font != baseFont { result[.font] = font }
        if style.code || style.codeBlock { result[.backgroundColor] = codeBackgroundColor }
        if style.strikethrough { result[.strikethroughStyle] = NSUnderlineStyle.single.rawValue }
        if style.quote || style.marker { result[.foregroundColor] = quoteColor }
        if let link = style.link {
            result[.link] = link
            result[.foregroundColor] = linkColor
            result[.underlineStyle] = NSUnderlineStyle.single.rawValue
        }
        return result
    }

    /// The document cut where its styles change, each stretch with the styles over it (stretches
    /// with equal styles joined): one pass over sorted span edges, so thousands of nested spans
    /// cost no more than thousands of side-by-side ones.
    static func segments(of document: MarkdownDocument) -> [(NSRange, Style)] {
        enum Kind { case strong, emphasis, strike, code, codeBlock, heading(Int), quote, marker, link(URL) }
        var events: [(position: Int, delta: Int, kind: Kind)] = []
        events.reserveCapacity(document.spans.count * 2)
        for span in document.spans {
            let kind: Kind
            switch span.style {
            case .strong: kind = .strong
            case .emphasis: kind = .emphasis
            case .strikethrough: kind = .strike
            case .code: kind = .code
            case .codeBlock: kind = .codeBlock
            case .heading(let level): kind = .heading(level)
            case .blockQuote: kind = .quote
            case .listMarker, .quoteMarker: kind = .marker
            case .link(let url): kind = .link(url)
            }
            events.append((span.range.location, 1, kind))
            events.append((NSMaxRange(span.range), -1, kind))
        }
        events.sort { $0.position != $1.position ? $0.position < $1.position : $0.delta < $1.delta }
        var counts = [Int](repeating: 0, count: 8)
        var heading = 0, link: URL?
        var result: [(NSRange, Style)] = []
        var position = 0
        var index = 0
        while index < events.count {
            let at = events[index].position
            if at > position {
                var style = Style()
                style.strong = counts[0] > 0; style.emphasis = counts[1] > 0; style.strikethrough = counts[2] > 0
                style.code = counts[3] > 0; style.codeBlock = counts[4] > 0; style.quote = counts[5] > 0
                style.marker = counts[6] > 0; style.heading = counts[7] > 0 ? heading : 0; style.link = link
                if let last = result.last, last.1 == style, NSMaxRange(last.0) == position {
                    result[result.count - 1].0.length += at - position
                } else {
                    result.append((NSRange(location: position, length: at - position), style))
                }
                position = at
            }
            while index < events.count, events[index].position == at {
                let event = events[index]
                switch event.kind {
                case .strong: counts[0] += event.delta
                case .emphasis: counts[1] += event.delta
                case .strike: counts[2] += event.delta
                case .code: counts[3] += event.delta
                case .codeBlock: counts[4] += event.delta
                case .quote: counts[5] += event.delta
                case .marker: counts[6] += event.delta
                case .heading(let level): counts[7] += event.delta; if event.delta > 0 { heading = level }
                case .link(let url): link = event.delta > 0 ? url : nil
                }
                index += 1
            }
        }
        return result
    }
}
