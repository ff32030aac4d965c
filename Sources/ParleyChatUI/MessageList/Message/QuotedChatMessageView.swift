import Foundation
import ParleyChat
import ParleyUIKit

/// A compact copy of a quoted message, shown in a reply and in the composer's reply mode.
@MainActor
open class QuotedChatMessageView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
