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

/// The default thread header: localized("factory.threadReply").
public struct DefaultMessageThreadHeaderModifier: MessageThreadHeaderViewModifier {
    /// The default header.
    public init() {}
    /// The content, titled.
    public func body(content: Content) -> some View { content.navigationTitle(localized("factory.threadReply")) }
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
        let fill = info.injectedBackgroundColor ?? (info.message.isSentByCurrentUser ? palette.background6 : palette.background8)
        return content
            .inset(h: 12, v: 8)
            .background(fill, cornerRadius: info.cornerRadius)
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
                SymbolLine(symbol: Self.symbolName(attachment.type), text: Self.title(attachment))
            }
        }
    }

    static func symbolName(_ type: AttachmentType) -> String {
        switch type {
        case .image: symbol("photo")
        case .file: symbol("paperclip")
        case .link: symbol("link")
        default: symbol("paperclip")
        }
    }

    static func title(_ attachment: ChatMessageAttachment) -> String {
        switch attachment.payload {
        case .image(let image): image.title ?? image.localURL.lastPathComponent
        case .file(let file): file.localURL.lastPathComponent
        case .link(let link): link.url.absoluteString
        case .custom(let custom): custom.type.rawValue
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
        .accessibilityLabel(localized("factory.scrollToBottom"))
    }
}

/// A bar above the composer (localized("factory.replyToMessage"), localized("factory.editMessage")) with a close button.
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

/// The text of `key` in the screens' strings tables (`Appearance.default.l10n`).
@MainActor
func localized(_ key: String) -> String { Appearance.default.l10n.tr(key) }

/// A symbol's name (marks the literal as an image name, not text users read).
func symbol(_ name: String) -> String { name }

/// The identifiers of the default message actions, reported in ``MessageActionInfo``.
enum MessageActionIdentifier {
    static let inlineReplyID = "inlineReply"
    static let threadReplyID = "threadReply"
    static let deleteID = "delete"

    static var inlineReply: String { inlineReplyID }
    static var threadReply: String { threadReplyID }
    static var delete: String { deleteID }
}
