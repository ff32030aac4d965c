import Foundation
import ParleyChat
import ParleyUIKit

/// Where the channel list goes when the user picks a channel.
///
/// Subclass it and set `Components.default.channelListRouter` to change the navigation (open
/// channels in a split view's detail, say).
@MainActor
open class ChatChannelListRouter {
    /// The controller the router navigates from (the channel list).
    public private(set) weak var rootViewController: UIViewController?

    /// A router for `rootViewController`.
    public required init(rootViewController: UIViewController) {
        self.rootViewController = rootViewController
    }

    /// The component types of the root controller, else `Components.default`.
    open var components: Components {
        (rootViewController as? ComponentsProvider)?.components ?? .default
    }

    /// Opens the channel: a `components.channelVC` for `cid`, pushed on the navigation stack (or
    /// presented when there is none). Returns the controller shown.
    @discardableResult
    open func showChannel(for cid: ChannelId) -> ChatChannelVC? {
        guard let root = rootViewController else { return nil }
        let channelVC = components.channelVC.init()
        channelVC.components = components
        if let provider = root as? AppearanceProvider { channelVC.appearance = provider.appearance }
        if let client = (root as? ChatChannelListVC)?.controller?.client {
            channelVC.channelController = client.channelController(for: cid)
        }
        if let navigation = root.navigationController {
            navigation.pushViewController(channelVC, animated: true)
        } else {
            root.present(channelVC, animated: true)
        }
        return channelVC
    }
}
