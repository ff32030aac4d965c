import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The defaults of the message actions, reactions, quotes and threads slots of the SwiftUI chat SDK
// (see ViewFactory+SDKDefaults.swift).

// MARK: - Message actions and reactions

extension ViewFactory {
    /// Reply, thread reply (outside threads) and, on the current user's messages, delete.
    public func supportedMessageActions(for message: ChatMessage, channel: ChatChannel,
                                        onFinish: @escaping (MessageActionInfo) -> Void,
                                        onError: @escaping (Error) -> Void) -> [MessageAction] {
        let finish = onMain(onFinish)
        nonisolated(unsafe) let onError = onError
        var actions = [
            MessageAction(id: MessageActionIdentifier.inlineReply, title: localized("factory.reply"), iconName: symbol("arrowshape.turn.up.left"), action: {
                finish(MessageActionInfo(message: message, identifier: MessageActionIdentifier.inlineReply))
            }, confirmationPopup: nil, isDestructive: false),
        ]
        if !message.isPartOfThread {
            actions.append(MessageAction(id: MessageActionIdentifier.threadReply, title: localized("factory.threadReply"), iconName: symbol("bubble.left"), action: {
                ChatChannelView.showThread(of: message)
                finish(MessageActionInfo(message: message, identifier: MessageActionIdentifier.threadReply))
            }, confirmationPopup: nil, isDestructive: false))
        }
        if message.isSentByCurrentUser, let client = ChatViews.client {
            actions.append(MessageAction(id: MessageActionIdentifier.delete, title: localized("factory.deleteMessage"), iconName: symbol("trash"), action: {
                let controller = ChatMessageController(cid: message.cid, messageId: message.id, client: client)
                Task { @MainActor in
                    do { try await controller.deleteMessage() } catch { onError(error) }
                    finish(MessageActionInfo(message: message, identifier: MessageActionIdentifier.delete))
                }
            }, confirmationPopup: ConfirmationPopup(title: localized("factory.deleteMessage"), message: localized("factory.deleteMessage.message"),
                                                    buttonTitle: localized("alert.actions.delete")), isDestructive: true))
        }
        return actions
    }

    /// A checkbox: localized("factory.alsoSendInChannel") (or "as direct message").
    public func makeSendInChannelView(showReplyInChannel: Binding<Bool>, isDirectMessage: Bool) -> some View {
        let palette = Appearance.default.colorPalette
        let on = showReplyInChannel.wrappedValue
        return Button(action: { showReplyInChannel.wrappedValue.toggle() }) {
            HStack(alignment: .center, spacing: 8) {
                Image(systemName: on ? symbol("checkmark.circle.fill") : symbol("circle")).foregroundColor(Color(on ? palette.accentPrimary : palette.inactiveTint))
                Text(isDirectMessage ? localized("factory.alsoSendAsDirectMessage") : localized("factory.alsoSendInChannel")).font(.footnote)
                    .foregroundColor(Color(palette.textLowEmphasis))
                Spacer()
            }
        }
        .padding(.horizontal, 16)
    }

    /// An ``ActionListView`` of ``supportedMessageActions(for:channel:onFinish:onError:)``; an
    /// action with a confirmation popup runs once the user confirms it.
    public func makeMessageActionsView(for message: ChatMessage, channel: ChatChannel,
                                       onFinish: @escaping (MessageActionInfo) -> Void,
                                       onError: @escaping (Error) -> Void) -> some View {
        let actions = supportedMessageActions(for: message, channel: channel, onFinish: onFinish, onError: onError)
        return ActionListView(rows: actions.map { action in
            let run = action.action, popup = action.confirmationPopup
            return ActionListView.Row(id: action.id, title: action.title, iconName: action.iconName, isDestructive: action.isDestructive) {
                if let popup { MessageActionAlerts.confirm(popup, then: run) } else { run() }
            }
        })
    }

    /// The users who reacted, each with their avatar, name and reaction icon (the reactions bar's
    /// `images.availableReactions` small icon), on a card.
    public func makeReactionsUsersView(message: ChatMessage, maxHeight: CGFloat) -> some View {
        let reactions = message.latestReactions
        let palette = Appearance.default.colorPalette
        return VStack(alignment: .leading, spacing: 8) {
            Text(reactions.count == 1 ? localized("factory.oneReaction") : "\(reactions.count) " + localized("factory.reactions")).font(.headline)
            ForEach(reactions.indices, id: \.self) { index in
                let reaction = reactions[index]
                HStack(alignment: .center, spacing: 8) {
                    makeMessageAvatarView(for: reaction.author)
                    Text(reaction.author.name)
                    Spacer()
                    // The reaction's icon, as the reactions under the message draw it (its name when it has none).
                    if let icon = Appearance.default.images.availableReactions[reaction.type]?.smallIcon {
                        Image(uiImage: icon).resizable().scaledToFit().frame(width: 20, height: 20)
                    } else {
                        Text(reaction.type.rawValue).font(.footnote)
                    }
                }
            }
        }
        .padding(16)
        .frame(maxHeight: maxHeight, alignment: .top)
        .background(Color(palette.popoverBackground))
        .cornerRadius(16)
    }

