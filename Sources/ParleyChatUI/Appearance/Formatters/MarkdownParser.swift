import Foundation

/// One styled range of a ``MarkdownDocument``.
public struct MarkdownSpan: Equatable, Sendable {
    /// What the range is.
    public enum Style: Equatable, Sendable {
        /// `**strong**` or `__strong__`.
        case strong
        /// `*emphasis*` or `_emphasis_`.
        case emphasis
        /// `~~strikethrough~~`.
        case strikethrough
        /// `` `inline code` ``.
        case code
        /// The lines of a fenced code block.
        case codeBlock
        /// `[text](url)`.
        case link(URL)
        /// A `#` heading of level 1…6.
        case heading(Int)
        /// A `>` block quote line, with how deeply it is nested.
        case blockQuote(depth: Int)
        /// The bullet or number the parser puts before a list item.
        case listMarker
        /// The bar the parser puts before a block quote line.
        case quoteMarker
    }

    /// The range in the document's string, in UTF-16 units (as `NSRange` counts).
    public var range: NSRange
    /// The style over the range.
    public var style: Style

    /// A span.
    public init(range: NSRange, style: Style) {
        self.range = range
        self.style = style
    }
}

/// Text with its markdown taken out: what is shown, and the styles over it.
public struct MarkdownDocument: Equatable, Sendable {
    /// The text shown: markers removed, list items with "• " or their number, quote lines with
    /// a bar, code verbatim.
    public var string: String
    /// The styles, in no particular order.
    public var spans: [MarkdownSpan]

    /// A document.
    public init(string: String, spans: [MarkdownSpan]) {
        self.string = string
        self.spans = spans
    }
}

/// A parser of the markdown subset chat messages use: `**strong**`, `*emphasis*`,
/// `~~strikethrough~~`, `` `code` ``, fenced code blocks, `[links](url)`, `-`/`*`/`+` and `1.`
/// lists, `>` block quotes and `#` headings, with backslash escapes.
///
/// Inline markup follows CommonMark's delimiter rules (left- and right-flanking runs, the rule of
/// three, `_` not inside words, code spans before emphasis, no links inside links) within a line;
/// unlike CommonMark, a line break stays a line break (chat text keeps its lines) and emphasis
/// does not cross lines. HTML and entities are not interpreted: `<b>` and `&amp;` stay as typed.
///
/// The parser never recurses, so any nesting depth (10,000 `>` or `[`) takes linear stack.
public struct MarkdownParser: Sendable {
    /// A parser.
    public init() {}

    /// Whether `text` has a character markdown could act on (a cheap test before parsing).
    public static func mayContainMarkdown(_ text: String) -> Bool {
        for unit in text.utf16 {
            switch unit {
            case 0x2A, 0x5F, 0x7E, 0x60, 0x23, 0x3E, 0x5B, 0x5C, 0x2D, 0x2B: return true // * _ ~ ` # > [ \ - +
            case 0x30...0x39: return true // ordered lists
            default: continue
            }
        }
        return false
    }

    /// Parses `text`.
    public func parse(_ text: String) -> MarkdownDocument {
        var output: [UInt16] = []
        var spans: [MarkdownSpan] = []
        var fence: (char: UInt16, length: Int)?
        var codeStart = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var first = true
        func newLine() {
            if !first { output.append(0x0A) }
            first = false
        }
        for lineSub in lines {
            var line = Array(lineSub.utf16)
            if line.last == 0x0D { line.removeLast() }
            if let open = fence {
                if Self.closesFence(line, open) {
                    spans.append(MarkdownSpan(range: NSRange(location: codeStart, length: max(0, output.count - codeStart)), style: .codeBlock))
                    fence = nil
                    continue
                }
                newLine()
                output += line
                continue
            }
            if let open = Self.opensFence(line) {
                fence = open
                codeStart = output.count + (first ? 0 : 1)
                continue
            }
            newLine()
            appendBlockLine(line, to: &output, spans: &spans)
        }
        if fence != nil {
            // An unclosed fence runs to the end, as in CommonMark.
            spans.append(MarkdownSpan(range: NSRange(location: codeStart, length: max(0, output.count - codeStart)), style: .codeBlock))
        }
        return MarkdownDocument(string: String(decoding: output, as: UTF16.self), spans: spans.filter { $0.range.length > 0 })
    }

    // MARK: Blocks

    static func indentation(_ line: [UInt16]) -> Int {
        var n = 0
        for unit in line {
            if unit == 0x20 { n += 1 } else if unit == 0x09 { n += 4 - n % 4 } else { break }
        }
        return n
    }

    static func dropIndentation(_ line: [UInt16], max limit: Int) -> ArraySlice<UInt16> {
        var i = 0
        while i < line.count, i < limit, line[i] == 0x20 { i += 1 }
        return line[i...]
    }

