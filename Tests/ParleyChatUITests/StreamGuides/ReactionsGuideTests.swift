import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message Reactions": the reactions users can pick are the keys of
// `Appearance.images.availableReactions` (a custom type needs only an entry with its small and
// large icons), and `Components.reactionsSorting` orders the reactions on a message.

@MainActor
@Suite struct ReactionsGuideTests {
    typealias R = ReactionFixtures

    static let fire: MessageReactionType = "fire"

    @Test func thePickerOffersExactlyTheAvailableReactions() throws {
        var appearance = Appearance()
        appearance.images.availableReactions = [
            Self.fire: ChatMessageReactionAppearance(smallIcon: appearance.images.smiley, largeIcon: appearance.images.smiley),
            .like: appearance.images.availableReactions[.like]!,
        ]
        let picker = ChatMessageReactionsPickerVC()
        picker.appearance = appearance
        picker.message = R.message(groups: [(.love, 2, 2, false), (Self.fire, 1, 1, true)])
        picker.loadViewIfNeeded()
        picker.view.frame = CGRect(origin: .zero, size: picker.preferredSize)
        picker.view.layoutIfNeeded()
        let reactionsView = picker.reactionsBubble.reactionsView
        #expect(R.types(reactionsView) == ["fire", "like"])
        #expect(reactionsView.itemViews.allSatisfy { $0.reactionImage != nil })
        #expect(reactionsView.itemViews.first?.content?.reaction.isChosenByCurrentUser == true)

        let plain = R.picker(for: R.message(groups: []))
        #expect(R.types(plain.reactionsBubble.reactionsView) == MessageReactionType.defaultSet.map(\.rawValue))
    }

    @Test func reactionsSortingOrdersTheBubble() {
        let message = R.message(groups: [(.love, 3, 3, false), (.haha, 1, 1, false), (.like, 2, 2, false)])
        func bubble(_ components: Components) -> ChatReactionsBubbleView {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let bubble = ChatReactionsBubbleView(frame: .zero)
            bubble.components = components
            container.addSubview(bubble)
            bubble.content = message
            bubble.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: bubble.intrinsicContentSize)
            container.layoutIfNeeded()
            return bubble
        }
        var byCount = Components()
        byCount.reactionsSorting = { $0.count > $1.count }
        #expect(R.types(bubble(byCount).reactionsView) == ["love", "like", "haha"])
        #expect(R.types(bubble(Components()).reactionsView) == ["haha", "like", "love"])
    }
}
