import Foundation
import ParleyUIKit

/// The red "failed to send" button beside a message (`components.messageErrorIndicator`):
/// `appearance.images.messageListErrorIndicator` tinted `colorPalette.alert`.
@preconcurrency @MainActor
open class ChatMessageErrorIndicator: _Button {
    /// A system-type button (its image takes the tint colour).
    public required init(frame: CGRect) {
        super.init(type: .system)
        self.frame = frame
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The image and its tint from `appearance`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        setImage(appearance.images.messageListErrorIndicator.withRenderingMode(.alwaysTemplate), for: .normal)
        tintColor = appearance.colorPalette.alert
    }
}
