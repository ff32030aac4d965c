import Foundation

/// A view whose content is larger than itself and scrolls, as UIKit's `UIScrollView`.
///
/// The content offset is the bounds' origin, as in UIKit: scrolling moves `bounds.origin`, so
/// the compositor re-composes cached surfaces at new positions and rasterises nothing.
/// Every offset change calls `setNeedsLayout()`, so subclasses that override `layoutSubviews()`
/// (to place rows for the visible region) see every scroll step, as UIKit's do; `delegate`'s
/// `scrollViewDidScroll(_:)` is called synchronously.
///
/// Scrolling comes from dragging (`panGestureRecognizer`, with momentum that decays at
/// `decelerationRate` and rubber-banding past the edges that springs back), the mouse wheel and
/// touchpad, the keyboard (Page Up/Down, Home/End, arrows) and code (`setContentOffset(_:animated:)`,
/// `scrollRectToVisible(_:animated:)`).
///
/// Differences from UIKit: content touches are not delayed (`delaysContentTouches` only makes a
/// drag that starts within 150 ms of the touch cancel a control's touch, which is what the delay
/// achieves in UIKit); paging is not implemented. Zooming (`minimumZoomScale`, `maximumZoomScale`,
/// the delegate's `viewForZooming(in:)`) follows the wheel and code; see `UIScrollView+Zooming.swift`.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How quickly momentum slows down: the fraction of velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The fraction kept per millisecond.
        public let rawValue: CGFloat
        /// Creates a rate.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's normal rate: 0.998 per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's fast rate: 0.99 per millisecond.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// How the safe area adds to `contentInset`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// Like `.scrollableAxes`, and always vertically (UIKit's default).
        case automatic
        /// Only along axes that scroll.
        case scrollableAxes
        /// Never.
        case never
        /// Always.
        case always
    }

    /// The indicator colours.
    public enum IndicatorStyle: Int, Sendable {
        /// Dark on light, light on dark.
        case `default`
        /// Dark.
        case black
        /// Light.
        case white
    }

    // MARK: Content geometry

    /// The size of the content, in points.
    open var contentSize: CGSize = .zero {
        didSet {
            guard contentSize != oldValue else { return }
            setNeedsLayout()
            indicators.update(for: self)
        }
    }

    /// The point of the content at the top-left of the view: `bounds.origin`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            var b = bounds
            b.origin = newValue
            bounds = b
        }
    }

    /// The bounds; a change of origin is a scroll (the delegate hears of it, layout is requested).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let oldOrigin = super.bounds.origin
            super.bounds = newValue
            if newValue.origin != oldOrigin { contentOffsetDidChange() }
        }
    }

    /// Space around the content that the offset can scroll to.
    open var contentInset: UIEdgeInsets = .zero { didSet { if contentInset != oldValue { updateAdjustedContentInset() } } }

    /// How the safe area adds to the content inset.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic { didSet { updateAdjustedContentInset() } }

    /// `contentInset` plus the safe area, per `contentInsetAdjustmentBehavior`.
    public private(set) var adjustedContentInset: UIEdgeInsets = .zero

    /// Called when `adjustedContentInset` changes; tells the delegate.
    open func adjustedContentInsetDidChange() {
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// The delegate.
    open weak var delegate: UIScrollViewDelegate?

    // MARK: Behaviour

    /// Whether the user can scroll (code can always set the offset).
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether the content rubber-bands past its edges.
    open var bounces = true
    /// Whether vertical dragging bounces even when the content fits.
    open var alwaysBounceVertical = false
    /// Whether horizontal dragging bounces even when the content fits.
    open var alwaysBounceHorizontal = false
    /// Whether the vertical indicator shows while scrolling.
    open var showsVerticalScrollIndicator = true { didSet { indicators.update(for: self) } }
    /// Whether the horizontal indicator shows while scrolling.
    open var showsHorizontalScrollIndicator = true { didSet { indicators.update(for: self) } }
    /// Insets of the vertical indicator's track.
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Insets of the horizontal indicator's track.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Both indicators' insets.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
    }
    /// The indicator colours.
    open var indicatorStyle: IndicatorStyle = .default {
        didSet {
            let color: UIColor
            switch indicatorStyle {
            case .default: color = UIColor(light: UIColor(white: 0, alpha: 0.35), dark: UIColor(white: 1, alpha: 0.35))
            case .black: color = UIColor(white: 0, alpha: 0.35)
            case .white: color = UIColor(white: 1, alpha: 0.35)
            }
            indicators.vertical.backgroundColor = color
            indicators.horizontal.backgroundColor = color
        }
    }
    /// How fast momentum slows down.
    open var decelerationRate: DecelerationRate = .normal
    /// The smallest `zoomScale` (UIKit's default 1).
    open var minimumZoomScale: CGFloat = 1 { didSet { updatePinchGestureRecognizer() } }
    /// The largest `zoomScale` (UIKit's default 1: no zooming until it is raised).
    open var maximumZoomScale: CGFloat = 1 { didSet { updatePinchGestureRecognizer() } }
    /// The scale now applied to the delegate's `viewForZooming(in:)`.
    var zoomScaleValue: CGFloat = 1
    /// The pinch that zooms, attached once the zoom limits allow zooming (see `pinchGestureRecognizer`).
    var zoomPinch: UIPinchGestureRecognizer?
    /// Where the pinch started: the zoom scale, and the content point under the fingers (unscaled).
    var pinchStart: (scale: CGFloat, anchor: CGPoint)?
    /// Whether a drag that starts on a control right after touching down cancels the control's touch.
    open var delaysContentTouches = true
    /// Whether a drag may cancel the touches of the content at all.
    open var canCancelContentTouches = true
    /// Whether a tap on the status bar scrolls to the top (accepted; there is no status bar).
    open var scrollsToTop = true
    /// Whether dragging locks to the dominant axis (accepted; dragging follows both scrollable axes).
    open var isDirectionalLockEnabled = false

    /// Whether a touch is down on the content (it may not have moved yet).
    public internal(set) var isTracking = false
    /// Whether the user is dragging the content.
    public internal(set) var isDragging = false
    /// Whether momentum (or a spring back) is moving the content after a drag.
    public internal(set) var isDecelerating = false

    /// The recognizer that drags the content.
    public let panGestureRecognizer = UIPanGestureRecognizer()

    let indicators = ScrollIndicators()
    var dragStartOffset: CGPoint = .zero
    var momentumTicker: FrameScheduler.Ticker?
    var animationTicker: FrameScheduler.Ticker?
    /// Where an offset animation (wheel, keyboard, `setContentOffset(_:animated:)`) is heading.
    var animationTarget: CGPoint?

    /// A scroll view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.name = "UIScrollView pan"
        panGestureRecognizer.addHandler { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            self.handlePan(pan)
        }
        panGestureRecognizer.shouldBeginHook = { [weak self] _ in self?.panShouldBegin() ?? false }
        panGestureRecognizer.touchDownHook = { [weak self] in self?.touchWentDown() }
        addGestureRecognizer(panGestureRecognizer)
        indicators.keepOnTop(of: layer)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    // MARK: Limits

    /// The smallest and largest offsets the content rests at.
    var offsetLimits: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat) {
        let inset = adjustedContentInset
        let minX = -inset.left, minY = -inset.top
        let maxX = max(minX, contentSize.width + inset.right - bounds.width)
        let maxY = max(minY, contentSize.height + inset.bottom - bounds.height)
        return (minX, maxX, minY, maxY)
    }

    /// Whether the content is longer than the viewport vertically.
    var scrollsVertically: Bool { offsetLimits.maxY > offsetLimits.minY + 0.01 }
    /// Whether the content is wider than the viewport horizontally.
    var scrollsHorizontally: Bool { offsetLimits.maxX > offsetLimits.minX + 0.01 }

    /// `offset` clamped to the resting range.
    func clampedOffset(_ offset: CGPoint) -> CGPoint {
        let l = offsetLimits
        return CGPoint(x: min(max(offset.x, l.minX), l.maxX), y: min(max(offset.y, l.minY), l.maxY))
    }

    // MARK: Scrolling from code

    /// Scrolls to `contentOffset`, animated over 0.3 s or at once. An animation ends with the
    /// delegate's `scrollViewDidEndScrollingAnimation(_:)`.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopMomentum(notify: false)
        if animated {
            animateOffset(to: contentOffset, duration: 0.3, notifiesEnd: true)
        } else {
            stopOffsetAnimation()
            self.contentOffset = contentOffset
        }
    }

    /// Scrolls the least distance that shows `rect` (in content coordinates).
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let inset = adjustedContentInset
        let visible = CGRect(x: contentOffset.x + inset.left, y: contentOffset.y + inset.top,
                             width: bounds.width - inset.left - inset.right, height: bounds.height - inset.top - inset.bottom)
        var offset = contentOffset
        if rect.width <= visible.width {
            if rect.minX < visible.minX { offset.x -= visible.minX - rect.minX } else if rect.maxX > visible.maxX { offset.x += rect.maxX - visible.maxX }
        } else {
            offset.x += rect.minX - visible.minX
        }
        if rect.height <= visible.height {
            if rect.minY < visible.minY { offset.y -= visible.minY - rect.minY } else if rect.maxY > visible.maxY { offset.y += rect.maxY - visible.maxY }
        } else {
            offset.y += rect.minY - visible.minY
        }
        offset = clampedOffset(offset)
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    /// Shows the indicators briefly.
    open func flashScrollIndicators() {
        indicators.update(for: self)
        indicators.show(stayVisible: false)
    }

    // MARK: Content touches

    /// Whether to deliver touches to a content view (default true).
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// Whether a drag may cancel a content view's touches; false for controls, as in UIKit (a
    /// subclass like a list returns true so rows with buttons scroll).
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    // MARK: Layout

    /// Keeps the insets and the indicators current; subclasses call super.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateAdjustedContentInset()
        indicators.keepOnTop(of: layer)
        indicators.update(for: self)
    }

    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        indicators.keepOnTop(of: layer)
    }

    /// Every offset change: layout (UIKit calls `layoutSubviews` on each scroll), the delegate, the indicators.
    private func contentOffsetDidChange() {
        setNeedsLayout()
        indicators.update(for: self)
        // Indicators show for user scrolling only, as in UIKit (not when code moves the offset).
        if isDragging || isDecelerating || animationTicker != nil || momentumTicker != nil {
            indicators.show(stayVisible: true)
        }
        delegate?.scrollViewDidScroll(self)
    }

    func updateAdjustedContentInset() {
        let safe = safeAreaInsets
        var adjusted = contentInset
        let addTop: Bool, addLeft: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: addTop = false; addLeft = false
        case .always: addTop = true; addLeft = true
        case .automatic: addTop = true; addLeft = scrollsHorizontally
        case .scrollableAxes: addTop = scrollsVertically || alwaysBounceVertical; addLeft = scrollsHorizontally || alwaysBounceHorizontal
        }
        if addTop { adjusted.top += safe.top; adjusted.bottom += safe.bottom }
        if addLeft { adjusted.left += safe.left; adjusted.right += safe.right }
        guard adjusted != adjustedContentInset else { return }
        adjustedContentInset = adjusted
        adjustedContentInsetDidChange()
    }

    // MARK: Dragging

    /// Whether dragging with the mouse scrolls (text views select text with it instead).
    var scrollsOnPointerDrag: Bool { true }
}
