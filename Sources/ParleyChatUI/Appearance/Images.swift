import Foundation
import ParleyChat
import ParleyUIKit

/// The icons of one reaction type: small on messages, large in the picker.
public protocol ChatMessageReactionAppearanceType {
    /// The icon in the reactions bubble on a message.
    var smallIcon: UIImage { get }
    /// The icon in the reaction picker.
    var largeIcon: UIImage { get }
}

/// The icons of one reaction type.
public struct ChatMessageReactionAppearance: ChatMessageReactionAppearanceType {
    /// The icon in the reactions bubble on a message.
    public let smallIcon: UIImage
    /// The icon in the reaction picker.
    public let largeIcon: UIImage

    /// A reaction's icons (template images are tinted by the UI).
    public init(smallIcon: UIImage, largeIcon: UIImage) {
        self.smallIcon = smallIcon
        self.largeIcon = largeIcon
    }
}

/// Parley's bundled images: the reaction icons.
enum ChatUIResources {
    /// Makes the bundled reaction icons findable by `UIImage(named:)` (`loveSmall`, `fireBig`, …).
    static let registerBundle: Void = {
        UIImage.addSearchBundle(Bundle.module)
    }()

    static func image(_ name: String) -> UIImage {
        _ = registerBundle
        // A missing resource is a packaging error; fall back to a symbol instead of crashing.
        return (UIImage(named: name) ?? UIImage(systemName: "circle") ?? UIImage(systemName: "xmark")!).withRenderingMode(.alwaysTemplate)
    }

    static func symbol(_ name: String) -> UIImage {
        UIImage(systemName: name) ?? UIImage(systemName: "circle")!
    }
}

extension Appearance {
    /// Every image the chat UI shows; replacing one replaces it everywhere it is used.
    public struct Images {
        /// The send button's icon.
        public var sendArrow: UIImage = ChatUIResources.symbol("paperplane.fill")
        /// The confirm-edit button's icon.
        public var confirmCheckmark: UIImage = ChatUIResources.symbol("checkmark")
        /// Closes popups and cancels reply/edit.
        public var close: UIImage = ChatUIResources.symbol("xmark")
        /// Back navigation.
        public var back: UIImage = ChatUIResources.symbol("chevron.left")
        /// Disclosure in rows.
        public var disclosureIndicator: UIImage = ChatUIResources.symbol("chevron.right")
        /// The scroll-to-bottom button.
        public var scrollDownArrow: UIImage = ChatUIResources.symbol("arrow.down")
        /// The composer's attachment button.
        public var openAttachments: UIImage = ChatUIResources.symbol("paperclip")
        /// The composer's emoji button and the reactions entry point.
        public var smiley: UIImage = ChatUIResources.symbol("face.smiling")
        /// Search in the channel list.
        public var search: UIImage = ChatUIResources.symbol("magnifyingglass")
        /// New channel.
        public var newChannel: UIImage = ChatUIResources.symbol("square.and.pencil")
        /// Switch to dark mode.
        public var darkMode: UIImage = ChatUIResources.symbol("moon")
        /// Switch to light mode.
        public var lightMode: UIImage = ChatUIResources.symbol("sun.max")
        /// A person placeholder avatar.
        public var userAvatarPlaceholder: UIImage = ChatUIResources.symbol("person.crop.circle")
        /// Group channels without an image.
        public var channelAvatarPlaceholder: UIImage = ChatUIResources.symbol("person.2")
        /// The icon of the channel list's "No channels yet".
        public var emptyChannelListMessageBubble: UIImage = ChatUIResources.symbol("person.2")

        /// Message action: reply in the channel (quote).
        public var messageActionInlineReply: UIImage = ChatUIResources.symbol("arrowshape.turn.up.left")
        /// Message action: reply in a thread.
        public var messageActionThreadReply: UIImage = ChatUIResources.symbol("text.bubble")
        /// Message action: copy the text.
        public var messageActionCopy: UIImage = ChatUIResources.symbol("doc.on.doc")
        /// Message action: edit.
        public var messageActionEdit: UIImage = ChatUIResources.symbol("pencil")
        /// Message action: delete.
        public var messageActionDelete: UIImage = ChatUIResources.symbol("trash")
        /// Message action: resend a failed message.
        public var messageActionResend: UIImage = ChatUIResources.symbol("arrow.clockwise")
        /// Message action: mark unread from here.
        public var messageActionMarkUnread: UIImage = ChatUIResources.symbol("envelope.badge")
        /// Message action: flag another user's message.
        public var messageActionFlag: UIImage = ChatUIResources.symbol("flag")
        /// Message action: mute the author.
        public var messageActionMuteUser: UIImage = ChatUIResources.symbol("speaker.slash")
        /// The icons of the composer's `/` commands by command name (Stream's `availableCommandIcons`):
        /// giphy, mute and unmute.
        public var availableCommandIcons: [String: UIImage] = [
            Command.giphy.name: ChatUIResources.symbol("photo"),
            Command.mute.name: ChatUIResources.symbol("speaker.slash"),
            Command.unmute.name: ChatUIResources.symbol("speaker.wave.2"),
        ]
        /// The icon of a command without one in ``availableCommandIcons``, and of the command chip.
        public var commandFallback: UIImage = ChatUIResources.symbol("bolt.fill")

        /// Delivery status: sending (and waiting to be sent).
        public var messageDeliveryStatusSending: UIImage = ChatUIResources.symbol("clock")
        /// Parley's own name for ``messageDeliveryStatusSending``: the same image, one storage.
        var messageDeliveryStatusPending: UIImage {
            get { messageDeliveryStatusSending }
            set { messageDeliveryStatusSending = newValue }
        }
        /// Delivery status: sent.
        public var messageDeliveryStatusSent: UIImage = ChatUIResources.symbol("checkmark")
        /// Delivery status: read.
        public var messageDeliveryStatusRead: UIImage = ChatUIResources.symbol("checkmark.double")
        /// Delivery status: failed.
        public var messageDeliveryStatusFailed: UIImage = ChatUIResources.symbol("exclamationmark.circle.fill")
        /// The button beside a message that failed to send (tap to retry or delete).
        public var messageListErrorIndicator: UIImage = ChatUIResources.symbol("exclamationmark.circle.fill")
        /// "Only visible to you" (ephemeral messages).
        public var onlyVisibleToCurrentUser: UIImage = ChatUIResources.symbol("eye.slash")
        /// Thread replies.
        public var threadIcon: UIImage = ChatUIResources.symbol("text.bubble")

        /// The reactions users can pick, by type; a type without an entry is not shown anywhere.
        public var availableReactions: [MessageReactionType: ChatMessageReactionAppearanceType] = [
            .love: ChatMessageReactionAppearance(smallIcon: ChatUIResources.image("loveSmall"), largeIcon: ChatUIResources.image("loveBig")),
            .haha: ChatMessageReactionAppearance(smallIcon: ChatUIResources.image("hahaSmall"), largeIcon: ChatUIResources.image("hahaBig")),
            .like: ChatMessageReactionAppearance(smallIcon: ChatUIResources.image("likeSmall"), largeIcon: ChatUIResources.image("likeBig")),
            .sad: ChatMessageReactionAppearance(smallIcon: ChatUIResources.image("sadSmall"), largeIcon: ChatUIResources.image("sadBig")),
            .wow: ChatMessageReactionAppearance(smallIcon: ChatUIResources.image("wowSmall"), largeIcon: ChatUIResources.image("wowBig")),
        ]

        /// The default images.
        public init() {}
    }
}
