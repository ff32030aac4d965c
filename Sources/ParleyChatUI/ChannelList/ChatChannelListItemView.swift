import Foundation
import ParleyChat
import ParleyUIKit

/// A channel's row in the channel list: avatar, name, last message preview, timestamp and unread badge.
@MainActor
open class ChatChannelListItemView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
