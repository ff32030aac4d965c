import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// ChatChannelView's unread parts and first page: the factory's new messages indicator above the
// first unread message, its jump to unread button, and its channel loading view.

/// What ``ChatChannelView`` decided about unread messages, and its first page's loading.
@MainActor
struct UnreadState {
    /// Whether the first unread message was decided (once, when the channel and its messages are
    /// first shown: reading on does not move the indicator).
    var isDecided = false
    /// The first message the user had not read when the screen opened.
    var firstUnreadId: MessageId?
    /// How many messages were unread then.
    var count = 0
    /// Whether the jump button was used or closed (it does not come back).
    var isJumpDone = false
    /// Hosts the factory's jump to unread button.
    let jumpButtonView = ComponentView(frame: .zero)
    /// The count the jump button was made for (`nil`: not made yet).
    var jumpButtonCount: Int?
    /// Whether the screen asked the backend for the channel's history, when it opened empty.
    var didRequestFirstPage = false
    /// Waits for that fetch, then shows what it brought.
    var firstPageWait: Task<Void, Never>?
}

extension ChatChannelView {
    /// Hosts the factory's
    /// ``ViewFactory/makeJumpToUnreadButton(channel:onJumpToMessage:onClose:)`` at the top of the
    /// list, shown while the first unread message is above the screen (with
    /// `components.isJumpToUnreadEnabled`), until it is used or closed.
    public var jumpToUnreadView: ComponentView { unread.jumpButtonView }

    /// The first unread message, where the new messages indicator sits (`nil`: none, or
    /// `utils.messageListConfig.showNewMessagesSeparator` is off).
    public var newMessagesStartId: MessageId? {
        ChatViews.utils.messageListConfig.showNewMessagesSeparator ? unread.firstUnreadId : nil
    }

    func setUpJumpToUnreadView() {
        jumpToUnreadView.isScrollEnabled = false
        jumpToUnreadView.isHidden = true
        jumpToUnreadView.backgroundColor = .clear
        view.addSubview(jumpToUnreadView)
    }

    /// Decides the first unread message once, when the channel is known; then keeps it.
    func newMessagesStartId(in messages: [ChatMessage], channel: ChatChannel) -> MessageId? {
        if !unread.isDecided, channelController?.channel != nil, !messages.isEmpty {
            unread.isDecided = true
            unread.count = channel.unreadCount.messages
            unread.firstUnreadId = MessageListRows.firstUnreadMessageId(in: messages, channel: channel)
        }
        return newMessagesStartId
    }

    /// The row above the first unread message: the factory's new messages indicator. Setting the
    /// binding it gets to `nil` removes it.
    func newMessagesIndicatorRow() -> ComponentList.Row {
        let binding = Binding<String?>(get: { [weak self] in self?.unread.firstUnreadId }, set: { [weak self] id in
            guard let self, id != self.unread.firstUnreadId else { return }
            self.unread.firstUnreadId = id
            self.reloadMessages()
        })
        return ComponentList.Row(id: MessageListRows.unreadSeparatorID, version: unread.count, estimatedHeight: 32,
                                 component: AnyComponent(viewFactory.makeNewMessagesIndicatorView(newMessagesStartId: binding, count: unread.count)))
    }

    /// Whether the first unread message is above the top of the list (not loaded: older than the
    /// loaded page, so above too).
    var isFirstUnreadAboveScreen: Bool {
        guard let id = unread.firstUnreadId else { return false }
        guard let frame = listView.frame(id: id) else { return !messages.contains { $0.id == id } }
        return frame.maxY <= listView.contentOffset.y + listView.adjustedContentInset.top
    }

    /// Shows the factory's jump to unread button at the top of the list while the first unread
    /// message is above the screen; it is done once that message was on screen, jumped to or
    /// the button closed.
    public func updateJumpToUnreadButton() {
        guard isViewLoaded else { return }
        if unread.firstUnreadId != nil, !unread.isJumpDone, listView.bounds.height > 0, !isFirstUnreadAboveScreen {
            unread.isJumpDone = true
        }
        let shows = components.isJumpToUnreadEnabled && !isInThread && !unread.isJumpDone && unread.firstUnreadId != nil
            && listView.bounds.height > 0
        jumpToUnreadView.isHidden = !shows
        guard shows, let channelController else { return }
        if unread.jumpButtonCount != unread.count {
            unread.jumpButtonCount = unread.count
            var channel = channelController.channel ?? ChatChannel(cid: channelController.cid)
            channel.unreadCount.messages = unread.count
            jumpToUnreadView.component = viewFactory.makeJumpToUnreadButton(channel: channel, onJumpToMessage: { [weak self] in
                MainActor.assumeIsolated { self?.jumpToFirstUnread() }
            }, onClose: { [weak self] in
                MainActor.assumeIsolated { self?.closeJumpToUnread() }
            })
        }
        let size = jumpToUnreadView.component?.layout(Constraint(maxSize: listView.bounds.size)).size ?? .zero
        jumpToUnreadView.frame = CGRect(x: listView.frame.midX - size.width / 2, y: listView.frame.minY + 8, width: size.width, height: size.height)
        view.bringSubviewToFront(jumpToUnreadView)
    }

    /// Scrolls to the first unread message (loading its page when it is not loaded); the jump
    /// button goes away.
    public func jumpToFirstUnread() {
        guard let id = unread.firstUnreadId else { return }
        unread.isJumpDone = true
        jumpToUnreadView.isHidden = true
        scrolledId = id
    }

    /// Closes the jump to unread button for good and marks the channel read, as the SDK's screen
    /// does (``pendingTask`` runs it; a failure is kept in ``lastError``).
    public func closeJumpToUnread() {
        unread.isJumpDone = true
        jumpToUnreadView.isHidden = true
        guard let channelController else { return }
        pendingTask = Task { @MainActor [weak self] in
            do throws(ChatError) {
                try await channelController.markRead()
            } catch {
                self?.lastError = error
            }
        }
    }

    /// Whether the channel's first page is still on its way: nothing is loaded and the backend
    /// is fetching the channel's history (asked here once, when it may keep some). The messages
    /// are shown again when the fetch ends.
    func isLoadingFirstPage() -> Bool {
        guard let channelController, channelController.messages.isEmpty else { return false }
        if !unread.didRequestFirstPage, !channelController.hasLoadedAllPreviousMessages, !channelController.isLoadingOlderHistory {
            unread.didRequestFirstPage = true
            do { try channelController.loadPreviousMessages() } catch { lastError = error }
        }
        guard channelController.isLoadingOlderHistory else { return false }
        if unread.firstPageWait == nil {
            unread.firstPageWait = Task { @MainActor [weak self, weak channelController] in
                await channelController?.olderHistoryFetched()
                self?.unread.firstPageWait = nil
                self?.reloadMessages()
            }
        }
        return true
    }
}
