import Foundation
import Parley
import ParleyTesting
import Testing

/// The markdown subset against CommonMark's spec examples (and GFM's for strikethrough), with
/// properties over random input and inputs nested 10,000 deep.
@Suite struct MarkdownParserTests {
    typealias Style = MarkdownSpan.Style

    /// The document's text and its spans as (covered text, style), sorted for comparison.
    static func parse(_ text: String) -> (String, [String]) {
        let document = MarkdownParser().parse(text)
        let ns = document.string as NSString
        let spans = document.spans.map { "\(ns.substring(with: $0.range))|\(name($0.style))" }.sorted()
        return (document.string, spans)
    }

    static func name(_ style: Style) -> String {
        switch style {
        case .strong: "strong"
        case .emphasis: "em"
        case .strikethrough: "del"
        case .code: "code"
        case .codeBlock: "pre"
        case .link(let url): "a:\(url.absoluteString)"
        case .heading(let level): "h\(level)"
        case .blockQuote(let depth): "quote\(depth)"
        case .listMarker: "marker"
        case .quoteMarker: "bar"
        }
    }

    /// CommonMark 0.31 examples of emphasis, code spans, links, escapes and headings (the spec's
    /// number in the comment), with the text and spans the HTML output implies.
    static let specExamples: [(input: String, text: String, spans: [String])] = [
        ("*foo bar*", "foo bar", ["foo bar|em"]),                                  // 350
        ("a * foo bar*", "a * foo bar*", []),                                       // 351
        ("a*\"foo\"*", "a*\"foo\"*", []),                                           // 352
        ("foo*bar*", "foobar", ["bar|em"]),                                         // 355
        ("5*6*78", "5678", ["6|em"]),                                               // 356
        ("_foo bar_", "foo bar", ["foo bar|em"]),                                   // 357
        ("_ foo bar_", "_ foo bar_", []),                                           // 358
        ("foo_bar_", "foo_bar_", []),                                               // 361
        ("5_6_78", "5_6_78", []),                                                   // 362
        ("*foo bar *", "*foo bar *", []),                                           // 366
        ("*foo*bar", "foobar", ["foo|em"]),                                         // 370
        ("_foo_bar_baz_", "foo_bar_baz", ["foo_bar_baz|em"]),                       // 374
        ("**foo bar**", "foo bar", ["foo bar|strong"]),                             // 378
        ("** foo bar**", "** foo bar**", []),                                       // 379
        ("foo**bar**", "foobar", ["bar|strong"]),                                   // 381
        ("__foo bar__", "foo bar", ["foo bar|strong"]),                             // 382
        ("foo__bar__", "foo__bar__", []),                                           // 385
        ("*foo **bar** baz*", "foo bar baz", ["bar|strong", "foo bar baz|em"]),     // 413 (subset)
        ("*foo**bar**baz*", "foobarbaz", ["bar|strong", "foobarbaz|em"]),           // 414
        ("foo***bar***baz", "foobarbaz", ["bar|em", "bar|strong"]),                 // 418
        ("***foo***", "foo", ["foo|em", "foo|strong"]),                             // 470-ish
        ("**foo*", "*foo", ["foo|em"]),                                             // 445
        ("*foo**", "foo*", ["foo|em"]),                                             // 457
        ("foo *\\**", "foo *", ["*|em"]),                                           // 443
        ("*foo _bar* baz_", "foo _bar baz_", ["foo _bar|em"]),                      // 481
        ("`foo`", "foo", ["foo|code"]),                                             // 328
        ("`` foo ` bar ``", "foo ` bar", ["foo ` bar|code"]),                       // 329
        ("` `` `", "``", ["``|code"]),                                              // 331
        ("*foo`*`", "*foo*", ["*|code"]),                                           // 342
        ("`foo\\`bar`", "foo\\bar`", ["foo\\|code"]),                               // 338
        ("```foo``", "```foo``", []),                                               // 346
        ("[link](/uri)", "link", ["link|a:/uri"]),                                  // 482
        ("[link](/uri \"title\")", "link", ["link|a:/uri"]),                        // 481
        ("[a](<b)c>)", "a", ["a|a:b)c"]),                                           // 490
        ("[link](foo(and(bar)))", "link", ["link|a:foo(and(bar))"]),                // 495
        ("[link *foo **bar** `#`*](/uri)", "link foo bar #", ["#|code", "bar|strong", "foo bar #|em", "link foo bar #|a:/uri"]), // 519
        ("[foo [bar](/uri)](/uri)", "[foo bar](/uri)", ["bar|a:/uri"]),             // 526
        ("[link] (/uri)", "[link] (/uri)", []),                                     // 513
        ("\\*not emphasized*", "*not emphasized*", []),                             // 13
        ("\\[not a link](/foo)", "[not a link](/foo)", []),                         // 13
        ("\\\\*emphasis*", "\\emphasis", ["emphasis|em"]),                          // 14
        ("# foo", "foo", ["foo|h1"]),                                               // 62
        ("###### foo", "foo", ["foo|h6"]),                                          // 62
        ("####### foo", "####### foo", []),                                         // 63
        ("#5 bolt", "#5 bolt", []),                                                 // 64
        ("\\## foo", "## foo", []),                                                 // 66
        ("# foo *bar* \\*baz\\*", "foo bar *baz*", ["bar|em", "foo bar *baz*|h1"]), // 67
        ("## foo ##", "foo", ["foo|h2"]),                                           // 71
        ("### foo ### b", "foo ### b", ["foo ### b|h3"]),                           // 75
        ("~~Hi~~ Hello, world!", "Hi Hello, world!", ["Hi|del"]),                   // GFM 491
        ("This ~~~is stricken~~~.", "This ~~~is stricken~~~.", []),                 // GFM 492 (three tildes: no strike)
    ]

