import Foundation
import ParleyChat
import ParleyUIKit

/// The rounded bubble behind a message's text.
@MainActor
open class ChatMessageBubbleView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
