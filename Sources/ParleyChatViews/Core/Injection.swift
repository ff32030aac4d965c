import Foundation
import ParleyChat
import ParleyChatUI
import ParleySwiftUI
import ParleyUIKit

/// A key of ``InjectedValues``: a value the chat screens and custom factories share (the seeds'
/// SDK's dependency injection). Declare one and extend ``InjectedValues`` with a property:
///
/// ```swift
/// struct AnalyticsKey: InjectionKey {
///     static var currentValue: Analytics = Analytics()
/// }
/// extension InjectedValues {
///     var analytics: Analytics {
///         get { Self[AnalyticsKey.self] }
///         set { Self[AnalyticsKey.self] = newValue }
///     }
/// }
/// ```
@preconcurrency @MainActor
public protocol InjectionKey {
    /// The value's type.
    associatedtype Value
    /// The value now.
    static var currentValue: Self.Value { get set }
}

/// The shared values read with ``Injected``: the chat client, the colours, fonts and images, the
/// utils, and custom ``InjectionKey``s.
@preconcurrency @MainActor
public struct InjectedValues {
    private static var current = InjectedValues()

    /// The value of a key.
    public static subscript<K: InjectionKey>(key: K.Type) -> K.Value {
        get { key.currentValue }
        set { key.currentValue = newValue }
    }

    /// The value at `keyPath`.
    public static subscript<T>(_ keyPath: WritableKeyPath<InjectedValues, T>) -> T {
        get { current[keyPath: keyPath] }
        set { current[keyPath: keyPath] = newValue }
    }

    /// The client the screens use (``ChatViews/client``); set up by ``StreamChat``.
    public var chatClient: ChatClient {
        get {
            guard let client = ChatViews.client else { fatalError("No chat client: create StreamChat(chatClient:) (or set ChatViews.client) first") }
            return client
        }
        set { ChatViews.client = newValue }
    }

    /// The colours of ``Appearance/default``.
    public var colors: ColorPalette {
        get { Appearance.default.colorPalette }
        set { Appearance.default.colorPalette = newValue }
    }

    /// The fonts of ``Appearance/default``.
    public var fonts: Fonts {
        get { Appearance.default.fonts }
        set { Appearance.default.fonts = newValue }
    }

    /// The images of ``Appearance/default``.
    public var images: Images {
        get { Appearance.default.images }
        set { Appearance.default.images = newValue }
    }

    /// The utilities and configuration of the screens.
    public var utils: Utils {
        get { ChatViews.utils }
        set { ChatViews.utils = newValue }
    }
}

/// Reads a shared value in a factory or view (`@Injected(\.colors) var colors`).
@propertyWrapper
@preconcurrency @MainActor
public struct Injected<T> {
    private let keyPath: WritableKeyPath<InjectedValues, T>

    /// Reads the value at `keyPath`.
    public init(_ keyPath: WritableKeyPath<InjectedValues, T>) { self.keyPath = keyPath }

    /// The value now; setting it changes it for everyone.
    public var wrappedValue: T {
        get { InjectedValues[keyPath] }
        nonmutating set { InjectedValues[keyPath] = newValue }
    }
}

/// The colours (the seeds' SwiftUI SDK's top-level name for ``Appearance/ColorPalette``).
public typealias ColorPalette = Appearance.ColorPalette
/// The fonts (the seeds' SwiftUI SDK's top-level name for ``Appearance/Fonts``).
public typealias Fonts = Appearance.Fonts
/// The images (the seeds' SwiftUI SDK's top-level name for ``Appearance/Images``).
public typealias Images = Appearance.Images

extension Appearance.ColorPalette {
    /// The tint of buttons, links and the current user's accents, as a SwiftUI colour
    /// (``accentPrimary``).
    public var tintColor: Color {
        get { Color(accentPrimary) }
        set { accentPrimary = newValue.uiColor }
    }
}

