import Foundation
import ParleyChat
import ParleyUIKit

/// What the channel list shows when there are no channels.
@MainActor
open class ChatChannelListEmptyView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