    @Test func commonMarkSpecExamples() {
        for example in Self.specExamples {
            let (text, spans) = Self.parse(example.input)
            #expect(text == example.text, "\(example.input)")
            #expect(spans == example.spans.sorted(), "\(example.input)")
        }
    }

    /// Blocks: fenced code (verbatim, markers inside untouched), quotes, lists, thematic breaks;
    /// lines stay lines.
    @Test func blocks() {
        let (code, codeSpans) = Self.parse("before\n```swift\nlet *x* = `y`\n```\nafter")
        #expect(code == "before\nlet *x* = `y`\nafter")
        #expect(codeSpans == ["let *x* = `y`|pre"])

        let (quote, quoteSpans) = Self.parse("> # Foo\n> bar **baz**")
        #expect(quote == "▍ Foo\n▍ bar baz")
        #expect(quoteSpans == ["Foo|h1", "baz|strong", "▍ |bar", "▍ |bar", "▍ Foo|quote1", "▍ bar baz|quote1"].sorted())

        let (list, listSpans) = Self.parse("- one\n* two\n  + nested\n7. seven\n3) three")
        #expect(list == "• one\n• two\n    • nested\n7. seven\n3. three")
        #expect(listSpans.filter { $0.hasSuffix("marker") }.count == 5)

        #expect(Self.parse("* * *").0 == "———")
        #expect(Self.parse("line one\nline two").0 == "line one\nline two")
        // An unclosed fence runs to the end.
        #expect(Self.parse("```\ncode").1 == ["code|pre"])
        // Nested quotes count their depth.
        #expect(Self.parse("> > deep").1.contains("▍ deep|quote2"))
    }

    /// HTML and entities are text: nothing is interpreted as markup.
    @Test func htmlAndEntitiesStayLiteral() {
        for input in ["<b>bold?</b>", "&amp; &lt;tag&gt;", "<script>alert(1)</script>", "a <br/> b"] {
            let (text, spans) = Self.parse(input)
            #expect(text == input)
            #expect(spans.isEmpty)
        }
    }

    /// Random inline text (lines starting with a letter, so no block syntax): the parser only
    /// removes characters (its text is a subsequence of the input), its spans lie inside its
    /// text, and text with every punctuation escaped comes out as typed with no spans.
    @Test func propertiesOverRandomInlineText() {
        var rng = SeededGenerator(seed: 22)
        let alphabet = Array("ab *_~`[]()\\!.:/ x")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &rng)
            let input = "x" + String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
            let document = MarkdownParser().parse(input)
            let out = Array(document.string.unicodeScalars), all = Array(input.unicodeScalars)
            var i = 0
            for scalar in all where i < out.count && out[i] == scalar { i += 1 }
            #expect(i == out.count, "not a subsequence: \(input) → \(document.string)")
            let length16 = document.string.utf16.count
            #expect(document.spans.allSatisfy { $0.range.location >= 0 && NSMaxRange($0.range) <= length16 && $0.range.length > 0 }, "\(input)")

