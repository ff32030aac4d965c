import Foundation
import ParleyChat
import ParleyUIKit

/// The round button that scrolls the message list to its newest message, with the unread count.
@MainActor
open class ScrollToBottomButton: _Button {
    /// Creates the view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
}