    /// The factory's reactions view, with a long press.
    public func makeBottomReactionsView(message: ChatMessage, showsAllInfo: Bool, onTap: @escaping () -> Void,
                                        onLongPress: @escaping () -> Void) -> some View {
        ReactionsView(message: message, onTap: onMain(onTap)).onLongPressGesture(perform: onMain(onLongPress))
    }

    /// The factory's ``makeMessageReactionView(message:onTapGesture:)``, with `onLongPressGesture`
    /// on a long press.
    public func makeMessageReactionView(message: ChatMessage, onTapGesture: @escaping () -> Void,
                                        onLongPressGesture: @escaping () -> Void) -> some View {
        VStack(spacing: 0) { makeMessageReactionView(message: message, onTapGesture: onMain(onTapGesture)) }
            .onLongPressGesture(perform: onMain(onLongPressGesture))
    }

    /// The factory's ``makeReactionsOverlayView(channel:messageDisplayInfo:onReaction:onReply:onBackgroundTap:)``:
    /// a reaction toggles the current user's reaction; reply reports the "inlineReply" action.
    public func makeReactionsOverlayView(
        channel: ChatChannel,
        currentSnapshot: UIImage,
        messageDisplayInfo: MessageDisplayInfo,
        onBackgroundTap: @escaping () -> Void,
        onActionExecuted: @escaping (MessageActionInfo) -> Void
    ) -> some Component {
        let message = messageDisplayInfo.message
        let executed = onMain(onActionExecuted)
        let close = onMain(onBackgroundTap)
        return makeReactionsOverlayView(channel: channel, messageDisplayInfo: messageDisplayInfo, onReaction: { type in
            MessageReactionToggle.toggle(type, on: message)
            close()
        }, onReply: {
            executed(MessageActionInfo(message: message, identifier: MessageActionIdentifier.inlineReply))
        }, onBackgroundTap: close)
    }

    /// The palette's overlay colour over the screen.
    public func makeReactionsBackgroundView(currentSnapshot: UIImage, popInAnimationInProgress: Bool) -> some View {
        Color(Appearance.default.colorPalette.overlayBackground)
    }

    /// The reaction picker of the default overlay.
    public func makeReactionsContentView(message: ChatMessage, contentRect: CGRect,
                                         onReactionTap: @escaping (MessageReactionType) -> Void) -> some Component {
        let info = MessageDisplayInfo(message: message, frame: contentRect, contentWidth: contentRect.width, showsAllInfo: true)
        return ReactionsOverlayView(channel: ChatChannel(cid: message.cid), messageDisplayInfo: info, onReaction: onMain(onReactionTap),
                                    onReply: {}, onBackgroundTap: {}).picker
    }

    /// A ``ComposerHeaderBar``: localized("factory.replyToMessage"), closing clears the quoted message.
    public func makeQuotedMessageHeaderView(quotedMessage: Binding<ChatMessage?>) -> some View {
        ComposerHeaderBar(title: localized("factory.replyToMessage"), onClose: { quotedMessage.wrappedValue = nil })
    }

    /// The factory's ``makeQuotedMessageView(quotedMessage:isSentByCurrentUser:scrolledId:)``.
    public func makeQuotedMessageView(quotedMessage: ChatMessage, fillAvailableSpace: Bool, isInComposer: Bool,
                                      scrolledId: Binding<String?>) -> some Component {
        makeQuotedMessageView(quotedMessage: quotedMessage, isSentByCurrentUser: quotedMessage.isSentByCurrentUser, scrolledId: scrolledId)
    }