extension Appearance {
    /// An appearance from its colours, images and fonts (the seeds' SwiftUI SDK's initialiser).
    public init(colors: ColorPalette = ColorPalette(), images: Images = Images(), fonts: Fonts = Fonts()) {
        self.init()
        colorPalette = colors
        self.images = images
        self.fonts = fonts
    }

    /// The colours (the SwiftUI SDK's name for ``colorPalette``).
    public var colors: ColorPalette {
        get { colorPalette }
        set { colorPalette = newValue }
    }
}

/// Where the typing indicator shows.
public enum TypingIndicatorPlacement: Sendable, Hashable {
    /// Under the newest message.
    case bottomOverlay
    /// In the navigation bar.
    case navigationBar
}

/// What kind of app the message list is laid out for (the seeds' SwiftUI SDK's `MessageListType`);
/// Parley lays every kind out as `.messaging` does.
public enum MessageListType: Sendable, Hashable {
    /// A messaging app (the current user's messages on the right).
    case messaging
    /// A team chat.
    case team
    /// A livestream.
    case livestream
    /// A commerce chat.
    case commerce
}

/// Where the message list shows the day of its messages.
public enum DateIndicatorPlacement: Sendable, Hashable {
    /// A separator above the first message of each day (``ViewFactory/makeDateIndicatorView(date:)``).
    case messageList
    /// No day separators.
    case none
}

/// The spacing around message rows.
public struct MessagePaddings: Sendable, Hashable {
    /// The space between a row and the list's leading and trailing edges.
    public var horizontal: CGFloat

    /// Paddings of `horizontal` points on each side (8 by default).
    public init(horizontal: CGFloat = 8) {
        self.horizontal = horizontal
    }
}

/// Names a channel for the current user (the seeds' SwiftUI SDK's `ChatChannelNamer`): returns
/// `nil` to fall back to the default name.
public typealias ChatChannelNamer = (_ channel: ChatChannel, _ currentUserId: UserId?) -> String?

/// How the message list behaves.
public struct MessageListConfig {
    /// Where the typing indicator shows: under the newest message (`.bottomOverlay`, the
    /// factory's ``ViewFactory/makeTypingIndicatorBottomView(channel:currentUserId:)``) or only in
    /// the channel header's subtitle (`.navigationBar`).
    public var typingIndicatorPlacement: TypingIndicatorPlacement
    /// Whether consecutive messages of one author are grouped (avatar and time on the last).
    public var groupMessages: Bool
    /// What a message row shows (avatars, dates).
    public var messageDisplayOptions: MessageDisplayOptions
    /// The kind of app the list is for.
    public var messageListType: MessageListType
    /// The spacing around message rows.
    public var messagePaddings: MessagePaddings
    /// Where the day of the messages shows.
    public var dateIndicatorPlacement: DateIndicatorPlacement
    /// Whether the channel screen shows the factory's new messages indicator
    /// (``ViewFactory/makeNewMessagesIndicatorView(newMessagesStartId:count:)``) above the first
    /// unread message.
    public var showNewMessagesSeparator: Bool

    /// A configuration; every argument has the default behaviour.
    public init(messageListType: MessageListType = .messaging, typingIndicatorPlacement: TypingIndicatorPlacement = .bottomOverlay,
                groupMessages: Bool = true, messageDisplayOptions: MessageDisplayOptions = MessageDisplayOptions(),
                messagePaddings: MessagePaddings = MessagePaddings(), dateIndicatorPlacement: DateIndicatorPlacement = .messageList,
                showNewMessagesSeparator: Bool = true) {
        self.showNewMessagesSeparator = showNewMessagesSeparator
        self.messageListType = messageListType
        self.typingIndicatorPlacement = typingIndicatorPlacement
        self.groupMessages = groupMessages
        self.messageDisplayOptions = messageDisplayOptions
        self.messagePaddings = messagePaddings
        self.dateIndicatorPlacement = dateIndicatorPlacement
    }
}

