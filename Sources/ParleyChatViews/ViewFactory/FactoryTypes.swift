import Foundation
import ParleyChat
import ParleySwiftUI
import ParleyUIKit

// The values the factory's slots are handed, with the names and fields the SwiftUI chat SDK's
// factories use, so a custom factory's signatures compile as written.

/// A channel chosen in the channel list (or a search result): the channel, and the message to
/// scroll to when the result was a message.
public struct ChannelSelectionInfo: Identifiable, Sendable {
    /// The channel's id (and the message's, for a message result).
    public let id: String
    /// The channel.
    public let channel: ChatChannel
    /// The message a search result points at.
    public let message: ChatMessage?

    /// The selection of `channel` (scrolled to `message`, if any).
    public init(channel: ChatChannel, message: ChatMessage? = nil) {
        self.channel = channel
        self.message = message
        id = message.map { "\(channel.cid.rawValue)-\($0.id)" } ?? channel.cid.rawValue
    }
}

extension ChatChannel {
    /// The channel as a selection (no message to scroll to).
    public var channelSelectionInfo: ChannelSelectionInfo { ChannelSelectionInfo(channel: self) }
}

/// How a channel avatar is drawn.
public struct ChannelAvatarViewOptions: Sendable {
    /// Whether the online dot shows (a direct message whose partner is online).
    public var showOnlineIndicator: Bool
    /// The avatar's size.
    public var size: CGSize
    /// An image to show instead of the initials.
    public var avatar: UIImage?

    /// Options for an avatar of `size` (48 points square by default).
    public init(showOnlineIndicator: Bool = true, size: CGSize = CGSize(width: 48, height: 48), avatar: UIImage? = nil) {
        self.showOnlineIndicator = showOnlineIndicator
        self.size = size
        self.avatar = avatar
    }
}

/// A question asked before an action runs.
public struct ConfirmationPopup: Sendable {
    /// The title.
    public let title: String
    /// The explanation.
    public let message: String?
    /// The confirming button's title.
    public let buttonTitle: String

    /// A popup.
    public init(title: String, message: String?, buttonTitle: String) {
        self.title = title
        self.message = message
        self.buttonTitle = buttonTitle
    }
}

/// An action on a channel (mute, leave, delete) in the channel's "more" menu.
public struct ChannelAction: Identifiable {
    /// The action's id.
    public var id: String { "\(title)-\(iconName)" }
    /// What the menu shows.
    public let title: String
    /// The symbol the menu shows.
    public let iconName: String
    /// Runs the action.
    public let action: @MainActor () -> Void
    /// The question asked first, if any.
    public let confirmationPopup: ConfirmationPopup?
    /// Whether the action destroys something (drawn in red).
    public let isDestructive: Bool

    /// An action.
    public init(title: String, iconName: String, action: @escaping @MainActor () -> Void,
                confirmationPopup: ConfirmationPopup?, isDestructive: Bool) {
        self.title = title
        self.iconName = iconName
        self.action = action
        self.confirmationPopup = confirmationPopup
        self.isDestructive = isDestructive
    }
}

extension ChannelAction {
    /// The actions the channel list offers on `channel` by default: mark as read, mute, and
    /// delete the conversation, each through a controller of `chatClient`; `onDismiss` closes
    /// the menu after an action, `onError` reports a failure.
    @preconcurrency @MainActor
    public static func defaultActions(for channel: ChatChannel, chatClient: ChatClient, onDismiss: @escaping () -> Void,
                                      onError: @escaping (Error) -> Void) -> [ChannelAction] {
        nonisolated(unsafe) let onDismiss = onDismiss, onError = onError
        let cid = channel.cid
        func run(_ body: @escaping @MainActor (ChatChannelController) async throws -> Void) -> @MainActor () -> Void {
            {
                let controller = chatClient.channelController(for: cid)
                Task { @MainActor in
                    do {
                        try await body(controller)
                        onDismiss()
                    } catch {
                        onError(error)
                    }
                }
            }
        }
        return [
            ChannelAction(title: localized("factory.markAsRead"), iconName: symbol("checkmark"), action: run { try await $0.markRead() },
                          confirmationPopup: nil, isDestructive: false),
            ChannelAction(title: localized("factory.muteChannel"), iconName: symbol("speaker.slash"), action: run { try await $0.muteChannel() },
                          confirmationPopup: nil, isDestructive: false),
            ChannelAction(title: localized("factory.deleteConversation"), iconName: symbol("trash"), action: run { try await $0.deleteChannel() },
                          confirmationPopup: ConfirmationPopup(title: localized("factory.deleteConversation"),
                                                               message: localized("factory.deleteConversation.message"),
                                                               buttonTitle: localized("alert.actions.delete")),
                          isDestructive: true),
        ]
    }
}

/// What an executed message action reports: the message and the action's id.
public struct MessageActionInfo: Sendable {
    /// The message.
    public let message: ChatMessage
    /// The action's id (`"reply"`, `"copy"`, `"delete"`, …).
    public let identifier: String

    /// Info of `identifier` run on `message`.
    public init(message: ChatMessage, identifier: String) {
        self.message = message
        self.identifier = identifier
    }
}

/// An action on a message (reply, thread reply, copy, delete) in the long-press overlay.
public struct MessageAction: Identifiable {
    /// The action's id.
    public var id: String { identifier }
    /// What the overlay shows.
    public let title: String
    /// The symbol the overlay shows.
    public let iconName: String
    /// Runs the action.
    public let action: @MainActor () -> Void
    /// The question asked first, if any.
    public let confirmationPopup: ConfirmationPopup?
    /// Whether the action destroys something (drawn in red).
    public let isDestructive: Bool
    /// The action's identifier, reported in ``MessageActionInfo``.
    public let identifier: String

