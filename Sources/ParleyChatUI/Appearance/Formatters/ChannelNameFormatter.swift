import Foundation
import ParleyChat

/// Formats a channel's display name.
public protocol ChannelNameFormatter {
    /// The name to show for `channel`, as seen by `currentUserId`; nil when nothing fits.
    func format(channel: ChatChannel, forCurrentUserId currentUserId: UserId?) -> String?
}

/// The channel's name; without one, the other members' names ("Ana, Ben and 3 more"); for a
/// 1:1 channel, the other member's name. An open class, so an app can subclass it and override
/// ``format(channel:forCurrentUserId:)``.
open class DefaultChannelNameFormatter: ChannelNameFormatter {
    /// How many member names to list before "and N more".
    public var maxMemberNames: Int

    /// A formatter.
    public init(maxMemberNames: Int = 2) { self.maxMemberNames = maxMemberNames }

    /// The display name of `channel`.
    open func format(channel: ChatChannel, forCurrentUserId currentUserId: UserId?) -> String? {
        if let name = channel.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        let others = channel.members.filter { $0.user.id != currentUserId }.map { $0.user.name.isEmpty ? $0.user.id : $0.user.name }
        guard !others.isEmpty else { return nil }
        let shown = others.prefix(maxMemberNames).joined(separator: L10n.default.tr("channel.name.separator"))
        let rest = max(channel.memberCount - 1, others.count) - min(others.count, maxMemberNames)
        return rest > 0 ? L10n.default.plural("channel.name.andXMore", count: rest, .string(shown)) : shown
    }
}
