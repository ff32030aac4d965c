import Foundation
import ParleyChat
import ParleyUIKit

extension Appearance {
    /// What a screen reader says for a reaction type: the name of its picture for the built-in
    /// types ("thumbs up", "heart"), in the UI's language; a type whose name is an emoji reads as
    /// that emoji (screen readers speak emoji by name); any other type by its name.
    func accessibilityName(of type: MessageReactionType) -> String {
        let key = "reaction.name." + type.rawValue
        let name = l10n.tr(key)
        return name == key ? type.rawValue : name
    }

    /// A reaction and how many reacted, for a screen reader: "thumbs up: 2".
    func accessibilityLabel(ofReaction type: MessageReactionType, count: Int) -> String {
        l10n.plural("reaction.item.accessibility-label", count: count, .string(accessibilityName(of: type)))
    }
}