/// What a message row shows.
public struct MessageDisplayOptions {
    /// Whether the author's avatar shows.
    public var showAvatars: Bool
    /// Whether the time shows under a group.
    public var showMessageDate: Bool
    /// Whether the author's name shows in groups.
    public var showAuthorName: Bool
    /// Which factory slot draws a message's reactions: `.top`, the factory's
    /// ``ViewFactory/makeMessageReactionView(message:onTapGesture:onLongPressGesture:)``, or
    /// `.bottom`, its ``ViewFactory/makeBottomReactionsView(message:showsAllInfo:onTap:onLongPress:)``.
    public var reactionsPlacement: ReactionsPlacement

    /// Options; every argument has the default behaviour.
    public init(showAvatars: Bool = true, showMessageDate: Bool = true, showAuthorName: Bool = true,
                reactionsPlacement: ReactionsPlacement = .top) {
        self.showAvatars = showAvatars
        self.showMessageDate = showMessageDate
        self.showAuthorName = showAuthorName
        self.reactionsPlacement = reactionsPlacement
    }
}

/// Where a message row shows the message's reactions (the SwiftUI SDK's `ReactionsPlacement`).
public enum ReactionsPlacement: Sendable, Hashable {
    /// The factory's reactions view, right under the bubble (the default).
    case top
    /// The factory's bottom reactions view, under the bubble, its replies and before its time.
    case bottom
}

/// The screens' utilities and configuration (the seeds' SwiftUI SDK's `Utils`).
public struct Utils {
    /// How the message list behaves.
    public var messageListConfig: MessageListConfig
    /// Formats dates in the lists.
    public var dateFormatter: DateFormatter
    /// Names channels in the channel list (`nil` from it keeps the default name).
    public var channelNamer: ChatChannelNamer

    /// Utilities with `messageListConfig` and `channelNamer`.
    public init(dateFormatter: DateFormatter = Utils.defaultDateFormatter(), channelNamer: @escaping ChatChannelNamer = { _, _ in nil },
                messageListConfig: MessageListConfig = MessageListConfig()) {
        self.messageListConfig = messageListConfig
        self.dateFormatter = dateFormatter
        self.channelNamer = channelNamer
    }

    /// Utilities whose message list shows the typing indicator at `typingIndicatorPlacement`
    /// (the SwiftUI SDK's `Utils(typingIndicatorPlacement:)`; the placement is kept in
    /// `messageListConfig`).
    public init(typingIndicatorPlacement: TypingIndicatorPlacement, dateFormatter: DateFormatter = Utils.defaultDateFormatter(),
                channelNamer: @escaping ChatChannelNamer = { _, _ in nil }, messageListConfig: MessageListConfig = MessageListConfig()) {
        var config = messageListConfig
        config.typingIndicatorPlacement = typingIndicatorPlacement
        self.init(dateFormatter: dateFormatter, channelNamer: channelNamer, messageListConfig: config)
    }

    /// Short time style, no date.
    public static func defaultDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        return formatter
    }
}

/// The setup object of the declarative screens (the seeds' SwiftUI SDK's `StreamChat`): keep it
/// alive for the app's lifetime; creating it makes its client, appearance and utils the ones every
/// screen and every `@Injected` property reads.
///
/// ```swift
/// var colors = ColorPalette()
/// colors.tintColor = .pink
/// streamChat = StreamChat(chatClient: chatClient, appearance: Appearance(colors: colors),
///                         utils: Utils(messageListConfig: MessageListConfig(typingIndicatorPlacement: .navigationBar)))
/// ```
@preconcurrency @MainActor
public final class StreamChat {
    /// The client.
    public let chatClient: ChatClient

    /// Sets up the screens with `chatClient`, `appearance` and `utils`.
    public init(chatClient: ChatClient, appearance: Appearance = Appearance(), utils: Utils = Utils()) {
        self.chatClient = chatClient
        ChatViews.client = chatClient
        Appearance.default = appearance
        ChatViews.utils = utils
    }
}
