import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// ChatChannelView's rows, bindings, header and paging helpers (split from ChatChannelView.swift).

extension ChatChannelView {
    /// The binding of ``scrolledId`` handed to the slots.
    public var scrolledIdBinding: Binding<String?> {
        Binding(get: { [weak self] in self?.scrolledId }, set: { [weak self] in self?.scrolledId = $0 })
    }

    /// The binding of ``quotedMessage`` handed to the slots.
    public var quotedMessageBinding: Binding<ChatMessage?> {
        Binding(get: { [weak self] in self?.quotedMessage }, set: { [weak self] in self?.quotedMessage = $0 })
    }

    /// Whether `view` or one of its descendants is the object `id`.
    static func contains(_ view: UIView, _ id: ObjectIdentifier) -> Bool {
        ObjectIdentifier(view) == id || view.subviews.contains { contains($0, id) }
    }

    /// Decorates the navigation item with the factory's header (the SDK's slot for a known
    /// channel, else Parley's): a ``ChannelHeaderViewModifier`` puts its toolbar, title and sheet
    /// on this screen.
    func applyHeader(channel: ChatChannel?, currentUserId: UserId?) {
        let header: any ChatChannelHeaderViewModifier = channel.map { viewFactory.makeChannelHeaderViewModifier(for: $0) }
            ?? viewFactory.makeChannelHeaderViewModifier(for: channel)
        header.apply(to: navigationItem, channel: channel, currentUserId: currentUserId)
        headerPreferencesView?.removeFromSuperview()
        headerPreferencesView = (header as? any ViewModifier).map { applyScreenPreferences(of: $0) }
    }

    /// The row of the message at `index`: the factory's container, whose version changes with the
    /// message and with what it shows of its neighbours (the last of a group shows all its info,
    /// the newest is `isLast`).
    func messageRow(in messages: [ChatMessage], at index: Int) -> ComponentList.Row {
        let message = messages[index]
        let channel = channelController?.channel ?? ChatChannel(cid: message.cid)
        let showsAllInfo = components.messageLayoutOptionsResolver.isMessageLastInSequence(
            messageIndexPath: IndexPath(item: messages.count - 1 - index, section: 0),
            messages: AnyRandomAccessCollection(messages.reversed()))
        let isLast = index == messages.count - 1
        let container = viewFactory.makeMessageContainerView(
            channel: channel, message: message, width: listView.bounds.width > 0 ? listView.bounds.width : nil,
            showsAllInfo: showsAllInfo, isInThread: isInThread, scrolledId: scrolledIdBinding, quotedMessage: quotedMessageBinding,
            onLongPress: { [weak self] info in self?.showReactionsOverlay(for: info) }, isLast: isLast)
        var version = Hasher()
        version.combine(MessageListRows.contentVersion(of: message))
        version.combine(showsAllInfo)
        version.combine(isLast)
        version.combine(channel.memberCount)
        return ComponentList.Row(id: message.id, version: version.finalize(), estimatedHeight: estimatedMessageHeight,
                                 component: AnyComponent(container))
    }

    func typingIndicatorRow(_ users: [ChatUser]) -> ComponentList.Row {
        guard let channelController else {
            return ComponentList.Row(id: MessageListRows.typingIndicatorID, estimatedHeight: 0, component: Space(height: 0))
        }
        let channel = channelController.channel ?? ChatChannel(cid: channelController.cid)
        var version = Hasher()
        for user in users { version.combine(user.id); version.combine(user.name) }
        return ComponentList.Row(
            id: MessageListRows.typingIndicatorID, version: version.finalize(), estimatedHeight: 28,
            component: AnyComponent(viewFactory.makeTypingIndicatorBottomView(channel: channel, currentUserId: channelController.client.currentUserId)))
    }

    /// Who the typing row shows: nobody when the indicator is in the navigation bar (the header's
    /// subtitle says who is typing).
    func typingUsers(in channel: ChatChannel) -> [ChatUser] {
        guard ChatViews.utils.messageListConfig.typingIndicatorPlacement == .bottomOverlay else { return [] }
        let me = channelController?.client.currentUserId
        return channel.currentlyTypingUsers.filter { $0.id != me }
    }

    func loadPagesIfNeeded() {
        guard let channelController, !isLoadingPage, !messages.isEmpty, listView.bounds.height > 0 else { return }
        isLoadingPage = true
        defer { isLoadingPage = false }
        let top = listView.contentOffset.y + listView.adjustedContentInset.top
        let bottom = listView.contentSize.height - (listView.contentOffset.y + listView.bounds.height)
        do {
            if top < listView.bounds.height, !channelController.hasLoadedAllPreviousMessages {
                try channelController.loadPreviousMessages()
            } else if bottom < listView.bounds.height, !channelController.hasLoadedAllNextMessages {
                try channelController.loadNextMessages()
            }
        } catch {
            lastError = error
        }
    }

    /// Keeps `error` in ``lastError`` and tells the user: an action they chose was refused (an
    /// alert from `components.alertsRouter`, in their language).
    func report(_ error: ChatError) {
        lastError = error
        components.alertsRouter.init(rootViewController: self).showErrorAlert(for: error)
    }
}
