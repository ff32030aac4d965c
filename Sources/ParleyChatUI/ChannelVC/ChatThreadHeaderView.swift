import Foundation
import ParleyChat
import ParleyUIKit

/// The thread screen's title: "Thread" and, under it, "with" the channel's name.
@preconcurrency @MainActor
open class ChatThreadHeaderView: ChatChannelHeaderView {
    /// "Thread".
    open override var titleText: String? { appearance.l10n.tr("message.threads.title") }

    /// "with Design Team" (nothing while the channel is unknown).
    open override var subtitleText: String? {
        guard let content, let name = appearance.formatters.channelName.format(channel: content, forCurrentUserId: currentUserId),
              !name.isEmpty
        else { return nil }
        return appearance.l10n.tr("message.threads.replyWith", .string(name))
    }
}
