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
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


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

    /// Where the dot sits on an avatar of `bounds`: its bottom trailing corner, a quarter of its
    /// side (at least 8 points).
    static func frame(onAvatarOf bounds: CGRect, layoutDirection: UIUserInterfaceLayoutDirection) -> CGRect {
        let side = max(8, (min(bounds.width, bounds.height) * 0.25).rounded())
        let x = layoutDirection == .rightToLeft ? bounds.minX : bounds.maxX - side
        return CGRect(x: x, y: bounds.maxY - side, width: side, height: side)
    }
}
