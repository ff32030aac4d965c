import Foundation
import Parley
import ParleyScenes
import Testing

/// `parley demo --customize` names: each applies its seed example to `Components.default` /
/// `Appearance.default` (or the window), and every name of the issue is known.
@MainActor
@Suite(.serialized) struct DemoCustomizationTests {
    @Test func everyNameOfTheIssueIsKnown() {
        let names = ["rect-avatars", "imessage-unread", "pink-tint", "italic-body", "yellow-bubbles", "send-arrow",
                     "custom-reactions", "score-sorting", "black-reactions", "vertical-reactions", "black-picker",
                     "custom-authors", "livestream-factory",
                     "jump-to-unread", "open-at-unread", "no-date-overlay", "no-date-separators", "no-unread-separator",
                     "no-swipe-to-reply", "no-edited-label"]
        for name in names { #expect(DemoCustomization(rawValue: name) != nil, "\(name)") }
        #expect(Set(DemoCustomization.allCases.map(\.rawValue)) == Set(names))
        #expect(DemoCustomization.allCases.filter(\.usesDeclarativeScreens) == [.livestreamFactory])
    }

    @Test func eachCustomizationChangesTheDefaults() throws {
        let savedComponents = Components.default
        let savedAppearance = Appearance.default
        defer {
            Components.default = savedComponents
            Appearance.default = savedAppearance
        }
        func componentsChanged(_ customization: DemoCustomization, _ check: (Components) -> Bool) {
            Components.default = savedComponents
            #expect(!check(Components.default), "\(customization) before")
            customization.apply()
            #expect(check(Components.default), "\(customization) after")
        }
        componentsChanged(.rectAvatars) { $0.avatarView == SeedExamples.RectAvatarView.self }
        componentsChanged(.imessageUnread) { $0.channelContentView == SeedExamples.IMessageChannelListItemView.self }
        componentsChanged(.blackReactions) { $0.messageReactionsBubbleView != ChatReactionsBubbleView.self }
        componentsChanged(.verticalReactions) { $0.messageReactionsView != ChatMessageReactionsView.self }
        componentsChanged(.blackPicker) { $0.reactionPickerBubbleView != DefaultChatReactionPickerBubbleView.self }
        componentsChanged(.customAuthors) { $0.reactionAuthorsVC != ChatMessageReactionAuthorsVC.self }
        componentsChanged(.jumpToUnread) { $0.isJumpToUnreadEnabled }
        componentsChanged(.openAtUnread) { $0.shouldJumpToUnreadWhenOpeningChannel }
        componentsChanged(.noDateOverlay) { !$0.messageListDateOverlayEnabled }
        componentsChanged(.noDateSeparators) { !$0.messageListDateSeparatorEnabled }
        componentsChanged(.noUnreadSeparator) { !$0.isUnreadMessagesSeparatorEnabled }
        componentsChanged(.noSwipeToReply) { !$0.messageSwipeToReplyEnabled }
        componentsChanged(.noEditedLabel) { !$0.isMessageEditedLabelEnabled }

        Components.default = savedComponents
        DemoCustomization.scoreSorting.apply()
        let low = ChatMessageReactionData(type: "a", score: 1, count: 1, isChosenByCurrentUser: false)
        let high = ChatMessageReactionData(type: "b", score: 5, count: 5, isChosenByCurrentUser: false)
        #expect(Components.default.reactionsSorting(low, high))
        #expect(!Components.default.reactionsSorting(high, low))

        DemoCustomization.customReactions.apply()
        #expect(Set(Appearance.default.images.availableReactions.keys.map(\.rawValue)) == ["fire", "wave"])
        DemoCustomization.italicBody.apply()
        #expect(Appearance.default.fonts.body.pointSize == 20)
        DemoCustomization.yellowBubbles.apply()
        #expect(Appearance.default.colorPalette.background6 == .yellow)

        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        DemoCustomization.pinkTint.apply(to: window)
        #expect(window.tintColor == .systemPink)
    }
}
