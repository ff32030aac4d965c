import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The views behind the factory's further default slots, in the SwiftUI layer's words.

/// `action` as a main-actor action (the SwiftUI chat SDK's slots take plain closures; the screens
/// call them on the main actor).
@MainActor
func onMain(_ action: @escaping () -> Void) -> @MainActor () -> Void {
    nonisolated(unsafe) let action = action
    return { action() }
}

/// `action` applied to `value`, as a main-actor action.
@MainActor
func onMain<T>(_ action: @escaping (T) -> Void, _ value: T) -> @MainActor () -> Void {
    nonisolated(unsafe) let action = action
    nonisolated(unsafe) let value = value
    return { action(value) }
}

/// `action` as a main-actor function of one argument.
@MainActor
func onMain<T>(_ action: @escaping (T) -> Void) -> @MainActor (T) -> Void {
    nonisolated(unsafe) let action = action
    return { action($0) }
}

/// A modifier that changes nothing (the default of the factory's modifier slots).
public struct EmptyViewModifier: ViewModifier {
    /// A modifier that changes nothing.
    public init() {}
    /// The view as it is.
    public func body(content: Content) -> some View { content }
}

/// Decorates the channel list's navigation item (the SwiftUI chat SDK's channel list header).
@preconcurrency @MainActor
public protocol ChannelListHeaderViewModifier: ViewModifier {
    /// The title the header shows.
    var title: String { get }
}

/// The default channel list header: the title.
public struct DefaultChannelListHeaderModifier: ChannelListHeaderViewModifier {
    /// The title.
    public let title: String
    /// A header titled `title`.
    public init(title: String) { self.title = title }
    /// The content, titled.
    public func body(content: Content) -> some View { content.navigationTitle(title) }
}

/// A SwiftUI-style channel header (the SwiftUI chat SDK's): a view modifier of the channel
/// screen, whose `toolbar`, `navigationTitle` and `sheet` ``ChatChannelView`` puts on itself.
@preconcurrency @MainActor
public protocol ChannelHeaderViewModifier: ViewModifier, ChatChannelHeaderViewModifier {
    /// The channel shown.
    var channel: ChatChannel { get }
}

extension ChannelHeaderViewModifier {
    /// Nothing: the screen applies the modifier's toolbar and title itself.
    public func apply(to navigationItem: UINavigationItem, channel: ChatChannel?, currentUserId: UserId?) {}
}

/// Decorates a thread screen's navigation item.
@preconcurrency @MainActor
public protocol MessageThreadHeaderViewModifier: ViewModifier {}

/// The default thread header: "Thread Reply".
public struct DefaultMessageThreadHeaderModifier: MessageThreadHeaderViewModifier {
    /// The default header.
    public init() {}
    /// The content, titled.
    public func body(content: Content) -> some View { content.navigationTitle("Thread Reply") }
}

/// A titled navigation header for lists (the thread list's).
public struct TitledHeaderModifier: ViewModifier {
    /// The title.
    public let title: String
    /// A header titled `title`.
    public init(title: String) { self.title = title }
    /// The content, titled.
    public func body(content: Content) -> some View { content.navigationTitle(title) }
}

/// A message's bubble: padded, filled (the current user's in the tinted background) and rounded.
public struct MessageBubbleModifier: ViewModifier {
    /// The message and how its bubble is drawn.
    public let info: MessageModifierInfo
    /// The bubble of `info`.
    public init(info: MessageModifierInfo) { self.info = info }
    /// The content in its bubble.
    public func body(content: Content) -> some View {
        let palette = Appearance.default.colorPalette
        let fill = info.injectedBackgroundColor ?? (info.message.isSentByCurrentUser ? palette.background6 : palette.background2)
        return content
            .padding(.horizontal, 12)
            .padding(.vertical, 8)
            .background(Color(fill))
            .cornerRadius(info.cornerRadius)
    }
}

/// A user's avatar from their display info: their initials on a tinted circle.
public struct UserAvatarView: View {
    /// The user.
    public let info: UserDisplayInfo
    /// The side of the avatar.
    public let size: CGFloat

    /// The avatar of `info`, `size` points.
    public init(info: UserDisplayInfo, size: CGFloat = 32) {
        self.info = info
        self.size = size
    }

