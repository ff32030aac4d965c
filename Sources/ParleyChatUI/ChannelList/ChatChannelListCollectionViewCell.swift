import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The pressable container of one channel list row: it hosts the row's ``itemView`` (a
/// `components.channelContentView`), highlights while pressed, draws the separator below the row
/// and reports taps.
///
/// The channel list reuses cells as rows scroll in and out of view, like `UICollectionView`.
@preconcurrency @MainActor
open class ChatChannelListCollectionViewCell: _Control, ReusableView {
    /// The row's content view, made from `components.channelContentView`.
    open private(set) lazy var itemView: ChatChannelListItemView = components.channelContentView.init(frame: .zero)

    /// The hairline along the bottom edge.
    open private(set) lazy var separatorView = UIView()

    /// The actions (mute, delete) a horizontal swipe reveals at the trailing edge, made from
    /// `components.channelActionsView`.
    open private(set) lazy var swipeableView: SwipeableView = components.channelActionsView.init(frame: .zero)

    /// What a tap does (the channel list opens the channel).
    public var onTap: (@MainActor () -> Void)?

    /// The row shown; forwarded to ``itemView``.
    public var content: ChatChannelListItemView.Content? {
        get { itemView.content }
        set { itemView.content = newValue }
    }

    /// What a screen reader reads for the row, unless set: the item view's label (name, last
    /// message, time, unread count).
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? itemView.accessibilityLabel }
        set { super.accessibilityLabel = newValue }
    }

    /// Creates a cell.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Sends taps to ``onTap``.
    open override func setUp() {
        super.setUp()
        addHandler(for: .primaryActionTriggered) { [weak self] in self?.onTap?() }
        addGestureRecognizer(swipeableView.panGestureRecognizer)
        swipeableView.onSwipe = { [weak self] _ in self?.setNeedsLayout() }
    }

    /// Embeds the item view and the separator.
    open override func setUpLayout() {
        super.setUpLayout()
        itemView.appearance = appearance
        itemView.components = components
        itemView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(itemView)
        NSLayoutConstraint.activate(edgeConstraints(pinning: itemView))
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        swipeableView.appearance = appearance
        swipeableView.components = components
        addSubview(swipeableView)
    }

    /// The list background, the separator colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        separatorView.backgroundColor = appearance.colorPalette.border
        updateHighlight()
    }

    /// Highlights while pressed.
    open override func stateDidChange() {
        super.stateDidChange()
        updateHighlight()
    }

    /// The pointer entered or left the row: the hover background follows.
    open override func hoverDidChange() {
        super.hoverDidChange()
        updateHighlight()
    }

    /// The background for the current state: `highlightedBackground` while pressed,
    /// `highlightedAccentBackground1` while selected (the channel open beside the list),
    /// `background2` under the pointer.
    open func updateHighlight() {
        let palette = appearance.colorPalette
        backgroundColor = isHighlighted ? palette.highlightedBackground
            : isSelected ? palette.highlightedAccentBackground1
            : isHovered ? palette.background2 : palette.background
    }

    /// Keeps the hairline one device pixel tall along the bottom.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let scale = max(1, traitCollection.displayScale)
        let thickness = 1 / scale
        separatorView.frame = CGRect(x: 0, y: bounds.height - thickness, width: bounds.width, height: thickness)
        // Swiped: the row slides to the leading side, the actions fill the space it leaves at the
        // trailing edge (the left one in right-to-left).
        let swiped = swipeableView.swipedValue
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        itemView.transform = swiped == 0 ? .identity : CGAffineTransform(translationX: rightToLeft ? swiped : -swiped, y: 0)
        swipeableView.frame = CGRect(x: rightToLeft ? 0 : bounds.width - swiped, y: 0, width: swiped, height: bounds.height)
        swipeableView.isHidden = swiped == 0
    }

    /// Clears the highlight and the tap action before the cell shows another channel.
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
        onTap = nil
        swipeableView.close()
    }
}
