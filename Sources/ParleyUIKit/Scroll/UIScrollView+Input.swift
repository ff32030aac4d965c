import Foundation

/// Wheel, touchpad and keyboard scrolling.
extension UIScrollView {
    /// Points one wheel notch scrolls (three lines of body text).
    static let pointsPerWheelNotch: CGFloat = 48
    /// Points an arrow key scrolls.
    static let pointsPerArrowKey: CGFloat = 40
    /// How long a notch or key scroll animates.
    static let stepAnimationDuration: TimeInterval = 0.12

    /// Whether scrolling by `delta` (points, content direction) would move the content.
    func canScroll(by delta: CGPoint) -> Bool {
        guard isScrollEnabled else { return false }
        let l = offsetLimits
        let from = animationTarget ?? contentOffset
        if delta.y < 0 && scrollsVertically && from.y > l.minY + 0.5 { return true }
        if delta.y > 0 && scrollsVertically && from.y < l.maxY - 0.5 { return true }
        if delta.x < 0 && scrollsHorizontally && from.x > l.minX + 0.5 { return true }
        if delta.x > 0 && scrollsHorizontally && from.x < l.maxX - 0.5 { return true }
        return false
    }

    /// Scrolls by a wheel or touchpad step: `delta` in points, content direction (positive y
    /// shows content further down). Precise (touchpad) steps move at once; wheel notches animate.
    func scrollWheel(by delta: CGPoint, precise: Bool) {
        guard isScrollEnabled, !isDragging else { return }
        stopMomentum(notify: true)
        let from = animationTarget ?? contentOffset
        let target = clampedOffset(CGPoint(x: from.x + (scrollsHorizontally ? delta.x : 0), y: from.y + (scrollsVertically ? delta.y : 0)))
        if precise {
            stopOffsetAnimation()
            if target != contentOffset { contentOffset = target }
            indicators.show(stayVisible: false)
        } else if target != contentOffset {
            animateOffset(to: target, duration: Self.stepAnimationDuration, notifiesEnd: false)
        }
    }

    /// Scrolls for a key press (Page Up/Down, Home/End, arrows, space); returns whether it handled the key.
    func scroll(for key: UIKey) -> Bool {
        guard isScrollEnabled else { return false }
        let l = offsetLimits
        let inset = adjustedContentInset
        let page = max(Self.pointsPerArrowKey, bounds.height - inset.top - inset.bottom - Self.pointsPerArrowKey)
        let from = animationTarget ?? contentOffset
        var target = from
        switch key.keyCode {
        case .keyboardPageDown: target.y += page
        case .keyboardPageUp: target.y -= page
        case .keyboardSpacebar: target.y += key.modifierFlags.contains(.shift) ? -page : page
        case .keyboardHome: target.y = l.minY
        case .keyboardEnd: target.y = l.maxY
        case .keyboardDownArrow: target.y += Self.pointsPerArrowKey
        case .keyboardUpArrow: target.y -= Self.pointsPerArrowKey
        case .keyboardRightArrow: target.x += Self.pointsPerArrowKey
        case .keyboardLeftArrow: target.x -= Self.pointsPerArrowKey
        default: return false
        }
        target = clampedOffset(target)
        guard target != from else { return true }
        stopMomentum(notify: true)
        animateOffset(to: target, duration: Self.stepAnimationDuration * 2, notifiesEnd: false)
        return true
    }
}
