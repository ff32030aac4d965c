import Foundation
import Testing
@testable import ParleyUIKit

/// A non-editable, non-scrolling text view keeps its text as a label does: no editor and no
/// subviews until the user selects, the label's sizes and pixels, links styled and detected.
@Suite(.serialized) @MainActor
struct UITextViewStaticTextTests {
    private let text = "Read-only text that wraps over a few lines when the view is narrow enough, as messages do."

    private func makeStatic(_ text: String? = nil) -> UITextView {
        let view = UITextView()
        view.isEditable = false
        view.isScrollEnabled = false
        view.backgroundColor = nil
        view.textContainerInset = .zero
        view.textContainer.lineFragmentPadding = 0
        view.font = .systemFont(ofSize: 15)
        view.text = text ?? self.text
        return view
    }

    private func makeLabel(_ text: String? = nil) -> UILabel {
        let label = UILabel()
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        label.font = .systemFont(ofSize: 15)
        label.text = text ?? self.text
        return label
    }

    @Test func readOnlyTextMakesNoEditorAndNoSubviews() {
        let view = makeStatic()
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        view.layoutIfNeeded()
        _ = view.renderImage(scale: 1)
        #expect(view.editorParts == nil)
        #expect(view.subviews.isEmpty)
        #expect(view.text == text)
        #expect(view.selectedRange == NSRange(location: (text as NSString).length, length: 0))
    }

    @Test func sizesAreTheLabels() {
        let view = makeStatic()
        let label = makeLabel()
        for width: CGFloat in [120, 200, 333, 10_000] {
            #expect(view.sizeThatFits(CGSize(width: width, height: 0)) == label.sizeThatFits(CGSize(width: width, height: 0)), "at \(width)")
        }
        #expect(view.intrinsicContentSize == label.intrinsicContentSize)
        #expect(makeStatic("").sizeThatFits(CGSize(width: 100, height: 0)) == .zero)
        // Insets and padding add to the text's size.
        view.textContainerInset = UIEdgeInsets(top: 4, left: 8, bottom: 6, right: 8)
        view.textContainer.lineFragmentPadding = 2
        let fitted = label.sizeThatFits(CGSize(width: 200 - 20, height: 0))
        #expect(view.sizeThatFits(CGSize(width: 200, height: 0)) == CGSize(width: fitted.width + 20, height: fitted.height + 10))
    }

