import Foundation
import ParleyChat
import ParleyUIKit

/// Supplies a ``SwipeableView`` with its action buttons (the channel list does).
@preconcurrency @MainActor
public protocol SwipeableViewDelegate: AnyObject {
    /// The row at `indexPath` is about to reveal its actions (close the other rows' here).
    func swipeableViewWillShowActionViews(for indexPath: IndexPath)
    /// The action buttons of the row at `indexPath`, leading to trailing.
    func swipeableViewActionViews(for indexPath: IndexPath) -> [UIView]
}

/// The action buttons a horizontal swipe reveals at the trailing edge of a channel list row
/// (`Components.channelActionsView`). The row's content slides to the leading side by
/// ``swipedValue``; past half the buttons' width the row snaps open when the finger lifts.
@preconcurrency @MainActor
open class SwipeableView: _View, UIGestureRecognizerDelegate {
    /// The pan that swipes the row; the cell adds it to itself.
    open private(set) lazy var panGestureRecognizer: UIPanGestureRecognizer = UIPanGestureRecognizer()
    /// Supplies the action views.
    public weak var delegate: (any SwipeableViewDelegate)?
    /// The row's index path, asked when a swipe starts.
    public var indexPath: (() -> IndexPath?)?
    /// Called whenever ``swipedValue`` changes (the cell slides its content).
    public var onSwipe: (@MainActor (CGFloat) -> Void)?
    /// The action views shown.
    public private(set) var actionViews: [UIView] = []
    /// How far the row is swiped open (0: closed).
    public private(set) var swipedValue: CGFloat = 0

    /// Whether the actions show.
    open var isOpen: Bool { swipedValue > 0 }
    /// The width of one action button.
    open var actionWidth: CGFloat { 76 }
    /// The width of all action buttons: how far an open row slides.
    open var idealWidth: CGFloat { actionWidth * CGFloat(actionViews.count) }

    private var startValue: CGFloat = 0

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Wires the pan.
    open override func setUp() {
        super.setUp()
        clipsToBounds = true
        panGestureRecognizer.name = "SwipeableView"
        panGestureRecognizer.delegate = self
        panGestureRecognizer.addHandler { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            self.handlePan(pan)
        }
    }

    /// Begins for a mostly horizontal drag: to the leading side when closed, either way when open.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer, let host = panGestureRecognizer.view else { return true }
        let translation = panGestureRecognizer.translation(in: host)
        guard abs(translation.x) > abs(translation.y) * 1.5 else { return false }
        return isOpen || towardTrailing(translation.x) > 0
    }

    /// A horizontal distance or speed measured toward the trailing edge, where the actions are:
    /// to the left, or to the right in right-to-left.
    private func towardTrailing(_ x: CGFloat) -> CGFloat {
        effectiveUserInterfaceLayoutDirection == .rightToLeft ? x : -x
    }

    /// Follows the finger; snaps open or closed when it lifts.
    open func handlePan(_ gesture: UIPanGestureRecognizer) {
        let distance = towardTrailing(gesture.translation(in: gesture.view).x)
        switch gesture.state {
        case .began:
            if !isOpen { loadActionViews() }
            startValue = swipedValue
            if let indexPath = indexPath?() { delegate?.swipeableViewWillShowActionViews(for: indexPath) }
        case .changed:
            setSwipedValue(min(max(0, startValue + distance), idealWidth * 1.2))
        case .ended:
            let velocity = towardTrailing(gesture.velocity(in: gesture.view).x)
            let opens = velocity > 300 || (velocity >= -300 && swipedValue > idealWidth / 2)
            opens && !actionViews.isEmpty ? open(animated: true) : close(animated: true)
        case .cancelled, .failed:
            close(animated: true)
        default:
            break
        }
    }

    /// Reveals the actions (asking the delegate for them when none are loaded).
    open func open(animated: Bool = false) {
        if actionViews.isEmpty { loadActionViews() }
        guard !actionViews.isEmpty else { return }
        animate(animated) { self.setSwipedValue(self.idealWidth) }
    }

    /// Hides the actions.
    open func close(animated: Bool = false) {
        animate(animated) { self.setSwipedValue(0) }
    }

    /// Takes the delegate's action views for the row.
    open func loadActionViews() {
        for view in actionViews { view.removeFromSuperview() }
        actionViews = indexPath?().flatMap { delegate?.swipeableViewActionViews(for: $0) } ?? []
        for view in actionViews { addSubview(view) }
        setNeedsLayout()
    }

    /// The actions side by side, each ``actionWidth`` wide (wider while over-swiped), the last at
    /// the trailing edge (mirrored in right-to-left).
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !actionViews.isEmpty else { return }
        let width = max(actionWidth, bounds.width / CGFloat(actionViews.count))
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for (index, view) in actionViews.enumerated() {
            let fromTrailing = width * CGFloat(actionViews.count - index)
            view.frame = CGRect(x: rightToLeft ? fromTrailing - width : bounds.width - fromTrailing, y: 0, width: width, height: bounds.height)
        }
    }

    private func setSwipedValue(_ value: CGFloat) {
        swipedValue = value
        onSwipe?(value)
    }

    private func animate(_ animated: Bool, _ change: @escaping @MainActor () -> Void) {
        if animated {
            UIView.animate(withDuration: 0.2, animations: change)
        } else {
            change()
        }
    }
}

/// One action button of a swiped channel list row: an icon over a title on a coloured background.
@preconcurrency @MainActor
open class CellActionView: _Control {
    /// What a tap does.
    public var action: (@MainActor () -> Void)?
    /// The icon.
    open private(set) lazy var iconView: UIImageView = UIImageView()
    /// The title under the icon.
    open private(set) lazy var titleLabel: UILabel = UILabel()

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Sends taps to ``action``.
    open override func setUp() {
        super.setUp()
        addHandler(for: .primaryActionTriggered) { [weak self] in self?.action?() }
    }

    /// The icon and the title.
    open override func setUpLayout() {
        super.setUpLayout()
        iconView.contentMode = .scaleAspectFit
        titleLabel.textAlignment = .center
        addSubview(iconView)
        addSubview(titleLabel)
    }

    /// White icon and footnote title.
    open override func setUpAppearance() {
        super.setUpAppearance()
        iconView.tintColor = appearance.colorPalette.staticColorText
        titleLabel.font = appearance.fonts.footnote
        titleLabel.textColor = appearance.colorPalette.staticColorText
    }

    /// The icon above the centre, the title below it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let side: CGFloat = 22
        let title = titleLabel.intrinsicContentSize
        let top = (bounds.height - side - 4 - title.height) / 2
        iconView.frame = CGRect(x: (bounds.width - side) / 2, y: top, width: side, height: side)
        titleLabel.frame = CGRect(x: 2, y: top + side + 4, width: bounds.width - 4, height: title.height)
    }
}
