import Foundation
import ParleyChat
import ParleyUIKit

/// The message composer controller: text, send, reply and edit modes, typing events.
///
/// Enter sends the trimmed text (nothing happens when it is empty); Shift+Enter breaks the line.
/// In reply mode (`content.quoteMessage(_:)`) the header says "Reply to Alice" ("Reply to You" for
/// one of your own messages), the quoted message shows above the text and the message is sent
/// quoting it; in edit mode (`content.editMessage(_:)`) the header says "Edit Message" and Enter
/// saves the edit. The header's cancel button returns to a new message. While the user types, the controller sends
/// typing events (throttled by the channel controller) and a stop event after
/// ``stopTypingDelay`` seconds without a keystroke, or when the message is sent.
///
/// Typing ``mentionSymbol`` and letters ("@al") opens ``suggestionsVC`` above the input with the
/// channel's members that match; a tap (or Enter, on the highlighted first row) replaces "@al"
/// with "@Alice Liddell " and the sent message mentions her. Escape closes the suggestions.
///
/// The root view sizes itself with Auto Layout: pin its leading, trailing and bottom edges and
/// it grows with the text; `preferredContentSize` follows its height.
///
/// A send that fails before anything is stored (a frozen channel, no permission, text too long)
/// keeps the text and shows a short message under the input; a message the backend refused after
/// it was stored stays in the list as failed, ready to resend.
@preconcurrency @MainActor
open class ComposerVC: _ViewController, UITextViewDelegate {
    /// What the composer holds: the text and the mode (new, quoting a message, editing one).
    public struct Content: Sendable {
        /// The text typed so far.
        public var text: String
        /// The message being replied to (quote mode).
        public var quotingMessage: ChatMessage?
        /// The message being edited (edit mode).
        public var editingMessage: ChatMessage?
        /// The thread's root when the composer replies in a thread.
        public var threadMessage: ChatMessage?
        /// The users picked from the mention suggestions; those whose "@Name" is still in the text
        /// when the message is sent become its `mentionedUsers`.
        public var mentionedUsers: Set<ChatUser>

        /// Empty content.
        public init(text: String = "", quotingMessage: ChatMessage? = nil, editingMessage: ChatMessage? = nil, threadMessage: ChatMessage? = nil,
                    mentionedUsers: Set<ChatUser> = []) {
            self.text = text
            self.quotingMessage = quotingMessage
            self.editingMessage = editingMessage
            self.threadMessage = threadMessage
            self.mentionedUsers = mentionedUsers
        }

        /// Switches to quote mode for `message`.
        public mutating func quoteMessage(_ message: ChatMessage) {
            editingMessage = nil
            quotingMessage = message
        }

        /// Switches to edit mode for `message`, with its text.
        public mutating func editMessage(_ message: ChatMessage) {
            quotingMessage = nil
            editingMessage = message
            text = message.text
            mentionedUsers = message.mentionedUsers
        }

        /// Back to an empty new message (keeps the thread).
        public mutating func clear() {
            text = ""
            quotingMessage = nil
            editingMessage = nil
            mentionedUsers = []
        }

        /// Whether the text has something besides whitespace.
        public var isEmpty: Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// What the composer holds.
    public var content = Content() {
        didSet { updateContentIfNeeded() }
    }

    /// The channel messages are sent to.
    public var channelController: ChatChannelController?

    /// Seconds without a keystroke after which the stop-typing event is sent (on the client's clock).
    open var stopTypingDelay: TimeInterval = 3

    /// The error shown under the input after a failed send or edit; nil hides it. Editing the
    /// text clears it.
    public private(set) var errorMessage: String? {
        didSet { if errorMessage != oldValue { updateContentIfNeeded() } }
    }

    /// The composer's views (`components.messageComposerView`), given this controller's
    /// appearance and components.
    open private(set) lazy var composerView: ComposerView = {
        let composerView = components.messageComposerView.init(frame: .zero)
        composerView.appearance = appearance
        composerView.components = components
        return composerView
    }()

    /// The mention suggestions shown above the input while the user types "@…"
    /// (`components.suggestionsVC`).
    open private(set) lazy var suggestionsVC: ChatSuggestionsVC = {
        let controller = components.suggestionsVC.init()
        controller.appearance = appearance
        controller.components = components
        return controller
    }()