    /// The author's avatar, name and text.
    public func makeQuotedMessageContentView(options: QuotedMessageContentViewOptions) -> some View {
        let message = options.quotedMessage
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .top, spacing: 8) {
            makeQuotedMessageAvatarView(for: message.authorDisplayInfo, size: CGSize(width: 24, height: 24))
            VStack(alignment: .leading, spacing: 2) {
                Text(message.author.name).font(.footnote.bold())
                Text(message.text).font(.footnote).foregroundColor(Color(palette.subtitleText))
            }
        }
    }

    /// Nothing (the app draws its attachments).
    public func makeCustomAttachmentQuotedView(for message: ChatMessage) -> some View { EmptyView() }

    /// A ``ComposerHeaderBar``: localized("factory.editMessage"), closing clears the edited message.
    public func makeEditedMessageHeaderView(editedMessage: Binding<ChatMessage?>) -> some View {
        ComposerHeaderBar(title: localized("factory.editMessage"), onClose: { editedMessage.wrappedValue = nil })
    }

    /// Nothing (Parley has no commands).
    public func makeCommandsContainerView(suggestions: [String: Any], handleCommand: @escaping ([String: Any]) -> Void) -> some View {
        EmptyView()
    }

    /// On the current user's messages: a tick when sent, two when read by someone.
    @ViewBuilder
    public func makeMessageReadIndicatorView(channel: ChatChannel, message: ChatMessage) -> some View {
        if message.isSentByCurrentUser {
            let palette = Appearance.default.colorPalette
            let read = !message.readBy.isEmpty
            Image(systemName: read ? symbol("checkmark.double") : symbol("checkmark"))
                .foregroundColor(Color(read ? palette.accentPrimary : palette.textLowEmphasis))
                .accessibilityLabel(read ? localized("factory.read") : localized("factory.sent"))
        }
    }

    /// "N new messages" across the list.
    public func makeNewMessagesIndicatorView(newMessagesStartId: Binding<String?>, count: Int) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack {
            Spacer()
            Text(count == 1 ? localized("factory.oneNewMessage") : "\(count) " + localized("factory.newMessages")).font(.footnote.bold()).foregroundColor(Color(palette.textLowEmphasis))
            Spacer()
        }
        .padding(.vertical, 6)
        .background(Color(palette.unreadSeparator))
    }

    /// localized("factory.jumpToUnread") and a close button on a capsule.
    public func makeJumpToUnreadButton(channel: ChatChannel, onJumpToMessage: @escaping () -> Void,
                                       onClose: @escaping () -> Void) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .center, spacing: 8) {
            Button(localized("factory.jumpToUnread"), action: onMain(onJumpToMessage))
            Button(action: onMain(onClose), label: { Image(systemName: "xmark") })
        }
        .foregroundColor(.white)
        .padding(.horizontal, 12)
        .padding(.vertical, 6)
        .background(Capsule().fill(Color(palette.accentPrimary)))
    }

    /// A note: Parley has no polls.
    public func makeComposerPollView(channelController: ChatChannelController,
                                     messageController: ChatMessageController?) -> some View {
        SymbolLine(symbol: symbol("info.circle"), text: localized("factory.pollsUnavailable")).padding(16)
    }

    /// The question and its answers.
    public func makePollView(message: ChatMessage, poll: Poll, isFirst: Bool) -> some View {
        let palette = Appearance.default.colorPalette
        return VStack(alignment: .leading, spacing: 8) {
            Text(poll.name).font(.headline)
            ForEach(poll.options, id: \.self) { option in
                HStack(alignment: .center, spacing: 8) {
                    Circle().stroke(Color(palette.inactiveTint), lineWidth: 1.5).frame(width: 18, height: 18)
                    Text(option)
                }
            }
        }
        .padding(12)
    }
}

// MARK: - Threads and users

extension ViewFactory {
    /// A ``ThreadListItemView``; tapping it selects the thread.
    public func makeThreadListItem(thread: ChatThread, threadDestination: @escaping (ChatThread) -> ThreadDestination,
                                   selectedThread: Binding<ThreadSelectionInfo?>) -> some View {
        ThreadListItemView(factory: self, thread: thread) { thread in selectedThread.wrappedValue = ThreadSelectionInfo(thread: thread) }
    }

    /// localized("factory.noThreads") under a large symbol.
    public func makeNoThreadsView() -> some View {
        let palette = Appearance.default.colorPalette
        return VStack(alignment: .center, spacing: 12) {
            Image(systemName: symbol("bubble.left.and.bubble.right")).resizable().foregroundColor(Color(palette.inactiveTint)).frame(width: 48, height: 40)
            Text(localized("factory.noThreads")).font(.headline).foregroundColor(Color(palette.textLowEmphasis))
        }
    }

