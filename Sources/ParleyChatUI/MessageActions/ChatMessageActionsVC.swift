import Foundation
import ParleyChat
import ParleyUIKit

/// Receives what the user picked in the message actions.
@preconcurrency @MainActor
public protocol ChatMessageActionsVCDelegate: AnyObject {
    /// An action was tapped. Reply, thread reply and edit are for the delegate to route (to the
    /// composer, the thread screen); copy, delete and resend were already done.
    func chatMessageActionsVC(_ vc: ChatMessageActionsVC, message: ChatMessage, didTapOnActionItem actionItem: ChatMessageActionItem)
    /// The actions are done: the popup should close.
    func chatMessageActionsVCDidFinish(_ vc: ChatMessageActionsVC)
}

extension ChatMessageActionsVCDelegate {
    /// Does nothing.
    public func chatMessageActionsVC(_ vc: ChatMessageActionsVC, message: ChatMessage, didTapOnActionItem actionItem: ChatMessageActionItem) {}
    /// Does nothing.
    public func chatMessageActionsVCDidFinish(_ vc: ChatMessageActionsVC) {}
}

/// The rounded list of actions at the bottom of the message popup: reply, thread reply, copy,
/// edit and delete (own messages), resend (failed ones), mark unread, flag and mute the author
/// (others' messages), each shown only when the channel allows it.
@preconcurrency @MainActor
open class ChatMessageActionsVC: _ViewController {
    /// The message the actions act on.
    open var message: ChatMessage? {
        didSet { updateContentIfNeeded() }
    }
    /// The message's channel (its config and capabilities decide the actions).
    public var channel: ChatChannel? {
        didSet { updateContentIfNeeded() }
    }
    /// Whether the actions show inside a thread (no "Thread Reply": the user is there already).
    public var isInsideThread = false {
        didSet { updateContentIfNeeded() }
    }
    /// Deletes and resends through this controller.
    public var channelController: ChatChannelController?
    /// Receives the tapped actions.
    public weak var delegate: (any ChatMessageActionsVCDelegate)?
    /// Called when an action is done (the popup closes itself here).
    public var onFinish: (() -> Void)?
    /// Called when deleting or resending failed.
    public var onError: ((ChatError) -> Void)?
    /// The running delete or resend, if any (tests wait for it).
    public private(set) var pendingRequest: Task<Void, Never>?

