import Foundation
import ParleyUIKit

/// The green dot that says a user is online, at the bottom trailing corner of a direct message's
/// avatar (`Components.onlineIndicatorView`): the palette's "active" tint in a `lightBorder` ring.
@preconcurrency @MainActor
open class OnlineIndicatorView: _View {
    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// The active tint with a 2 pt ring of `lightBorder`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.alternativeActiveTint
        layer.borderColor = appearance.colorPalette.lightBorder
        layer.borderWidth = 2
        layer.masksToBounds = true
    }

    /// A circle.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = min(bounds.width, bounds.height) / 2
    }
}
