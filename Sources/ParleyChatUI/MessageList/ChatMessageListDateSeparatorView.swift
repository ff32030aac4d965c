import Foundation
import ParleyChat
import ParleyUIKit

/// The day header between messages of different days.
@MainActor
open class ChatMessageListDateSeparatorView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
