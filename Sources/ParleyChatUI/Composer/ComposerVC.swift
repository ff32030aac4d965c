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
/// The attach button opens a file chooser (``showAttachmentsPicker(sender:)``); files dropped on
/// the window and file paths pasted into the input are attached too. Attached files show as
/// removable previews above the text (``attachmentsVC``); a file that is too large
/// (``maxAttachmentSize(for:)``), past ``maxAttachmentCount`` or unreadable is refused with a line
/// under the input, and nothing typed or attached is lost. Sending hands the files to the backend,
/// which uploads them (the embedded backend copies them into its attachments folder).
///
/// Typing ``mentionSymbol`` and letters ("@al") opens ``suggestionsVC`` above the input with the
/// channel's members that match; a tap (or Enter, on the highlighted first row) replaces "@al"
/// with "@Alice Liddell " and the sent message mentions her. Escape closes the suggestions.
/// Typing ``commandSymbol`` at the start ("/gi") lists the channel's commands the same way (Up
/// and Down move the highlight); a pick shows the command's chip in the input
/// (`content.command`), and sending runs it: `/giphy cats` previews a picture with Send, Shuffle
/// and Cancel (``giphyPreviewView``), `/mute` and `/unmute` mute the channel.
///
/// The root view sizes itself with Auto Layout: pin its leading, trailing and bottom edges and
/// it grows with the text; `preferredContentSize` follows its height.
///
/// A send that fails before anything is stored (a frozen channel, no permission, text too long)
/// keeps the text and shows a short message under the input; a message the backend refused after
/// it was stored stays in the list as failed, ready to resend.
@preconcurrency @MainActor
open class ComposerVC: _ViewController, UITextViewDelegate {
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
    public internal(set) var errorMessage: String? {
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
    /// The character that starts a command, at the start of the text.
    open var commandSymbol = "/"
    /// Whether typing ``commandSymbol`` offers the channel's commands (not while editing).
    open var isCommandsEnabled: Bool { content.editingMessage == nil }

    /// The preview of a `/giphy` pick above the input (`components.giphyPreviewView`).
    open private(set) lazy var giphyPreviewView: ChatGiphyPreviewView = configured(components.giphyPreviewView.init(frame: .zero))

    /// Whether typing ``mentionSymbol`` offers the channel's members as mentions.
    open var isMentionsEnabled: Bool { true }

    /// The previews of the attached files, inside the input field
    /// (`components.messageComposerAttachmentsVC`).
    open private(set) lazy var attachmentsVC: AttachmentsPreviewVC = {
        let controller = components.messageComposerAttachmentsVC.init()
        controller.appearance = appearance
        controller.components = components
        return controller
    }()

    /// Whether files can be attached: not while editing (an edit changes the text only), and
    /// only where the channel allows uploads (the `upload-file` capability).
    open var isAttachmentsEnabled: Bool {
        guard content.editingMessage == nil else { return false }
        guard let channel = channelController?.channel else { return true }
        return channel.can(.uploadFile)
    }

    /// The most files one message carries (Stream's `maxAttachmentCountPerMessage`).
    open var maxAttachmentCount = 10

    /// The largest file of `attachmentType` that can be attached: the backend's limit when it
    /// knows one (``ChatBackend/maxAttachmentSize``), else Stream's default, 100 MB. A file the
    /// backend refuses anyway comes back marked on its preview when sending.
    open func maxAttachmentSize(for attachmentType: AttachmentType) -> Int64 {
        channelController?.client.backend.maxAttachmentSize ?? AttachmentValidationError.fileSizeMaxLimitFallback
    }

    /// The folder the attachments picker opens in: the one of the last pick, else the home folder.
    public var attachmentsPickerDirectory: URL?

    /// The suggestions above the composer view.
    lazy var rootStack = ContainerStackView(axis: .vertical, spacing: 0)
    /// Where the shown suggestions' "@query" sits in the text (replaced by the picked mention).
    var mentionRange: NSRange?

    /// The send, edit or typing work under way (tests await it; nil when idle).
    public internal(set) var pendingTask: Task<Void, Never>?

    var stopTypingTask: Task<Void, Never>?
    var threadController: ChatMessageController?

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
        composerView.attachmentButton.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            self.showAttachmentsPicker(sender: self.composerView.attachmentButton)
        }, for: .primaryActionTriggered)
        composerView.inputTextView.clipboardAttachmentDelegate = self
        view.addInteraction(UIDropInteraction(delegate: self))
        attachmentsVC.didTapRemoveItemButton = { [weak self] index in
            guard let self, self.content.attachments.indices.contains(index) else { return }
            self.content.attachments.remove(at: index)
        }
        suggestionsVC.didSelectItemAt = { [weak self] index in self?.didSelectSuggestion(at: index) }
        setUpCommands()
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
        addChild(attachmentsVC)
        composerView.attachmentsViewContainer.embed(attachmentsVC.view)
        attachmentsVC.didMove(toParent: self)
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
            composer.titleLabel.text = appearance.l10n.tr("composer.title.reply", .string(isOwn ? appearance.l10n.tr("you") : Self.mentionName(of: quoting.author)))
            composer.headerView.isHidden = false
        } else {
            composer.titleLabel.text = nil
            composer.headerView.isHidden = true
        }
        updateQuotedMessageView(content.quotingMessage)
        updateCommandContent()

        let isEditing = content.editingMessage != nil
        if let sendButton = composer.sendButton as? SendButton {
            sendButton.mode = isEditing ? .edit : .send
        } else {
            let image = isEditing ? appearance.images.confirmCheckmark : appearance.images.sendArrow
            composer.sendButton.setImage(image.withRenderingMode(.alwaysTemplate), for: .normal)
        }
        composer.sendButton.isEnabled = !content.isEmpty
        composer.attachmentButton.isHidden = !isAttachmentsEnabled
        composer.leadingContainer.isHidden = composer.leadingContainer.arrangedSubviews.allSatisfy(\.isHidden)
        attachmentsVC.content = content.attachments
        composer.attachmentsViewContainer.isHidden = content.attachments.isEmpty

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

    // MARK: Mention suggestions

    /// Shows the command suggestions while a command is typed at the start of the text, the
    /// mention suggestions while a mention is typed before the caret, hides them otherwise.
    open func updateSuggestions() {
        if isCommandsEnabled, let typingCommand = typingCommand(in: composerView.inputTextView) {
            showCommandSuggestions(for: typingCommand)
        } else if isMentionsEnabled, let (typingMention, range) = typingMention(in: composerView.inputTextView) {
            showMentionSuggestions(for: typingMention, mentionRange: range)
        } else {
            dismissSuggestions()
        }
    }

    /// The mention being typed, if any: the letters between ``mentionSymbol`` and the caret
    /// (no spaces; the symbol at the start of the text or after whitespace), and the range of
    /// the symbol and the letters in the text (UTF-16).
    open func typingMention(in textView: UITextView) -> (String, NSRange)? {
        Self.query(after: mentionSymbol, in: textView)
    }

    /// The channel's members (without the current user) matching `typingMention`: those whose
    /// name or id starts with it, or has a word starting with it, ignoring case and diacritics;
    /// in the order of the channel's members. All members for an empty query.
    open func mentionSuggestions(for typingMention: String) -> [ChatUser] {
        guard let channelController else { return [] }
        return Self.members(matching: typingMention, in: channelController)
    }

    /// Shows ``mentionSuggestions(for:)`` in ``suggestionsVC`` (the first highlighted), or hides
    /// the list when none match; a pick replaces `mentionRange` in the text.
    open func showMentionSuggestions(for typingMention: String, mentionRange: NSRange) {
        presentMentionSuggestions(mentionSuggestions(for: typingMention), mentionRange: mentionRange)
    }

    /// The command being typed: the letters after ``commandSymbol`` at the start of the text, up
    /// to the caret (no spaces); nil otherwise or once a command is picked.
    open func typingCommand(in textView: UITextView) -> String? { typedCommandQuery(in: textView) }

    /// The channel's commands (``availableCommands``) whose name starts with `typingCommand`.
    open func commandSuggestions(for typingCommand: String) -> [Command] { commands(matching: typingCommand) }

    /// Shows ``commandSuggestions(for:)`` in ``suggestionsVC`` (the first highlighted), or hides
    /// the list when none match; a pick becomes `content.command`.
    open func showCommandSuggestions(for typingCommand: String) { presentCommandSuggestions(commandSuggestions(for: typingCommand)) }

    /// Runs `command` with `arguments` (the text after it): `/giphy` previews a picture
    /// (``showGiphyPreview(for:)``), `/mute` and `/unmute` mute or unmute the channel.
    open func runCommand(_ command: Command, arguments: String) { runClientSideCommand(command, arguments: arguments) }

    /// Hides the suggestions.
    open func dismissSuggestions() {
        mentionRange = nil
        suggestionsVC.users = []
        suggestionsVC.commands = []
    }

    /// Replaces the "@query" at `range` with "@Name " (``mentionName(of:)``), puts the caret after
    /// it, records `user` in `content.mentionedUsers` and hides the suggestions.
    open func insertMention(of user: ChatUser, replacing range: NSRange) { replaceMentionQuery(range, with: user) }

    // MARK: Actions

    /// Cancels replying or editing: back to an empty new message (the thread stays).
    open func cancelReplyOrEdit() {
        let wasEditing = content.editingMessage != nil
        content.quotingMessage = nil
        content.editingMessage = nil
        if wasEditing { content.text = "" }
        errorMessage = nil
    }

    /// Sends the text and attachments (or saves the edit) and clears the composer; does nothing
    /// when there is neither text nor an attachment. Failures keep the text and attachments and
    /// show ``errorMessage``; so does an attached file that was deleted since it was added.
    /// `sender` is the button that asked (the send button, also when Enter sends).
    open func publishMessage(sender: UIButton) {
        let text = content.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if runCommandIfNeeded(text: text) { return }
        guard !text.isEmpty || (!content.attachments.isEmpty && content.editingMessage == nil) else { return }
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
        if let refusal = Self.refusal(toSendIn: channelController.channel, isReply: sent.threadMessage != nil, l10n: appearance.l10n)
            ?? missingAttachmentRefusal() {
            errorMessage = refusal
            return
        }
        let attachments = sent.attachments.map(\.messageAttachment)
        content.clear()
        attachmentsVC.failures = [:]
        errorMessage = nil
        stopTypingTask?.cancel()
        stopTypingTask = nil
        let thread = sent.threadMessage.map { threadMessageController(for: $0, in: channelController) }
        run { [weak self] in
            do throws(ChatError) {
                try? await channelController.sendStopTypingEvent()
                if let thread {
                    try await thread.createNewReply(
                        text: text, quotedMessageId: sent.quotingMessage?.id, mentionedUserIds: mentionedUserIds, attachments: attachments)
                } else {
                    try await channelController.createNewMessage(
                        text: text, quotedMessageId: sent.quotingMessage?.id, mentionedUserIds: mentionedUserIds, attachments: attachments)
                }
            } catch {
                self?.restore(sent, after: error)
            }
        }
    }

    /// Up in an empty composer edits the user's last message (as desktop chat apps do); the
    /// command exists only while the composer is empty and there is such a message.
    open override var keyCommands: [UIKeyCommand]? {
        if suggestionsVC.isPresented { return suggestionKeyCommands() }
        guard content.isEmpty, content.editingMessage == nil, let message = lastEditableMessage() else { return nil }
        let command = UIKeyCommand(title: appearance.l10n.tr("shortcuts.edit-last"), input: UIKeyCommand.inputUpArrow) { [weak self] _ in
            self?.content.editMessage(message)
        }
        command.wantsPriorityOverSystemBehavior = true
        return [command]
    }

    /// The current user's newest message that Up would edit: in the channel (not in a thread), not
    /// deleted, not a system message; nil in a thread.
    open func lastEditableMessage() -> ChatMessage? { newestEditableMessage() }

    /// Escape closes the suggestions, the giphy preview or the command chip, else cancels replying
    /// or editing (as in desktop chat apps); other keys go up the chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let isEscape = presses.contains { $0.key?.keyCode == .keyboardEscape }
        if isEscape, handleEscape() { return }
        super.pressesBegan(presses, with: event)
    }

    // MARK: Typing events

    /// A keystroke: sends a typing event (the channel controller throttles them) and restarts
    /// the stop-typing timer; an emptied text stops typing at once.
    open func textDidChangeByUser() {
        sendTypingEvents()
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

    /// Enter picks the highlighted suggestion, else sends (the giphy preview when nothing is
    /// typed); Shift+Enter (or Alt+Enter) breaks the line.
    open func textView(_ textView: UITextView, shouldReturnWith modifierFlags: UIKeyModifierFlags) -> Bool {
        if modifierFlags.contains(.shift) || modifierFlags.contains(.alternate) { return true }
        handleReturn()
        return false
    }

    // MARK: Attachments

    /// Opens the file chooser (`components.documentPicker`) in ``attachmentsPickerDirectory``; the
    /// picked files are attached (``documentPicker(_:didPickDocumentsAt:)``).
    open func showAttachmentsPicker(sender: UIButton) {
        let picker = components.documentPicker.init(directoryURL: attachmentsPickerDirectory, allowedExtensions: nil)
        configurePicker(picker)
        present(picker, animated: true)
    }

    /// Attaches the file at `url` as `type`, as Stream's `addAttachmentToContent(from:type:)`.
    ///
    /// - Throws: ``AttachmentValidationError/maxAttachmentsCountPerMessageExceeded(limit:)``,
    ///   ``AttachmentValidationError/maxFileSizeExceeded``, or `ChatError.attachmentFileMissing`
    ///   when the file is missing, a folder or unreadable. Nothing is attached then.
    open func addAttachmentToContent(from url: URL, type: AttachmentType) throws {
        content.attachments.append(try validatedAttachment(from: url, type: type))
    }

    /// Shows why `attachmentURL` was not attached under the input, as Stream's
    /// `handleAddAttachmentError(attachmentURL:attachmentType:error:)`.
    open func handleAddAttachmentError(attachmentURL: URL, attachmentType: AttachmentType, error: Error) {
        errorMessage = attachmentErrorMessage(for: attachmentURL, error: error)
    }

    /// Attaches `urls` in order (each typed by its extension), refusing those that fail; clears
    /// the error line first. What the chooser, a drop and a paste call.
    open func addAttachments(from urls: [URL]) {
        errorMessage = nil
        for url in urls {
            let type = AnyAttachmentPayload.attachmentType(forExtension: url.pathExtension)
            do {
                try addAttachmentToContent(from: url, type: type)
            } catch {
                handleAddAttachmentError(attachmentURL: url, attachmentType: type, error: error)
            }
        }
    }
}
