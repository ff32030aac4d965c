import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message Layout Options" (uikit/views/message-layout-options-resolver):
// a YouTube-like resolver that repeats the avatar on every message of others instead of grouping.

final class YTMessageLayoutOptionsResolver: ChatMessageLayoutOptionsResolver {
    override func optionsForMessage(
        at indexPath: IndexPath,
        in channel: ChatChannel,
        with messages: AnyRandomAccessCollection<ChatMessage>,
        appearance: Appearance
    ) -> ChatMessageLayoutOptions {
        var options = super.optionsForMessage(at: indexPath, in: channel, with: messages, appearance: appearance)
        let message = messages[messages.index(messages.startIndex, offsetBy: indexPath.item)]
        // Every message of others shows its avatar and author, none joins the next bubble.
        options.remove([.continuousBubble, .avatarSizePadding])
        if !message.isSentByCurrentUser {
            options.insert([.avatar, .authorName])
        }
        return options
    }
}

@MainActor
@Suite struct MessageLayoutOptionsGuideTests {
    typealias H = StreamGuideHarness

    @Test func everyMessageOfOthersShowsItsAvatarAndName() throws {
        let (vc, _, _) = H.list(H.conversation) { components in
            components.messageLayoutOptionsResolver = YTMessageLayoutOptionsResolver()
        }
        // Without the resolver the first message of alice's group has only the avatar's room.
        let first = try #require(vc.contentView(forMessageId: "g0"))
        #expect(first.layoutOptions?.isSuperset(of: [.avatar, .authorName]) == true)
        #expect(first.authorAvatarSpacer == nil)
        #expect(first.authorAvatarView?.content?.id == "alice")
        #expect(first.authorNameLabel?.text == "Alice Liddell")
        #expect(first.bubbleView?.content?.roundedCorners != .all, "a bubble of its own has the tail corner")
        let mine = try #require(vc.contentView(forMessageId: "g2"))
        #expect(mine.authorAvatarView == nil)
    }

    @Test func theDefaultResolverGroupsTheSameConversation() throws {
        let (vc, _, _) = H.list(H.conversation)
        let first = try #require(vc.contentView(forMessageId: "g0"))
        #expect(first.layoutOptions?.contains(.avatarSizePadding) == true)
        #expect(first.authorAvatarView == nil && first.authorAvatarSpacer != nil)
    }
}
