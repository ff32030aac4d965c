import Foundation
import ParleyChat
import ParleyUIKit

/// How ``ComposerVC`` sends: in order, giving the content back after a refusal, and the short
/// lines it shows for errors.
extension ComposerVC {
    /// Runs `work` after the work already under way, so sends keep their order.
    func run(_ work: @escaping @MainActor () async -> Void) {
        let previous = pendingTask
        pendingTask = Task { @MainActor in
            await previous?.value
            await work()
        }
    }

    /// A failed send: refusals before storage give the text and attachments back; a message
    /// stored as failed stays in the list (with resend), so only the error shows.
    func restore(_ sent: Content, after error: ChatError) {
        errorMessage = Self.shortDescription(of: error, l10n: appearance.l10n)
        guard Self.failsBeforeStoring(error) || sent.editingMessage != nil else { return }
        // Typing since the failure wins over restoring.
        guard content.isEmpty else { return }
        content = sent
        if case .attachmentTooLarge(let name, _, let limit) = error { markAttachmentTooLarge(named: name, limit: limit) }
    }

    /// Shows the attachment whose file is `name` as failed, "File too large (max 20 MB)", and
    /// says the same under the input; removing it (its discard button) lets the rest be sent.
    func markAttachmentTooLarge(named name: String, limit: Int64) {
        let size = appearance.formatters.fileSize.format(limit)
        let file = ChatMessageFileAttachmentListView.ItemView.displayName(name)
        errorMessage = appearance.l10n.tr("composer.attachment.upload-too-large", .string(file), .string(size))
        guard let url = content.attachments.compactMap(\.localFileURL).first(where: { $0.lastPathComponent == name }) else { return }
        attachmentsVC.failures[url] = appearance.l10n.tr("composer.attachment.failed-too-large", .string(size))
    }

    /// The controller of the thread of `root` (kept while the composer stays in that thread).
    func threadMessageController(for root: ChatMessage, in channel: ChatChannelController) -> ChatMessageController {
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
        case .attachmentFileMissing(let url): l10n.tr("composer.attachment.unreadable", .string(ChatMessageFileAttachmentListView.ItemView.displayName(url.lastPathComponent)))
        default: l10n.tr("composer.error.generic")
        }
    }

    /// Errors thrown before the message is stored (so it is not in the list as failed).
    static func failsBeforeStoring(_ error: ChatError) -> Bool {
        switch error {
        case .emptyMessage, .messageTooLong, .channelNotFound, .invalidChannelId, .invalidThreadParent,
             .invalidQuotedMessage, .attachmentFileMissing, .attachmentTooLarge, .messageNotFound, .messageDeleted:
            true
        default:
            false
        }
    }

    /// The typing event of a keystroke, and the stop event after ``stopTypingDelay`` seconds
    /// without one (at once when the text was emptied).
    func sendTypingEvents() {
        guard let channelController else { return }
        stopTypingTask?.cancel()
        stopTypingTask = nil
        if content.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
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
}
