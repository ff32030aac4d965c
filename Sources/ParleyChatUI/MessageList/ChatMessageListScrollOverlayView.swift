import Foundation
import ParleyChat
import ParleyUIKit

/// The date pill floating at the top of the message list while it scrolls: the day of the topmost
/// visible message, in a `components.messageListDateSeparatorView`
/// (`Components.messageListDateOverlayEnabled` turns it on). ``ChatMessageListVC`` shows it while
/// the list scrolls and fades it out shortly after scrolling stops.
@preconcurrency @MainActor
open class ChatMessageListScrollOverlayView: _View {
    /// The text shown: the formatted day of ``date``.
    open var content: String? {
        didSet { updateContentIfNeeded() }
    }

    /// The day shown (any moment of it); setting it sets ``content`` to its formatted day.
    /// The list sets it on every scroll step; the day is formatted again only when it changes.
    public var date: Date? {
        didSet {
            guard date != oldValue else { return }
            guard let date else {
                formattedDay = nil
                content = nil
                return
            }
            if let day = formattedDay, day.start <= date, date < day.end { return }
            formattedDay = Calendar.current.dateInterval(of: .day, for: date)
            content = appearance.formatters.messageDateSeparator.format(date)
        }
    }

    /// The day ``content`` was formatted for.
    private var formattedDay: DateInterval?

    /// The pill, the same view as the list's date separators.
    open private(set) lazy var dateSeparatorView: ChatMessageListDateSeparatorView = components.messageListDateSeparatorView.init(frame: .zero)

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Touches go through to the list; the pill is composed once into a bitmap that scroll
    /// frames blit (it shows while the list scrolls, over rows that are blitted too).
    open override func setUp() {
        super.setUp()
        isUserInteractionEnabled = false
        layer.shouldRasterize = true
    }

    /// The pill fills the view.
    open override func setUpLayout() {
        super.setUpLayout()
        dateSeparatorView.appearance = appearance
        dateSeparatorView.components = components
        embed(dateSeparatorView)
    }

    /// Hands the formatted day to the pill.
    open override func updateContent() {
        super.updateContent()
        dateSeparatorView.content = content
    }

    /// Fades the overlay to `alpha` (0: hidden).
    open func setAlpha(_ alpha: CGFloat) {
        UIView.animate(withDuration: 0.2) { self.alpha = alpha }
    }
}
