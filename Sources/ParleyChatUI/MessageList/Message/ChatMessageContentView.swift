import Foundation
import ParleyChat
import ParleyUIKit

/// One message in the message list, laid out from its layout options.
@MainActor
open class ChatMessageContentView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
