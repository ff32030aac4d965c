import Foundation
import Parley

/// The reactions of seed 004: the reactions bubble on messages, the long-press popup (picker,
/// message, actions) and the reaction authors popup, each with Parley's defaults and with the
/// seed's customizations (black bubbles, vertical stacks, white and gray tints, 64 × 70 author
/// cells without names, a black authors card).
enum ReactionsScene {
    static let size = CGSize(width: 390, height: 760)

    static let scenes: [RenderScene] = [
        RenderScene(name: "reactions", summary: "Messages with reactions: yours tinted, others' gray, counts", defaultSize: CGSize(width: 360, height: 340)) { size in
            ReactionsChatView(frame: CGRect(origin: .zero, size: size), components: Components.default, messages: defaultMessages)
        },
        RenderScene(name: "reactions-custom", summary: "Seed 004's custom reactions: fire and wave only, black bubble, vertical stack, white tint", defaultSize: CGSize(width: 360, height: 340)) { size in
            ReactionsChatView(frame: CGRect(origin: .zero, size: size), components: customComponents, appearance: customAppearance, messages: customMessages)
        },
        RenderScene(name: "reaction-popup", summary: "Long press on a message: picker, message, actions", defaultSize: size) { size in
            popup(size: size, components: Components.default, appearance: .default, messages: defaultMessages, authors: false)
        },
        RenderScene(name: "reaction-popup-custom", summary: "Seed 004's custom picker: black, vertical, white tint", defaultSize: size) { size in
            popup(size: size, components: customComponents, appearance: customAppearance, messages: customMessages, authors: false)
        },
        RenderScene(name: "reaction-authors", summary: "Tap on the reactions: picker, message, reaction authors", defaultSize: size) { size in
            popup(size: size, components: Components.default, appearance: .default, messages: defaultMessages, authors: true)
        },
        RenderScene(name: "reaction-authors-custom", summary: "Seed 004's custom authors: black card, 64×70 cells without names", defaultSize: size) { size in
            popup(size: size, components: customComponents, appearance: customAppearance, messages: customMessages, authors: true)
        },
    ]

    /// Every customization of seed 004's component sections.
    @MainActor
    static var customComponents: Components {
        var components = Components.default
        components.messageReactionsBubbleView = SceneBlackReactionsBubbleView.self
        components.messageReactionsView = SceneVerticalReactionsView.self
        components.messageReactionItemView = SceneWhiteTintReactionItemView.self
        components.reactionPickerBubbleView = SceneBlackPickerBubbleView.self
        components.reactionPickerReactionsView = SceneVerticalPickerReactionsView.self
        components.reactionPickerReactionItemView = SceneWhiteTintReactionItemView.self
        components.reactionAuthorsVC = SceneBlackReactionAuthorsVC.self
        components.reactionAuthorCell = SceneNamelessAuthorCell.self
        return components
    }

