import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message" (customizing the message text): `textView` is a non-editable
// `UITextView`, so a subclass of `ChatMessageContentView` styles it as one — link colours through
// `linkTextAttributes`, data detectors in `createTextView()`, the text's padding through
// `textContainerInset`, and `textContainer.lineFragmentPadding` from `layoutSubviews()`.

final class PinkLinksMessageContentView: ChatMessageContentView {
    override func createTextView() -> UITextView {
        let textView = super.createTextView()
        textView.dataDetectorTypes = [.link]
        textView.isSelectable = true
        return textView
    }

    override func setUpAppearance() {
        super.setUpAppearance()
        textView?.linkTextAttributes = [
            .foregroundColor: UIColor.systemPink,
            .underlineStyle: NSUnderlineStyle.single.rawValue,
        ]
        textView?.textContainerInset = UIEdgeInsets(top: 3, left: 0, bottom: 3, right: 0)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // Text flush with the bubble's padding, however the text view was made.
        textView?.textContainer.lineFragmentPadding = 0
    }
}

@MainActor
@Suite struct MessageTextViewGuideTests {
    typealias H = StreamGuideHarness
    typealias L = MessageListFixtures

    private func messages() -> [ChatMessage] {
        [ChatMessage(id: "link", cid: L.cid, text: "Docs at www.example.com/guide for everyone", author: L.alice,
                     createdAt: L.day.addingTimeInterval(12 * 3_600), isSentByCurrentUser: false)]
    }

    /// Pixels close to `UIColor.systemPink` in the text view as drawn.
    private func pinkPixels(in row: ChatMessageContentView) throws -> Int {
        let textView = try #require(row.textView)
        let pixels = try #require(textView.renderImage(scale: 2).rgbaPixels())
        var count = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let p = pixels[x, y]
                if p.a > 200, p.r > 200, p.g < 110, p.b > 60, p.b < 160 { count += 1 }
            }
        }
        return count
    }

    @Test func theTextViewIsANonEditableSelectableTextView() throws {
        let (vc, _, _) = H.list(messages())
        let row = try #require(vc.contentView(forMessageId: "link"))
        let textView: UITextView = try #require(row.textView)
        #expect(!textView.isEditable)
        #expect(!textView.isScrollEnabled)
        #expect(textView.isSelectable)
        #expect(textView.text == "Docs at www.example.com/guide for everyone")
        #expect(textView.subviews.isEmpty, "no editor until the user selects")
    }

    @Test func linkAttributesDetectorsAndInsetsTakeEffect() throws {
        let (plainVC, _, _) = H.list(messages())
        let plain = try #require(plainVC.contentView(forMessageId: "link"))
        let (vc, _, _) = H.list(messages()) { components in
            components.messageContentView = PinkLinksMessageContentView.self
        }
        let row = try #require(vc.contentView(forMessageId: "link"))
        let textView = try #require(row.textView)
        #expect(textView.dataDetectorTypes == .link)
        #expect(textView.linkTextAttributes[.foregroundColor] as? UIColor == .systemPink)
        #expect(textView.textContainerInset == UIEdgeInsets(top: 3, left: 0, bottom: 3, right: 0))
        #expect(textView.textContainer.lineFragmentPadding == 0)
        // The link is drawn pink; the default view draws none.
        #expect(try pinkPixels(in: row) > 20)
        #expect(try pinkPixels(in: plain) == 0)
        // The insets make the text view (and the row) 6 points taller.
        let plainHeight = try #require(plain.textView).bounds.height
        #expect(abs(textView.bounds.height - (plainHeight + 6)) < 0.01)
        #expect(abs(row.bounds.height - (plain.bounds.height + 6)) < 0.01)
    }
}
