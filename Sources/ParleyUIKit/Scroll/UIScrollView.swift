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
/// achieves in UIKit); zooming and paging are not implemented.
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
    /// Whether a drag that starts on a control right after touching down cancels the control's touch.
    open var delaysContentTouches = true
    /// Whether a drag may cancel the touches of the content at all.
    open var canCancelContentTouches = true
    /// Whether a tap on the status bar scrolls to the top (accepted; there is no status bar).
    open var scrollsToTop = true
    /// Whether dragging locks to the dominant axis (accepted; dragging follows both scrollable axes).
    open var isDirectionalLockEnabled = false

    /// Whether a touch is down on the content (it may not have moved yet).
    public private(set) var isTracking = false
    /// Whether the user is dragging the content.
    public private(set) var isDragging = false
    /// Whether momentum (or a spring back) is moving the content after a drag.
    public private(set) var isDecelerating = false

    /// The recognizer that drags the content.
    public let panGestureRecognizer = UIPanGestureRecognizer()

    let indicators = ScrollIndicators()
    private var dragStartOffset: CGPoint = .zero
    private var momentumTicker: FrameScheduler.Ticker?
    private var animationTicker: FrameScheduler.Ticker?
    /// Where an offset animation (wheel, keyboard, `setContentOffset(_:animated:)`) is heading.
    private(set) var animationTarget: CGPoint?

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

    private var panAxes: (x: Bool, y: Bool) {
        (scrollsHorizontally || alwaysBounceHorizontal, scrollsVertically || alwaysBounceVertical)
    }

    /// Whether dragging with the mouse scrolls (text views select text with it instead).
    var scrollsOnPointerDrag: Bool { true }

    private func panShouldBegin() -> Bool {
        guard isScrollEnabled else { return false }
        if !scrollsOnPointerDrag && panGestureRecognizer.trackedTouches.contains(where: { $0.type == .indirectPointer }) { return false }
        let axes = panAxes
        let t = panGestureRecognizer.translation(in: self)
        let vertical = abs(t.y) >= abs(t.x)
        guard (vertical && axes.y) || (!vertical && axes.x) || (axes.x && abs(t.x) >= abs(t.y) * 0.5) || (axes.y && abs(t.y) >= abs(t.x) * 0.5) else {
            return false
        }
        let now = FrameScheduler.shared.now
        for touch in panGestureRecognizer.trackedTouches where touch.isDeliveredToView {
            guard let view = touch.view, view !== self, view.isDescendant(of: self) else { continue }
            if !canCancelContentTouches { return false }
            let early = delaysContentTouches && now - panGestureRecognizer.touchDownTime < 0.15
            if !early && !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        let l = offsetLimits
        switch pan.state {
        case .began:
            stopOffsetAnimation()
            stopMomentum(notify: false)
            isTracking = true
            isDragging = true
            // Grabbing content that is still springing back continues from where it shows.
            let visible = contentOffset
            dragStartOffset = CGPoint(
                x: ScrollPhysics.unbanded(visible.x, minimum: l.minX, maximum: l.maxX, dimension: bounds.width),
                y: ScrollPhysics.unbanded(visible.y, minimum: l.minY, maximum: l.maxY, dimension: bounds.height))
            // Follow the finger from here on, losing only the pan's hysteresis (no jump, no lag).
            let moved = pan.translation(in: self)
            let distance = hypot(moved.x, moved.y)
            let lost = distance > 0 ? min(1, UIPanGestureRecognizer.hysteresis / distance) : 1
            pan.setTranslation(CGPoint(x: moved.x * (1 - lost), y: moved.y * (1 - lost)), in: self)
            indicators.show(stayVisible: true)
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            let t = pan.translation(in: self)
            let axes = panAxes
            var offset = contentOffset
            if axes.x {
                offset.x = ScrollPhysics.rubberBanded(dragStartOffset.x - t.x, minimum: l.minX, maximum: l.maxX, dimension: bounds.width, bounces: bounces)
            }
            if axes.y {
                offset.y = ScrollPhysics.rubberBanded(dragStartOffset.y - t.y, minimum: l.minY, maximum: l.maxY, dimension: bounds.height, bounces: bounces)
            }
            if offset != contentOffset { contentOffset = offset }
        case .ended, .cancelled:
            isTracking = false
            isDragging = false
            let axes = panAxes
            let v = pan.state == .ended ? pan.velocity(in: self) : .zero
            // Points per millisecond, content direction (a drag up scrolls down).
            let velocity = CGPoint(x: axes.x ? -v.x / 1000 : 0, y: axes.y ? -v.y / 1000 : 0)
            let rate = decelerationRate.rawValue
            let offset = contentOffset
            var target = CGPoint(x: ScrollPhysics.projectedRest(position: offset.x, velocity: velocity.x, rate: rate),
                                 y: ScrollPhysics.projectedRest(position: offset.y, velocity: velocity.y, rate: rate))
            if !bounces { target = clampedOffset(target) }
            let projected = target
            withUnsafeMutablePointer(to: &target) { pointer in
                delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: pointer)
            }
            let overscrolled = clampedOffset(offset) != offset
            let moving = abs(target.x - offset.x) >= ScrollPhysics.restDistance || abs(target.y - offset.y) >= ScrollPhysics.restDistance
            let willDecelerate = moving || overscrolled
            delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
            if willDecelerate {
                // A target the delegate moved is reached by momentum aimed at it.
                let adjusted = target != projected
                startMomentum(velocity: velocity, target: target, retargeted: adjusted)
            } else {
                indicators.scheduleFade()
            }
        default:
            break
        }
    }

    // MARK: Momentum

    private func startMomentum(velocity: CGPoint, target: CGPoint, retargeted: Bool) {
        let l = offsetLimits
        let rate = decelerationRate.rawValue
        let scheduler = FrameScheduler.shared
        let startMs = CGFloat(scheduler.now * 1000)
        let offset = contentOffset
        var x = ScrollAxisMomentum(position: offset.x, target: target.x, velocity: velocity.x, minimum: l.minX, maximum: l.maxX, rate: rate, bounces: bounces, time: startMs)
        var y = ScrollAxisMomentum(position: offset.y, target: target.y, velocity: velocity.y, minimum: l.minY, maximum: l.maxY, rate: rate, bounces: bounces, time: startMs)
        _ = retargeted
        if x.isResting && y.isResting {
            contentOffset = CGPoint(x: x.position, y: y.position)
            indicators.scheduleFade()
            return
        }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        guard scheduler.isDriven else {
            // Nothing drives frames: land at once.
            finishMomentum(at: clampedOffset(CGPoint(x: bounces ? target.x : x.position, y: bounces ? target.y : y.position)))
            return
        }
        momentumTicker = scheduler.addTicker { [weak self] time in
            guard let self else { return false }
            let ms = CGFloat(time * 1000)
            let nx = x.step(to: ms), ny = y.step(to: ms)
            self.contentOffset = CGPoint(x: nx, y: ny)
            if x.isResting && y.isResting {
                self.momentumTicker = nil
                self.finishMomentum(at: nil)
                return false
            }
            return true
        }
    }

    private func finishMomentum(at offset: CGPoint?) {
        if let offset { contentOffset = offset }
        isDecelerating = false
        indicators.scheduleFade()
        delegate?.scrollViewDidEndDecelerating(self)
    }

    /// Stops momentum where it is (a new touch or a programmatic scroll).
    func stopMomentum(notify: Bool) {
        guard let ticker = momentumTicker else { return }
        ticker.invalidate()
        momentumTicker = nil
        if isDecelerating {
            isDecelerating = false
            // Stopping inside an overscroll would leave the content stuck past an edge.
            let clamped = clampedOffset(contentOffset)
            if !isDragging && clamped != contentOffset { contentOffset = clamped }
            if notify { delegate?.scrollViewDidEndDecelerating(self) }
        }
    }

    // MARK: Offset animations

    /// Animates the offset to `target` with an ease-out curve.
    func animateOffset(to target: CGPoint, duration: TimeInterval, notifiesEnd: Bool) {
        let scheduler = FrameScheduler.shared
        animationTicker?.invalidate()
        animationTicker = nil
        guard scheduler.isDriven, duration > 0 else {
            animationTarget = nil
            contentOffset = target
            if notifiesEnd { delegate?.scrollViewDidEndScrollingAnimation(self) }
            return
        }
        let start = contentOffset
        let startTime = scheduler.now
        animationTarget = target
        indicators.show(stayVisible: true)
        animationTicker = scheduler.addTicker { [weak self] time in
            guard let self else { return false }
            let p = min(1, max(0, (time - startTime) / duration))
            let eased = CGFloat(1 - pow(1 - p, 3))
            self.contentOffset = p >= 1 ? target : CGPoint(x: start.x + (target.x - start.x) * eased, y: start.y + (target.y - start.y) * eased)
            guard p >= 1 else { return true }
            self.animationTicker = nil
            self.animationTarget = nil
            self.indicators.scheduleFade()
            if notifiesEnd { self.delegate?.scrollViewDidEndScrollingAnimation(self) }
            return false
        }
    }

    /// Stops an offset animation where it is.
    func stopOffsetAnimation() {
        animationTicker?.invalidate()
        animationTicker = nil
        animationTarget = nil
    }

    /// Whether momentum or an animation is moving the content.
    var isAnimatingScroll: Bool { momentumTicker != nil || animationTicker != nil }

    /// A touch going down on the content stops momentum, as in UIKit (the content stays where it is).
    func touchWentDown() {
        stopOffsetAnimation()
        stopMomentum(notify: true)
    }
}
