import Foundation

/// Dragging, momentum and offset animations of ``UIScrollView``.
extension UIScrollView {
    // MARK: Dragging

    private var panAxes: (x: Bool, y: Bool) {
        (scrollsHorizontally || alwaysBounceHorizontal, scrollsVertically || alwaysBounceVertical)
    }

    func panShouldBegin() -> Bool {
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

    func handlePan(_ pan: UIPanGestureRecognizer) {
        // A pinch moves the content while it zooms (see `UIScrollView+Pinch.swift`).
        if isZooming, pan.state == .changed { return }
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
