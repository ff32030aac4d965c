import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// Supplies a ``ChatMessageListVC`` with its data. ``ChatChannelVC`` and ``ChatThreadVC`` are
/// the SDK's data sources.
///
/// The list reads its messages through ``messages(for:)`` (oldest first, the controller's array
/// itself, so it keeps no copy). Stream's per-row questions are answered from it by default and
/// index the messages newest first, as Stream's list does (item 0 is the newest message):
/// ``numberOfMessages(in:)``, ``chatMessageListVC(_:messageAt:)`` and
/// ``chatMessageListVC(_:messageLayoutOptionsAt:)``. The list asks the last for every row, so a
/// data source that overrides it decides the rows' layout.
@preconcurrency @MainActor
public protocol ChatMessageListVCDataSource: AnyObject {
    /// The channel the messages are in (its member count decides author names, its config what a
    /// message shows); `nil` while unknown.
    func channel(for vc: ChatMessageListVC) -> ChatChannel?
    /// The messages, **oldest first**.
    func messages(for vc: ChatMessageListVC) -> [ChatMessage]
    /// The other users typing here now, for the typing indicator (by default the channel's
    /// `currentlyTypingUsers`).
    func typingUsers(for vc: ChatMessageListVC) -> [ChatUser]
    /// The index of the message `id` in ``messages(for:)``, for a list that applies a change in
    /// place (`nil`: the list looks for it itself). The default returns `nil`.
    func index(ofMessageId id: MessageId, for vc: ChatMessageListVC) -> Int?
    /// How many messages the list shows. The default counts ``messages(for:)``.
    func numberOfMessages(in vc: ChatMessageListVC) -> Int
    /// The message at `indexPath.item`, newest first (`nil` outside the messages). The default
    /// reads ``messages(for:)`` from its end.
    func chatMessageListVC(_ vc: ChatMessageListVC, messageAt indexPath: IndexPath) -> ChatMessage?
    /// The layout options of the message at `indexPath.item`, newest first. The default asks
    /// `vc.components.messageLayoutOptionsResolver`.
    func chatMessageListVC(_ vc: ChatMessageListVC, messageLayoutOptionsAt indexPath: IndexPath) -> ChatMessageLayoutOptions
}

extension ChatMessageListVCDataSource {
    /// The channel's typing users.
    public func typingUsers(for vc: ChatMessageListVC) -> [ChatUser] {
        Array(channel(for: vc)?.currentlyTypingUsers ?? [])
    }

    /// `nil`: the list looks for the message at both ends of the messages first.
    public func index(ofMessageId id: MessageId, for vc: ChatMessageListVC) -> Int? { nil }

    /// The number of ``messages(for:)``.
    public func numberOfMessages(in vc: ChatMessageListVC) -> Int {
        messages(for: vc).count
    }

    /// The message `indexPath.item` places from the newest of ``messages(for:)``.
    public func chatMessageListVC(_ vc: ChatMessageListVC, messageAt indexPath: IndexPath) -> ChatMessage? {
        let messages = messages(for: vc)
        let index = messages.count - 1 - indexPath.item
        return messages.indices.contains(index) ? messages[index] : nil
    }

    /// The options `vc.components.messageLayoutOptionsResolver` gives the message at
    /// `indexPath` (newest first) of ``messages(for:)`` in ``channel(for:)``.
    public func chatMessageListVC(_ vc: ChatMessageListVC, messageLayoutOptionsAt indexPath: IndexPath) -> ChatMessageLayoutOptions {
        vc.resolvedLayoutOptions(at: indexPath, in: messages(for: vc))
    }
}
