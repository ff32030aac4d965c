import Foundation
import ParleyChat
import ParleyUIKit

/// One action in the message popup's action list.
@preconcurrency @MainActor
public protocol ChatMessageActionItem {
    /// The row's title.
    var title: String { get }
    /// The row's icon (a template image).
    var icon: UIImage { get }
    /// Whether the row is tinted as the main action.
    var isPrimary: Bool { get }
    /// Whether the action destroys something (shown in the alert colour).
    var isDestructive: Bool { get }
    /// What a tap does.
    var action: @MainActor (ChatMessageActionItem) -> Void { get }
}

extension ChatMessageActionItem {
    /// Not primary.
    public var isPrimary: Bool { false }
    /// Not destructive.
    public var isDestructive: Bool { false }
}

/// Reply in the channel, quoting the message.
public struct InlineReplyActionItem: ChatMessageActionItem {
    /// "Reply".
    public var title: String
    /// `appearance.images.messageActionInlineReply`.
    public var icon: UIImage
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Reply").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.inline-reply")
        icon = appearance.images.messageActionInlineReply
        self.action = action
    }
}

/// Reply in the message's thread.
public struct ThreadReplyActionItem: ChatMessageActionItem {
    /// "Thread Reply".
    public var title: String
    /// `appearance.images.messageActionThreadReply`.
    public var icon: UIImage
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Thread Reply").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.thread-reply")
        icon = appearance.images.messageActionThreadReply
        self.action = action
    }
}

/// Copy the message's text.
public struct CopyActionItem: ChatMessageActionItem {
    /// "Copy Message".
    public var title: String
    /// `appearance.images.messageActionCopy`.
    public var icon: UIImage
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Copy Message").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.copy")
        icon = appearance.images.messageActionCopy
        self.action = action
    }
}

/// Edit the current user's message.
public struct EditActionItem: ChatMessageActionItem {
    /// "Edit Message".
    public var title: String
    /// `appearance.images.messageActionEdit`.
    public var icon: UIImage
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Edit Message").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.edit")
        icon = appearance.images.messageActionEdit
        self.action = action
    }
}

/// Delete the current user's message (after a confirmation).
public struct DeleteActionItem: ChatMessageActionItem {
    /// "Delete Message".
    public var title: String
    /// `appearance.images.messageActionDelete`.
    public var icon: UIImage
    /// Destructive.
    public var isDestructive: Bool { true }
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Delete Message").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.delete")
        icon = appearance.images.messageActionDelete
        self.action = action
    }
}

/// Send a failed message again.
public struct ResendActionItem: ChatMessageActionItem {
    /// "Resend".
    public var title: String
    /// `appearance.images.messageActionResend`.
    public var icon: UIImage
    /// Primary.
    public var isPrimary: Bool { true }
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Resend").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.resend")
        icon = appearance.images.messageActionResend
        self.action = action
    }
}

/// Mark the channel unread from this message on.
public struct MarkUnreadActionItem: ChatMessageActionItem {
    /// "Mark Unread".
    public var title: String
    /// `appearance.images.messageActionMarkUnread`.
    public var icon: UIImage
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Mark Unread").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.mark-unread")
        icon = appearance.images.messageActionMarkUnread
        self.action = action
    }
}

/// Flag another user's message for moderation.
public struct FlagActionItem: ChatMessageActionItem {
    /// "Flag Message".
    public var title: String
    /// `appearance.images.messageActionFlag`.
    public var icon: UIImage
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Flag Message").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.flag")
        icon = appearance.images.messageActionFlag
        self.action = action
    }
}

/// Mute the message's author.
public struct MuteUserActionItem: ChatMessageActionItem {
    /// "Mute User".
    public var title: String
    /// `appearance.images.messageActionMuteUser`.
    public var icon: UIImage
    /// What a tap does.
    public var action: @MainActor (ChatMessageActionItem) -> Void

    /// The item, titled `title` (by default the language's "Mute User").
    public init(title: String? = nil, action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.title = title ?? appearance.l10n.tr("message.actions.user-mute")
        icon = appearance.images.messageActionMuteUser
        self.action = action
    }
}
