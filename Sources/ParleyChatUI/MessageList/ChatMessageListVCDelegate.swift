import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// Receives what happens in a ``ChatMessageListVC``: rows shown, the top reached, taps and swipes
/// on messages. Every method has an empty default.
@preconcurrency @MainActor
public protocol ChatMessageListVCDelegate: AnyObject {
    /// A message's row is about to show (it was created or reused for it, or its content changed).
    func chatMessageListVC(_ vc: ChatMessageListVC, willDisplay message: ChatMessage)
    /// The list was scrolled to within a screen of its oldest loaded message: load older ones
    /// (``ChatMessageListVC/updateMessages(with:)`` keeps what the user sees in place).
    func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC)
    /// The list was scrolled to within a screen of its newest loaded message: load newer ones if
    /// the loaded messages stop short of the newest (a bounded window that dropped them).
    func chatMessageListVCDidScrollNearBottom(_ vc: ChatMessageListVC)
    /// The list is about to scroll to its newest message (the scroll-to-bottom button): load the
    /// newest page first if it is not loaded.
    func chatMessageListVCWillScrollToNewestMessage(_ vc: ChatMessageListVC)
    /// The list came to rest at its newest message (a good moment to mark the channel read).
    func chatMessageListVCDidScrollToBottom(_ vc: ChatMessageListVC)
    /// The list scrolled.
    func chatMessageListVC(_ vc: ChatMessageListVC, scrollViewDidScroll scrollView: UIScrollView)
    /// "N replies" under a thread's root was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnThreadOf message: ChatMessage)
    /// The quoted message inside a reply was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnQuotedMessage quotedMessage: ChatMessage)
    /// A link in a message was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnLink url: URL)
    /// A mention in a message was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnMention user: ChatUser)
    /// The failed-to-send indicator of a message was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnErrorIndicatorOf message: ChatMessage)
    /// A message was swiped to the right far enough to reply to it.
    func chatMessageListVC(_ vc: ChatMessageListVC, didSwipeToReplyTo message: ChatMessage)
    /// A message was long-pressed (0.33 s): the channel screen opens the message popup.
    func chatMessageListVC(_ vc: ChatMessageListVC, didLongPressOn message: ChatMessage, messageView: ChatMessageContentView)
    /// A message's reactions were tapped: the channel screen opens the reaction authors.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnReactionsOf message: ChatMessage, messageView: ChatMessageContentView)
    /// Whether the list may show its "N unread" button (with `Components.isJumpToUnreadEnabled`).
    func chatMessageListShouldShowJumpToUnread(_ vc: ChatMessageListVC) -> Bool
    /// The close button of the "N unread" button was tapped: the channel screen marks the channel read.
    func chatMessageListDidDiscardUnreadMessages(_ vc: ChatMessageListVC)
}

extension ChatMessageListVCDelegate {
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, willDisplay message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVCDidScrollNearBottom(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVCWillScrollToNewestMessage(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVCDidScrollToBottom(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, scrollViewDidScroll scrollView: UIScrollView) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnThreadOf message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnQuotedMessage quotedMessage: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnLink url: URL) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnMention user: ChatUser) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnErrorIndicatorOf message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didSwipeToReplyTo message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didLongPressOn message: ChatMessage, messageView: ChatMessageContentView) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnReactionsOf message: ChatMessage, messageView: ChatMessageContentView) {}
    /// `true`.
    public func chatMessageListShouldShowJumpToUnread(_ vc: ChatMessageListVC) -> Bool { true }
    /// Does nothing.
    public func chatMessageListDidDiscardUnreadMessages(_ vc: ChatMessageListVC) {}
}
