import Foundation
import ParleyChat
import ParleyUIKit

/// What the thread list shows when its threads could not be loaded: "Couldn't load threads", the
/// error and a button that loads them again (`components.threadListErrorView`, Stream's
/// `ChatThreadListErrorView`).
@preconcurrency @MainActor
open class ChatThreadListErrorView: ChatChannelListErrorView {
    /// The button that loads the threads again.
    public var refreshButton: UIButton { actionButton }

    /// What the refresh button does (the thread list synchronizes again); Stream's name for
    /// ``ChatChannelListErrorView/onRetry``.
    public var onAction: (@MainActor () -> Void)? {
        get { onRetry }
        set { onRetry = newValue }
    }

    /// Creates the view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The channel list's error layout, titled for threads.
    open override func updateContent() {
        super.updateContent()
        titleLabel.text = appearance.l10n.tr("thread-list.error.message")
    }
}