    static let cid = ChannelId(type: .messaging, id: "general")
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)
    static let me = ChatUser(id: "alice", name: "Alice Liddell")
    static let bob = ChatUser(id: "bob", name: "Bob Builder")

    static let channel = ChatChannel(
        cid: cid, name: "General", memberCount: 3,
        ownCapabilities: [.sendMessage, .sendReply, .quoteMessage, .sendReaction, .readEvents, .updateOwnMessage, .deleteOwnMessage])

    static func message(_ id: String, _ text: String, own: Bool, _ groups: [(MessageReactionType, Int, Bool)], authors: Int = 0) -> ChatMessage {
        var data: [MessageReactionType: ChatMessageReactionData] = [:]
        for (type, count, mine) in groups {
            data[type] = ChatMessageReactionData(type: type, score: count, count: count, isChosenByCurrentUser: mine)
        }
        let names = ["Alice Liddell", "Bob Builder", "Carol Danvers", "Dave Lister", "Eve Moneypenny", "Frank Castle", "Grace Hopper", "Heidi Klum"]
        var latest: [ChatMessageReaction] = []
        var index = 0
        for (type, count, mine) in groups {
            for n in 0..<count where latest.count < authors {
                let isMe = mine && n == 0 && !latest.contains { $0.author.id == me.id }
                let user = isMe ? me : ChatUser(id: "u\(index)", name: names[1 + index % (names.count - 1)])
                if !isMe { index += 1 }
                latest.append(ChatMessageReaction(messageId: id, type: type, score: 1, author: user, createdAt: epoch, updatedAt: epoch))
            }
        }
        return ChatMessage(id: id, cid: cid, text: text, author: own ? me : bob, createdAt: epoch,
                           latestReactions: latest, currentUserReactions: latest.filter { $0.author.id == me.id },
                           reactionGroups: data, isSentByCurrentUser: own)
    }

    static let lunch = message("m1", "Anyone up for lunch at noon? The new ramen place opened 🍜", own: false,
                               [(.love, 3, true), (.haha, 1, false), (.like, 2, true), (.wow, 1, false)], authors: 7)
    static let countMeIn = message("m2", "Count me in!", own: true, [(.like, 2, false), (.love, 1, false)], authors: 3)
    static let booked = message("m3", "Booked a table for four.", own: false, [(.like, 1, true)], authors: 1)
    static let defaultMessages = [lunch, countMeIn, booked]

    /// Seed 004's custom reaction set: fire and wave only.
    @MainActor
    static var customAppearance: Appearance {
        var appearance = Appearance.default
        if let fireSmall = UIImage(named: "fireSmall"), let fireBig = UIImage(named: "fireBig"),
           let waveSmall = UIImage(named: "waveSmall"), let waveBig = UIImage(named: "waveBig") {
            appearance.images.availableReactions = [
                "fire": ChatMessageReactionAppearance(smallIcon: fireSmall, largeIcon: fireBig),
                "wave": ChatMessageReactionAppearance(smallIcon: waveSmall, largeIcon: waveBig),
            ]
        }
        return appearance
    }

    /// The same messages reacted to with the custom set (a stray `love` is not shown).
    static let customMessages = [
        message("m1", lunch.text, own: false, [("fire", 3, true), ("wave", 2, false), (.love, 1, false)], authors: 6),
        message("m2", countMeIn.text, own: true, [("wave", 2, false), ("fire", 1, false)], authors: 3),
        message("m3", booked.text, own: false, [("fire", 1, true)], authors: 1),
    ]

    /// The chat behind the popups, and the popup over the first message.
    @MainActor
    static func popup(size: CGSize, components: Components, appearance: Appearance, messages: [ChatMessage], authors: Bool) -> UIView {
        let root = PopupHostView(frame: CGRect(origin: .zero, size: size))
        let chat = ReactionsChatView(frame: root.bounds, components: components, appearance: appearance, messages: messages, topInset: 130)
        root.addSubview(chat)
        chat.layoutIfNeeded()
        guard let popup = ChatMessagePopupVC.make(
            message: messages[0], channel: channel, channelController: nil, messageView: chat.messageViews[0],
            showsReactionAuthors: authors, components: components, appearance: appearance)
        else { return root }
        root.popup = popup
        popup.loadViewIfNeeded()
        popup.view.frame = root.bounds
        root.addSubview(popup.view)
        popup.view.layoutIfNeeded()
        return root
    }
}

/// Keeps the popup controller alive (views do not retain their controllers; a presenting
/// controller would).
@MainActor
final class PopupHostView: UIView {
    var popup: ChatMessagePopupVC?
}

/// A few messages (stand-in rows until the message row lands) with their reactions bubbles.
@MainActor
final class ReactionsChatView: UIView {
    private(set) var messageViews: [SceneMessageRow] = []
    let topInset: CGFloat

    init(frame: CGRect, components: Components, appearance: Appearance = .default, messages: [ChatMessage], topInset: CGFloat = 16) {
        self.topInset = topInset
        super.init(frame: frame)
        backgroundColor = Appearance.default.colorPalette.background
        for message in messages {
            let row = SceneMessageRow(message: message, components: components, appearance: appearance)
            addSubview(row)
            messageViews.append(row)
        }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    override func layoutSubviews() {
        super.layoutSubviews()
        var y = topInset
        for row in messageViews {
            let height = row.sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude)).height
            row.frame = CGRect(x: 0, y: y, width: bounds.width, height: height)
            y += height + 10
        }
    }
}

/// One message row: the text in a bubble, the reactions bubble on its top corner away from the
/// screen edge with its tail on the message.
@MainActor
final class SceneMessageRow: UIView {
    let message: ChatMessage
    let bubble: SceneMessageBubble
    let reactions: ChatReactionsBubbleView

