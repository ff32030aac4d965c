import Foundation
import Parley

/// The declarative SDK's scenes (seed 002): the default channel list and channel built by
/// `DefaultViewFactory`, and the livestream factory's plain text rows, over the channel list
/// scenes' deterministic data.
public enum DeclarativeScenes {
    static let size = CGSize(width: 390, height: 700)

    /// `declarative-channel-list`, `declarative-channel`, `livestream`.
    static let scenes: [RenderScene] = [
        RenderScene(name: "declarative-channel-list", summary: "ChatChannelListView with the default ViewFactory", defaultSize: size) { size in
            makeChannelList(size: size, factory: DefaultViewFactory.shared)
        },
        RenderScene(name: "declarative-channel", summary: "ChatChannelView with the default ViewFactory (Design Team)", defaultSize: size) { size in
            makeChannel(size: size, factory: DefaultViewFactory.shared)
        },
        RenderScene(name: "livestream", summary: "Seed 002's livestream factory: plain left-aligned text rows", defaultSize: size) { size in
            makeChannel(size: size, factory: LivestreamViewFactory.shared)
        },
    ]

    /// The declarative channel list over ``ChannelListSceneData`` with `factory`.
    @MainActor
    public static func makeChannelList(size: CGSize, factory: some ViewFactory) -> UIView {
        let host = SceneControllerHost(frame: CGRect(origin: .zero, size: size))
        guard let data = try? ChannelListSceneData.make() else { return host }
        Appearance.default.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
        let list = ChatChannelListView(viewFactory: factory, controller: data.client.channelListController())
        host.host(UINavigationController(rootViewController: list))
        return host
    }

    /// The declarative channel "Design Team" of ``ChannelListSceneData`` with `factory`.
    @MainActor
    public static func makeChannel(size: CGSize, factory: some ViewFactory) -> UIView {
        let host = SceneControllerHost(frame: CGRect(origin: .zero, size: size))
        guard let data = try? ChannelListSceneData.make(), let design = data.channels["design"] else { return host }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        Appearance.default.formatters.messageTimestamp = DefaultMessageTimestampFormatter(environment: data.formattingEnvironment)
        Appearance.default.formatters.messageDateSeparator = DefaultMessageDateSeparatorFormatter(environment: data.formattingEnvironment)
        Components.default.messageLayoutOptionsResolver = ChatMessageLayoutOptionsResolver(calendar: calendar)
        let channel = ChatChannelView(viewFactory: factory, channelController: data.client.channelController(for: design))
        host.host(UINavigationController(rootViewController: channel))
        return host
    }
}

/// Seed 002's livestream (Twitch-style) factory: every message is a plain left-aligned text row,
/// system messages keep the default system view; everything else (composer, overlay, list) stays
/// the default.
///
/// ```swift
/// final class LivestreamViewFactory: ViewFactory {
///     static let shared = LivestreamViewFactory()
///
///     func makeMessageContainerView(
///         channel: ChatChannel, message: ChatMessage, width: CGFloat?, showsAllInfo: Bool, isInThread: Bool,
///         scrolledId: Binding<String?>, quotedMessage: Binding<ChatMessage?>,
///         onLongPress: @escaping (MessageDisplayInfo) -> (), isLast: Bool
///     ) -> some View {
///         HStack {
///             Text(message.text)
///             Spacer()
///         }
///         .padding(.horizontal, 8)
///         .padding(.bottom, showsAllInfo ? 8 : 2)
///         .padding(.top, isLast ? 8 : 0)
///     }
/// }
/// ```
public final class LivestreamViewFactory: ViewFactory {
    /// The shared factory.
    public static let shared = LivestreamViewFactory()

    /// A livestream factory.
    public init() {}

    /// "Author: text" on one left-aligned row (system messages: the factory's system view).
    public func makeMessageContainerView(
        channel: ChatChannel,
        message: ChatMessage,
        width: CGFloat?,
        showsAllInfo: Bool,
        isInThread: Bool,
        scrolledId: Binding<String?>,
        quotedMessage: Binding<ChatMessage?>,
        onLongPress: @escaping (MessageDisplayInfo) -> (),
        isLast: Bool
    ) -> some View {
        let appearance = Appearance.default
        let author = message.author.name.isEmpty ? message.author.id : message.author.name
        return HStack {
            if message.type == .system {
                makeSystemMessageView(message: message).flex(1, shrink: 1)
            } else {
                Text(author + ": ", font: appearance.fonts.footnoteBold, textColor: appearance.colorPalette.accentPrimary)
                Text(message.text, font: appearance.fonts.footnote, textColor: appearance.colorPalette.text).flex(0, shrink: 1)
                Spacer()
            }
        }
        .padding(.horizontal, 8)
        .padding(.bottom, showsAllInfo ? 8 : 2)
        .padding(.top, isLast ? 8 : 0)
    }
}
