import Foundation
import ParleyChat
import ParleyUIKit

/// The composer's send button: `Appearance.images.sendArrow` tinted by the brand colour, disabled when there is nothing to send.
@MainActor
open class SendButton: _Button {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
