import Foundation
import Testing
@_spi(Benchmarks) @testable import ParleyUIKit

@MainActor
@Suite struct LabelTextTests {
    let body = UIFont.preferredFont(forTextStyle: .body)

    private func ceil2(_ size: CGSize) -> CGSize {
        CGSize(width: size.width.ceiled(toScale: 1), height: size.height.ceiled(toScale: 1))
    }

    @Test(arguments: [
        "Short",
        "A longer message that will certainly wrap onto several lines at a narrow width of two hundred points.",
        "Emoji 👍🏽 and 中文 and العربية mixed in one paragraph that wraps",
        "Two\nparagraphs with a line break",
    ])
    func wrappedLabelSizeEqualsPango(_ text: String) {
        let label = UILabel()
        label.numberOfLines = 0
        label.font = body
        label.text = text
        let ours = label.sizeThatFits(CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
        let pango = RawPangoReference(font: body).measure(text, width: 200)
        #expect(ours == ceil2(pango))
    }

    /// Text set plainly with a font and colour measures and draws exactly as the same text
    /// attributed with that font and colour: views may pick either (the message list sets plain
    /// text to avoid making attributed strings) without a pixel moving. In dark mode too: an
    /// attributed label measured in light mode once drew with its light colours (black on black).
    @Test(arguments: [UIFont.systemFont(ofSize: 17), .italicSystemFont(ofSize: 20), .systemFont(ofSize: 13, weight: .semibold)])
    func plainAndAttributedTextOfOneFontAreTheSame(_ font: UIFont) {
        let text = "On it, notes by noon. Quick heads-up: the build is green again ✅"
        func label(_ configure: (UILabel) -> Void) -> UILabel {
            let label = UILabel()
            label.numberOfLines = 0
            configure(label)
            let size = label.sizeThatFits(CGSize(width: 230, height: CGFloat.greatestFiniteMagnitude))
            label.frame = CGRect(origin: .zero, size: size)
            return label
        }
        let plain = label { $0.font = font; $0.textColor = .label; $0.text = text }
        let attributed = label { $0.attributedText = NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: UIColor.label]) }
        #expect(plain.bounds.size == attributed.bounds.size)
        for style in [UIUserInterfaceStyle.light, .dark] {
            let a = plain.renderPixels(scale: 2, userInterfaceStyle: style, background: .systemBackground)
            let b = attributed.renderPixels(scale: 2, userInterfaceStyle: style, background: .systemBackground)
            #expect(a != nil && a == b, "\(style)")
        }
        // Plain text reads back styled with the label's font and colour, as in UIKit.
        #expect(plain.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == font)
    }

    @Test func truncatedLabelSizeEqualsPango() {
        let text = String(repeating: "Truncate me at the end of the second line, please. ", count: 6)
        let label = UILabel()
        label.numberOfLines = 2
        label.lineBreakMode = .byTruncatingTail
        label.font = body
        label.text = text
        let ours = label.sizeThatFits(CGSize(width: 180, height: CGFloat.greatestFiniteMagnitude))
        let pango = RawPangoReference(font: body).measure(text, width: 180, lines: 2, ellipsizeEnd: true)
        #expect(ours == ceil2(pango))
        label.frame = CGRect(origin: .zero, size: ours)
        #expect(label.isTruncated)
        let lineHeight = RawPangoReference(font: body).measure("Xg", width: nil).height
        #expect(abs(ours.height - 2 * lineHeight) < 1.01)
    }

    @Test func singleLineLabelsDoNotWrap() {
        let label = UILabel()
        label.font = body
        label.text = "One line that is wider than the width we ask for"
        let natural = label.sizeThatFits(.zero)
        #expect(abs(natural.height - ceil2(RawPangoReference(font: body).measure("X", width: nil)).height) < 0.01)
        label.frame = CGRect(x: 0, y: 0, width: 100, height: natural.height)
        #expect(label.isTruncated)
    }

    @Test func markupIsShownLiterally() {
        let literal = TextEngineProbe.measure("<b>&amp;</b>", font: body, width: nil)
        let ampersand = TextEngineProbe.measure("&", font: body, width: nil)
        #expect(literal.width > ampersand.width * 5)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "<b>&amp;</b>"
        #expect(label.intrinsicContentSize.width == TextEngineProbe.measure("<b>&amp;</b>", font: .systemFont(ofSize: 17), width: nil).width.ceiled(toScale: 1))
    }

    @Test func nulBytesAreShownNotDropped() {
        let withNul = TextEngineProbe.measure("a\0b", font: body, width: nil)
        let without = TextEngineProbe.measure("ab", font: body, width: nil)
        #expect(withNul.width > without.width)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        label.text = "a\0b\0"
        #expect(label.renderPixels(scale: 1) != nil)
    }

    @Test func utf8LengthsKeepWideTextWhole() {
        // Measuring by Character count would cut CJK and emoji short.
        let cjk = TextEngineProbe.measure("日本語のテキスト", font: body, width: nil)
        let half = TextEngineProbe.measure("日本語の", font: body, width: nil)
        #expect(cjk.width > half.width * 1.8)
    }

    @Test func aMegabyteOfTextTruncatesQuickly() {
        let huge = String(repeating: "All work and no play makes a long message. ", count: 24_000)
        #expect(huge.utf8.count > 1_000_000)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        label.numberOfLines = 0
        var size = CGSize.zero
        // The best of three cold runs, so a busy machine does not fail the test.
        var best = Double.infinity
        for attempt in 0..<3 {
            TextEngineProbe.removeAllLayouts()
            label.text = attempt % 2 == 0 ? huge : huge + " "
            let start = Date()
            size = label.sizeThatFits(CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
            _ = label.renderPixels(scale: 1)
            best = min(best, Date().timeIntervalSince(start))
        }
        // What keeps it fast: the label lays out at most the byte cap, never the megabyte.
        let request = label.textRequest(width: 300)
        #expect(request.content.isCut)
        #expect(request.content.string.utf8.count <= TextRequest.unlimitedLinesByteCap + 16)
        #expect(label.isTruncated)
        // 50 ms in release; a debug build on a busy 2-core CI machine gets 10×.
        #expect(best < 0.05 * 10, "1 MB label took \(best) s")
        #expect(size.height > 0)
        label.numberOfLines = 3
        #expect(label.sizeThatFits(CGSize(width: 300, height: 1000)).height < 80)
    }

    @Test func layoutsAreCachedAndReusedForDrawing() {
        TextEngineProbe.removeAllLayouts()
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "Cache me once: measured and drawn by the same layout."
        let before = TextEngineProbe.layoutsCreated
        let size = label.sizeThatFits(CGSize(width: 150, height: 1000))
        label.frame = CGRect(origin: .zero, size: size)
        _ = label.renderPixels(scale: 2)
        let afterDraw = TextEngineProbe.layoutsCreated
        _ = label.sizeThatFits(CGSize(width: 150, height: 1000))
        #expect(afterDraw - before == 1, "drawing made its own layout")
        #expect(TextEngineProbe.layoutsCreated - before == 1)
    }

    @Test func rightToLeftTextAlignsToTheRightByDefault() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
        label.text = "שלום"
        let pixels = label.renderPixels(scale: 1)!
        var minX = Int.max
        for y in 0..<pixels.height { for x in 0..<pixels.width where pixels[x, y].a > 100 { minX = min(minX, x) } }
        #expect(minX > 200)
    }

    /// Foundation on Linux leaks the attribute runs of every `NSAttributedString` it frees: a
    /// label keeps an immutable string as it is, and copies only a mutable one (which the caller
    /// could change afterwards).
    @Test func attributedTextKeepsAnImmutableStringAndCopiesAMutableOne() {
        let label = UILabel()
        let immutable = NSAttributedString(string: "kept", attributes: [.font: body])
        label.attributedText = immutable
        #expect(label.attributedText === immutable)
        let mutable = NSMutableAttributedString(string: "copied", attributes: [.font: body])
        label.attributedText = mutable
        #expect(label.attributedText !== mutable)
        mutable.replaceCharacters(in: NSRange(location: 0, length: mutable.length), with: "changed")
        #expect(label.attributedText?.string == "copied")
        #expect(label.text == "copied")
    }
}
