import Foundation

/// Zooming, as UIKit's: the delegate names the view that zooms (`viewForZooming(in:)`), the
/// scroll view scales it by `zoomScale` (its `transform`) between `minimumZoomScale` and
/// `maximumZoomScale`, and the content size follows the scaled view, so dragging pans it.
///
/// The zooming view is laid out at the content's origin with its unscaled size; a zoom keeps
/// the content point under its anchor (the pointer for the wheel, the middle of the view for
/// `zoomScale`) where it was. On the desktop the wheel zooms a scroll view that can zoom (one
/// notch: ×1.25), about the pointer; touchpad steps zoom in proportion to their length.
extension UIScrollView {
    /// How much one wheel notch zooms.
    static let zoomPerWheelNotch: CGFloat = 1.25

    /// The scale applied to the zooming view; setting it zooms about the middle of the view,
    /// clamped to `minimumZoomScale...maximumZoomScale`.
    public var zoomScale: CGFloat {
        get { zoomScaleValue }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Whether `zoomScale` is above `minimumZoomScale`.
    public var isZoomedIn: Bool { zoomScaleValue > minimumZoomScale + 0.001 }

    /// The view the delegate zooms, when this scroll view can zoom at all.
    var zoomingView: UIView? {
        guard maximumZoomScale > minimumZoomScale, let view = delegate?.viewForZooming(in: self),
              view.superview === self else { return nil }
        return view
    }

    /// Zooms to `scale` about the middle of the visible area (`animated` is accepted for UIKit's
    /// signature; the zoom is applied at once).
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        let middle = CGPoint(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
        zoom(to: scale, keeping: middle)
    }

    /// Zooms so that `rect` (in the zooming view's unscaled coordinates) fills the view as far as
    /// the scale limits allow, centred.
    public func zoom(to rect: CGRect, animated: Bool) {
        guard zoomingView != nil, rect.width > 0, rect.height > 0, bounds.width > 0, bounds.height > 0 else { return }
        let scale = clampedZoomScale(min(bounds.width / rect.width, bounds.height / rect.height))
        applyZoom(scale)
        let offset = CGPoint(x: rect.midX * scale - bounds.width / 2, y: rect.midY * scale - bounds.height / 2)
        contentOffset = clampedOffset(offset)
    }

    /// Zooms to `scale` keeping the content point `anchor` (in this view's coordinates: content
    /// coordinates at the current scale) under the same spot of the view.
    public func zoom(to scale: CGFloat, keeping anchor: CGPoint) {
        guard zoomingView != nil, scale.isFinite, scale > 0 else { return }
        let old = zoomScaleValue
        let onScreen = CGPoint(x: anchor.x - contentOffset.x, y: anchor.y - contentOffset.y)
        let unscaled = CGPoint(x: anchor.x / old, y: anchor.y / old)
        let new = clampedZoomScale(scale)
        guard abs(new - old) > 0.0001 else { return }
        applyZoom(new)
        contentOffset = clampedOffset(CGPoint(x: unscaled.x * new - onScreen.x, y: unscaled.y * new - onScreen.y))
    }

    /// A wheel or touchpad step over a zooming scroll view: up (negative `delta.y`) zooms in about
    /// `point` (this view's coordinates). Returns false when the view does not zoom.
    func zoomWheel(by delta: CGPoint, precise: Bool, at point: CGPoint) -> Bool {
        guard zoomingView != nil, delta.y != 0 else { return false }
        let notches = precise ? -delta.y / Self.pointsPerWheelNotch : (delta.y < 0 ? 1 : -1)
        zoom(to: zoomScaleValue * pow(Self.zoomPerWheelNotch, notches), keeping: point)
        return true
    }

    /// `scale` within the limits.
    func clampedZoomScale(_ scale: CGFloat) -> CGFloat {
        min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// Scales the zooming view and sizes the content to it.
    func applyZoom(_ scale: CGFloat) {
        guard let view = zoomingView else { return }
        stopMomentum(notify: true)
        stopOffsetAnimation()
        zoomScaleValue = scale
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        delegate?.scrollViewDidZoom(self)
    }
}
