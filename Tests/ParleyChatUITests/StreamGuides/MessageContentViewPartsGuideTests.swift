import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message" component: a `ChatMessageContentView` subclass that makes a
// part its own way (`createTextView()`), sizes the avatar (`messageAuthorAvatarSize`) and the
// content (`maxContentWidthMultiplier`), and styles the parts that exist in `updateContent()`
// through their optionals (`textView?.`, `bubbleView?.`).

final class CompactChatMessageContentView: ChatMessageContentView {
    override var messageAuthorAvatarSize: CGSize { CGSize(width: 24, height: 24) }
    override var maxContentWidthMultiplier: CGFloat { 0.5 }

    override func createTextView() -> UITextView {
        let textView = super.createTextView()
        // Links and mentions are not tappable in this app.
        textView.isUserInteractionEnabled = false
        textView.accessibilityIdentifier = "messageText"
        return textView
    }

    override func updateContent() {
        super.updateContent()
        guard content?.text.localizedCaseInsensitiveContains("urgent") == true else { return }
        bubbleView?.content = ChatMessageBubbleView.Content(backgroundColor: .systemRed, roundedCorners: .all)
        textView?.textColor = .white
    }
}

@MainActor
@Suite struct MessageContentViewPartsGuideTests {
    typealias H = StreamGuideHarness
    typealias L = MessageListFixtures

    private func messages() -> [ChatMessage] {
        let start = L.day.addingTimeInterval(12 * 3_600)
        let long = String(repeating: "A rather long message that wraps over lines. ", count: 6)
        return [
            ChatMessage(id: "long", cid: L.cid, text: long, author: L.alice, createdAt: start, isSentByCurrentUser: false),
            ChatMessage(id: "urgent", cid: L.cid, text: "URGENT: call me www.example.com", author: L.bob,
                        createdAt: start.addingTimeInterval(300), isSentByCurrentUser: false),
        ]
    }

    @Test func partsAreMadeAndSizedAsTheSubclassSays() throws {
        let (vc, _, _) = H.list(messages()) { components in
            components.messageContentView = CompactChatMessageContentView.self
        }
        let row = try #require(vc.contentView(forMessageId: "long"))
        let avatar = try #require(H.frame(of: row.authorAvatarView, in: row))
        #expect(avatar.width == 24 && avatar.height == 24)
        let bubble = try #require(H.frame(of: row.bubbleView, in: row))
        #expect(bubble.width <= row.bounds.width * 0.5 + 0.5, "content at most half the row")
        #expect(bubble.width > row.bounds.width * 0.4, "a long text still fills that half")
        #expect(row.textView?.accessibilityIdentifier == "messageText")
        #expect(row.textView?.isUserInteractionEnabled == false)
    }

    @Test func updateContentStylesOnlyWhatExists() throws {
        let (vc, _, _) = H.list(messages()) { components in
            components.messageContentView = CompactChatMessageContentView.self
        }
        let urgent = try #require(vc.contentView(forMessageId: "urgent"))
        #expect(urgent.bubbleView?.content?.backgroundColor == .systemRed)
        #expect(urgent.textView?.textColor == .white)
        #expect(urgent.quotedMessageView == nil && urgent.threadReplyCountButton == nil && urgent.errorIndicatorView == nil,
                "parts the options do not ask for are never made")
        let plain = try #require(vc.contentView(forMessageId: "long"))
        #expect(plain.bubbleView?.content?.backgroundColor != .systemRed)
    }
}
