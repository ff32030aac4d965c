import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// What ``ChatMessageListVC`` does as the list scrolls and lays out: paging at either end, the
/// scroll-to-bottom button, coming to rest at the newest message, and swipe to reply; with the
/// helpers its data updates share.
extension ChatMessageListVC {
    // MARK: Data helpers

    /// What every row shows of the channel.
    static func rowsSignature(_ channel: ChatChannel?) -> [Int] {
        guard let channel else { return [] }
        return [channel.memberCount, channel.config.reactionsEnabled ? 1 : 0, channel.config.repliesEnabled ? 1 : 0]
    }

    /// The data source's typing users.
    func currentTypingUsers() -> [ChatUser] {
        dataSource?.typingUsers(for: self) ?? []
    }

    /// The unread separator's message, decided once, when the channel and messages are first
    /// known; after that the current one.
    func decidedUnreadSeparator(in messages: [ChatMessage]) -> MessageId? {
        guard !hasDecidedUnreadSeparator else { return rows.unreadSeparatorMessageId }
        guard let channel = dataSource?.channel(for: self), !messages.isEmpty else { return nil }
        hasDecidedUnreadSeparator = true
        let firstUnread = firstUnreadMessageId(in: messages, channel: channel)
        didDecideFirstUnreadMessage(firstUnread, unreadCount: channel.unreadCount)
        return components.isUnreadMessagesSeparatorEnabled ? firstUnread : nil
    }

    // MARK: Scrolling

    /// How far the list is scrolled up from its newest message.
    var distanceFromBottom: CGFloat {
        let inset = listView.adjustedContentInset
        let maxY = max(-inset.top, listView.contentSize.height + inset.bottom - listView.bounds.height)
        return maxY - listView.contentOffset.y
    }

    /// After each layout pass: the pending open at the first unread message, the buttons, paging.
    func listDidLayout() {
        openAtFirstUnreadIfPending()
        updateScrollToBottomButton()
        updateJumpToUnreadButtonVisibility()
        if listView.list != nil { isWaitingForOlderMessages = false }
        requestOlderMessagesIfNeeded()
        scrollDidSettleAtBottomIfNeeded()
    }

    /// Asks for older messages when the top is within a screen, once per page; and for newer
    /// ones when the bottom is within a screen and the newest loaded message is not the last
    /// one asked for (a window that dropped its newest pages while the user scrolled back).
    func requestOlderMessagesIfNeeded() {
        let messages = self.messages
        guard !messages.isEmpty, listView.bounds.height > 0 else { return }
        let distanceFromTop = listView.contentOffset.y + listView.adjustedContentInset.top
        if !isWaitingForOlderMessages, distanceFromTop < listView.bounds.height, oldestAtTopRequest != messages.first?.id {
            oldestAtTopRequest = messages.first?.id
            isWaitingForOlderMessages = true
            delegate?.chatMessageListVCDidScrollNearTop(self)
            // Whether or not a page came, the next request waits for another oldest message.
            isWaitingForOlderMessages = false
        }
        if !isWaitingForNewerMessages, distanceFromBottom < listView.bounds.height, newestAtBottomRequest != messages.last?.id {
            newestAtBottomRequest = messages.last?.id
            isWaitingForNewerMessages = true
            delegate?.chatMessageListVCDidScrollNearBottom(self)
            isWaitingForNewerMessages = false
        }
    }

    /// Tells the delegate once when the list comes to rest at its newest message, and resets the
    /// button's count there.
    func scrollDidSettleAtBottomIfNeeded() {
        // A channel opening at its first unread message is not at its newest yet.
        guard listView.list != nil, newestMessage != nil, features.pendingOpenAt == nil else { return }
        let atBottom = isScrolledToBottom
        defer { wasScrolledToBottom = atBottom }
        guard atBottom else { return }
        if newMessagesWhileScrolledUp != 0 {
            newMessagesWhileScrolledUp = 0
            updateScrollToBottomButton()
        }
        if !wasScrolledToBottom { delegate?.chatMessageListVCDidScrollToBottom(self) }
    }

    /// Shows the button while the list is scrolled up, with the count of new messages.
    func updateScrollToBottomButton() {
        let show = listView.contentSize.height > 0 && distanceFromBottom > 40
        if scrollToBottomButton.isHidden == show { scrollToBottomButton.isHidden = !show }
        let content = ChannelUnreadCount(messages: newMessagesWhileScrolledUp, mentions: 0)
        if scrollToBottomButton.content != content { scrollToBottomButton.content = content }
    }

    // MARK: Swipe to reply

    /// Moves the swiped row with the finger and replies past the threshold.
    func handleSwipe(_ pan: UIPanGestureRecognizer) {
        guard let row = swipedView else { return }
        let dx = max(0, pan.translation(in: listView).x)
        let threshold = swipeToReplyThreshold
        switch pan.state {
        case .began, .changed:
            // Follows the finger up to the threshold, then resists.
            let shown = dx <= threshold ? dx : threshold + (dx - threshold) * 0.2
            row.transform = CGAffineTransform(translationX: shown, y: 0)
            // The arrow sits in the space the row leaves, fading in up to the threshold.
            let rowFrame = view.convert(row.frame, from: listView)
            let side: CGFloat = 22
            swipeToReplyIconView.frame = CGRect(x: max(4, (shown - side) / 2), y: rowFrame.midY - side / 2, width: side, height: side)
            swipeToReplyIconView.alpha = min(1, dx / threshold)
            swipeToReplyIconView.tintColor = dx >= threshold ? view.tintColor : appearance.colorPalette.textLowEmphasis
            swipeToReplyIconView.isHidden = false
        case .ended, .cancelled, .failed:
            let reply = pan.state == .ended && dx >= threshold
            swipeToReplyIconView.isHidden = true
            UIView.animate(withDuration: 0.2) { row.transform = .identity }
            if reply, let message = swipedMessage { delegate?.chatMessageListVC(self, didSwipeToReplyTo: message) }
            swipedView = nil
            swipedMessage = nil
        default:
            break
        }
    }
}