    init(message: ChatMessage, components: Components, appearance: Appearance) {
        self.message = message
        bubble = SceneMessageBubble(message: message)
        reactions = components.messageReactionsBubbleView.init(frame: .zero)
        super.init(frame: .zero)
        reactions.components = components
        reactions.appearance = appearance
        reactions.tailDirection = message.isSentByCurrentUser ? .toTrailing : .toLeading
        addSubview(bubble)
        addSubview(reactions)
        reactions.content = message
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    private var reactionsSize: CGSize { reactions.isHidden ? .zero : reactions.intrinsicContentSize }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let text = bubble.sizeThatFits(CGSize(width: size.width * 0.68, height: .greatestFiniteMagnitude))
        return CGSize(width: size.width, height: text.height + max(0, reactionsSize.height - 8))
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let reactionsSize = self.reactionsSize
        let top = max(0, reactionsSize.height - 8)
        let size = bubble.sizeThatFits(CGSize(width: bounds.width * 0.68, height: .greatestFiniteMagnitude))
        // Your own messages sit at the trailing edge: the right, or the left in right-to-left.
        let atRight = message.isSentByCurrentUser != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
        bubble.frame = CGRect(x: atRight ? bounds.width - 12 - size.width : 12, y: top, width: size.width, height: size.height)
        let x = atRight ? bubble.frame.minX - reactionsSize.width + 22 : bubble.frame.maxX - 22
        reactions.frame = CGRect(x: min(max(4, x), bounds.width - 4 - reactionsSize.width), y: 0,
                                 width: reactionsSize.width, height: reactionsSize.height)
    }
}

/// A message's text in a bubble (the scenes' stand-in for the message row).
@MainActor
final class SceneMessageBubble: UIView {
    let message: ChatMessage
    private let label = UILabel()

    init(message: ChatMessage) {
        self.message = message
        super.init(frame: .zero)
        let palette = Appearance.default.colorPalette
        backgroundColor = message.isSentByCurrentUser ? palette.background6 : palette.background8
        layer.cornerRadius = 18
        layer.maskedCorners = message.isSentByCurrentUser
            ? [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner]
            : [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMaxXMaxYCorner]
        label.text = message.text
        label.numberOfLines = 0
        label.font = Appearance.default.fonts.body
        label.textColor = palette.text
        addSubview(label)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let text = label.sizeThatFits(CGSize(width: size.width - 24, height: .greatestFiniteMagnitude))
        return CGSize(width: ceil(text.width) + 24, height: ceil(text.height) + 16)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 12, dy: 8)
    }
}

// MARK: Seed 004's customizations

final class SceneBlackReactionsBubbleView: ChatReactionsBubbleView {
    override var fillColor: UIColor? { .black }
}

final class SceneVerticalReactionsView: ChatMessageReactionsView {
    override func setUpLayout() {
        super.setUpLayout()
        stackView.axis = .vertical
    }
}

final class SceneWhiteTintReactionItemView: ChatMessageReactionItemView {
    override var reactionImageTint: UIColor? {
        guard let content = content else { return nil }
        return content.reaction.isChosenByCurrentUser ? .white : .gray
    }
}

final class SceneBlackPickerBubbleView: DefaultChatReactionPickerBubbleView {
    override var contentBackgroundColor: UIColor { .black }
    override var contentBorderColor: UIColor { .black }
    override var tailBackImage: UIImage? { super.tailBackImage?.withTintColor(.black) }
    override var tailFrontImage: UIImage? { super.tailFrontImage?.withTintColor(.black) }
    override func layoutSubviews() {
        super.layoutSubviews()
        contentViewBackground.layer.cornerRadius = 20
    }
}

final class SceneVerticalPickerReactionsView: ChatReactionPickerReactionsView {
    override func setUpLayout() {
        super.setUpLayout()
        stackView.axis = .vertical
    }
}

final class SceneBlackReactionAuthorsVC: ChatMessageReactionAuthorsVC {
    override var reactionAuthorCellSize: CGSize { CGSize(width: 64, height: 70) }
    override func setUpAppearance() {
        super.setUpAppearance()
        topLabel.textColor = UIColor.white
        view.backgroundColor = .black
    }
}

final class SceneNamelessAuthorCell: ChatMessageReactionAuthorViewCell {
    override func setUpLayout() {
        super.setUpLayout()
        containerStack.removeArrangedSubview(authorNameLabel)
    }
}
