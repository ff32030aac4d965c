import Foundation
import ParleyChat
import ParleyUIKit

/// A notification for the desktop's notification service: a new message.
public struct DesktopNotification: Sendable, Equatable {
    /// What the notification is about: the channel's id, given back when the user clicks it.
    public var tag: String
    /// The app that posts it.
    public var appName: String
    /// The first line: the author (and the channel when it is not a direct conversation).
    public var summary: String
    /// The message's text.
    public var body: String
    /// The picture shown beside the text: the author's avatar (the freedesktop `image-data`
    /// hint), or nil for none.
    public var image: RGBAPixels?

    /// A notification.
    public init(tag: String, appName: String, summary: String, body: String, image: RGBAPixels? = nil) {
        self.tag = tag
        self.appName = appName
        self.summary = summary
        self.body = body
        self.image = image
    }
}

/// Where ``ChatDesktopNotifier`` posts notifications: the freedesktop notification service over
/// D-Bus (``FreedesktopNotificationService``), or a fake in tests.
@preconcurrency @MainActor
public protocol DesktopNotificationService: AnyObject {
    /// Called with a notification's ``DesktopNotification/tag`` when the user clicks it.
    var onActivate: (@MainActor (String) -> Void)? { get set }
    /// Shows `notification` (replacing the previous one with the same tag, if the service can).
    func post(_ notification: DesktopNotification)
}

/// Posts a desktop notification for each new message from someone else in a channel that is not
/// muted, unless the user sees it already: the channel is open in a focused window. Clicking the
/// notification opens the channel (through the channel list's router) and raises and focuses
/// the window (`UIApplication.requestSceneSessionActivation` of its scene). Each notification
/// carries the author's avatar.
///
/// ```swift
/// if let service = FreedesktopNotificationService.connect() {
///     notifier = ChatDesktopNotifier(client: client, service: service)
///     notifier.channelList = channelListVC
///     notifier.window = window
/// }
/// ```
@preconcurrency @MainActor
open class ChatDesktopNotifier: ChatChannelListControllerDelegate {
    /// Where notifications go.
    public let service: any DesktopNotificationService
    /// The channels watched (the client's).
    public let controller: ChatChannelListController
    /// The app's name given with each notification.
    public var appName = "Parley"
    /// The channel list: its selected channel is the open one, its router opens a clicked one.
    public weak var channelList: ChatChannelListVC?
    /// The window: messages in the open channel notify only while it is not focused.
    public weak var window: UIWindow?
    /// The appearance whose formatter names channels.
    public var appearance: Appearance = .default
    /// Every notification posted, oldest first.
    public private(set) var posted: [DesktopNotification] = []

    /// The newest message seen per channel, so only new ones notify.
    private var newestSeen: [ChannelId: Date] = [:]
    /// The channels whose history is known (it does not notify).
    private var knownChannels: Set<ChannelId> = []
    /// The newest message there was when the notifier started: older ones are history, even in a
    /// channel whose messages load later.
    private var historyEnd: Date?

    /// A notifier for `client`'s channels through `service`; messages already there do not notify.
    public init(client: ChatClient, service: any DesktopNotificationService) {
        self.service = service
        controller = client.channelListController()
        controller.delegate = self
        do {
            try controller.synchronize()
        } catch {
            // No channels yet: every message after the list loads is new.
        }
        for channel in controller.channels {
            knownChannels.insert(channel.cid)
            newestSeen[channel.cid] = channel.latestMessages.first?.createdAt
        }
        historyEnd = newestSeen.values.max()
        service.onActivate = { [weak self] tag in self?.activate(tag: tag) }
    }

    /// Whether the window is focused (its scene is active).
    open var isWindowFocused: Bool { window?.windowScene?.activationState == .foregroundActive }

    /// Whether a new `message` in `channel` notifies: from someone else, not in a muted channel,
    /// not a thread reply hidden from the channel, and not in the channel the user is looking at.
    open func shouldNotify(_ message: ChatMessage, in channel: ChatChannel) -> Bool {
        guard message.author.id != controller.client.currentUserId, !channel.isMuted, !message.isDeleted else { return false }
        guard message.parentMessageId == nil || message.showReplyInChannel else { return false }
        return !(isWindowFocused && channelList?.selectedChannelId == channel.cid)
    }

    /// The notification of `message`: "Author in #channel" (the author alone in a conversation
    /// named after its members), and the text.
    open func makeNotification(for message: ChatMessage, in channel: ChatChannel) -> DesktopNotification {
        let author = message.author.name.isEmpty ? message.author.id : message.author.name
        let name = channel.name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let summary = name.isEmpty ? author : appearance.l10n.tr("notification.summary.in-channel", .string(author), .string(name))
        let body = message.text.isEmpty ? appearance.l10n.tr("message.attachment") : message.text
        return DesktopNotification(tag: channel.cid.rawValue, appName: appName, summary: summary, body: body,
                                   image: avatarImage(of: message.author))
    }

    /// The side of the avatar a notification carries, in pixels.
    public static let avatarPixelSide = 96

    /// `user`'s avatar as a round picture of ``avatarPixelSide`` pixels (its picture file when it
    /// has one that loads, else its initials on its colour).
    open func avatarImage(of user: ChatUser) -> RGBAPixels? {
        let side = CGFloat(Self.avatarPixelSide) / 2
        let avatar = AvatarImageRenderer.image(for: user, side: side)
        let rect = CGRect(x: 0, y: 0, width: side, height: side)
        return UIGraphicsImageRenderer(size: rect.size, scale: 2).image { _ in
            UIBezierPath(ovalIn: rect).addClip()
            avatar.draw(in: rect)
        }.rgbaPixels(scale: 2)
    }

    /// Opens the channel of a clicked notification and brings its window to the front, focused.
    open func activate(tag: String) {
        guard let cid = controller.channels.first(where: { $0.cid.rawValue == tag })?.cid, let list = channelList else { return }
        list.didSelectChannel(cid)
        if let session = (window ?? list.view.window)?.windowScene?.session {
            UIApplication.shared.requestSceneSessionActivation(session, userActivity: nil, options: nil)
        }
    }

    /// Posts the messages that arrived since the last change.
    open func channelListController(_ controller: ChatChannelListController, didChangeChannels changes: ListChange<ChannelId>) {
        for channel in controller.channels {
            // A channel seen for the first time: its history does not notify, what follows does.
            let known = knownChannels.insert(channel.cid).inserted == false
            let seen = newestSeen[channel.cid] ?? historyEnd
            if let newest = channel.latestMessages.first?.createdAt, seen.map({ newest > $0 }) ?? true { newestSeen[channel.cid] = newest }
            guard known else { continue }
            let fresh = channel.latestMessages.filter { message in seen.map { message.createdAt > $0 } ?? true }
            for message in fresh.reversed() where shouldNotify(message, in: channel) {
                let notification = makeNotification(for: message, in: channel)
                posted.append(notification)
                service.post(notification)
            }
        }
    }
}
