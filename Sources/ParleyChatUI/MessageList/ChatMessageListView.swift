import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The list view of ``ChatMessageListVC``: a ``ComponentView`` anchored at its bottom (a chat
/// opens at its newest message) that tells its controller when a layout pass finished.
@preconcurrency @MainActor
open class ChatMessageListView: ComponentView {
    /// Called after each layout pass (reload or scroll render).
    var didLayout: (@MainActor () -> Void)?

    /// A list anchored at its bottom.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentAnchor = .bottom
        alwaysBounceVertical = true
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Lays out, then tells the controller.
    open override func layoutSubviews() {
        super.layoutSubviews()
        didLayout?()
    }

    /// Tab into the list lands on the newest message on screen.
    open override var preferredFocusedView: UIView? {
        visibleViews.filter { $0 is ChatMessageContentView && $0.canBecomeFocused && !$0.isHidden }
            .max { $0.frame.maxY < $1.frame.maxY }
    }
}
