import Foundation

/// Shows an image laid out by `contentMode`; template images are filled with `tintColor`.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage? {
        didSet {
            guard image !== oldValue else { return }
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
            animation.frameIndex = 0
            animation.timer?.cancel()
            animation.timer = nil
            updateAnimation()
            setNeedsDisplay()
        }
    }

    /// Frames to play between `startAnimating()` and `stopAnimating()`.
    open var animationImages: [UIImage]? { didSet { updateAnimation() } }
    /// How long `animationImages` take in all (0: 30 frames a second).
    open var animationDuration: TimeInterval = 0
    /// The animation's frame and timer (see `UIImageView+Animation.swift`).
    var animation = ImageViewAnimationState()

    /// The image shown while highlighted, if any.
    open var highlightedImage: UIImage? { didSet { if isHighlighted { setNeedsDisplay() } } }
    /// Whether the highlighted image shows.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    /// A picture, when made an accessibility element (image views are not elements by default).
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .image }

    /// An image view with an image, sized to it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// An image view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The image's size.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// Plays an animated image while in a window, pauses out of one.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        updateAnimation()
    }

    /// Redraws so template images pick up the new tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// The image's rectangle within the bounds: a plain `UIImageView` keeps only those pixels.
    override var contentDrawingRect: CGRect? {
        guard type(of: self) == UIImageView.self, let shown = (isHighlighted ? highlightedImage : nil) ?? displayedImage else { return nil }
        let bounds = CGRect(origin: .zero, size: self.bounds.size)
        let target = contentMode.rect(for: shown.size, in: bounds).intersection(bounds).integral
        return target.isNull || target.isEmpty ? nil : target
    }

    /// Draws the image by the content mode, clipped to the bounds when the mode overflows them.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let shown = (isHighlighted ? highlightedImage : nil) ?? displayedImage else { return }
        let target = contentMode.rect(for: shown.size, in: rect)
        context.saveGState()
        if !rect.contains(target) { context.clip(to: rect) }
        shown.draw(in: target, context: context, tint: tintColor, alpha: 1)
        context.restoreGState()
    }
}