    /// The character that starts a mention.
    open var mentionSymbol = "@"

    /// Whether typing ``mentionSymbol`` offers the channel's members as mentions.
    open var isMentionsEnabled: Bool { true }

    /// The suggestions above the composer view.
    private lazy var rootStack = ContainerStackView(axis: .vertical, spacing: 0)
    /// Where the shown suggestions' "@query" sits in the text (replaced by the picked mention).
    private var mentionRange: NSRange?

    /// The send, edit or typing work under way (tests await it; nil when idle).
    public private(set) var pendingTask: Task<Void, Never>?

    private var stopTypingTask: Task<Void, Never>?
    private var threadController: ChatMessageController?

    /// Creates the controller.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    // MARK: Lifecycle

    /// Listens to the text view and the buttons.
    open override func setUp() {
        super.setUp()
        composerView.inputTextView.delegate = self
        composerView.sendButton.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            self.publishMessage(sender: self.composerView.sendButton)
        }, for: .primaryActionTriggered)
        composerView.dismissButton.addAction(UIAction { [weak self] _ in self?.cancelReplyOrEdit() }, for: .primaryActionTriggered)
        suggestionsVC.didSelectItemAt = { [weak self] index in self?.didSelectSuggestion(at: index) }
    }

    /// Stacks the mention suggestions (hidden until the user types "@…") over the composer view
    /// and pins the stack to the root view's edges, so the root view takes their height and the
    /// suggestions open above the input.
    open override func setUpLayout() {
        super.setUpLayout()
        view.embed(rootStack)
        addChild(suggestionsVC)
        rootStack.addArrangedSubview(suggestionsVC.view)
        suggestionsVC.didMove(toParent: self)
        suggestionsVC.view.isHidden = true
        rootStack.addArrangedSubview(composerView)
    }

    /// The root view is transparent; the composer view draws the background.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = .clear
    }

    /// Shows the content: the text, the header for the mode, the send button's state and image,
    /// the quoted message and the error.
    open override func updateContent() {
        super.updateContent()
        let composer = composerView
        let textView = composer.inputTextView
        if textView.text != content.text { textView.text = content.text }

        if content.editingMessage != nil {
            composer.titleLabel.text = appearance.l10n.tr("composer.title.edit")
            composer.headerView.isHidden = false
        } else if let quoting = content.quotingMessage {
            let isOwn = quoting.author.id == channelController?.client.currentUserId
            composer.titleLabel.text = appearance.l10n.tr("composer.title.reply", .string(isOwn ? appearance.l10n.tr("you") : Self.displayName(of: quoting.author)))
            composer.headerView.isHidden = false
        } else {
            composer.titleLabel.text = nil
            composer.headerView.isHidden = true
        }
        updateQuotedMessageView(content.quotingMessage)

        let isEditing = content.editingMessage != nil
        if let sendButton = composer.sendButton as? SendButton {
            sendButton.mode = isEditing ? .edit : .send
        } else {
            let image = isEditing ? appearance.images.confirmCheckmark : appearance.images.sendArrow
            composer.sendButton.setImage(image.withRenderingMode(.alwaysTemplate), for: .normal)
        }
        composer.sendButton.isEnabled = !content.isEmpty

        composer.errorLabel.text = errorMessage
        composer.bottomContainer.isHidden = errorMessage == nil
    }

    /// Shows `message` in `composerView.quotedMessageView` (hidden when nil).
    open func updateQuotedMessageView(_ message: ChatMessage?) {
        let quotedView = composerView.quotedMessageView
        if quotedView.content?.id != message?.id || quotedView.content?.text != message?.text { quotedView.content = message }
        quotedView.isHidden = message == nil
    }

    /// Keeps `preferredContentSize` equal to the composer's size, so containers can follow it.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if preferredContentSize != view.bounds.size { preferredContentSize = view.bounds.size }
    }

    private static func displayName(of user: ChatUser) -> String { mentionName(of: user) }

    /// The name a mention of `user` shows after the mention symbol: the name, or the id when
    /// the name is empty.
    public static func mentionName(of user: ChatUser) -> String {
        let name = user.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? user.id : name
    }

    // MARK: Mention suggestions

    /// Shows the mention suggestions when the text before the caret is a mention being typed,
    /// hides them otherwise.
    open func updateSuggestions() {
        if isMentionsEnabled, let (typingMention, range) = typingMention(in: composerView.inputTextView) {
            showMentionSuggestions(for: typingMention, mentionRange: range)
        } else {
            dismissSuggestions()
        }
    }

    /// The mention being typed, if any: the letters between ``mentionSymbol`` and the caret
    /// (no spaces; the symbol at the start of the text or after whitespace), and the range of
    /// the symbol and the letters in the text (UTF-16).
    open func typingMention(in textView: UITextView) -> (String, NSRange)? {
        let text = (textView.text ?? "") as NSString
        let caret = min(textView.selectedRange.location, text.length)
        guard textView.selectedRange.length == 0 else { return nil }
        let symbol = mentionSymbol as NSString
        let symbolRange = text.range(of: mentionSymbol, options: .backwards, range: NSRange(location: 0, length: caret))
        guard symbolRange.location != NSNotFound, symbol.length > 0 else { return nil }
        let start = symbolRange.location + symbolRange.length
        let query = text.substring(with: NSRange(location: start, length: caret - start))
        guard !query.contains(where: { $0.isWhitespace }) else { return nil }
        if symbolRange.location > 0 {
            let before = text.substring(with: NSRange(location: symbolRange.location - 1, length: 1))
            guard before.allSatisfy(\.isWhitespace) else { return nil }
        }
        return (query, NSRange(location: symbolRange.location, length: caret - symbolRange.location))
    }

    /// The channel's members (without the current user) matching `typingMention`: those whose
    /// name or id starts with it, or has a word starting with it, ignoring case and diacritics;
    /// in the order of the channel's members. All members for an empty query.
    open func mentionSuggestions(for typingMention: String) -> [ChatUser] {
        guard let channelController else { return [] }
        let me = channelController.client.currentUserId
        let users = (channelController.channel?.members ?? []).map(\.user).filter { $0.id != me }
        let query = typingMention.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        guard !query.isEmpty else { return users }
        return users.filter { user in
            [user.id, user.name].contains { candidate in
                let folded = candidate.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                return folded.split(whereSeparator: { $0.isWhitespace || $0 == "." || $0 == "_" || $0 == "-" })
                    .contains { $0.hasPrefix(query) } || folded.hasPrefix(query)
            }
        }
    }

    /// Shows ``mentionSuggestions(for:)`` in ``suggestionsVC`` (the first highlighted), or hides
    /// the list when none match; a pick replaces `mentionRange` in the text.
    open func showMentionSuggestions(for typingMention: String, mentionRange: NSRange) {
        let users = mentionSuggestions(for: typingMention)
        guard !users.isEmpty else {
            dismissSuggestions()
            return
        }
        self.mentionRange = mentionRange
        if suggestionsVC.users != users { suggestionsVC.highlightedIndex = 0 }
        suggestionsVC.users = users
        suggestionsVC.updateContentIfNeeded()
    }

    /// Hides the suggestions.
    open func dismissSuggestions() {
        mentionRange = nil
        guard !suggestionsVC.users.isEmpty else { return }
        suggestionsVC.users = []
    }

    /// Replaces the "@query" at `range` with "@Name " (``mentionName(of:)``), puts the caret after
    /// it, records `user` in `content.mentionedUsers` and hides the suggestions.
    open func insertMention(of user: ChatUser, replacing range: NSRange) {
        let text = content.text as NSString
        guard NSMaxRange(range) <= text.length else { return }
        let mention = mentionSymbol + Self.mentionName(of: user) + " "
        content.text = text.replacingCharacters(in: range, with: mention)
        content.mentionedUsers.insert(user)
        let textView = composerView.inputTextView
        if textView.text != content.text { textView.text = content.text }
        textView.selectedRange = NSRange(location: range.location + (mention as NSString).length, length: 0)
        dismissSuggestions()
    }

    /// A tapped (or Enter-picked) suggestion row.
    private func didSelectSuggestion(at index: Int) {
        guard let range = mentionRange, suggestionsVC.users.indices.contains(index) else { return }
        insertMention(of: suggestionsVC.users[index], replacing: range)
    }

    /// The picked users whose mention is still in `text`.
    private func mentionedUserIds(in text: String) -> [UserId] {
        content.mentionedUsers
            .filter { text.contains(mentionSymbol + Self.mentionName(of: $0)) }
            .map(\.id)
            .sorted()
    }

    // MARK: Actions

    /// Cancels replying or editing: back to an empty new message (the thread stays).
    open func cancelReplyOrEdit() {
        let wasEditing = content.editingMessage != nil
        content.quotingMessage = nil
        content.editingMessage = nil
        if wasEditing { content.text = "" }
        errorMessage = nil
    }

    /// Sends the text (or saves the edit) and clears the composer; does nothing when the trimmed
    /// text is empty. Failures keep the text and show ``errorMessage``. `sender` is the button
    /// that asked (the send button, also when Enter sends).
    open func publishMessage(sender: UIButton) {
        let text = content.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        guard let channelController else {
            errorMessage = appearance.l10n.tr("composer.error.unavailable")
            return
        }
        let sent = content
        let mentionedUserIds = mentionedUserIds(in: text)
        dismissSuggestions()
        if let editing = sent.editingMessage {
            content.clear()
            run { [weak self] in
                do throws(ChatError) {
                    try await channelController.editMessage(id: editing.id, text: text)
                } catch {
                    self?.restore(sent, after: error)
                }
            }
            return
        }
        if let refusal = Self.refusal(toSendIn: channelController.channel, isReply: sent.threadMessage != nil, l10n: appearance.l10n) {
            errorMessage = refusal
            return
        }
        content.clear()
        errorMessage = nil
        stopTypingTask?.cancel()
        stopTypingTask = nil
        let thread = sent.threadMessage.map { threadMessageController(for: $0, in: channelController) }
        run { [weak self] in
            do throws(ChatError) {
                try? await channelController.sendStopTypingEvent()
                if let thread {
                    try await thread.createNewReply(text: text, quotedMessageId: sent.quotingMessage?.id, mentionedUserIds: mentionedUserIds)
                } else {
                    try await channelController.createNewMessage(text: text, quotedMessageId: sent.quotingMessage?.id, mentionedUserIds: mentionedUserIds)
                }
            } catch {
                self?.restore(sent, after: error)
            }
        }
    }

    /// Runs `work` after the work already under way, so sends keep their order.
    private func run(_ work: @escaping @MainActor () async -> Void) {
        let previous = pendingTask
        pendingTask = Task { @MainActor in
            await previous?.value
            await work()
        }
    }

    /// A failed send: refusals before storage give the text back; a message stored as failed
    /// stays in the list (with resend), so only the error shows.
    private func restore(_ sent: Content, after error: ChatError) {
        errorMessage = Self.shortDescription(of: error, l10n: appearance.l10n)
        guard Self.failsBeforeStoring(error) || sent.editingMessage != nil else { return }
        // Typing since the failure wins over restoring.
        guard content.isEmpty else { return }
        content = sent
    }

    private func threadMessageController(for root: ChatMessage, in channel: ChatChannelController) -> ChatMessageController {
        if let threadController, threadController.messageId == root.id, threadController.cid == channel.cid {
            return threadController
        }
        let controller = ChatMessageController(cid: channel.cid, messageId: root.id, client: channel.client)
        threadController = controller
        return controller
    }

    /// Why sending is not possible in `channel`, or nil when it is (or the channel is unknown).
    static func refusal(toSendIn channel: ChatChannel?, isReply: Bool, l10n: L10n) -> String? {
        guard let channel else { return nil }
        let capability: ChannelCapability = isReply ? .sendReply : .sendMessage
        guard !channel.can(capability) else { return nil }
        return l10n.tr(channel.isFrozen ? "composer.error.frozen" : "composer.error.cannot-send")
    }

    /// A short, user-facing line for an error.
    static func shortDescription(of error: ChatError, l10n: L10n) -> String {
        switch error {
        case .channelFrozen: l10n.tr("composer.error.frozen")
        case .missingCapability, .notAMember: l10n.tr("composer.error.cannot-send")
        case .messageTooLong(_, let limit): l10n.plural("composer.error.too-long", count: limit)
        case .featureDisabled: l10n.tr("composer.error.feature-disabled")
        case .emptyMessage: l10n.tr("composer.error.empty")
        case .messageDeleted: l10n.tr("composer.error.deleted")
        case .notOwnMessage: l10n.tr("composer.error.not-own")
        case .diskFull, .readOnlyStorage: l10n.tr("composer.error.kept-for-resend")
        default: l10n.tr("composer.error.generic")
        }
    }

    /// Errors thrown before the message is stored (so it is not in the list as failed).
    static func failsBeforeStoring(_ error: ChatError) -> Bool {
        switch error {
        case .emptyMessage, .messageTooLong, .channelNotFound, .invalidChannelId, .invalidThreadParent,
             .invalidQuotedMessage, .attachmentFileMissing, .messageNotFound, .messageDeleted:
            true
        default:
            false
        }
    }

    /// Up in an empty composer edits the user's last message (as desktop chat apps do); the
    /// command exists only while the composer is empty and there is such a message.
    open override var keyCommands: [UIKeyCommand]? {
        guard content.isEmpty, content.editingMessage == nil, let message = lastEditableMessage() else { return nil }
        let command = UIKeyCommand(title: appearance.l10n.tr("shortcuts.edit-last"), input: UIKeyCommand.inputUpArrow) { [weak self] _ in
            self?.content.editMessage(message)
        }
        command.wantsPriorityOverSystemBehavior = true
        return [command]
    }

    /// The current user's newest message that Up would edit: in the channel (not in a thread), not
    /// deleted, not a system message; nil in a thread.
    open func lastEditableMessage() -> ChatMessage? {
        guard let channelController, content.threadMessage == nil else { return nil }
        let me = channelController.client.currentUserId
        return channelController.messages.last { message in
            message.author.id == me && !message.isDeleted && (message.type == .regular || message.type == .reply)
                && (message.parentMessageId == nil || message.showReplyInChannel)
        }
    }

    /// Escape cancels replying or editing (as in desktop chat apps); other keys go up the chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let isEscape = presses.contains { $0.key?.keyCode == .keyboardEscape }
        if isEscape, suggestionsVC.isPresented {
            dismissSuggestions()
            return
        }
        if isEscape, content.quotingMessage != nil || content.editingMessage != nil {
            cancelReplyOrEdit()
            return
        }
        super.pressesBegan(presses, with: event)
    }

    // MARK: Typing events

    /// A keystroke: sends a typing event (the channel controller throttles them) and restarts
    /// the stop-typing timer; an emptied text stops typing at once.
    open func textDidChangeByUser() {
        guard let channelController else { return }
        stopTypingTask?.cancel()
        stopTypingTask = nil
        if content.isEmpty {
            run { try? await channelController.sendStopTypingEvent() }
            return
        }
        let parentId = content.threadMessage?.id
        run { try? await channelController.sendKeystrokeEvent(parentMessageId: parentId) }
        let clock = channelController.client.clock
        let deadline = clock.now().addingTimeInterval(stopTypingDelay)
        stopTypingTask = Task { @MainActor [weak self] in
            do {
                try await clock.sleep(until: deadline)
            } catch {
                return  // cancelled by a newer keystroke or a send
            }
            guard let self, !Task.isCancelled else { return }
            self.stopTypingTask = nil
            self.run { try? await channelController.sendStopTypingEvent() }
        }
    }

    // MARK: UITextViewDelegate

    /// Copies the typed text into `content` and sends typing events.
    open func textViewDidChange(_ textView: UITextView) {
        let text = textView.text ?? ""
        guard text != content.text else { return }
        errorMessage = nil
        content.text = text
        textDidChangeByUser()
        updateSuggestions()
    }

    /// Enter sends; Shift+Enter (or Alt+Enter) breaks the line.
    open func textView(_ textView: UITextView, shouldReturnWith modifierFlags: UIKeyModifierFlags) -> Bool {
        if modifierFlags.contains(.shift) || modifierFlags.contains(.alternate) { return true }
        if suggestionsVC.isPresented, let index = suggestionsVC.highlightedIndex {
            didSelectSuggestion(at: index)
            return false
        }
        publishMessage(sender: composerView.sendButton)
        return false
    }
}
