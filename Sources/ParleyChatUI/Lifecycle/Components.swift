import Foundation
import ParleyChat
import ParleyUIKit

/// Every swappable view type of the chat UI, plus a few behaviours.
///
/// Replace a type with your subclass as early as possible (before the views are created), e.g. in
/// your scene delegate:
///
/// ```swift
/// Components.default.avatarView = RectAvatarView.self
/// ```
///
/// Views read their components when they set themselves up, so every avatar — in the channel
/// list, the message list and the reaction authors — becomes a `RectAvatarView`.
@preconcurrency @MainActor
public struct Components {
    /// The components with Parley's default types.
    public init() {}

    // MARK: Common

    /// Every avatar: channel list, message list, reaction authors.
    public var avatarView: ChatAvatarView.Type = ChatAvatarView.self
    /// A user's avatar with the "online" dot while they are online (mention suggestions).
    public var presenceAvatarView: ChatPresenceAvatarView.Type = ChatPresenceAvatarView.self
    /// The "online" dot on a direct message's avatar.
    public var onlineIndicatorView: OnlineIndicatorView.Type = OnlineIndicatorView.self

    // MARK: Channel list

    /// The channel list screen.
    public var channelListVC: ChatChannelListVC.Type = ChatChannelListVC.self
    /// The pressable, swipeable container of a channel's row in the channel list.
    public var channelCell: ChatChannelListCollectionViewCell.Type = ChatChannelListCollectionViewCell.self
    /// The actions (mute, delete) a horizontal swipe reveals on a channel list row.
    public var channelActionsView: SwipeableView.Type = SwipeableView.self
    /// One action button of a swiped channel list row.
    public var channelActionView: CellActionView.Type = CellActionView.self
    /// A channel's row in the channel list.
    public var channelContentView: ChatChannelListItemView.Type = ChatChannelListItemView.self
    /// A channel's avatar in its row and in the channel header.
    public var channelAvatarView: ChatChannelAvatarView.Type = ChatChannelAvatarView.self
    /// The unread badge in channel list rows.
    public var channelUnreadCountView: ChatChannelUnreadCountView.Type = ChatChannelUnreadCountView.self
    /// What the channel list shows when there are no channels.
    public var channelListEmptyView: ChatChannelListEmptyView.Type = ChatChannelListEmptyView.self
    /// What the channel list shows while its first page loads.
    public var channelListLoadingView: ChatChannelListLoadingView.Type = ChatChannelListLoadingView.self
    /// What the channel list shows when its channels could not be loaded (with a retry button).
    public var channelListErrorView: ChatChannelListErrorView.Type = ChatChannelListErrorView.self
    /// The "Connecting…" / "Offline" banner above the channel list.
    public var connectionStatusView: ChatConnectionStatusView.Type = ChatConnectionStatusView.self
    /// Opens a channel picked in the channel list.
    public var channelListRouter: ChatChannelListRouter.Type = ChatChannelListRouter.self
    /// The navigation controller a screen is presented in when its router has no navigation
    /// stack to push it on.
    public var navigationVC: NavigationVC.Type = NavigationVC.self

    // MARK: Channel and message list

    /// The channel screen: header, message list, composer.
    public var channelVC: ChatChannelVC.Type = ChatChannelVC.self
    /// The channel screen's title view.
    public var channelHeaderView: ChatChannelHeaderView.Type = ChatChannelHeaderView.self
    /// The title over a subtitle in the channel and thread headers.
    public var titleContainerView: TitleContainerView.Type = TitleContainerView.self
    /// The thread screen.
    public var threadVC: ChatThreadVC.Type = ChatThreadVC.self
    /// Where the channel screen goes from its message list (threads).
    public var messageListRouter: ChatMessageListRouter.Type = ChatMessageListRouter.self
    /// The message list.
    public var messageListVC: ChatMessageListVC.Type = ChatMessageListVC.self
    /// One message's row.
    public var messageContentView: ChatMessageContentView.Type = ChatMessageContentView.self
    /// The bubble behind a message's text.
    public var messageBubbleView: ChatMessageBubbleView.Type = ChatMessageBubbleView.self
    /// A quoted message inside a reply and in the composer.
    public var quotedMessageView: QuotedChatMessageView.Type = QuotedChatMessageView.self
    /// The day header between messages of different days.
    public var messageListDateSeparatorView: ChatMessageListDateSeparatorView.Type = ChatMessageListDateSeparatorView.self
    /// The "Unread messages" bar above the first unread message.
    public var messageListUnreadSeparatorView: ChatMessageListUnreadSeparatorView.Type = ChatMessageListUnreadSeparatorView.self
    /// "Alice is typing…" at the bottom of the message list.
    public var typingIndicatorView: TypingIndicatorView.Type = TypingIndicatorView.self
    /// The dots beside "Alice is typing…".
    public var typingAnimationView: TypingAnimationView.Type = TypingAnimationView.self
    /// A message's delivery status (sending, sent, read, failed) in its footnote.
    public var messageDeliveryStatusView: ChatMessageDeliveryStatusView.Type = ChatMessageDeliveryStatusView.self
    /// The button that scrolls to the newest message, with the unread count.
    public var scrollToBottomButton: ScrollToBottomButton.Type = ScrollToBottomButton.self
    /// Decides each message's layout options (grouping, side, what it shows).
    public var messageLayoutOptionsResolver: ChatMessageLayoutOptionsResolver = ChatMessageLayoutOptionsResolver()

