import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message" component, "Simple Layout Changes": all messages on the
// leading side (as Slack does) by removing `.flipped` in a resolver subclass.

final class LeftAlignedMessageLayoutOptionsResolver: ChatMessageLayoutOptionsResolver {
    override func optionsForMessage(
        at indexPath: IndexPath,
        in channel: ChatChannel,
        with messages: AnyRandomAccessCollection<ChatMessage>,
        appearance: Appearance
    ) -> ChatMessageLayoutOptions {
        var options = super.optionsForMessage(at: indexPath, in: channel, with: messages, appearance: appearance)
        options.remove(.flipped)
        return options
    }
}

@MainActor
@Suite struct LeftAlignedMessagesGuideTests {
    typealias H = StreamGuideHarness

    @Test func ownMessagesMoveToTheLeadingSide() throws {
        let (plain, _, _) = H.list(H.conversation)
        let (aligned, _, _) = H.list(H.conversation) { components in
            components.messageLayoutOptionsResolver = LeftAlignedMessageLayoutOptionsResolver()
        }
        let before = try #require(plain.contentView(forMessageId: "g3"))
        let after = try #require(aligned.contentView(forMessageId: "g3"))
        #expect(before.layoutOptions?.contains(.flipped) == true)
        #expect(after.layoutOptions?.contains(.flipped) == false)

        let trailing = try #require(H.frame(of: before.bubbleView, in: before))
        let leading = try #require(H.frame(of: after.bubbleView, in: after))
        #expect(abs(trailing.maxX - (before.bounds.width - 8)) < 0.5, "by default the current user's bubble ends at the trailing margin")
        #expect(abs(leading.minX - 8) < 0.5, "left-aligned it starts at the leading margin")
        // The timestamp follows the bubble to the leading side.
        let time = try #require(H.frame(of: after.timestampLabel, in: after))
        #expect(time.minX < after.bounds.width / 2)
    }
}
