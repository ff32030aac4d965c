import Foundation
import ParleyChat
import ParleyUIKit

/// Where the channel screen goes from its message list: a thread's screen
/// (`Components.messageListRouter`).
///
/// Subclass it and set `Components.default.messageListRouter` to change the navigation (show
/// threads in a side panel, say).
@preconcurrency @MainActor
open class ChatMessageListRouter: NavigationRouter {

    /// Opens the thread of the message `messageId`: a `components.threadVC` with the root's
    /// appearance and components, sharing `channelController` when given (the channel screen's).
    /// In a `UISplitViewController` it shows in the inspector column beside the channel, as
    /// desktop chat apps show a thread (a window too narrow for three columns pushes it on the
    /// channel's stack instead), with a close button; elsewhere it is pushed on the navigation
    /// stack (or presented when there is none). Returns the controller shown.
    @discardableResult
    open func showThread(
        messageId: MessageId, cid: ChannelId, client: ChatClient, channelController: ChatChannelController? = nil
    ) -> ChatThreadVC? {
        guard let root = rootViewController else { return nil }
        let threadVC = components.threadVC.init()
        threadVC.channelController = channelController ?? client.channelController(for: cid)
        threadVC.messageController = client.messageController(cid: cid, messageId: messageId)
        if let split = root.splitViewController {
            applyTheme(of: root, to: threadVC)
            threadVC.navigationItem.rightBarButtonItem = makeCloseThreadItem(in: split)
            split.setViewController(threadVC, for: .inspector)
            split.show(.inspector)
            // The column joins now, so the thread's composer can take the caret on the next frame.
            split.viewIfLoaded?.layoutIfNeeded()
        } else {
            show(threadVC, from: root)
        }
        return threadVC
    }

    /// The thread column's close button (an ×, "Close thread" as its tooltip): hides the split view's
    /// inspector column.
    open func makeCloseThreadItem(in split: UISplitViewController) -> UIBarButtonItem {
        let appearance = heldAppearance(of: rootViewController) ?? .default
        let item = UIBarButtonItem(image: appearance.images.close, primaryAction: UIAction { [weak split] _ in split?.hide(.inspector) })
        item.title = appearance.l10n.tr("message.threads.close")
        item.accessibilityIdentifier = "close-thread"
        return item
    }
}
