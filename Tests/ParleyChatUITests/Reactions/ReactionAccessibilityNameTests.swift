import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyUIKit

/// Screen readers hear a reaction by its picture's name ("thumbs up: 2"), in the UI's language;
/// an emoji type by its emoji (which the screen reader names), another type by its name.
@MainActor
@Suite struct ReactionAccessibilityNameTests {
    @Test func builtInReactionsReadByTheirPicturesNameEmojiAsThemselves() {
        let appearance = Appearance()
        #expect(appearance.accessibilityLabel(ofReaction: .like, count: 2) == "thumbs up: 2")
        #expect(appearance.accessibilityLabel(ofReaction: .love, count: 1) == "heart: 1")
        #expect(appearance.accessibilityName(of: .haha) == "laughing face")
        #expect(appearance.accessibilityName(of: .sad) == "sad face")
        #expect(appearance.accessibilityName(of: .wow) == "surprised face")
        #expect(appearance.accessibilityLabel(ofReaction: MessageReactionType(rawValue: "❤️"), count: 3) == "❤️: 3")
        #expect(appearance.accessibilityName(of: MessageReactionType(rawValue: "party")) == "party")
        var german = Appearance()
        german.localizationProvider = { key, table in ChatLocalization(language: "de").string(forKey: key, table: table) }
        #expect(german.accessibilityName(of: .like) == "Daumen hoch")
    }

    @Test func theReactionItemReadsTheName() {
        let item = ChatMessageReactionItemView(frame: .zero)
        item.content = .init(useBigIcon: false, reaction: ChatMessageReactionData(type: .like, score: 2, count: 2, isChosenByCurrentUser: false), onTap: nil)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        host.addSubview(item)
        #expect(item.accessibilityLabel == "thumbs up: 2")
    }
}
