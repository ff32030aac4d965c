import Foundation
import ParleyChat
import ParleyUIKit

/// The message popup of the channel screen (issue 8): the picker, the message and its actions
/// (long press) or its reaction authors (tap on the reactions).
extension ChatChannelVC: ChatMessageActionsVCDelegate {
    /// The popup shown now, if any.
    public var presentedMessagePopup: ChatMessagePopupVC? { presentedViewController as? ChatMessagePopupVC }

    /// Builds the popup from `components` and presents it over the window. Does nothing for
    /// messages without actions and picker, or for reactions in a channel that disables them.
    public func presentMessagePopup(for message: ChatMessage, messageView: UIView, showsReactionAuthors: Bool) {
        guard presentedViewController == nil else { return }
        let channel = channelController?.channel
        if message.type == .system || message.isDeleted { return }
        guard let popup = ChatMessagePopupVC.make(
            message: message, channel: channel, channelController: channelController, messageView: messageView,
            showsReactionAuthors: showsReactionAuthors, components: components, appearance: appearance, actionsDelegate: self)
        else { return }
        popup.reportErrors(to: components.alertsRouter.init(rootViewController: self))
        present(popup, animated: true)
    }

    /// Reply quotes the message in the composer, thread reply opens the thread, edit puts the
    /// message in the composer; the others were done by the actions controller.
    func routeMessageAction(_ item: ChatMessageActionItem, for message: ChatMessage) {
        switch item {
        case is InlineReplyActionItem:
            messageComposerVC.content.quoteMessage(message)
        case is ThreadReplyActionItem:
            showThread(messageId: message.id)
        case is EditActionItem:
            messageComposerVC.content.editMessage(message)
        default:
            break
        }
    }
}
