import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

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
            SymbolLine(symbol: symbol("bubble.left.and.bubble.right"), text: thread.channel.name ?? thread.channel.cid.rawValue)
            HStack(alignment: .top, spacing: 8) {
                factory.makeMessageAvatarView(for: root.author)
                VStack(alignment: .leading, spacing: 2) {
                    Text(root.author.name).font(.subheadline.bold())
                    Text(root.text).font(.subheadline).foregroundColor(Color(palette.subtitleText))
                }
                Spacer()
            }
            Text(thread.replyCount == 1 ? localized("factory.oneReply") : "\(thread.replyCount) " + localized("factory.replies"))
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
            Text(localized("factory.noChatClient"))
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

/// A channel row with its swipe areas (the SwiftUI chat SDK's swipeable row, the default row of
/// ``ChatChannelListView``): the factory's row, which a horizontal drag on the list slides to the
/// left over the factory's ``ViewFactory/makeTrailingSwipeActionsView(channel:offsetX:buttonWidth:swipedChannelId:leftButtonTapped:rightButtonTapped:)``
/// (or to the right over its leading actions), open while `currentChannelId` is the channel's id.
public struct ChatChannelSwipeableListItem<Factory: ViewFactory>: View {
    let factory: Factory
    @Binding var currentChannelId: String?
    let channel: ChatChannel
    let channelName: String
    let disabled: Bool
    /// The current user of the list making the row (read when it is made: the body runs later).
    let currentUserId: UserId?
    /// How far the list has slid this row and its buttons' width (read when it is made).
    let swipe: ChannelRowSwipe?
    let onItemTap: @MainActor (ChatChannel) -> Void
    // The buttons' actions as given, as the factory's slots take them.
    let trailingRightButtonTapped: (ChatChannel) -> Void
    let trailingLeftButtonTapped: (ChatChannel) -> Void
    let leadingButtonTapped: (ChatChannel) -> Void

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
        currentUserId = ChannelListRowContext.rowsCurrentUserId
        let id = channel.cid.rawValue
        if ChannelListRowContext.isMakingRows {
            swipe = ChannelListRowContext.swipe(of: id)
        } else if currentChannelId.wrappedValue == id {
            // Outside a list (no drag to follow): open on the trailing side when the binding says so.
            let width = ChannelRowSwipeTracker.width(of: .trailing)
            swipe = ChannelRowSwipe(channelId: id, offsetX: -width, buttonWidth: width / CGFloat(ChannelRowSwipeTracker.trailingItems))
        } else {
            swipe = nil
        }
        self.onItemTap = onMain(onItemTap)
        self.trailingRightButtonTapped = trailingRightButtonTapped
        self.trailingLeftButtonTapped = trailingLeftButtonTapped
        leadingButtonTapped = leadingSwipeButtonTapped
    }

    /// The row; when swiped, slid aside over the actions of the side it opens.
    public var body: some View {
        let onItemTap = self.onItemTap, disabled = self.disabled
        // The factory's row (typed as its slot type, so the call is the factory's: see `actions`) at
        // the width offered (in an `HStack` beside a `Spacer`, a long preview would widen it).
        let item: Factory.ChannelListItemType = factory.makeChannelListItem(
            channel: channel, channelName: channelName, currentUserId: currentUserId, onItemTap: { channel in if !disabled { onItemTap(channel) } })
        let row = AnyComponent(item).frame(maxWidth: .infinity, alignment: .leading)
        if let swipe {
            row.offset(x: swipe.offsetX)
                .background(alignment: .leading) { actions(swipe) }
        } else {
            row
        }
    }

    /// The factory's actions of the side `swipe` opens, filling the row. (Typed as the factory's
    /// slot types: `.frame(maxWidth:maxHeight:)` is a `View` method, and on the slot's result it
    /// would bind the call to the default, whose type is a `View`, instead of the factory's.)
    @ViewBuilder
    func actions(_ swipe: ChannelRowSwipe) -> some View {
        if swipe.offsetX < 0 {
            let trailing: Factory.TrailingSwipeActionsViewType = factory.makeTrailingSwipeActionsView(
                channel: channel, offsetX: swipe.offsetX, buttonWidth: swipe.buttonWidth, swipedChannelId: $currentChannelId,
                leftButtonTapped: trailingLeftButtonTapped, rightButtonTapped: trailingRightButtonTapped)
            AnyComponent(trailing).frame(maxWidth: .infinity, maxHeight: .infinity)
        } else {
            let leading: Factory.LeadingSwipeActionsViewType = factory.makeLeadingSwipeActionsView(
                channel: channel, offsetX: swipe.offsetX, buttonWidth: swipe.buttonWidth, swipedChannelId: $currentChannelId,
                buttonTapped: leadingButtonTapped)
            AnyComponent(leading).frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}