    /// The rows, top to bottom.
    open private(set) lazy var messageActionsContainerStackView = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 0, distribution: .equal)

    /// The row type.
    open var actionButtonClass: ChatMessageActionControl.Type { ChatMessageActionControl.self }

    /// The rows shown.
    public var actionControls: [ChatMessageActionControl] {
        messageActionsContainerStackView.arrangedSubviews.compactMap { $0 as? ChatMessageActionControl }
    }

    /// Creates the controller.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The focus group of the actions: one Tab stop, Up and Down move between them.
    static let focusGroupID = "parley.message-actions"

    /// The stack fills the rounded view.
    open override func setUpLayout() {
        super.setUpLayout()
        messageActionsContainerStackView.focusGroupIdentifier = Self.focusGroupID
        view.addSubview(messageActionsContainerStackView)
        messageActionsContainerStackView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            messageActionsContainerStackView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            messageActionsContainerStackView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            messageActionsContainerStackView.topAnchor.constraint(equalTo: view.topAnchor),
            messageActionsContainerStackView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    /// A rounded card in the popover colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.popoverBackground
        view.layer.cornerRadius = 16
        view.layer.masksToBounds = true
        view.layer.borderWidth = 1
        view.layer.borderColor = appearance.colorPalette.border
    }

    /// One row per action.
    open override func updateContent() {
        super.updateContent()
        messageActionsContainerStackView.removeAllArrangedSubviews()
        for item in messageActions {
            let control = actionButtonClass.init(frame: .zero)
            control.appearance = appearance
            control.components = components
            control.content = item
            messageActionsContainerStackView.addArrangedSubview(control)
        }
    }

    /// The size the list wants: `width` wide, one 44-point row per action.
    open func preferredSize(width: CGFloat) -> CGSize {
        CGSize(width: width, height: CGFloat(messageActions.count) * 44)
    }

    // MARK: Actions

    /// The actions for the message in its channel, in display order.
    open var messageActions: [ChatMessageActionItem] {
        guard let message, !message.isDeleted, message.type != .system, message.type != .ephemeral else { return [] }
        let config = channel?.config
        let can: (ChannelCapability) -> Bool = { [channel] in channel?.can($0) ?? false }
        let isOwn = message.isSentByCurrentUser
        let hasText = !message.text.isEmpty
        if message.localState == .sendingFailed || message.type == .error {
            var failed: [ChatMessageActionItem] = [resendActionItem()]
            if hasText { failed.append(editActionItem()) }
            failed.append(deleteActionItem())
            return failed
        }
        guard message.localState == .synced else { return hasText ? [copyActionItem()] : [] }
        var actions: [ChatMessageActionItem] = []
        if config?.quotesEnabled != false, can(.quoteMessage) { actions.append(inlineReplyActionItem()) }
        if config?.repliesEnabled != false, can(.sendReply), !message.isPartOfThread, !isInsideThread { actions.append(threadReplyActionItem()) }
        if hasText { actions.append(copyActionItem()) }
        if !isOwn, config?.readEventsEnabled != false, can(.readEvents) { actions.append(markUnreadActionItem()) }
        if hasText, (isOwn && can(.updateOwnMessage)) || can(.updateAnyMessage) { actions.append(editActionItem()) }
        if (isOwn && can(.deleteOwnMessage)) || can(.deleteAnyMessage) { actions.append(deleteActionItem()) }
        if !isOwn {
            actions.append(flagActionItem())
            actions.append(muteActionItem())
        }
        return actions
    }

    /// Reply in the channel: routed to the delegate (the composer quotes the message).
    open func inlineReplyActionItem() -> ChatMessageActionItem {
        InlineReplyActionItem(action: { [weak self] item in self?.route(item) }, appearance: appearance)
    }

    /// Thread reply: routed to the delegate (it opens the thread).
    open func threadReplyActionItem() -> ChatMessageActionItem {
        ThreadReplyActionItem(action: { [weak self] item in self?.route(item) }, appearance: appearance)
    }

    /// Copies the text to the pasteboard.
    open func copyActionItem() -> ChatMessageActionItem {
        CopyActionItem(action: { [weak self] item in
            UIPasteboard.general.string = self?.message?.text
            self?.route(item)
        }, appearance: appearance)
    }

    /// Edit: routed to the delegate (the composer edits the message).
    open func editActionItem() -> ChatMessageActionItem {
        EditActionItem(action: { [weak self] item in self?.route(item) }, appearance: appearance)
    }

    /// Asks for confirmation, then deletes.
    open func deleteActionItem() -> ChatMessageActionItem {
        DeleteActionItem(action: { [weak self] item in self?.confirmDelete(item) }, appearance: appearance)
    }

    /// Sends a failed message again.
    open func resendActionItem() -> ChatMessageActionItem {
        ResendActionItem(action: { [weak self] item in
            guard let self, let message = self.message else { return }
            self.perform { (controller) async throws(ChatError) in try await controller.resendMessage(id: message.id) }
            self.route(item)
        }, appearance: appearance)
    }

    /// Mark unread: routed to the delegate.
    open func markUnreadActionItem() -> ChatMessageActionItem {
        MarkUnreadActionItem(action: { [weak self] item in self?.route(item) }, appearance: appearance)
    }

    /// Flag: routed to the delegate.
    open func flagActionItem() -> ChatMessageActionItem {
        FlagActionItem(action: { [weak self] item in self?.route(item) }, appearance: appearance)
    }

    /// Mute the author: routed to the delegate.
    open func muteActionItem() -> ChatMessageActionItem {
        MuteUserActionItem(action: { [weak self] item in self?.route(item) }, appearance: appearance)
    }

    /// The alert shown before deleting (shown by `confirmDelete`).
    public private(set) var deleteConfirmation: UIAlertController?

    /// Presents the confirming alerts (`components.alertsRouter`).
    open lazy var alertsRouter: AlertsRouter = components.alertsRouter.init(rootViewController: self)

    /// Asks "Delete message?" through ``alertsRouter``; Delete deletes and finishes.
    open func confirmDelete(_ item: ChatMessageActionItem) {
        alertsRouter.showMessageDeletionConfirmationAlert { [weak self] confirmed in
            guard let self else { return }
            self.deleteConfirmation = nil
            guard confirmed, let message = self.message else { return }
            self.perform { (controller) async throws(ChatError) in try await controller.deleteMessage(id: message.id) }
            self.route(item)
        }
        deleteConfirmation = alertsRouter.presentedAlert
    }

    /// Tells the delegate, then finishes.
    func route(_ item: ChatMessageActionItem) {
        if let message { delegate?.chatMessageActionsVC(self, message: message, didTapOnActionItem: item) }
        delegate?.chatMessageActionsVCDidFinish(self)
        onFinish?()
    }

    private func perform(_ request: @escaping @MainActor (ChatChannelController) async throws(ChatError) -> Void) {
        guard let controller = channelController else { return }
        // The popup closes as soon as the action is chosen, so this controller is usually gone
        // when a refusal arrives: the handler is taken now, not looked up then.
        let onError = self.onError
        pendingRequest = Task { @MainActor in
            do throws(ChatError) { try await request(controller) } catch { onError?(error) }
        }
    }
}
