import Foundation
import ParleyChat
import ParleyUIKit

/// Keeps a window's title on the open channel and the user's unread count, as desktop chat apps
/// do: "(3) #general — Parley" (the count of unread messages in channels that are not muted, in
/// brackets first so it shows in a taskbar's truncated title; the open channel; the app's name),
/// "#general — Parley" with nothing unread, "Parley" with no channel open.
///
/// It follows its own ``ChatChannelListController`` of the client (messages arriving, channels
/// read) and the channel list's ``ChatChannelListVC/selectedChannelId``.
///
/// ```swift
/// let title = ChatWindowTitleController(client: client, appName: "Parley")
/// title.channelList = channelListVC
/// title.window = window
/// ```
@preconcurrency @MainActor
open class ChatWindowTitleController: ChatChannelListControllerDelegate {
    /// The window whose scene's title is kept (the native window's title).
    public weak var window: UIWindow? { didSet { update() } }
    /// The channel list whose selected channel is the open one.
    public weak var channelList: ChatChannelListVC? {
        didSet {
            if let observer { NotificationCenter.default.removeObserver(observer) }
            observer = channelList.map { list in
                NotificationCenter.default.addObserver(forName: ChatChannelListVC.selectedChannelDidChange, object: list, queue: nil) { [weak self] _ in
                    MainActor.assumeIsolated { self?.update() }
                }
            }
            update()
        }
    }
    /// The app's name, last in the title.
    public let appName: String
    /// The channels counted (the client's, most recent first).
    public let controller: ChatChannelListController
    /// The appearance whose channel name formatter names the open channel.
    public var appearance: Appearance = .default

    /// The title shown now.
    public private(set) var title: String

    private var observer: (any NSObjectProtocol)?

    /// A title controller for `client`'s channels; it loads them at once.
    public init(client: ChatClient, appName: String) {
        self.appName = appName
        title = appName
        controller = client.channelListController()
        controller.delegate = self
        do {
            try controller.synchronize()
        } catch {
            // No channels yet: the title shows the app's name until the list changes.
        }
        update()
    }

    isolated deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The unread messages of the channels that are not muted.
    open var totalUnreadCount: Int {
        controller.channels.reduce(0) { $0 + ($1.isMuted ? 0 : $1.unreadCount.messages) }
    }

    /// The title for `unread` messages and the open channel's name.
    open func makeTitle(unreadCount unread: Int, channelName: String?) -> String {
        let base = channelName.map { "\($0) — \(appName)" } ?? appName
        return unread > 0 ? "(\(unread)) \(base)" : base
    }

    /// Computes the title again and gives it to the window's scene.
    open func update() {
        let cid = channelList?.selectedChannelId
        let channel = cid.flatMap { cid in controller.channels.first { $0.cid == cid } }
        let name = channel.flatMap { appearance.formatters.channelName.format(channel: $0, forCurrentUserId: controller.client.currentUserId) }
        title = makeTitle(unreadCount: totalUnreadCount, channelName: name)
        if let scene = window?.windowScene, scene.title != title { scene.title = title }
    }

    /// Messages arrived or were read: the count changes.
    open func channelListController(_ controller: ChatChannelListController, didChangeChannels changes: ListChange<ChannelId>) {
        update()
    }
}
