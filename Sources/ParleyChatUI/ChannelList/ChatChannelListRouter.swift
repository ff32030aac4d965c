import Foundation
import ParleyChat
import ParleyUIKit

/// Where the channel list goes when the user picks a channel.
///
/// Subclass it and set `Components.default.channelListRouter` to change the navigation (open
/// channels in a split view's detail, say).
@preconcurrency @MainActor
open class ChatChannelListRouter: NavigationRouter {

    /// Opens the channel: a `components.channelVC` for `cid`, in the secondary column when the
    /// list is in a `UISplitViewController` (pushed on the list's stack while the split view is
    /// collapsed, and closing the thread column of the channel it replaces), else pushed on the
    /// navigation stack (or presented when there is none). Returns the controller shown.
    @discardableResult
    open func showChannel(for cid: ChannelId) -> ChatChannelVC? {
        guard let root = rootViewController else { return nil }
        let channelVC = components.channelVC.init()
        if let client = (root as? ChatChannelListVC)?.controller?.client {
            channelVC.channelController = client.channelController(for: cid)
        }
        (root as? ChatChannelListVC)?.selectedChannelId = cid
        if let split = root.splitViewController {
            applyTheme(of: root, to: channelVC)
            // The open thread belongs to the channel being left.
            split.hide(.inspector)
            split.setViewController(nil, for: .inspector)
            split.showDetailViewController(channelVC, sender: self)
        } else {
            show(channelVC, from: root)
        }
        return channelVC
    }

    /// Opens the channel scrolled to the message with `messageId` (loading the page around it);
    /// a thread reply shows its thread's root. Returns the controller shown.
    @discardableResult
    open func showChannel(for cid: ChannelId, at messageId: MessageId) -> ChatChannelVC? {
        guard let channelVC = showChannel(for: cid) else { return nil }
        let scroll = { [weak channelVC] in
            guard let channelVC, let controller = channelVC.channelController else { return }
            channelVC.view.layoutIfNeeded()
            let listVC = channelVC.messageListVC
            if listVC.scrollToMessage(id: messageId) { return }
            let target = (try? controller.client.message(id: messageId))
                .flatMap { message in message.flatMap { $0.showReplyInChannel ? nil : $0.parentMessageId } } ?? messageId
            if listVC.scrollToMessage(id: target) { return }
            do {
                try controller.loadPageAroundMessageId(messageId)
            } catch {
                return
            }
            listVC.reloadData()
            channelVC.view.layoutIfNeeded()
            if !listVC.scrollToMessage(id: messageId) { listVC.scrollToMessage(id: target) }
        }
        scroll()
        // Once more after the push has laid the screen out at its final size.
        DispatchQueue.main.async { MainActor.assumeIsolated { scroll() } }
        return channelVC
    }
}
