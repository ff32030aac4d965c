import Foundation
import ParleyChat
import ParleyUIKit

/// What screen readers get of the message list: a list whose rows read as one element each
/// (see ``ChatMessageContentView/accessibilityText``), with the quick actions of the hover bar
/// as custom actions: react, reply, reply in a thread (where the channel allows them).
extension ChatMessageListVC {
    /// The custom actions of a message row: they act on the message the row shows when they run.
    public func accessibilityCustomActions(for row: ChatMessageContentView) -> [UIAccessibilityCustomAction] {
        guard let message = row.content, message.type != .system, message.type != .error, !message.isDeleted else { return [] }
        let channel = dataSource?.channel(for: self)
        let l10n = appearance.l10n
        var actions: [(String, HoverAction)] = []
        if channel?.config.reactionsEnabled != false { actions.append((l10n.tr("hover-actions.react"), .react)) }
        actions.append((l10n.tr("hover-actions.reply"), .reply))
        if message.parentMessageId == nil, channel?.config.repliesEnabled != false { actions.append((l10n.tr("hover-actions.thread"), .thread)) }
        return actions.map { name, action in
            UIAccessibilityCustomAction(name: name) { [weak self, weak row] _ in
                guard let self, let row, let message = row.content else { return false }
                self.perform(action, on: message, row: row)
                return true
            }
        }
    }

    /// Runs a quick action on a message shown by `row`.
    func perform(_ action: HoverAction, on message: ChatMessage, row: ChatMessageContentView) {
        switch action {
        case .react, .more: delegate?.chatMessageListVC(self, didLongPressOn: message, messageView: row)
        case .reply: delegate?.chatMessageListVC(self, didSwipeToReplyTo: message)
        case .thread: delegate?.chatMessageListVC(self, didTapOnThreadOf: message)
        }
    }
}
