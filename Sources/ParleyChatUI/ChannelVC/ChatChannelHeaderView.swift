import Foundation
import ParleyChat
import ParleyUIKit

/// The channel screen's title: the channel name and a subtitle with members, online or typing users.
@MainActor
open class ChatChannelHeaderView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