    /// The initials on a circle.
    public var body: some View {
        let initials = info.name.split(separator: " ").prefix(2).compactMap(\.first).map(String.init).joined().uppercased()
        ZStack {
            Circle().fill(Color(Appearance.default.colorPalette.accentPrimary))
            Text(initials.isEmpty ? "?" : initials)
                .font(.system(size: max(8, size * 0.4), weight: .semibold))
                .foregroundColor(.white)
        }
        .frame(width: size, height: size)
    }
}

/// A small line: a symbol and a text, in the low-emphasis colour (attachments, notes).
public struct SymbolLine: View {
    /// The symbol's name.
    public let symbol: String
    /// The text.
    public let text: String

    /// A line of `symbol` and `text`.
    public init(symbol: String, text: String) {
        self.symbol = symbol
        self.text = text
    }

    /// The symbol and the text.
    public var body: some View {
        let color = Color(Appearance.default.colorPalette.textLowEmphasis)
        HStack(alignment: .center, spacing: 6) {
            Image(systemName: symbol).foregroundColor(color)
            Text(text).font(.footnote).foregroundColor(color)
        }
    }
}

/// The attachments of a message of some kinds, one line each (issue 22 draws them in full).
public struct AttachmentLinesView: View {
    /// The message.
    public let message: ChatMessage
    /// The kinds listed.
    public let types: Set<AttachmentType>

    /// The lines of `message`'s attachments of `types`.
    public init(message: ChatMessage, types: Set<AttachmentType>) {
        self.message = message
        self.types = types
    }

    /// One line per attachment.
    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(message.attachments.filter { types.contains($0.type) }) { attachment in
                SymbolLine(symbol: Self.symbol(attachment.type), text: Self.title(attachment))
            }
        }
    }

    static func symbol(_ type: AttachmentType) -> String {
        switch type {
        case .image: "photo"
        case .file: "paperclip"
        case .link: "link"
        }
    }

    static func title(_ attachment: ChatMessageAttachment) -> String {
        switch attachment.payload {
        case .image(let image): image.title ?? image.localURL.lastPathComponent
        case .file(let file): file.localURL.lastPathComponent
        case .link(let link): link.url.absoluteString
        }
    }
}

/// A media screen's header: a close button, a title and a subtitle.
public struct MediaHeaderView: View {
    /// The title.
    public let title: String
    /// The subtitle.
    public let subtitle: String
    /// Whether the screen is shown (the close button clears it).
    @Binding public var shown: Bool

    /// A header.
    public init(title: String, subtitle: String, shown: Binding<Bool>) {
        self.title = title
        self.subtitle = subtitle
        _shown = shown
    }

    /// Close button, titles.
    public var body: some View {
        let palette = Appearance.default.colorPalette
        HStack(alignment: .center, spacing: 8) {
            Button(action: { shown = false }, label: { Image(systemName: "xmark").foregroundColor(Color(palette.text)) })
            Spacer()
            VStack(alignment: .center, spacing: 2) {
                Text(title).font(.headline)
                Text(subtitle).font(.footnote).foregroundColor(Color(palette.subtitleText))
            }
            Spacer()
            Color.clear.frame(width: 16, height: 16)
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 8)
    }
}

/// The round button that scrolls the message list to its newest message, with the number of
/// unread messages above it.
public struct ScrollToBottomButtonView: View {
    /// The unread messages (no badge when 0).
    public let unreadCount: Int
    /// Scrolls to the newest message.
    public let onScrollToBottom: @MainActor () -> Void

    /// A button.
    public init(unreadCount: Int, onScrollToBottom: @escaping @MainActor () -> Void) {
        self.unreadCount = unreadCount
        self.onScrollToBottom = onScrollToBottom
    }

    /// An arrow on a circle, with the badge over its top edge.
    public var body: some View {
        let palette = Appearance.default.colorPalette
        ZStack(alignment: .top) {
            Button(action: onScrollToBottom) {
                ZStack {
                    Circle().fill(Color(palette.background))
                    Circle().stroke(Color(palette.border), lineWidth: 1)
                    Image(systemName: "arrow.down").foregroundColor(Color(palette.textLowEmphasis))
                }
                .frame(width: 40, height: 40)
            }
            .padding(.top, 10)
            if unreadCount > 0 {
                Text("\(unreadCount)")
                    .font(.caption.bold())
                    .foregroundColor(.white)
                    .padding(.horizontal, 6)
                    .padding(.vertical, 2)
                    .background(Capsule().fill(Color(palette.accentPrimary)))
            }
        }
        .accessibilityLabel("Scroll to bottom")
    }
}