    /// localized("factory.threadsError") and a retry button, on the alert colour.
    public func makeThreadsListErrorBannerView(onRefreshAction: @escaping () -> Void) -> some View {
        let palette = Appearance.default.colorPalette
        return HStack(alignment: .center, spacing: 8) {
            Text(localized("factory.threadsError")).foregroundColor(.white)
            Spacer()
            Button(action: onMain(onRefreshAction), label: { Image(systemName: "arrow.clockwise").foregroundColor(.white) })
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .background(Color(palette.alert))
    }

    /// The factory's ``makeLoadingView()``.
    public func makeThreadListLoadingView() -> some Component { makeLoadingView() }

    /// An ``EmptyViewModifier``.
    public func makeThreadListContainerViewModifier(viewModel: ChatThreadListViewModel) -> some ViewModifier { EmptyViewModifier() }

    /// A ``TitledHeaderModifier``.
    public func makeThreadListHeaderViewModifier(title: String) -> some ViewModifier { TitledHeaderModifier(title: title) }

    /// A spinner while loading; "N new threads" when some arrived; nothing otherwise.
    @ViewBuilder
    public func makeThreadListHeaderView(viewModel: ChatThreadListViewModel) -> some View {
        if viewModel.isLoading {
            ProgressView()
        } else if viewModel.newThreadsCount > 0 {
            let count = viewModel.newThreadsCount
            Button(count == 1 ? localized("factory.oneNewThread") : "\(count) " + localized("factory.newThreads"), action: { viewModel.loadThreads() })
                .padding(.vertical, 8)
        }
    }

    /// Nothing.
    public func makeThreadListFooterView(viewModel: ChatThreadListViewModel) -> some View { EmptyView() }

    /// The palette's background colour.
    public func makeThreadListBackground(colors: ColorPalette) -> some View { Color(colors.background) }

    /// The highlighted background when selected; nothing otherwise.
    public func makeThreadListItemBackground(thread: ChatThread, isSelected: Bool) -> some View {
        isSelected ? Color(Appearance.default.colorPalette.highlightedBackground) : Color.clear
    }

    /// A hairline in the palette's border colour.
    public func makeThreadListDividerItem() -> some View { Divider(color: Appearance.default.colorPalette.border) }

    /// localized("factory.noUsersToAdd") (Parley's client lists no users outside channels), for a custom
    /// factory to replace with its own directory.
    public func makeAddUsersView(options: AddUsersOptions, onUserTap: @escaping (ChatUser) -> Void) -> some View {
        SymbolLine(symbol: symbol("person.2"), text: localized("factory.noUsersToAdd")).padding(16)
    }

    /// The factory's message text (at the row's width when a message row asks).
    public func makeAttachmentTextView(options: AttachmentTextViewOptions) -> some Component {
        makeMessageTextView(for: options.message, isFirst: true, availableWidth: options.availableWidth,
                            scrolledId: options.scrolledId ?? .constant(nil))
    }
}

/// The alerts of the message actions, on the key window: a confirmation before a destructive
/// action, and an action's failure.
@MainActor
enum MessageActionAlerts {
    /// The window's frontmost controller.
    static var presenter: UIViewController? {
        var top = UIApplication.shared.keyWindow?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }

    /// Asks with `popup`; runs `action` when the user confirms.
    static func confirm(_ popup: ConfirmationPopup, then action: @escaping @MainActor () -> Void) {
        guard let presenter else { return }
        let alert = UIAlertController(title: popup.title, message: popup.message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: Appearance.default.l10n.tr("alert.actions.cancel"), style: .cancel))
        alert.addAction(UIAlertAction(title: popup.buttonTitle, style: .destructive) { _ in action() })
        presenter.present(alert, animated: true)
    }

    /// Tells the user an action failed.
    static func show(_ error: Error) {
        guard let presenter else { return }
        let router = Components.default.alertsRouter.init(rootViewController: presenter)
        if let error = error as? ChatError { router.showErrorAlert(for: error) } else { router.showErrorAlert(message: error.localizedDescription) }
    }
}

/// Toggles the current user's reaction on a message: through the channel screen showing it, else
/// through a message controller, with a refusal shown as an alert on the key window.
@MainActor
enum MessageReactionToggle {
    static func toggle(_ type: MessageReactionType, on message: ChatMessage) {
        if ChatChannelView.toggleReaction(type, on: message) { return }
        guard let client = ChatViews.client else { return }
        let chosen = message.currentUserReactions.contains { $0.type == type }
            || message.reactionGroups[type]?.isChosenByCurrentUser == true
        let controller = ChatMessageController(cid: message.cid, messageId: message.id, client: client)
        Task { @MainActor in
            do throws(ChatError) {
                if chosen { try await controller.removeReaction(type) } else { try await controller.addReaction(type) }
            } catch {
                guard let root = UIApplication.shared.keyWindow?.rootViewController else { return }
                Components.default.alertsRouter.init(rootViewController: root).showErrorAlert(for: error)
            }
        }
    }
}