            var escaped = ""
            for character in input {
                if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
                escaped.append(character)
            }
            let literal = MarkdownParser().parse(escaped)
            #expect(literal.string == input, "\(escaped)")
            #expect(literal.spans.isEmpty, "\(escaped)")
        }
    }

    /// Text without markdown characters is not touched.
    @Test func plainTextIsUnchanged() {
        for text in ["Hello there", "Ünïcödé 😀 مرحبا", "", "just words, and commas; yes"] {
            #expect(!MarkdownParser.mayContainMarkdown(text) || MarkdownParser().parse(text).string == text)
            #expect(MarkdownParser().parse(text) == MarkdownDocument(string: text, spans: []))
        }
    }

    /// Markdown nested 10,000 levels deep parses (and formats) without overflowing the stack, in
    /// linear time.
    @Test func tenThousandLevelsDeep() {
        let depth = 10_000
        let inputs = [
            String(repeating: ">", count: depth) + " deep",
            String(repeating: "*a ", count: depth) + "x" + String(repeating: " a*", count: depth),
            String(repeating: "[", count: depth) + "x" + String(repeating: "](u)", count: depth),
            String(repeating: "**", count: depth) + "x" + String(repeating: "**", count: depth),
            String(repeating: "`", count: depth) + "x" + String(repeating: "`", count: depth),
            String(repeating: "- ", count: depth) + "item",
            String(repeating: "> - ", count: depth) + "item",
        ]
        let formatter = DefaultMarkdownFormatter()
        let start = Date()
        for input in inputs {
            let document = MarkdownParser().parse(input)
            #expect(!document.string.isEmpty)
            let styled = formatter.format(input, attributes: [:])
            #expect(styled.string == document.string)
            // Nested spans of one style merge: few attribute runs, whatever the depth.
            #expect(styled.spans.count < 100)
        }
        #expect(Date().timeIntervalSince(start) < 20)
        // The deep quote keeps its depth, drawn with one bar.
        let quote = MarkdownParser().parse(inputs[0])
        #expect(quote.string == "▍ deep")
        #expect(quote.spans.contains(MarkdownSpan(range: NSRange(location: 0, length: 6), style: .blockQuote(depth: depth))))
    }
}

/// The default formatter's attributes.
@MainActor
@Suite struct MarkdownFormatterTests {
    @Test func attributesForEachStyle() throws {
        let body = UIFont.systemFont(ofSize: 17)
        let formatter = DefaultMarkdownFormatter()
        let styled = formatter.format("**b** *i* ~~s~~ `c` [l](https://parley.chat)", attributes: [.font: body, .foregroundColor: UIColor.black])
        #expect(styled.string == "b i s c l")
        func attributes(at index: Int) -> [NSAttributedString.Key: Any] {
            var result = styled.attributes
            for span in styled.spans where NSLocationInRange(index, span.range) { result.merge(span.attributes) { _, new in new } }
            return result
        }
        #expect((attributes(at: 0)[.font] as? UIFont)?.weight == .bold)
        #expect((attributes(at: 2)[.font] as? UIFont)?.isItalic == true)
        #expect(attributes(at: 4)[.strikethroughStyle] as? Int == NSUnderlineStyle.single.rawValue)
        #expect((attributes(at: 6)[.font] as? UIFont)?.familyName == UIFont.monospacedFamily)
        #expect(attributes(at: 6)[.backgroundColor] != nil)
        #expect(attributes(at: 8)[.link] as? URL == URL(string: "https://parley.chat"))
        // Plain stretches keep the base attributes.
        #expect(attributes(at: 1)[.font] as? UIFont == body)
        // Text without markdown is returned as is, with no spans.
        #expect(formatter.format("plain words", attributes: [.font: body]).spans.isEmpty)
    }
}