/// A bar above the composer ("Reply to Message", "Edit Message") with a close button.
public struct ComposerHeaderBar: View {
    /// The bar's title.
    public let title: String
    /// Closes the bar.
    public let onClose: @MainActor () -> Void

    /// A bar titled `title`.
    public init(title: String, onClose: @escaping @MainActor () -> Void) {
        self.title = title
        self.onClose = onClose
    }

    /// The title, centred, and the close button.
    public var body: some View {
        let palette = Appearance.default.colorPalette
        HStack(alignment: .center, spacing: 8) {
            Color.clear.frame(width: 16, height: 16)
            Spacer()
            Text(title).font(.headline).foregroundColor(Color(palette.text))
            Spacer()
            Button(action: onClose, label: { Image(systemName: "xmark.circle.fill").foregroundColor(Color(palette.textLowEmphasis)) })
        }
        .padding(.horizontal, 12)
        .padding(.vertical, 8)
    }
}

/// A list of actions (a channel's or a message's): a symbol and a title each; destructive ones in red.
public struct ActionListView: View {
    /// One row.
    public struct Row: Identifiable {
        /// The row's id.
        public let id: String
        /// The title.
        public let title: String
        /// The symbol.
        public let iconName: String
        /// Whether it is drawn in red.
        public let isDestructive: Bool
        /// Runs it.
        public let action: @MainActor () -> Void

        /// A row.
        public init(id: String, title: String, iconName: String, isDestructive: Bool, action: @escaping @MainActor () -> Void) {
            self.id = id
            self.title = title
            self.iconName = iconName
            self.isDestructive = isDestructive
            self.action = action
        }
    }

    /// The title above the rows (none when empty).
    public let title: String
    /// The rows.
    public let rows: [Row]

    /// A list titled `title`.
    public init(title: String = "", rows: [Row]) {
        self.title = title
        self.rows = rows
    }

    /// The title, then one row per action between hairlines.
    public var body: some View {
        let palette = Appearance.default.colorPalette
        VStack(alignment: .leading, spacing: 0) {
            if !title.isEmpty {
                Text(title).font(.headline).padding(.horizontal, 16).padding(.vertical, 12)
                Divider()
            }
            ForEach(rows) { row in
                Button(action: row.action) {
                    HStack(alignment: .center, spacing: 12) {
                        Image(systemName: row.iconName)
                        Text(row.title)
                        Spacer()
                    }
                    .foregroundColor(Color(row.isDestructive ? palette.alert : palette.text))
                    .padding(.horizontal, 16)
                    .padding(.vertical, 12)
                }
                Divider()
            }
        }
        .background(Color(palette.popoverBackground))
        .cornerRadius(16)
    }
}

/// A thread in the thread list: the channel, the root message's author and text, the reply count.
public struct ThreadListItemView<Factory: ViewFactory>: View {
    let factory: Factory
    /// The thread.
    public let thread: ChatThread
    /// Called with the thread when the row is tapped.
    public let onTap: @MainActor (ChatThread) -> Void

    /// The row of `thread`, with avatars from `factory`.
    public init(factory: Factory, thread: ChatThread, onTap: @escaping @MainActor (ChatThread) -> Void) {
        self.factory = factory
        self.thread = thread
        self.onTap = onTap
    }

    /// Channel line, root message, reply count.
    public var body: some View {
        let palette = Appearance.default.colorPalette
        let root = thread.parentMessage
        let thread = self.thread, onTap = self.onTap
        VStack(alignment: .leading, spacing: 6) {
            SymbolLine(symbol: "bubble.left.and.bubble.right", text: thread.channel.name ?? thread.channel.cid.rawValue)
            HStack(alignment: .top, spacing: 8) {
                factory.makeMessageAvatarView(for: root.author)
                VStack(alignment: .leading, spacing: 2) {
                    Text(root.author.name).font(.subheadline.bold())
                    Text(root.text).font(.subheadline).foregroundColor(Color(palette.subtitleText))
                }
                Spacer()
            }
            Text(thread.replyCount == 1 ? "1 reply" : "\(thread.replyCount) replies")
                .font(.footnote.bold())
                .foregroundColor(Color(palette.accentPrimary))
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .onTapGesture { onTap(thread) }
    }
}

/// The screen of a channel, as a view: a ``ChatChannelView`` with a factory (the default
/// destination of the channel list's rows).
public struct ChatChannelScreen<Factory: ViewFactory>: View {
    let factory: Factory
    /// The channel.
    public let cid: ChannelId
    /// The message a thread screen shows the replies of.
    public let threadRoot: ChatMessage?

