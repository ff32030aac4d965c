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

    /// Opens the thread of the message `messageId`: a `components.threadVC`, pushed on the
    /// navigation stack (or presented when there is none), with the root's appearance and
    /// components; it shares `channelController` when given (the channel screen's). Returns the
    /// controller shown.
    @discardableResult
    open func showThread(
        messageId: MessageId, cid: ChannelId, client: ChatClient, channelController: ChatChannelController? = nil
    ) -> ChatThreadVC? {
        guard let root = rootViewController else { return nil }
        let threadVC = components.threadVC.init()
        threadVC.channelController = channelController ?? client.channelController(for: cid)
        threadVC.messageController = client.messageController(cid: cid, messageId: messageId)
        show(threadVC, from: root)
        return threadVC
    }
}
