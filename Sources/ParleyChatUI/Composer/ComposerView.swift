import Foundation
import ParleyChat
import ParleyUIKit

/// The composer's views: the input, the send button and the reply/edit header.
@MainActor
open class ComposerView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