    // MARK: Composer

    /// The composer controller.
    public var messageComposerVC: ComposerVC.Type = ComposerVC.self
    /// The composer's views.
    public var messageComposerView: ComposerView.Type = ComposerView.self
    /// The composer's text view.
    public var inputTextView: InputTextView.Type = InputTextView.self
    /// The composer's send button.
    public var sendButton: UIButton.Type = SendButton.self
    /// The attachments' previews inside the composer's input field.
    public var messageComposerAttachmentsVC: AttachmentsPreviewVC.Type = AttachmentsPreviewVC.self
    /// The file chooser the composer's attach button opens.
    public var documentPicker: UIDocumentPickerViewController.Type = UIDocumentPickerViewController.self
    /// The full-screen viewer a tapped picture opens in.
    public var galleryVC: GalleryVC.Type = GalleryVC.self

    // MARK: Thread list

    /// The list of the current user's threads.
    public var threadListVC: ChatThreadListVC.Type = ChatThreadListVC.self
    /// A thread's row in the thread list.
    public var threadListItemView: ChatThreadListItemView.Type = ChatThreadListItemView.self
    /// What the thread list shows when its threads could not be loaded.
    public var threadListErrorView: ChatThreadListErrorView.Type = ChatThreadListErrorView.self
    /// Opens a thread picked in the thread list.
    public var threadListRouter: ChatThreadListRouter.Type = ChatThreadListRouter.self

    // MARK: Routers and small parts

    /// Presents the confirming alerts (deleting a message).
    public var alertsRouter: AlertsRouter.Type = AlertsRouter.self
    /// The red "failed to send" button beside a message.
    public var messageErrorIndicator: ChatMessageErrorIndicator.Type = ChatMessageErrorIndicator.self

    // MARK: Composer suggestions

    /// The list of mention suggestions the composer shows while the user types "@…".
    public var suggestionsVC: ChatSuggestionsVC.Type = ChatSuggestionsVC.self
    /// The pressable row of one mention suggestion.
    public var suggestionsMentionCollectionViewCell: ChatMentionSuggestionCollectionViewCell.Type = ChatMentionSuggestionCollectionViewCell.self
    /// What a mention suggestion row shows: avatar, name, "@id".
    public var suggestionsMentionView: ChatMentionSuggestionView.Type = ChatMentionSuggestionView.self
    /// The pressable row of one command suggestion.
    public var suggestionsCommandCollectionViewCell: ChatCommandSuggestionCollectionViewCell.Type = ChatCommandSuggestionCollectionViewCell.self
    /// What a command suggestion row shows: icon, name, "/name [args]".
    public var suggestionsCommandView: ChatCommandSuggestionView.Type = ChatCommandSuggestionView.self
    /// The chip in the composer's input naming the picked command.
    public var commandLabelView: CommandLabelView.Type = CommandLabelView.self
    /// The preview of a `/giphy` pick above the composer, with Send, Shuffle and Cancel.
    public var giphyPreviewView: ChatGiphyPreviewView.Type = ChatGiphyPreviewView.self
    /// The pictures `/giphy` searches (a small set bundled with Parley by default).
    public var giphySearch: GiphySearch = .bundled

    // MARK: Reactions and message popup (issue 8, seed 004)

