import Foundation

/// Pinching to zoom, as UIKit's scroll view: two fingers on a scroll view that can zoom scale its
/// zooming view about the point between them, and that point follows the fingers as they move
/// (the drag waits meanwhile). The recognizer is attached once the zoom limits allow zooming.
extension UIScrollView {
    /// The recognizer that zooms on a pinch; nil while `maximumZoomScale` does not exceed
    /// `minimumZoomScale` (UIKit's rule).
    public var pinchGestureRecognizer: UIPinchGestureRecognizer? {
        maximumZoomScale > minimumZoomScale ? zoomPinch : nil
    }

    /// Whether a pinch is zooming the content now.
    public var isZooming: Bool { pinchStart != nil }

    /// Attaches the pinch once zooming is possible, and enables it only while it is.
    func updatePinchGestureRecognizer() {
        let canZoom = maximumZoomScale > minimumZoomScale
        if canZoom, zoomPinch == nil {
            let pinch = ScrollViewPinchGestureRecognizer(scrollView: self)
            pinch.name = "UIScrollView pinch"
            pinch.addHandler { [weak self] recognizer in
                guard let self, let pinch = recognizer as? UIPinchGestureRecognizer else { return }
                self.handlePinch(pinch)
            }
            pinch.shouldBeginHook = { [weak self] _ in self?.zoomingView != nil }
            zoomPinch = pinch
            addGestureRecognizer(pinch)
        }
        zoomPinch?.isEnabled = canZoom
    }

    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = zoomingView else { return }
        switch pinch.state {
        case .began:
            let at = pinch.location(in: self)
            pinchStart = (zoomScaleValue, CGPoint(x: at.x / zoomScaleValue, y: at.y / zoomScaleValue))
            delegate?.scrollViewWillBeginZooming(self, with: view)
            followPinch(pinch)
        case .changed:
            followPinch(pinch)
        case .ended, .cancelled:
            pinchStart = nil
            // A finger still down drags on from here, without a jump.
            panGestureRecognizer.setTranslation(.zero, in: self)
            dragStartOffset = contentOffset
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScaleValue)
        default:
            break
        }
    }

    /// Zooms to the pinch's scale, keeping the content point that was between the fingers when it
    /// began between them now.
    private func followPinch(_ pinch: UIPinchGestureRecognizer) {
        guard let start = pinchStart else { return }
        let at = pinch.location(in: self)
        let onScreen = CGPoint(x: at.x - contentOffset.x, y: at.y - contentOffset.y)
        let scale = clampedZoomScale(start.scale * pinch.scale)
        applyZoom(scale)
        contentOffset = clampedOffset(CGPoint(x: start.anchor.x * scale - onScreen.x, y: start.anchor.y * scale - onScreen.y))
    }
}
