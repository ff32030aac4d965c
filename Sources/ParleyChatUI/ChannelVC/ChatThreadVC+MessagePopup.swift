import Foundation
import ParleyChat
import ParleyUIKit

/// The message popup of the thread screen (issue 8), as on the channel screen.
extension ChatThreadVC: ChatMessageActionsVCDelegate {
    /// The popup shown now, if any.
    public var presentedMessagePopup: ChatMessagePopupVC? { presentedViewController as? ChatMessagePopupVC }

    /// Builds the popup from `components` and presents it. The thread's own message controller is
    /// not handed to the popup (the popup's authors list would take over its delegate).
    public func presentMessagePopup(for message: ChatMessage, messageView: UIView, showsReactionAuthors: Bool) {
        guard presentedViewController == nil, message.type != .system, !message.isDeleted else { return }
        guard let popup = ChatMessagePopupVC.make(
            message: message, channel: channelController?.channel, channelController: channelController, messageView: messageView,
            showsReactionAuthors: showsReactionAuthors, components: components, appearance: appearance, actionsDelegate: self)
        else { return }
        popup.reportErrors(to: components.alertsRouter.init(rootViewController: self))
        popup.actionsController?.isInsideThread = true
        present(popup, animated: true)
    }

    /// Reply quotes the message in the thread's composer; edit puts it in the composer.
    func routeMessageAction(_ item: ChatMessageActionItem, for message: ChatMessage) {
        switch item {
        case is InlineReplyActionItem: messageComposerVC.content.quoteMessage(message)
        case is EditActionItem: messageComposerVC.content.editMessage(message)
        default: break
        }
    }
}