    /// The bubble above a message holding its reactions.
    public var messageReactionsBubbleView: ChatReactionsBubbleView.Type = ChatReactionsBubbleView.self
    /// The row (or column) of reactions inside the reactions bubble.
    public var messageReactionsView: ChatMessageReactionsView.Type = ChatMessageReactionsView.self
    /// One reaction in the reactions bubble.
    public var messageReactionItemView: ChatMessageReactionItemView.Type = ChatMessageReactionItemView.self
    /// The reaction picker at the top of the message popup.
    public var reactionPickerVC: ChatMessageReactionsPickerVC.Type = ChatMessageReactionsPickerVC.self
    /// The bubble of the reaction picker.
    public var reactionPickerBubbleView: ChatReactionPickerBubbleView.Type = DefaultChatReactionPickerBubbleView.self
    /// The reactions inside the reaction picker's bubble.
    public var reactionPickerReactionsView: ChatReactionPickerReactionsView.Type = ChatReactionPickerReactionsView.self
    /// One reaction in the reaction picker.
    public var reactionPickerReactionItemView: ChatMessageReactionItemView.Type = ChatMessageReactionItemView.self
    /// The popup a long press on a message (or a tap on its reactions) opens.
    public var messagePopupVC: ChatMessagePopupVC.Type = ChatMessagePopupVC.self
    /// The list of actions at the bottom of the message popup.
    public var messageActionsVC: ChatMessageActionsVC.Type = ChatMessageActionsVC.self
    /// Who reacted with what, at the bottom of the popup a tap on the reactions opens.
    public var reactionAuthorsVC: ChatMessageReactionAuthorsVC.Type = ChatMessageReactionAuthorsVC.self
    /// One author in the reaction authors grid.
    public var reactionAuthorCell: ChatMessageReactionAuthorViewCell.Type = ChatMessageReactionAuthorViewCell.self
    /// The order of reactions in the bubble and the picker; alphabetical by type by default.
    ///
    /// ```swift
    /// Components.default.reactionsSorting = { $0.score < $1.score }
    /// ```
    public var reactionsSorting: (ChatMessageReactionData, ChatMessageReactionData) -> Bool = { $0.type.rawValue < $1.type.rawValue }
    /// Whether picking a reaction replaces the current user's other reactions to the message.
    public var isUniqueReactionsEnabled: Bool = false

    // MARK: Message list features (issue 18)

    /// Whether the "N unread" button shows at the top of the message list while the first unread
    /// message is off screen (a tap scrolls to it, its close button dismisses it). Off by default.
    public var isJumpToUnreadEnabled: Bool = false
    /// The "N unread" button at the top of the message list.
    public var jumpToUnreadMessagesButton: JumpToUnreadMessagesButton.Type = JumpToUnreadMessagesButton.self
    /// Whether a channel opens at its first unread message instead of its newest. Off by default.
    public var shouldJumpToUnreadWhenOpeningChannel: Bool = false
    /// The date pill floating at the top of the message list while it scrolls.
    public var messageListScrollOverlayView: ChatMessageListScrollOverlayView.Type = ChatMessageListScrollOverlayView.self
    /// Whether the date of the topmost visible message floats at the top of the message list while
    /// it scrolls (hidden shortly after scrolling stops). On by default.
    public var messageListDateOverlayEnabled: Bool = true
    /// Whether a date separator sits above the first message of each day. On by default (Stream's
    /// default is off).
    public var messageListDateSeparatorEnabled: Bool = true
    /// Whether the "Unread messages" separator sits above the first unread message. On by default.
    public var isUnreadMessagesSeparatorEnabled: Bool = true
    /// Whether dragging a message to the right replies to it. On by default (Stream's default is off).
    public var messageSwipeToReplyEnabled: Bool = true
    /// Whether an edited message shows "Edited" beside its time. On by default (Stream's default
    /// is off).
    public var isMessageEditedLabelEnabled: Bool = true

    // MARK: Attachments (issue 22)

    /// Decides which injector draws a message's attachments.
    public var attachmentViewCatalog: AttachmentViewCatalog.Type = AttachmentViewCatalog.self
    /// Draws a message's pictures.
    public var galleryAttachmentInjector: AttachmentViewInjector.Type = GalleryAttachmentViewInjector.self
    /// Draws a message's files.
    public var filesAttachmentInjector: AttachmentViewInjector.Type = FilesAttachmentViewInjector.self
    /// Draws a message's link preview.
    public var linkAttachmentInjector: AttachmentViewInjector.Type = LinkAttachmentViewInjector.self
    /// Draws a message with pictures and files.
    public var mixedAttachmentInjector: MixedAttachmentViewInjector.Type = MixedAttachmentViewInjector.self
    /// The gallery of a message's pictures.
    public var galleryView: ChatMessageGalleryView.Type = ChatMessageGalleryView.self
    /// One picture in the gallery.
    public var imageAttachmentGalleryPreview: ChatMessageGalleryView.ImagePreview.Type = ChatMessageGalleryView.ImagePreview.self
    /// The list of a message's files.
    public var fileAttachmentListView: ChatMessageFileAttachmentListView.Type = ChatMessageFileAttachmentListView.self
    /// One file in the list.
    public var fileAttachmentView: ChatMessageFileAttachmentListView.ItemView.Type = ChatMessageFileAttachmentListView.ItemView.self
    /// A link's preview.
    public var linkPreviewView: ChatMessageLinkPreviewView.Type = ChatMessageLinkPreviewView.self
    /// Loads attachment pictures (decoded off the main thread, cached by bytes).
    public var imageLoader: ChatImageLoader = ChatImageLoader.shared
    /// Opens a tapped file (`xdg-open` by default).
    public var fileOpener: any FileOpening = XDGFileOpener()

    /// The components every chat view uses unless given others.
    public static var `default` = Components()
}

/// Something that creates its subviews from `Components`: every chat view and controller.
@preconcurrency @MainActor
public protocol ComponentsProvider: AnyObject {
    /// The component types this object creates subviews from; `Components.default` unless set.
    var components: Components { get set }
}
