import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message" component, custom layout options: an app-defined
// `ChatMessageLayoutOption` set by a resolver and read by a `ChatMessageContentView` subclass in
// `layout(options:)`.

extension ChatMessageLayoutOption {
    static let pinnedIndicator: Self = "pinnedIndicator"
}

final class PinnedMessageLayoutOptionsResolver: ChatMessageLayoutOptionsResolver {
    override func optionsForMessage(
        at indexPath: IndexPath,
        in channel: ChatChannel,
        with messages: AnyRandomAccessCollection<ChatMessage>,
        appearance: Appearance
    ) -> ChatMessageLayoutOptions {
        var options = super.optionsForMessage(at: indexPath, in: channel, with: messages, appearance: appearance)
        let message = messages[messages.index(messages.startIndex, offsetBy: indexPath.item)]
        if message.text.hasPrefix("📌") {
            options.insert(.pinnedIndicator)
        }
        return options
    }
}

final class PinnedChatMessageContentView: ChatMessageContentView {
    private(set) var pinnedLabel: UILabel?

    override func layout(options: ChatMessageLayoutOptions) {
        super.layout(options: options)
        guard options.contains(.pinnedIndicator) else { return }
        let label = UILabel()
        label.text = "Pinned"
        label.font = appearance.fonts.caption1
        bubbleThreadFootnoteContainer.insertArrangedSubview(label, at: 0)
        pinnedLabel = label
    }
}

@MainActor
@Suite struct CustomLayoutOptionGuideTests {
    typealias H = StreamGuideHarness
    typealias L = MessageListFixtures

    @Test func anAppOptionReachesTheRowsThatAskForIt() throws {
        var messages = H.conversation
        messages[1] = ChatMessage(id: "g1", cid: L.cid, text: "📌 Meeting at noon", author: L.alice,
                                  createdAt: messages[1].createdAt, isSentByCurrentUser: false)
        let (vc, _, _) = H.list(messages) { components in
            components.messageLayoutOptionsResolver = PinnedMessageLayoutOptionsResolver()
            components.messageContentView = PinnedChatMessageContentView.self
        }
        let pinned = try #require(vc.contentView(forMessageId: "g1") as? PinnedChatMessageContentView)
        let plain = try #require(vc.contentView(forMessageId: "g0") as? PinnedChatMessageContentView)
        #expect(pinned.layoutOptions?.contains(.pinnedIndicator) == true)
        #expect(plain.layoutOptions?.contains("pinnedIndicator") == false, "a string literal names the same option")
        #expect(plain.pinnedLabel == nil)
        // The label sits above the bubble, inside the row.
        let label = try #require(H.frame(of: pinned.pinnedLabel, in: pinned))
        let bubble = try #require(H.frame(of: pinned.bubbleView, in: pinned))
        #expect(label.maxY <= bubble.minY + 0.5 && label.height > 0)
    }

    @Test func optionsAreASetOfStrings() {
        var options: ChatMessageLayoutOptions = [.bubble, .text]
        options.insert([.flipped, .pinnedIndicator])
        options.remove([.bubble, .flipped])
        #expect(options == [.text, "pinnedIndicator"])
        #expect(options.union([.avatar]).contains(.avatar))
        #expect(ChatMessageLayoutOption(rawValue: "text") == .text)
        #expect(options.id == "pinnedIndicator-text")
    }
}
