import Foundation
import ParleyChat
import ParleyUIKit

/// "Alice is typing…" with animated dots, at the bottom of the message list.
@MainActor
open class TypingIndicatorView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
