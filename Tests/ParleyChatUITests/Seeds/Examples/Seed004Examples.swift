import Parley

// Seed 004, "Message Reactions": every example, compiled unchanged apart from the seed's typos
// (the empty `fillColor` body returns black; `CustomChatChatMessageReactionsView` is
// `CustomChatMessageReactionsView`).

// "Custom Reactions Sorting": a static order by type.
extension MessageReactionType {
    var position: Int {
        switch rawValue {
        case "love": return 0
        case "haha": return 1
        case "like": return 2
        case "sad": return 3
        case "wow": return 4
        default: return 5
        }
    }
}

class CustomChatReactionsBubbleView: ChatReactionsBubbleView {
    override var fillColor: UIColor? {
        .black
    }
}

class CustomChatMessageReactionsView: ChatMessageReactionsView {

    override func setUpLayout() {
        super.setUpLayout()

        stackView.axis = .vertical
    }
}

class CustomChatMessageReactionItemView: ChatMessageReactionItemView {

    override var reactionImageTint: UIColor? {
        guard let content = content else { return nil }
        let isChosenByCurrentUser = content.reaction.isChosenByCurrentUser
        return isChosenByCurrentUser ? .white : .gray
    }
}

class CustomChatReactionPickerBubbleView: DefaultChatReactionPickerBubbleView {

    override open var contentBackgroundColor: UIColor {
        .black
    }

    override open var contentBorderColor: UIColor {
        .black
    }

    override open var tailBackImage: UIImage? {
         super.tailBackImage?.withTintColor(.black)
     }

    override open var tailFrontImage: UIImage? {
         super.tailFrontImage?.withTintColor(.black)
     }

    override open func layoutSubviews() {
        super.layoutSubviews()

        contentViewBackground.layer.cornerRadius = 20
    }
}

class CustomChatReactionPickerReactionsView: ChatReactionPickerReactionsView {

    override func setUpLayout() {
        super.setUpLayout()

        stackView.axis = .vertical
    }
}

class CustomChatMessageReactionAuthorsVC: ChatMessageReactionAuthorsVC {

    override var reactionAuthorCellSize: CGSize {
        CGSize(width: 64, height: 70)
    }

    override func setUpAppearance() {
        super.setUpAppearance()

        topLabel.textColor = UIColor.white
        view.backgroundColor = .black
    }
}

class CustomChatMessageReactionAuthorViewCell: ChatMessageReactionAuthorViewCell {

    override func setUpLayout() {
        super.setUpLayout()

        containerStack.removeArrangedSubview(authorNameLabel)
    }
}

// This file imports Parley only, as an app's file would; `scripts/check-seed-package` also
// builds it in a package outside the repository. The seed's statements are wrapped in functions.
enum Seed004 {
    // "Custom Reactions and Images"
    @MainActor static func useCustomReactions() {
        let reactionFireSmall: UIImage = UIImage(named: "fireSmall")!
        let reactionFireBig: UIImage = UIImage(named: "fireBig")!
        let reactionWaveSmall: UIImage = UIImage(named: "waveSmall")!
        let reactionWaveBig: UIImage = UIImage(named: "waveBig")!

        let customReactions: [MessageReactionType: ChatMessageReactionAppearanceType] = [
            "fire": ChatMessageReactionAppearance(
                smallIcon: reactionFireSmall,
                largeIcon: reactionFireBig
            ),
            "wave": ChatMessageReactionAppearance(
                smallIcon: reactionWaveSmall,
                largeIcon: reactionWaveBig
            )
        ]

        Appearance.default.images.availableReactions = customReactions
    }

    // "Custom Reactions Sorting"
    @MainActor static func sortByScore() {
        Components.default.reactionsSorting = { $0.score < $1.score }
    }

    @MainActor static func sortByPosition() {
        Components.default.reactionsSorting = { $0.type.position < $1.type.position }
    }

    // The registrations of "Message Reactions", "Reactions Picker" and "Reaction Authors" (the
    // seed's picker line registers the base class, its slip, so the custom class follows it).
    @MainActor static func useCustomReactionViews() {
        Components.default.messageReactionsBubbleView = CustomChatReactionsBubbleView.self
        Components.default.messageReactionsView = CustomChatMessageReactionsView.self
        Components.default.messageReactionItemView = CustomChatMessageReactionItemView.self
        Components.default.reactionPickerBubbleView = CustomChatReactionPickerBubbleView.self
        Components.default.reactionPickerReactionsView = ChatReactionPickerReactionsView.self
        Components.default.reactionPickerReactionsView = CustomChatReactionPickerReactionsView.self
        Components.default.reactionPickerReactionItemView = CustomChatMessageReactionItemView.self
        Components.default.reactionAuthorsVC = CustomChatMessageReactionAuthorsVC.self
        Components.default.reactionAuthorCell = CustomChatMessageReactionAuthorViewCell.self
    }
}
