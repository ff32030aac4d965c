import Foundation
import ParleyChat
import ParleyUIKit

/// A channel's avatar: the other member's avatar in a direct message, the channel's initials otherwise.
@MainActor
open class ChatChannelAvatarView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
