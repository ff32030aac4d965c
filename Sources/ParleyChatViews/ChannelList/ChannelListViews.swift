import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The texts of a channel row, worked out exactly as the UIKit-style list does (one
/// `ChatChannelListItemView` kept for its text logic: name, preview, time), so both SDKs agree.
@MainActor
enum ChannelRowTexts {
    private static let source = ChatChannelListItemView(frame: .zero)

    struct Texts {
        var title: String
        var subtitle: String
        var subtitleIsStatus: Bool
        var timestamp: String?
    }

    static func texts(for channel: ChatChannel, currentUserId: UserId?) -> Texts {
        source.appearance = Appearance.default
        source.content = ChatChannelListItemView.Content(channel: channel, currentUserId: currentUserId)
        return Texts(title: source.titleText ?? channel.cid.id, subtitle: source.subtitleText ?? "",
                     subtitleIsStatus: source.subtitleIsEmphasizedAsStatus, timestamp: source.timestampText)
    }
}

/// The default channel row: the avatar, the name over the last message, the time over the unread
/// badge; the whole row is tappable.
public struct ChatChannelListItem<Factory: ViewFactory>: View {
    /// The factory the avatar comes from.
    public let factory: Factory
    /// The channel.
    public let channel: ChatChannel
    /// Its display name.
    public let channelName: String
    /// The user the list is for.
    public let currentUserId: UserId?
    /// Opens the channel.
    public let onItemTap: @MainActor (ChatChannel) -> Void

    /// The row of `channel`.
    public init(factory: Factory, channel: ChatChannel, channelName: String, currentUserId: UserId?, onItemTap: @escaping @MainActor (ChatChannel) -> Void) {
        self.factory = factory
        self.channel = channel
        self.channelName = channelName
        self.currentUserId = currentUserId
        self.onItemTap = onItemTap
    }

    /// The row.
    public var body: some View {
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        let texts = ChannelRowTexts.texts(for: channel, currentUserId: currentUserId)
        let unread = channel.unreadCount.messages
        let channel = self.channel
        let onItemTap = self.onItemTap
        return HStack(spacing: 12, alignItems: .center) {
            factory.makeChannelAvatarView(for: channel, currentUserId: currentUserId, size: 48)
            VStack(spacing: 3) {
                Text(channelName, font: appearance.fonts.subheadlineBold, textColor: palette.text, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
                Text(texts.subtitle, font: texts.subtitleIsStatus ? appearance.fonts.footnote.italic : appearance.fonts.footnote,
                     textColor: palette.subtitleText, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
            }
            .flex(1, shrink: 1)
            VStack(spacing: 4, alignItems: .end) {
                if let timestamp = texts.timestamp {
                    Text(timestamp, font: appearance.fonts.footnote, textColor: palette.textLowEmphasis, numberOfLines: 1)
                }
                if unread > 0 {
                    Text(unread > 99 ? "99+" : "\(unread)", font: appearance.fonts.footnoteBold, textColor: palette.staticColorText,
                         numberOfLines: 1, textAlignment: .center)
                        .inset(h: 6, v: 2)
                        .size(width: .fit, height: 20)
                        .background(palette.alert, cornerRadius: 10)
                }
            }
        }
        .inset(h: 16, v: 12)
        .tappable { onItemTap(channel) }
        .id("channel-\(channel.cid.rawValue)")
    }
}

/// The default channel avatar: a `Components.default.channelAvatarView` (the partner of a direct
/// message with the online dot, a group's initials), `size` points square.
public struct ChannelAvatarView: View {
    /// The channel.
    public let channel: ChatChannel
    /// The user the list is for.
    public let currentUserId: UserId?
    /// The side length.
    public let size: CGFloat

    /// The avatar of `channel`.
    public init(channel: ChatChannel, currentUserId: UserId?, size: CGFloat = 48) {
        self.channel = channel
        self.currentUserId = currentUserId
        self.size = size
    }

    /// A hosted avatar view, reused among rows.
    public var body: some View {
        let content = (channel: Optional(channel), currentUserId: currentUserId)
        return ViewComponent(generator: { Components.default.channelAvatarView.init(frame: .zero) })
            .update { $0.content = content }
            .size(width: size, height: size)
            .reuseKey("parley-channel-avatar")
    }
}

/// The default view of a channel list without channels.
public struct NoChannelsView: View {
    /// The empty-list view.
    public init() {}

    /// An icon and two lines, centred.
    public var body: some View {
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        return VStack(spacing: 8, alignItems: .center) {
            Image(appearance.images.newChannel, tintColor: palette.inactiveTint).size(width: 44, height: 44)
            Text(appearance.l10n.tr("channelList.empty.start-chatting"), font: appearance.fonts.headline, textColor: palette.text, textAlignment: .center)
            Text(appearance.l10n.tr("channelList.empty.first-message"), font: appearance.fonts.footnote,
                 textColor: palette.textLowEmphasis, textAlignment: .center)
        }
        .padding(.horizontal, 32)
        .padding(.vertical, 80)
    }
}

/// The default loading view: "Loading…" centred.
public struct LoadingView: View {
    /// A loading view.
    public init() {}

    /// Low-emphasis text with room around it.
    public var body: some View {
        let appearance = Appearance.default
        return HStack(justifyContent: .center) {
            Text(appearance.l10n.tr("loading"), font: appearance.fonts.subheadline, textColor: appearance.colorPalette.textLowEmphasis)
        }
        .padding(.vertical, 80)
    }
}