    static func opensFence(_ line: [UInt16]) -> (char: UInt16, length: Int)? {
        guard indentation(line) < 4 else { return nil }
        let rest = dropIndentation(line, max: 3)
        guard let char = rest.first, char == 0x60 || char == 0x7E else { return nil }
        let length = rest.prefix { $0 == char }.count
        guard length >= 3 else { return nil }
        // A backtick fence's info string has no backticks.
        if char == 0x60, rest.dropFirst(length).contains(0x60) { return nil }
        return (char, length)
    }

    static func closesFence(_ line: [UInt16], _ open: (char: UInt16, length: Int)) -> Bool {
        guard indentation(line) < 4 else { return false }
        let rest = dropIndentation(line, max: 3)
        let length = rest.prefix { $0 == open.char }.count
        return length >= open.length && rest.dropFirst(length).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// One line outside code blocks: its quote markers, heading or list marker, then inlines.
    func appendBlockLine(_ line: [UInt16], to output: inout [UInt16], spans: inout [MarkdownSpan]) {
        let lineStart = output.count
        var rest = Self.dropIndentation(line, max: 3)
        var depth = 0
        // `>` markers, each with one optional space, as deep as they go (a loop, not recursion).
        while rest.first == 0x3E {
            depth += 1
            rest = rest.dropFirst()
            if rest.first == 0x20 { rest = rest.dropFirst() }
            let spaces = rest.prefix { $0 == 0x20 }.count
            if spaces <= 3, rest.dropFirst(spaces).first == 0x3E { rest = rest.dropFirst(spaces) }
        }
        if depth > 0 {
            let bars = Array("▍ ".utf16)
            spans.append(MarkdownSpan(range: NSRange(location: output.count, length: bars.count), style: .quoteMarker))
            output += bars
        }
        // Deeper indentation nests list items (chat text has no indented code blocks).
        let content = Array(rest.drop { $0 == 0x20 || $0 == 0x09 })
        var inlineStart = output.count
        var heading = 0
        if let level = Self.headingLevel(content) {
            heading = level
            var text = content.dropFirst(level).drop { $0 == 0x20 || $0 == 0x09 }
            // A closing run of #s after a space goes.
            while text.last == 0x20 || text.last == 0x09 { text = text.dropLast() }
            let closing = text.reversed().prefix { $0 == 0x23 }.count
            if closing > 0, closing == text.count || [0x20, 0x09].contains(text[text.endIndex - closing - 1]) {
                text = text.dropLast(closing)
                while text.last == 0x20 || text.last == 0x09 { text = text.dropLast() }
            }
            appendInlines(Array(text), to: &output, spans: &spans)
        } else if Self.isThematicBreak(content) {
            output += Array("———".utf16)
        } else if let (marker, markerLength) = Self.listMarker(content) {
            let level = min(Self.indentation(line) / 2, 8)
            output += Array(repeating: 0x20, count: level * 4)
            let markerStart = output.count
            output += marker
            spans.append(MarkdownSpan(range: NSRange(location: markerStart, length: marker.count), style: .listMarker))
            inlineStart = output.count
            appendInlines(Array(content.dropFirst(markerLength).drop { $0 == 0x20 }), to: &output, spans: &spans)
        } else {
            appendInlines(content, to: &output, spans: &spans)
        }
        if heading > 0 {
            spans.append(MarkdownSpan(range: NSRange(location: inlineStart, length: output.count - inlineStart), style: .heading(heading)))
        }
        if depth > 0 {
            spans.append(MarkdownSpan(range: NSRange(location: lineStart, length: output.count - lineStart), style: .blockQuote(depth: depth)))
        }
    }

    static func headingLevel(_ content: [UInt16]) -> Int? {
        let hashes = content.prefix { $0 == 0x23 }.count
        guard (1...6).contains(hashes) else { return nil }
        guard hashes == content.count || content[hashes] == 0x20 || content[hashes] == 0x09 else { return nil }
        return hashes
    }

    static func isThematicBreak(_ content: [UInt16]) -> Bool {
        guard let char = content.first(where: { $0 != 0x20 && $0 != 0x09 }), [0x2A, 0x2D, 0x5F].contains(char) else { return false }
        var count = 0
        for unit in content {
            if unit == char { count += 1 } else if unit != 0x20 && unit != 0x09 { return false }
        }
        return count >= 3
    }

    /// The marker shown for a list item ("• " or "3. ") and how many units of `content` it takes.
    static func listMarker(_ content: [UInt16]) -> ([UInt16], Int)? {
        guard let first = content.first else { return nil }
        if [0x2D, 0x2A, 0x2B].contains(first) {
            guard content.count == 1 || content[1] == 0x20 || content[1] == 0x09 else { return nil }
            return (Array("• ".utf16), 1)
        }
        let digits = content.prefix { (0x30...0x39).contains($0) }
        guard (1...9).contains(digits.count), digits.count < content.count,
              content[digits.count] == 0x2E || content[digits.count] == 0x29 else { return nil }
        let after = digits.count + 1
        guard after == content.count || content[after] == 0x20 || content[after] == 0x09 else { return nil }
        let number = Int(String(decoding: digits, as: UTF16.self)) ?? 0
        return (Array("\(number). ".utf16), after)
    }
}