    @Test func autoLayoutWrapsItAtTheSolvedWidthAsALabel() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 400))
        let view = makeStatic()
        let label = makeLabel()
        for (index, part) in [view, label as UIView].enumerated() {
            part.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(part)
            NSLayoutConstraint.activate([
                part.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                part.widthAnchor.constraint(lessThanOrEqualToConstant: 180),
                part.topAnchor.constraint(equalTo: container.topAnchor, constant: CGFloat(index) * 200),
            ])
        }
        container.layoutIfNeeded()
        #expect(view.frame.size == label.frame.size)
        #expect(view.frame.width <= 180 && view.frame.height > 20, "wrapped: \(view.frame)")
    }

    @Test func drawsTheLabelsPixels() throws {
        let view = makeStatic()
        let label = makeLabel()
        let size = label.sizeThatFits(CGSize(width: 220, height: 0))
        view.frame = CGRect(origin: .zero, size: size)
        label.frame = CGRect(origin: .zero, size: size)
        let drawn = try #require(view.renderImage(scale: 2).rgbaPixels())
        let expected = try #require(label.renderImage(scale: 2).rgbaPixels())
        #expect(drawn == expected)
        #expect(drawn.bytes.contains { $0 != 0 }, "something was drawn")
    }

    @Test func attributedTextKeepsItsRunsAndLinksTakeTheLinkAttributes() throws {
        let view = makeStatic()
        let styled = NSMutableAttributedString(string: "plain link", attributes: [.font: UIFont.systemFont(ofSize: 15)])
        styled.addAttributes([.link: URL(string: "https://example.com")!, .foregroundColor: UIColor.systemGreen], range: NSRange(location: 6, length: 4))
        view.attributedText = styled
        #expect(view.attributedText.attribute(.link, at: 7, effectiveRange: nil) as? URL == URL(string: "https://example.com"))
        // Links are drawn with `linkTextAttributes` (the tint colour by default), over their own.
        #expect(view.linkTextAttributes[.foregroundColor] as? UIColor == view.tintColor)
        view.linkTextAttributes = [.foregroundColor: UIColor.systemRed]
        guard case .attributed(_, let runs) = view.staticTextRequest(width: 200).content else {
            Issue.record("expected runs")
            return
        }
        let link = try #require(runs.first { $0.link != nil })
        #expect(link.color == TextColor(.systemRed, traits: view.traitCollection))
        // An empty dictionary leaves links as their runs style them.
        view.linkTextAttributes = [:]
        guard case .attributed(_, let own) = view.staticTextRequest(width: 200).content else { return }
        #expect(own.first { $0.link != nil }?.color == TextColor(.systemGreen, traits: view.traitCollection))
    }

    @Test func dataDetectorTypesTurnWebAddressesIntoLinks() throws {
        let view = makeStatic("see www.example.com today")
        guard case .plain = view.staticTextRequest(width: 200).content else {
            Issue.record("no detection by default")
            return
        }
        view.dataDetectorTypes = .link
        guard case .attributed(let string, let runs) = view.staticTextRequest(width: 200).content else {
            Issue.record("expected a link run")
            return
        }
        #expect(string == "see www.example.com today")
        let link = try #require(runs.first { $0.link != nil })
        #expect(link.link == "https://www.example.com")
        #expect(String(decoding: Array(string.utf8)[link.start..<link.end], as: UTF8.self) == "www.example.com")
        // Editable text detects nothing, as in UIKit.
        view.isEditable = true
        guard case .plain = view.textRequest(width: 200).content else {
            Issue.record("editable text has no links")
            return
        }
    }

    @Test func aDragSelectsWithAnEditorThatGoesWhenTheViewResigns() throws {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 320, height: 240))
        let view = makeStatic("Select these words")
        view.frame = CGRect(x: 10, y: 10, width: 300, height: 40)
        window.addSubview(view)
        backend.advance(by: 0.05)

        // A click alone neither selects nor takes the focus.
        backend.tap(at: CGPoint(x: 20, y: 20))
        #expect(!view.isFirstResponder)
        #expect(view.editorParts == nil)

        backend.advance(by: 0.5)
        backend.drag(from: CGPoint(x: 11, y: 20), to: CGPoint(x: 300, y: 20))
        #expect(view.isFirstResponder)
        #expect(view.editorParts != nil)
        #expect(view.selectedRange == NSRange(location: 0, length: ("Select these words" as NSString).length))
        view.copy()
        #expect(UIPasteboard.general.string == "Select these words")
        // The text is unchanged and still read-only.
        backend.type("x")
        #expect(view.text == "Select these words")

        #expect(view.resignFirstResponder())
        #expect(view.editorParts == nil)
        #expect(view.subviews.isEmpty)
        #expect(view.text == "Select these words")
    }

    @Test func becomingEditableMakesTheEditorWithTheText() {
        let view = makeStatic("draft")
        #expect(view.editorParts == nil)
        view.isEditable = true
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        view.layoutIfNeeded()
        #expect(view.editorParts != nil)
        #expect(view.editor.text == "draft")
        view.replace(NSRange(location: 5, length: 0), withText: "!")
        view.isEditable = false
        #expect(view.editorParts == nil)
        #expect(view.text == "draft!")
        #expect(view.sizeThatFits(CGSize(width: 200, height: 0)) == makeLabel("draft!").sizeThatFits(CGSize(width: 200, height: 0)))
    }
}
