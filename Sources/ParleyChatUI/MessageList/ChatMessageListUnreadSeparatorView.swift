import Foundation
import ParleyChat
import ParleyUIKit

/// The "Unread messages" bar above the first unread message.
@MainActor
open class ChatMessageListUnreadSeparatorView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
