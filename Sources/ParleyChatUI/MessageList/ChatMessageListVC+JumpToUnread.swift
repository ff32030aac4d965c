import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// What the message list keeps for the "N unread" button, opening at the first unread message and
/// the floating date overlay.
@MainActor
struct MessageListFeatureState {
    /// The first unread message when the list first saw the channel's read state.
    var jumpToUnreadMessageId: MessageId?
    /// The unread count at that moment (the button's text).
    var jumpToUnreadCount: ChannelUnreadCount = .noUnread
    /// The first unread message was on screen, or the button was dismissed: it stays hidden.
    var isJumpToUnreadDone = false
    /// The message the list opens at, once it has a size (`shouldJumpToUnreadWhenOpeningChannel`).
    var pendingOpenAt: MessageId?
    /// Set while the list scrolls by itself (opening at unread), when the overlay stays hidden.
    var isScrollingProgrammatically = false
    /// Ticks while the overlay shows, to hide it after the list stops.
    var overlayLink: CADisplayLink?
    /// The list scrolled since the last tick.
    var scrolledSinceTick = false
    /// The frame time of the last tick that saw a scroll.
    var lastScrollTime: TimeInterval?
}

/// The "N unread" button, opening at the first unread message, and the date overlay of
/// ``ChatMessageListVC``.
extension ChatMessageListVC {
    /// The button centred at the top; the date overlay centred 8 pt below the top.
    func setUpJumpToUnreadAndDateOverlayLayout() {
        jumpToUnreadMessagesButton.appearance = appearance
        jumpToUnreadMessagesButton.components = components
        jumpToUnreadMessagesButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(jumpToUnreadMessagesButton)
        var constraints = [
            jumpToUnreadMessagesButton.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
            jumpToUnreadMessagesButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
        ]
        jumpToUnreadMessagesButton.isHidden = true
        if isDateOverlayEnabled {
            dateOverlayView.appearance = appearance
            dateOverlayView.components = components
            dateOverlayView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(dateOverlayView)
            constraints += [
                dateOverlayView.topAnchor.constraint(equalTo: view.topAnchor),
                dateOverlayView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            ]
            dateOverlayView.isHidden = true
            dateOverlayView.alpha = 0
        }
        NSLayoutConstraint.activate(constraints)
    }

    /// Remembers the first unread message for the button and for opening there.
    func didDecideFirstUnreadMessage(_ id: MessageId?, unreadCount: ChannelUnreadCount) {
        features.jumpToUnreadMessageId = id
        features.jumpToUnreadCount = unreadCount
        if id != nil, components.shouldJumpToUnreadWhenOpeningChannel, delegate?.chatMessageListShouldShowJumpToUnread(self) ?? true {
            features.pendingOpenAt = id
        }
    }

    /// The close button: hides the button for good and tells the delegate.
    func discardJumpToUnread() {
        features.isJumpToUnreadDone = true
        updateJumpToUnreadButtonVisibility()
        delegate?.chatMessageListDidDiscardUnreadMessages(self)
    }

    /// Whether the row of the message `id` intersects the visible area.
    func isMessageOnScreen(_ id: MessageId) -> Bool {
        guard let row = contentView(forMessageId: id) else { return false }
        let visible = CGRect(origin: listView.contentOffset, size: listView.bounds.size)
        return row.frame.intersects(visible)
    }

    /// Opens at the first unread message once the list has a size and its rows.
    func openAtFirstUnreadIfPending() {
        guard features.pendingOpenAt != nil, listView.list != nil, listView.bounds.height > 0 else { return }
        features.isScrollingProgrammatically = true
        defer { features.isScrollingProgrammatically = false }
        // Not loaded: the list stays at its newest message.
        jumpToUnreadMessage(animated: false)
        features.pendingOpenAt = nil
    }

    // MARK: Date overlay

    /// Shows the day of the topmost visible message while the list scrolls (not at the bottom, and
    /// not while the "N unread" button shows), and hides it `dateOverlayHideDelay` after the last
    /// scroll.
    func updateDateOverlayForScroll() {
        guard isDateOverlayEnabled, dateOverlayView.superview != nil, !features.isScrollingProgrammatically,
              listView.contentSize.height > listView.bounds.height, !isScrolledToBottom,
              !isJumpToUnreadMessagesButtonVisible, let date = topmostVisibleMessage()?.createdAt
        else { return }
        dateOverlayView.date = date
        if dateOverlayView.isHidden || dateOverlayView.alpha < 1 {
            dateOverlayView.isHidden = false
            dateOverlayView.alpha = 1
        }
        features.scrolledSinceTick = true
        guard features.overlayLink == nil else { return }
        let link = CADisplayLink { [weak self] link in self?.dateOverlayTick(link) }
        features.overlayLink = link
        link.add(to: .main, forMode: .common)
    }

    /// Hides the overlay (fading when `animated`) and stops the ticks.
    func hideDateOverlay(animated: Bool) {
        features.overlayLink?.invalidate()
        features.overlayLink = nil
        features.lastScrollTime = nil
        guard !dateOverlayView.isHidden else { return }
        if animated {
            UIView.animate(withDuration: 0.2, animations: { self.dateOverlayView.alpha = 0 }, completion: { [weak self] _ in
                guard let self, self.dateOverlayView.alpha == 0 else { return }
                self.dateOverlayView.isHidden = true
            })
        } else {
            dateOverlayView.alpha = 0
            dateOverlayView.isHidden = true
        }
    }

    private func dateOverlayTick(_ link: CADisplayLink) {
        if features.scrolledSinceTick || features.lastScrollTime == nil {
            features.scrolledSinceTick = false
            features.lastScrollTime = link.timestamp
        } else if let last = features.lastScrollTime, link.timestamp - last >= dateOverlayHideDelay {
            hideDateOverlay(animated: true)
        }
    }

    /// The message whose row is under the overlay's bottom edge (else the topmost one on screen).
    /// Runs on every scroll step: rows are compared by frame, and only the chosen row's message
    /// is read (reading a row's `content` copies the whole message).
    func topmostVisibleMessage() -> ChatMessage? {
        let reference = listView.contentOffset.y + max(dateOverlayView.frame.maxY, 1)
        var skipped: Set<ObjectIdentifier> = []
        while true {
            var best: (row: ChatMessageContentView, minY: CGFloat)?
            for case let row as ChatMessageContentView in listView.visibleViews where !row.isHidden {
                let frame = row.frame
                guard frame.maxY > reference, frame.minY < (best?.minY ?? .infinity), !skipped.contains(ObjectIdentifier(row)) else { continue }
                best = (row, frame.minY)
            }
            guard let best else { return nil }
            if let message = best.row.content { return message }
            // A row between messages (being reused): the next one down.
            skipped.insert(ObjectIdentifier(best.row))
        }
    }
}
