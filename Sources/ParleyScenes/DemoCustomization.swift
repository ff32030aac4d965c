import Foundation
import Parley

/// The seeds' customization examples, by the names `parley demo --customize` and the render
/// scenes use. Each applies the seed's code (the classes are in ``SeedExamples``).
public enum DemoCustomization: String, CaseIterable, Sendable {
    /// Seed 000: rectangular avatars everywhere (`Components.default.avatarView`).
    case rectAvatars = "rect-avatars"
    /// Seed 001: the brand colour set on the window (`tintColor = .systemPink`).
    case pinkTint = "pink-tint"
    /// Seed 001: `Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)`.
    case italicBody = "italic-body"
    /// Seed 001: `Appearance.default.colorPalette.background6 = .yellow`.
    case yellowBubbles = "yellow-bubbles"
    /// Seed 001: `Appearance.default.images.sendArrow = UIImage(systemName: "arrowshape.turn.up.right")!`.
    case sendArrow = "send-arrow"
    /// Seed 000/001: the iMessage-style unread dot (`Components.default.channelContentView`).
    case imessageUnread = "imessage-unread"
    /// Seed 004: the reactions available are fire and wave (`Appearance.default.images.availableReactions`).
    case customReactions = "custom-reactions"
    /// Seed 004: reactions sorted by score (`Components.default.reactionsSorting`).
    case scoreSorting = "score-sorting"
    /// Seed 004: black reaction bubbles with white (yours) and gray reactions.
    case blackReactions = "black-reactions"
    /// Seed 004: the reactions of a message and of the picker stacked vertically.
    case verticalReactions = "vertical-reactions"
    /// Seed 004: a black reaction picker with white and gray reactions.
    case blackPicker = "black-picker"
    /// Seed 004: a black reaction authors card with 64 × 70 cells without names.
    case customAuthors = "custom-authors"
    /// Seed 002: the declarative screens with the livestream `ViewFactory` (plain text rows).
    case livestreamFactory = "livestream-factory"

    /// Issue 18: the "N unread" button at the top of the message list (`Components.default.isJumpToUnreadEnabled`).
    case jumpToUnread = "jump-to-unread"
    /// Issue 18: channels open at their first unread message (`Components.default.shouldJumpToUnreadWhenOpeningChannel`).
    case openAtUnread = "open-at-unread"
    /// Issue 18: no date pill while the message list scrolls (`Components.default.messageListDateOverlayEnabled = false`).
    case noDateOverlay = "no-date-overlay"
    /// Issue 18: no date separators between days (`Components.default.messageListDateSeparatorEnabled = false`).
    case noDateSeparators = "no-date-separators"
    /// Issue 18: no "Unread messages" separator (`Components.default.isUnreadMessagesSeparatorEnabled = false`).
    case noUnreadSeparator = "no-unread-separator"
    /// Issue 18: dragging a message does not reply (`Components.default.messageSwipeToReplyEnabled = false`).
    case noSwipeToReply = "no-swipe-to-reply"
    /// Issue 18: no "Edited" beside an edited message's time (`Components.default.isMessageEditedLabelEnabled = false`).
    case noEditedLabel = "no-edited-label"

    /// Whether the customization shows the declarative screens (`ViewFactory`) instead of the
    /// UIKit-style ones.
    public var usesDeclarativeScreens: Bool { self == .livestreamFactory }

    /// Applies the process-wide part (Components, Appearance); call before creating chat views.
    @MainActor
    public func apply() {
        switch self {
        case .rectAvatars:
            Components.default.avatarView = SeedExamples.RectAvatarView.self
        case .italicBody:
            Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)
        case .yellowBubbles:
            Appearance.default.colorPalette.background6 = .yellow
        case .sendArrow:
            if let image = UIImage(systemName: "arrowshape.turn.up.right") { Appearance.default.images.sendArrow = image }
        case .imessageUnread:
            Components.default.channelContentView = SeedExamples.IMessageChannelListItemView.self
        case .customReactions:
            Appearance.default.images.availableReactions = ReactionsScene.customAppearance.images.availableReactions
        case .scoreSorting:
            Components.default.reactionsSorting = { $0.score < $1.score }
        case .blackReactions:
            Components.default.messageReactionsBubbleView = SceneBlackReactionsBubbleView.self
            Components.default.messageReactionItemView = SceneWhiteTintReactionItemView.self
        case .verticalReactions:
            Components.default.messageReactionsView = SceneVerticalReactionsView.self
            Components.default.reactionPickerReactionsView = SceneVerticalPickerReactionsView.self
        case .blackPicker:
            Components.default.reactionPickerBubbleView = SceneBlackPickerBubbleView.self
            Components.default.reactionPickerReactionItemView = SceneWhiteTintReactionItemView.self
        case .customAuthors:
            Components.default.reactionAuthorsVC = SceneBlackReactionAuthorsVC.self
            Components.default.reactionAuthorCell = SceneNamelessAuthorCell.self
        case .jumpToUnread:
            Components.default.isJumpToUnreadEnabled = true
        case .openAtUnread:
            Components.default.shouldJumpToUnreadWhenOpeningChannel = true
        case .noDateOverlay:
            Components.default.messageListDateOverlayEnabled = false
        case .noDateSeparators:
            Components.default.messageListDateSeparatorEnabled = false
        case .noUnreadSeparator:
            Components.default.isUnreadMessagesSeparatorEnabled = false
        case .noSwipeToReply:
            Components.default.messageSwipeToReplyEnabled = false
        case .noEditedLabel:
            Components.default.isMessageEditedLabelEnabled = false
        case .pinkTint, .livestreamFactory:
            break
        }
    }

    /// Applies the window-level part (the brand colour).
    @MainActor
    public func apply(to window: UIWindow) {
        if self == .pinkTint { window.tintColor = .systemPink }
    }
}

/// The seeds' example classes, as the seeds write them, for the demo and the render scenes.
public enum SeedExamples {
    /// Seed 000's rectangular avatar.
    open class RectAvatarView: ChatAvatarView {
        /// Corner radius 3 instead of a circle.
        open override func setUpAppearance() {
            super.setUpAppearance()
            imageView.layer.cornerRadius = 3
        }
    }

    /// Seed 000's iMessage-style unread indicator: a tinted dot at the leading edge of the row
    /// instead of the unread badge.
    open class IMessageChannelListItemView: ChatChannelListItemView {
        /// The dot, visible for channels with unread messages.
        open private(set) lazy var customUnreadView = UIView()

        /// The dot is tinted with the brand colour.
        open override func setUpAppearance() {
            super.setUpAppearance()
            customUnreadView.backgroundColor = tintColor
            customUnreadView.layer.masksToBounds = true
            customUnreadView.layer.cornerRadius = 5
            customUnreadView.clipsToBounds = true
        }

        /// The dot is the left-most view; the badge is removed.
        open override func setUpLayout() {
            super.setUpLayout()
            NSLayoutConstraint.activate([
                customUnreadView.widthAnchor.constraint(equalTo: customUnreadView.heightAnchor),
                customUnreadView.widthAnchor.constraint(equalToConstant: 10),
            ])
            mainContainer.insertArrangedSubview(customUnreadView, at: 0)
            topContainer.removeArrangedSubview(unreadCountView)
        }

        /// The dot shows only when the channel has unread messages.
        open override func updateContent() {
            super.updateContent()
            customUnreadView.alpha = unreadCountView.content == .noUnread ? 0 : 1
        }
    }
}