    /// An action.
    public init(id: String = UUID().uuidString, title: String, iconName: String, action: @escaping @MainActor () -> Void,
                confirmationPopup: ConfirmationPopup?, isDestructive: Bool) {
        identifier = id
        self.title = title
        self.iconName = iconName
        self.action = action
        self.confirmationPopup = confirmationPopup
        self.isDestructive = isDestructive
    }
}

/// How a message's bubble is drawn (handed to ``ViewFactory/makeMessageViewModifier(for:)``).
public struct MessageModifierInfo {
    /// The message.
    public var message: ChatMessage
    /// Whether it is the last of its group.
    public var isFirst: Bool
    /// A background colour imposed on the bubble.
    public var injectedBackgroundColor: UIColor?
    /// The bubble's corner radius.
    public var cornerRadius: CGFloat
    /// Whether the bubble is laid out left to right whoever sent it.
    public var forceLeftToRight: Bool

    /// Info for `message`'s bubble.
    public init(message: ChatMessage, isFirst: Bool, injectedBackgroundColor: UIColor? = nil, cornerRadius: CGFloat = 18,
                forceLeftToRight: Bool = false) {
        self.message = message
        self.isFirst = isFirst
        self.injectedBackgroundColor = injectedBackgroundColor
        self.cornerRadius = cornerRadius
        self.forceLeftToRight = forceLeftToRight
    }
}

/// Who wrote a message, as its avatar shows them.
public struct UserDisplayInfo: Sendable {
    /// The user's id.
    public let id: String
    /// The user's name.
    public let name: String
    /// Where the user's picture is.
    public let imageURL: URL?
    /// The user's role.
    public let role: UserRole?
    /// The avatar's size, if the caller wants one.
    public let size: CGSize?
    /// The user the info was made from (the default avatar slot draws them with the factory's
    /// ``ViewFactory/makeMessageAvatarView(for:)``).
    let user: ChatUser?

    /// Info of a user.
    public init(id: String, name: String, imageURL: URL?, role: UserRole? = nil, size: CGSize? = nil) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
        self.role = role
        self.size = size
        user = nil
    }

    /// Info of `user`.
    public init(user: ChatUser, size: CGSize? = nil) {
        id = user.id
        name = user.name
        imageURL = user.imageURL
        role = user.role
        self.size = size
        self.user = user
    }
}

extension ChatUser {
    /// The user as an avatar shows them.
    public var displayInfo: UserDisplayInfo { UserDisplayInfo(user: self) }
}

extension ChatMessage {
    /// The author as an avatar shows them.
    public var authorDisplayInfo: UserDisplayInfo { author.displayInfo }
}

/// A message and its channel, as the message's parts show them.
public struct MessageViewModel {
    /// The message.
    public let message: ChatMessage
    /// Its channel.
    public let channel: ChatChannel?

    /// A model of `message` in `channel`.
    public init(message: ChatMessage, channel: ChatChannel?) {
        self.message = message
        self.channel = channel
    }

    /// Whether the message's text was edited.
    public var isEdited: Bool { message.isEdited }
}

/// The state of a channel screen (the SwiftUI chat SDK's view model of ``ChatChannelView``): its
/// controller, messages and what the list is scrolled to.
@preconcurrency @MainActor
public final class ChatChannelViewModel: ObservableObject {
    /// The channel's controller.
    public let channelController: ChatChannelController
    /// The message being replied to.
    @Published public var quotedMessage: ChatMessage?
    /// The message being edited.
    @Published public var editedMessage: ChatMessage?
    /// The id the list is scrolled to.
    @Published public var scrolledId: String?

    /// The model of `channelController`'s channel.
    public init(channelController: ChatChannelController) { self.channelController = channelController }

    /// The channel.
    public var channel: ChatChannel? { channelController.channel }
    /// The messages, newest last.
    public var messages: [ChatMessage] { channelController.messages }
}

/// The state of a composer (the SwiftUI chat SDK's view model of the composer).
@preconcurrency @MainActor
public final class MessageComposerViewModel: ObservableObject {
    /// The channel's controller.
    public let channelController: ChatChannelController
    /// The text being composed.
    @Published public var text = ""
    /// Whether a voice message is being recorded (Parley records none).
    @Published public var isRecording = false

    /// The model of a composer sending to `channelController`'s channel.
    public init(channelController: ChatChannelController) { self.channelController = channelController }
}

/// The state of the thread list (the SwiftUI chat SDK's view model of the thread list).
@preconcurrency @MainActor
public final class ChatThreadListViewModel: ObservableObject {
    /// The list's controller.
    public let threadListController: ChatThreadListController
    /// The threads, most recent first.
    @Published public private(set) var threads: [ChatThread] = []
    /// Whether the first page is loading.
    @Published public private(set) var isLoading = false
    /// Whether loading failed.
    @Published public var failedToLoadThreads = false
    /// How many threads got new replies since the list was loaded.
    @Published public var newThreadsCount = 0

    /// The model of `threadListController`'s list.
    public init(threadListController: ChatThreadListController) { self.threadListController = threadListController }

    /// Loads the first page.
    public func loadThreads() {
        isLoading = true
        defer { isLoading = false }
        do {
            try threadListController.synchronize()
            threads = threadListController.threads
            failedToLoadThreads = false
        } catch {
            failedToLoadThreads = true
        }
    }
}
