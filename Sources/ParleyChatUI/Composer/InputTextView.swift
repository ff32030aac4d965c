import Foundation
import ParleyChat
import ParleyUIKit

/// The composer's text view: grows with its text up to a maximum height, shows a placeholder.
@MainActor
open class InputTextView: UITextView {
    /// Creates the text view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
}