    /// The screen of `cid` (or of `threadRoot`'s thread) with `factory`'s parts.
    public init(factory: Factory, cid: ChannelId, threadRoot: ChatMessage? = nil) {
        self.factory = factory
        self.cid = cid
        self.threadRoot = threadRoot
    }

    /// The channel screen's view controller, or a note when there is no client.
    public var body: some View {
        if let client = ChatViews.client {
            ChatChannelView(viewFactory: factory, channelController: client.channelController(for: cid))
        } else {
            Text("No chat client")
        }
    }
}

/// A button of a swiped row's action area: a symbol filling its frame (the SwiftUI chat SDK's
/// swipe action button).
public struct ActionItemButton: View {
    /// The symbol's name.
    public let imageName: String
    /// Runs the action.
    public let action: @MainActor () -> Void

    /// A button showing `imageName` that runs `action`.
    public init(imageName: String, action: @escaping @MainActor () -> Void) {
        self.imageName = imageName
        self.action = action
    }

    /// The symbol, centred, tappable across the button's frame.
    public var body: some View {
        Button(action: action) {
            VStack(alignment: .center) {
                Spacer()
                Image(systemName: imageName)
                Spacer()
            }
            .frame(maxWidth: .infinity)
        }
    }
}

/// A channel row with its swipe areas (the SwiftUI chat SDK's swipeable row): the factory's row,
/// with the factory's trailing swipe actions over its trailing end while `currentChannelId` is the
/// channel's id.
public struct ChatChannelSwipeableListItem<Factory: ViewFactory>: View {
    let factory: Factory
    @Binding var currentChannelId: String?
    let channel: ChatChannel
    let channelName: String
    let disabled: Bool
    let onItemTap: @MainActor (ChatChannel) -> Void
    let trailingRightButtonTapped: @MainActor (ChatChannel) -> Void
    let trailingLeftButtonTapped: @MainActor (ChatChannel) -> Void

    /// A row of `channel` with `factory`'s parts (the avatar, online indicator, selection and
    /// destination arguments are the SDK's; Parley's row draws its own avatar).
    public init(
        factory: Factory,
        currentChannelId: Binding<String?>,
        channel: ChatChannel,
        channelName: String,
        avatar: UIImage,
        onlineIndicatorShown: Bool,
        disabled: Bool = false,
        selectedChannel: Binding<ChatChannel?>,
        channelDestination: @escaping (ChatChannel) -> Factory.ChannelDestination,
        onItemTap: @escaping (ChatChannel) -> Void,
        trailingRightButtonTapped: @escaping (ChatChannel) -> Void,
        trailingLeftButtonTapped: @escaping (ChatChannel) -> Void,
        leadingSwipeButtonTapped: @escaping (ChatChannel) -> Void
    ) {
        self.factory = factory
        _currentChannelId = currentChannelId
        self.channel = channel
        self.channelName = channelName
        self.disabled = disabled
        self.onItemTap = onMain(onItemTap)
        self.trailingRightButtonTapped = onMain(trailingRightButtonTapped)
        self.trailingLeftButtonTapped = onMain(trailingLeftButtonTapped)
    }

    /// The row, and the trailing actions when swiped open.
    public var body: some View {
        let swiped = currentChannelId == channel.cid.rawValue
        let onItemTap = self.onItemTap, disabled = self.disabled
        HStack(alignment: .center, spacing: 0) {
            factory.makeChannelListItem(channel: channel, channelName: channelName, currentUserId: ChatViews.client?.currentUserId,
                                        onItemTap: { channel in if !disabled { onItemTap(channel) } })
            Spacer()
        }
        .overlay(alignment: .trailing) {
            if swiped {
                factory.makeTrailingSwipeActionsView(channel: channel, offsetX: 0, buttonWidth: 60, swipedChannelId: $currentChannelId,
                                                     leftButtonTapped: trailingLeftButtonTapped, rightButtonTapped: trailingRightButtonTapped)
                    .frame(width: 120)
                    .frame(maxHeight: .infinity)
            }
        }
    }
}
