import Foundation

/// Playing animated images, as UIKit's `UIImageView`: an animated `image`
/// (`UIImage.animatedImage(with:duration:)`, an animated GIF) plays while the view is in a
/// window, and `animationImages` play between `startAnimating()` and `stopAnimating()`.
///
/// Frames advance on the application's timers (no per-frame ticker: a GIF at 10 frames a second
/// asks for 10 frames a second). The animation pauses while the view is out of a window, hidden,
/// or scrolled out of the window's bounds, and resumes where it was.
extension UIImageView {
    /// Starts playing `animationImages` (or an animated `image`).
    public func startAnimating() {
        animation.isStarted = true
        updateAnimation()
    }

    /// Stops playing; the still `image` shows again.
    public func stopAnimating() {
        animation.isStarted = false
        animation.frameIndex = 0
        updateAnimation()
        setNeedsDisplay()
    }

    /// Whether frames are being played.
    public var isAnimating: Bool { animation.timer != nil }

    /// The frames playing now and each one's time: `animationImages` once started, else an
    /// animated `image`'s.
    var playingFrames: (images: [UIImage], duration: TimeInterval)? {
        if animation.isStarted, let images = animationImages, images.count > 1 {
            return (images, animationDuration > 0 ? animationDuration : Double(images.count) / 30)
        }
        if let images = image?.images, images.count > 1 { return (images, image?.duration ?? 0) }
        return nil
    }

    /// What `draw(_:)` shows: the current frame while animated, else `image`.
    var displayedImage: UIImage? {
        guard let frames = playingFrames else { return image }
        return frames.images[min(animation.frameIndex, frames.images.count - 1)]
    }

    /// Starts or stops the frame timer for the view's state.
    func updateAnimation() {
        let shouldRun = playingFrames != nil && window != nil
        if !shouldRun {
            animation.timer?.cancel()
            animation.timer = nil
        } else if animation.timer == nil {
            scheduleNextFrame()
        }
    }

    private func scheduleNextFrame() {
        guard let frames = playingFrames else { return }
        let delay = max(0.02, frames.duration / Double(frames.images.count))
        animation.timer = FrameScheduler.shared.schedule(after: delay) { [weak self] in self?.advanceFrame() }
    }

    private func advanceFrame() {
        animation.timer = nil
        guard let frames = playingFrames, window != nil else { return }
        if isShownInWindow {
            animation.frameIndex = (animation.frameIndex + 1) % frames.images.count
            setNeedsDisplay()
        }
        scheduleNextFrame()
    }

    /// Whether any of the view is inside its window's bounds and nothing hides it.
    var isShownInWindow: Bool {
        guard let window else { return false }
        var view: UIView? = self
        while let current = view {
            if current.isHidden || current.alpha <= 0.01 { return false }
            view = current.superview
        }
        return convert(bounds, to: window).intersects(window.bounds)
    }
}

/// The state of a `UIImageView`'s animation.
struct ImageViewAnimationState {
    /// Whether `startAnimating()` was called (and `stopAnimating()` not since).
    var isStarted = false
    /// The frame shown.
    var frameIndex = 0
    /// The next frame's timer, while playing.
    var timer: FrameScheduler.Timer?
}
